/**
 * Texts of the signing screen (credits-signing-admin §2 screen 8, §4, §5, §8, §9). The spec's
 * own words are marked "spec"; the rest are ours (docs/drafts/signing-design.md §3.3).
 * Merged into `es` by ../messages.es.ts.
 */
export const signingEs = {
  // Screen states (spec)
  connecting: 'Conectando con el sistema...',
  connectionErrorTitle: 'Error de Conexión',
  connectionError: 'Error de conexión',
  retry: 'Reintentar',
  formErrors: 'Por favor corrige los errores del formulario',
  popupBlocked: 'El navegador bloqueó la ventana emergente',
  noUnlockUrl: 'No se encontró URL de desbloqueo',
  documentOpenError: 'No se pudo abrir el documento',
  documentDownloadError: 'No se pudo descargar el documento',
  // Running texts and estimates (spec §2, §9)
  runningSecondFactor: 'Solicitando código...',
  runningSignature: 'Firmando...',
  runningDefault: 'Procesando...',
  estimateSecondFactor: 'Esto puede tardar entre 15 y 30 segundos',
  estimateSignature: 'Esto puede tardar entre 10 y 20 segundos',
  // Help list on error (spec §2)
  helpTitle: '¿Qué puedes hacer?',
  helpVerify: 'Verifica que los datos ingresados sean correctos',
  helpRetry: 'Intenta nuevamente en unos minutos',
  helpSupport: 'Contacta a soporte si el problema persiste',
  helpQuote: 'Indica el código de error: {code}',
  // Data labels (spec §2 screen 8)
  orderNumber: 'Pedido',
  signerRut: 'RUT del firmante',
  transactionCode: 'Código de transacción',
  signedAt: 'Fecha de firma',
  validity: 'Vigencia',
  validityRut: 'RUT',
  validityExpiry: 'Fecha de vencimiento',
  documentOpen: 'Abrir',
  documentDownload: 'Descargar',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  signatureClear: 'Borrar',
  signaturePadLabel: 'Dibuja tu firma',
  contactSupportSubject: 'Ayuda con la firma',
  // Screen texts of the SPA renderer (ours)
  httpError: 'HTTP {status}: {text}',
  connectionErrorHelp:
    'No pudimos comunicarnos con el sistema de firma. Revisa tu conexión a internet e inténtalo de nuevo.',
  requestErrorTitle: 'No se pudo continuar',
  errorCodeLabel: 'Código de error',
  documentPreview: 'Vista previa de {name}',
  documentPage: 'Página {page} de {total}',
  documentLoading: 'Cargando documento...',
  documentPreviewError: 'No se pudo mostrar el documento aquí. Usa «Abrir» o «Descargar».',
  documentWordHint: 'Este documento es un archivo de Word: descárgalo para revisarlo en tu equipo.',
  documentFallbackName: 'Documento',
  progress: 'Progreso',
  signaturePadHint: 'Firma con el dedo o el mouse dentro del recuadro.',
  // Link and session answers (ours)
  linkInvalidTitle: 'Enlace no válido',
  linkInvalid:
    'Este enlace de firma no es válido o ha expirado. Pide a quien te lo envió un enlace nuevo.',
  sessionExpiredTitle: 'Sesión expirada',
  sessionExpired: 'Tu sesión de firma expiró. Vuelve a abrir el enlace de tu correo.',
  tooManyAttempts: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  typeUnavailable: 'Este tipo de firma aún no está disponible en línea.',
} as const;
