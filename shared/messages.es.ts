import { accountEs } from './messages/account.es.js';
import { apiEs } from './messages/api.es.js';
import { authEs } from './messages/auth.es.js';
import { availabilityEs } from './messages/availability.es.js';
import { chatEs } from './messages/chat.es.js';
import { checkoutEs } from './messages/checkout.es.js';
import { creditsEs } from './messages/credits.es.js';
import { documentsEs } from './messages/documents.es.js';
import { feaEs } from './messages/fea.es.js';
import { legalEs } from './messages/legal.es.js';
import { mailEs } from './messages/mail.es.js';
import { maintenanceEs } from './messages/maintenance.es.js';
import { notarizedEs } from './messages/notarized.es.js';
import { notaryEs } from './messages/notary.es.js';
import { notaryDocumentEs } from './messages/notary-document.es.js';
import { notaryRejectionEs } from './messages/notary-rejection.es.js';
import { notificationsEs } from './messages/notifications.es.js';
import { ordersEs } from './messages/orders.es.js';
import { organizationsEs } from './messages/organizations.es.js';
import { receiptsEs } from './messages/receipts.es.js';
import { signingEs } from './messages/signing.es.js';
import { verifyEs } from './messages/verify.es.js';
import { wizardEs } from './messages/wizard.es.js';

/**
 * Every Spanish text the product shows, taken word for word from the specification where it
 * gives one. Components and handlers import from here; no user-facing string lives elsewhere.
 */
