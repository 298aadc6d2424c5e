/**
 * Selling only what is delivered (issue 21): 'Próximamente' badges, 'Avísame' and the server's
 * refusals of what is not available yet. Its own module so a Lambda bundles only these texts;
 * merged into `es` by ../messages.es.ts for the web.
 */
export const availabilityEs = {
  soonBadge: 'Próximamente',
  soonHint: 'Aún no está disponible en línea.',
  notifyMe: 'Avísame',
  notifyTitle: 'Te avisamos cuando esté disponible',
  notifyEmail: 'Tu correo electrónico',
  notifySend: 'Avisarme',
  notifySending: 'Enviando...',
  notifyDone: 'Listo: te escribiremos a {email} cuando esté disponible.',
  notifyError: 'No pudimos guardar tu correo. Inténtalo de nuevo.',
  notifyPrivacy: 'Solo usaremos tu correo para avisarte de este servicio.',
  interestInvalid: 'No reconocemos el servicio que elegiste.',
  // Server refusals (422).
  serviceComingSoon:
    'Este servicio aún no está disponible: estará disponible próximamente. Elige otra opción.',
  creditServiceComingSoon:
    'Este servicio aún no está disponible: estará disponible próximamente. No se cobraron créditos.',
  creditServiceInAnalysis:
    'Este servicio se usa desde el análisis con IA del asistente (Firmar Documento), que te muestra su precio antes de cobrar. No se cobraron créditos.',
  creditServiceInWizard:
    'Este servicio se contrata en el asistente (Firmar Documento) y se paga al finalizar tu pedido. No se cobraron créditos.',
  featureComingSoon:
    'Esta función aún no está disponible: estará disponible próximamente. No se cobraron créditos.',
  // Credit services screen.
  goToAnalysis: 'Analizar un documento',
  goToWizard: 'Ir a Firmar Documento',
  priceFrom: 'desde {n}',
  perSigner: 'créditos por firmante',
  perSignerOne: 'crédito por firmante',
  useConfirmTitle: '¿Usar {name}?',
  useConfirmBody: 'Cuesta {n} de tu saldo; tienes {balance} créditos.',
  useConfirm: 'Sí, usar por {n}',
  // The wizard's AI analysis.
  analysisConfirmTitle: '¿Analizar este documento?',
  analysisConfirmBody:
    'El análisis cuesta {n} y se cobra solo si termina bien. Si ya analizaste este documento, verás el mismo resultado sin otro cobro.',
  analysisConfirm: 'Sí, analizar por {n}',
} as const;
