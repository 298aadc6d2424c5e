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
  // The simple signature's screens (ours)
  typeTitles: {
    simple: 'Firma electrónica simple',
    advanced: 'Firma electrónica avanzada',
    clave_unica: 'FES + Clave Única',
    biometric: 'Firma biométrica',
  },
  consentDescription: '{requester} te pidió firmar «{document}» (pedido {number}).',
  consentText:
    'Al continuar aceptas firmar electrónicamente este documento con una firma electrónica simple, conforme a la Ley N° 19.799 sobre documentos electrónicos y firma electrónica. Tu firma quedará asociada a tu correo electrónico, verificado con un código de un solo uso, y registraremos la fecha, la hora, tu dirección IP y tu navegador como evidencia. El documento firmado se sellará para que cualquier cambio posterior sea detectable.',
  acceptConsent: 'Acepto y continuar',
  reject: 'Rechazar',
  reviewTitle: 'Revisa el documento',
  reviewDescription: 'Lee el documento completo antes de firmarlo.',
  reviewWordHint: 'Este documento es un archivo de Word: descárgalo para revisarlo.',
  confirmReview: 'He revisado el documento',
  codeTitle: 'Verifica tu correo',
  codeSendDescription: 'Te enviaremos un código de 6 dígitos a {email}.',
  codeSend: 'Enviar código',
  codeSentDescription:
    'Ingresa el código de 6 dígitos que enviamos a {email}. Vence en 10 minutos.',
  codeLabel: 'Código de verificación',
  codeRequired: 'Ingresa el código',
  codeDigits: 'El código tiene 6 dígitos',
  codeVerify: 'Verificar',
  codeResend: 'Reenviar código',
  codeSent: 'Te enviamos un código a {email}.',
  codeWrong: 'Código incorrecto. Te quedan {n} intentos.',
  codeWrongOne: 'Código incorrecto. Te queda 1 intento.',
  codeLocksTooMany:
    'Bloqueaste 3 códigos. Por seguridad, espera una hora o pide a quien te envió el documento un nuevo enlace de firma.',
  codeLocked: 'Ingresaste un código incorrecto demasiadas veces. Pide un código nuevo.',
  codeExpired: 'El código venció. Pide un código nuevo.',
  codeMissing: 'Primero pide un código.',
  codeSendTooMany: 'Ya enviamos varios códigos. Espera un momento antes de pedir otro.',
  codeNew: 'Enviar un nuevo código',
  codeVerified: 'Correo verificado.',
  signatureTitle: 'Firma el documento',
  signatureDescription: 'Escribe tu nombre completo o dibuja tu firma.',
  typedNameLabel: 'Nombre completo',
  typedNameShort: 'Escribe al menos 3 caracteres',
  signatureMissing: 'Escribe tu nombre o dibuja tu firma.',
  signatureImageInvalid: 'La firma dibujada no es válida. Bórrala y dibújala de nuevo.',
  sign: 'Firmar',
  signedTitle: 'Documento firmado',
  signedDescription:
    'Tu firma quedó registrada. Cuando todos firmen te enviaremos el documento sellado por correo.',
  signedDescriptionRequesterOnly:
    'Tu firma quedó registrada. Cuando todos firmen, el documento sellado se enviará a {requester}, quien pidió la firma. Si necesitas una copia, pídesela a {requester}.',
  signedDescriptionSealed:
    'Todos firmaron y el documento quedó sellado. Puedes descargarlo aquí; también te lo enviamos por correo.',
  signedCheckSealed: 'Ver si ya está sellado',
  signedToast: 'Documento firmado correctamente',
  notYourTurnTitle: 'Aún no es tu turno',
  notYourTurn: 'Este documento se firma en orden. Te avisaremos por correo cuando sea tu turno.',
  rejectTitle: 'Rechazar la firma',
  rejectDescription: 'Cuéntanos por qué no firmarás. Enviaremos el motivo a quien te lo pidió.',
  rejectReasonLabel: 'Motivo del rechazo',
  rejectReasonRequired: 'Escribe el motivo',
  rejectReasonShort: 'Escribe al menos 5 caracteres',
  rejectConfirm: 'Confirmar rechazo',
  rejectNeedsCode:
    'Para rechazar la firma, primero confirma que eres tú: te enviaremos un código de 6 dígitos a {email}.',
  rejectSendCode: 'Enviar código para rechazar',
  back: 'Volver',
  rejectedTitle: 'Firma rechazada',
  rejectedDescription: 'Has rechazado firmar este documento.',
  orderClosedTitle: 'Solicitud cerrada',
  orderClosed: 'Esta solicitud de firma fue cancelada y ya no admite firmas.',
  // A link that was replaced by a resend (the signer holds an older mail)
  linkReplacedTitle: 'Este enlace fue reemplazado',
  linkReplaced:
    'Te enviamos un enlace de firma más reciente a tu correo {email}. Abre el último correo de Sello para firmar: este enlace ya no funciona.',
  // The signers' notice of an order its requester cancelled
  cancelledMailSubject: 'Se canceló la firma de «{document}»',
  cancelledMailGreeting: 'Hola {name}:',
  cancelledMailBody:
    '{requester} canceló la solicitud de firma de «{document}» (pedido {number}). Tu enlace de firma dejó de funcionar y no necesitas hacer nada más.',
  cancelledMailNote:
    'Si ya habías firmado, tu firma no se usará: el documento no se sellará ni se entregará.',
  cancelledRefundDescription: 'Reembolso del pedido {number}: lo cancelaste',
  unavailableRefundDescription:
    'Reembolso del pedido {number}: incluía un servicio aún no disponible',
  stepOutOfOrder: 'Ese paso no corresponde ahora. Continúa desde aquí.',
  // The code mail
  codeMailSubject: 'Tu código para firmar «{document}»',
  codeMailGreeting: 'Hola {name}:',
  codeMailBody: 'Tu código para firmar «{document}» es {code}. Vence en 10 minutos.',
  codeMailNote:
    'Si no estás firmando un documento en Sello, ignora este correo: nadie puede firmar sin este código.',
  // The requester's notice of a rejection
  rejectedMailSubject: 'Un firmante rechazó firmar «{title}»',
  rejectedMailGreeting: 'Hola {name}:',
  rejectedMailBody:
    '{signer} rechazó firmar «{document}» (pedido {number}). Motivo: «{reason}». Cancelamos el pedido y te devolvemos lo pagado: {refund}.',
  rejectedMailRefundCredits: '{credits} créditos, ya disponibles en tu saldo',
  rejectedMailRefundCard: 'el reembolso a tu tarjeta, que puede tardar unos días hábiles',
  rejectedMailAction: 'Ver mis pedidos',
  rejectedMailNote: 'Los enlaces de firma de los demás firmantes dejaron de funcionar.',
  rejectedRefundDescription: 'Reembolso del pedido {number}: un firmante rechazó firmar',
  sealFailedRefundDescription: 'Reembolso del pedido {number}: no se pudo sellar el documento',
  // The requester's notice of a seal that could not be made
  sealFailedMailSubject: 'No pudimos sellar «{title}»: te devolvimos lo pagado',
  sealFailedMailBody:
    'Todos los firmantes firmaron «{document}» (pedido {number}), pero no pudimos sellar el documento firmado. Cancelamos el pedido y te devolvemos lo pagado: {refund}. Puedes volver a solicitarlo con una copia nueva del documento (por ejemplo, exportada de nuevo como PDF); si el problema se repite, escríbenos.',
  sealFailedMailNote: 'Nuestro equipo ya fue avisado y revisará qué ocurrió.',
  // 'Actividad' (the order modal's timeline)
  activityKinds: {
    order_paid: 'Pedido pagado',
    link_issued: 'Enlace de firma emitido',
    link_resent: 'Enlace de firma reenviado',
    email_sent: 'Correo enviado',
    link_opened: 'Enlace abierto',
    consent_given: 'Consentimiento aceptado',
    document_viewed: 'Documento revisado',
    code_sent: 'Código enviado por correo',
    code_verified: 'Código verificado',
    code_failed: 'Código incorrecto',
    code_locked: 'Código bloqueado',
    signature_applied: 'Firma aplicada',
    rejected: 'Firma rechazada',
    links_revoked: 'Enlaces revocados',
    reminder_sent: 'Recordatorio enviado',
    all_signed: 'Todos firmaron',
    sealing_started: 'Sellado iniciado',
    sealed: 'Documento sellado',
    seal_failed: 'No se pudo sellar el documento',
    delivery_queued: 'Entrega programada',
    delivered: 'Documento entregado',
    completed: 'Pedido completado',
    cancelled: 'Pedido cancelado',
    refund_queued: 'Reembolso iniciado',
    retimestamped: 'Sello de tiempo renovado',
  },
  activityActors: {
    signer: 'Firmante',
    requester: 'Solicitante',
    system: 'Sello',
    admin: 'Administración',
  },
  // The delivery of the sealed document
  deliveryMailSubject: 'Documento firmado: «{title}»',
  deliveryMailGreeting: 'Hola {name}:',
  deliveryMailBody:
    'Todos los firmantes firmaron «{document}» (pedido {number}). El documento quedó sellado electrónicamente con sello de tiempo. Código de verificación: {code}.',
  deliveryMailAction: 'Descargar el documento firmado',
  deliveryMailNote:
    'El enlace es personal y funciona durante 30 días. Puedes verificar el documento en {verify}.',
  verifyNotFound: 'No encontramos un documento sellado con ese código.',
  deliveryNotFound: 'Este enlace de descarga no es válido o ha expirado.',
  // Reminders to pending signers
  reminderMailSubject: 'Recordatorio: tu firma está pendiente en «{document}»',
  reminderMailGreeting: 'Hola {name}:',
  reminderMailBody:
    '{requester} espera tu firma en «{document}» (pedido {number}). Abre el enlace del correo «{title}» que te enviamos; funciona hasta el {expiry}.',
  reminderMailNote:
    'Si no encuentras ese correo, pide a {requester} que te reenvíe el enlace desde Sello. Por seguridad, los recordatorios no llevan enlaces de firma.',
} as const;