export const es = {
  common: {
    loading: 'Cargando...',
    loadingCountries: 'Cargando países...',
    detectingLocation: 'Detectando ubicación...',
    switching: 'Cambiando...',
    unexpected: 'Error inesperado. Inténtalo de nuevo.',
    next: 'Siguiente',
    previous: 'Anterior',
    cancel: 'Cancelar',
    close: 'Cerrar',
    retry: 'Reintentar',
    save: 'Guardar',
    backHome: 'Volver al Inicio',
    soon: 'Esta sección estará disponible pronto.',
    soonTitle: 'Próximamente',
    notFoundTitle: 'Página no encontrada',
    notFound: 'La página que buscas no existe.',
    user: 'Usuario',
  },
  api: apiEs,
  account: accountEs,
  maintenance: maintenanceEs,
  auth: authEs,
  mail: mailEs,
  signing: signingEs,
  verify: verifyEs,
  fea: feaEs,
  legal: legalEs,
  organizations: organizationsEs,
  notary: notaryEs,
  chat: chatEs,
  notaryDocument: notaryDocumentEs,
  notarized: notarizedEs,
  notaryRejection: notaryRejectionEs,
  notifications: notificationsEs,
  layout: {
    brand: 'Sello',
    tagline: 'Firma y legaliza tus documentos en línea',
    menu: 'Menú',
    closeMenu: 'Cerrar menú',
    collapse: 'Contraer menú',
    expand: 'Expandir menú',
    themeToLight: 'Cambiar a tema claro',
    themeToDark: 'Cambiar a tema oscuro',
    notifications: 'Notificaciones',
    noNotifications: 'No tienes notificaciones',
    country: 'País',
    selectCountry: 'Selecciona tu país',
    geoFailed: 'No se pudo detectar tu ubicación automáticamente',
    favorite: 'Fijar como país favorito',
    unfavorite: 'Quitar país favorito',
    planActive: 'Plan Activo',
    sectionLegal: 'Servicios Legales',
    sectionRealEstate: 'Asesoría Inmobiliaria',
    sectionFinancial: 'Asesoría Financiera',
    sectionAccount: 'Mi Cuenta',
    sectionAdmin: 'Administración',
    badgeOperational: 'Sistema operativo',
    badgeSsl: 'Conexión SSL segura',
    // The support hours of shared/legal.ts: every screen promises the same ones.
    badgeSupport: legalEs.supportBadge,
    contextPersonal: 'Personal',
    createOrganization: 'Crear Organización',
    contextError: 'Error al cambiar de contexto',
    skipToContent: 'Saltar al contenido',
    mainNav: 'Navegación principal',
    realEstateConsultation: 'Consulta inmobiliaria',
    financialConsultation: 'Consulta financiera',
  },
  nav: {
    home: 'Inicio',
    sign: 'Firmar Documento',
    realEstate: 'Asesoría Inmobiliaria',
    financial: 'Asesoría Financiera',
    support: 'Soporte',
    orders: 'Mis Pedidos',
    plans: 'Planes y Créditos',
    creditPackages: 'Paquetes de Créditos',
    creditHistory: 'Historial de Créditos',
    creditServices: 'Servicios con Créditos',
    features: 'Funciones Premium',
    newsletter: 'Preferencias de Newsletter',
    settings: 'Configuración',
    crm: 'CRM',
    organizations: 'Organizaciones',
    notary: 'Panel Notarial',
    organizationDashboard: 'Panel de Organización',
  },
  home: {
    heroTitle: 'Firma y legaliza tus documentos en línea',
    // Promises only what is delivered today (issues 21, 22): the simple signature, the legalized
    // copy and the protocolization by a notary. What is coming
    // is shown as 'Próximamente' (HomePage, its items checked against the catalogue by
    // test/e2e/availability-routes.test.ts).
    heroSubtitle:
      'Firma electrónica simple con enlace personal para cada firmante, documento sellado y verificable en línea, y copia legalizada o protocolización ante notario, sin salir de casa.',
    heroCta: 'Firmar un documento',
    heroSecondary: 'Ver planes',
    signersBadge: 'Hasta 10 firmantes por documento',
    servicesTitle: 'Nuestros servicios',
    services: [
      {
        title: 'Firma Electrónica Simple',
        body: 'Firma rápida por enlace personal, válida para la mayoría de los documentos privados.',
      },
      {
        title: 'Firma Biométrica',
        body: 'Verificación de identidad del firmante con biometría, para mayor seguridad.',
      },
      {
        title: 'Firma Electrónica Avanzada',
        body: 'Firma con certificado (FEA) con el mismo valor legal que la firma manuscrita.',
      },
      {
        title: 'Servicios Notariales',
        body: 'Copias legalizadas y protocolización ante notario, entregadas en línea con los datos del acto.',
      },
    ],
    processTitle: 'Cómo funciona',
    steps: [
      { title: 'Sube tu documento', body: 'PDF, DOC o DOCX de hasta 10 MB.' },
      {
        title: 'Elige el servicio',
        body: 'Solo firma electrónica, o además copia legalizada o protocolización ante notario.',
      },
      { title: 'Elige el tipo de firma', body: 'Firma electrónica simple, por enlace personal.' },
      { title: 'Registra a los firmantes', body: 'Hasta 10 firmantes por documento.' },
      { title: 'Paga', body: 'Con tarjeta o con tus créditos prepagados.' },
      {
        title: 'Recibe tu documento firmado',
        body: 'Te lo enviamos firmado y sellado, con un código para verificarlo en línea; y notarizado, si lo pediste.',
      },
    ],
    ctaTitle: '¿Listo para firmar?',
    ctaBody: 'Sube tu documento y recibe tu documento firmado sin filas ni traslados.',
    ctaButton: 'Comenzar ahora',
    newsletterTitle: 'Suscríbete a nuestro newsletter',
    servicesIntro:
      'Hoy firmas en línea con firma electrónica simple y pides copia legalizada o protocolización ante notario. La firma biométrica, la avanzada y la firma autorizada por notario llegan pronto.',
    processIntro: 'Seis pasos, todo en línea y sin traslados.',
    step: 'Paso {n}',
    newsletterBody: 'Novedades legales, guías y promociones, directo en tu correo.',
  },
  pages: {
    realEstateTitle: 'Asesoría Inmobiliaria',
    financialTitle: 'Asesoría Financiera',
    supportTitle: 'Soporte',
    dashboardTitle: 'Panel',
    checkoutTitle: 'Resumen y Pago',
    successTitle: 'Confirmación de Pago',
    newsletterConfirmTitle: 'Confirmación de Suscripción',
    subscriptionResultTitle: 'Resultado del Pago',
    subscriptionManageTitle: 'Gestionar Suscripción',
    signTitle: 'Firma de Documento',
    enrolmentReturnTitle: 'Enrolamiento FEA Completado',
    enrolmentSuccessTitle: 'Certificado FEA Creado',
    feaRecoveryTitle: 'Recuperación de Clave FEA',
    notaryDocumentTitle: 'Detalle del Documento',
    notarySettingsTitle: 'Configuración de Notaría',
    organizationMembersTitle: 'Miembros de la Organización',
    billingTitle: 'Facturación',
    analyticsTitle: 'Estadísticas',
    forbiddenTitle: 'Acceso Restringido',
    errorTitle: 'Algo salió mal',
    reload: 'Recargar página',
    dashboardGreeting: '¡Hola, {name}!',
    dashboardIntro: 'Tu cuenta está lista. ¿Qué quieres hacer hoy?',
    dashboardOrdersBody: 'Revisa el estado de tus pedidos y reenvía los enlaces de firma.',
    dashboardSignBody: 'Sube un documento, elige el servicio y agrega a tus firmantes.',
  },
  credits: creditsEs,
  settings: {
    title: 'Configuración',
    personalTitle: 'Información personal',
    billingTitle: 'Información de facturación',
    passwordTitle: 'Cambiar contraseña',
    phone: 'Teléfono',
    phoneHint: 'Con código de país, por ejemplo +56 9 1234 5678',
    whatsapp: 'WhatsApp',
    company: 'Empresa',
    address: 'Dirección',
    city: 'Ciudad',
    region: 'Región / Provincia',
    billingCountry: 'País de facturación',
    noCountry: 'Sin país',
    accountType: 'Tipo de cuenta',
    personal: 'Personal',
    team: 'Empresa',
    emailReadOnly: 'El email no se puede cambiar',
    loadError: 'Error al cargar el perfil: ',
    saveError: 'Error al guardar: ',
    saved: 'Perfil actualizado correctamente',
    passwordSaved: 'Contraseña actualizada correctamente',
    passwordError: 'Error al actualizar la contraseña: ',
    currentPassword: 'Contraseña actual',
    savePassword: 'Actualizar contraseña',
    intro: 'Administra tus datos personales, de facturación y tu contraseña.',
    saveProfile: 'Guardar cambios',
    saving: 'Guardando...',
  },
  // The customer journey's texts, one file per area (shared/messages/).
  documents: documentsEs,
  orders: ordersEs,
  wizard: wizardEs,
  availability: availabilityEs,
  checkout: checkoutEs,
  receipts: receiptsEs,
  toast: {
    // No gendered greeting: the name alone.
    welcome: '¡Hola, {name}!',
    loggedOut: 'Sesión cerrada',
  },
} as const;

export { fmt } from './messages/fmt.js';
