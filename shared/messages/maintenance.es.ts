import { SUPPORT } from '../legal.js';

/**
 * The maintenance gate (customer-flows §2.1).
 * Its own module so a Lambda bundles only the texts it uses; merged into `es` by
 * ../messages.es.ts for the web.
 */
export const maintenanceEs = {
  title: 'Estamos construyendo una nueva plataforma',
  description:
    'Estamos desarrollando una nueva versión de Sello. Mientras tanto, puedes seguir usando nuestra plataforma oficial.',
  codeLabel: 'Código de acceso',
  codePlaceholder: 'Ingresa el código de acceso',
  submit: 'Acceder',
  submitting: 'Validando...',
  wrongCode: 'Código de acceso incorrecto',
  codeRequired: 'Ingresa el código de acceso',
  officialLink: 'Ir a la plataforma oficial',
  newsletterTitle: 'Entérate cuando lancemos',
  contact: `¿Preguntas? Escríbenos a ${SUPPORT.email}`,
  copyright: '© {year} Sello. Todos los derechos reservados.',
  showCode: 'Mostrar código',
  hideCode: 'Ocultar código',
  loginHint: '¿Ya tienes una cuenta? Inicia sesión para entrar.',
} as const;
