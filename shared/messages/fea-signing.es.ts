/**
 * The advanced signature's (FEA) texts on the signing screen (issue 23; credits-signing-admin
 * §2 screen 8, §8, §9). The spec gives the running texts ('Solicitando código...', 'Firmando...'),
 * the estimates and the documented codes' help; the rest is ours.
 */
export const feaSigningEs = {
  consentText:
    'Al continuar aceptas firmar este documento con tu firma electrónica avanzada, emitida por un prestador acreditado conforme a la Ley N° 19.799. Tu proveedor de firma te pedirá la clave de tu certificado y un código enviado por SMS; Sello no guarda ni uno ni otro. Registraremos la fecha, la hora, tu dirección IP y tu navegador como evidencia, y el documento firmado no se modificará después de tu firma.',
  vigenciaTitle: 'Firma electrónica avanzada',
  vigencia: {
    valid: 'Vigente',
    expired: 'Vencido',
    blocked: 'Bloqueado',
    none: 'Sin certificado',
  },
  passwordDescription:
    'Tu certificado está vigente. Ingresa su clave y te enviaremos un código por SMS para firmar.',
  passwordLabel: 'Clave del certificado',
  passwordRequired: 'Ingresa la clave de tu certificado',
  requestCode: 'Solicitar código',
  waitingCodeTitle: 'Solicitando código...',
  waitingCodeDescription:
    'Tu proveedor de firma está validando tu clave y enviando el SMS. Esto toma entre 15 y 30 segundos.',
  codeTitle: 'Ingresa el código SMS',
  codeDescription:
    'Enviamos un código por SMS al {phone}. Ingrésalo junto con la clave de tu certificado para firmar.',
  codeLabel: 'Código SMS',
  codeRequired: 'Ingresa el código que recibiste por SMS',
  codeDigits: 'El código tiene solo números (hasta 8)',
  sign: 'Firmar documento',
  newCode: 'Solicitar un nuevo código',
  signingTitle: 'Firmando...',
  signingDescription:
    'Tu proveedor de firma está firmando el documento. Esto toma entre 10 y 20 segundos.',
  enrolmentTitle: 'Necesitas un certificado de firma avanzada',
  enrolmentDescription:
    'Te enviamos a {email} el enlace para crear tu certificado con el prestador acreditado. Cuando termines, vuelve a esta página y presiona «Actualizar Estado».',
  goToEnrolment: 'Crear mi certificado',
  refreshStatus: 'Actualizar Estado',
  expiredTitle: 'Tu certificado está vencido',
  expiredDescription:
    'Renueva tu certificado con el prestador acreditado (te enviamos el enlace a {email}) y luego presiona «Actualizar Estado».',
  blockedTitle: 'Certificado bloqueado',
  unlockCertificate: 'Desbloquear certificado',
  unlockSecondFactor: 'Desbloquear segundo factor',
  recoverPassword: 'Recuperar mi clave',
  unlockDescription:
    'Confirma tu identidad en la página de tu proveedor de firma con tu RUT y el número de serie de tu cédula. Al terminar volverás aquí.',
  goToUnlock: 'Ir a la página de desbloqueo',
  noRut:
    'Para firmar con firma electrónica avanzada necesitamos tu RUT, y este pedido no lo tiene. Pide a quien te envió el documento que lo corrija.',
  /** By the provider's code (functions/signing/types/advanced/fea-codes.ts). */
  errors: {
    wrongPassword: 'La clave del certificado no es correcta. {left}',
    tooManyKeyAttempts:
      'Superaste el máximo de 3 intentos para validar la clave. Espera unos minutos o recupera tu clave.',
    certificateBlocked:
      'Tu certificado está bloqueado por intentos fallidos. Desbloquéalo o recupera tu clave.',
    wrongCode: 'El código SMS no es correcto. {left}',
    codeExpired: 'El código SMS expiró o ya fue usado. Solicita uno nuevo.',
    secondFactorBlocked: 'Tu segundo factor está bloqueado. Desbloquéalo para continuar.',
    notEnrolled: 'Tu RUT no tiene un certificado de firma avanzada vigente.',
    unavailable: 'El proveedor de firma no respondió. Intenta de nuevo en unos minutos.',
    unexpected:
      'No pudimos completar la operación con el proveedor de firma. Intenta de nuevo o contacta a soporte.',
  },
  attemptsLeft: { one: 'Te queda 1 intento.', other: 'Te quedan {n} intentos.' },
  wordBaseTitle: 'Documento firmado con firma electrónica avanzada',
  wordBaseName: 'Documento: {name} (adjunto a este PDF, sin modificaciones).',
  wordBaseSha: 'SHA-256 del documento adjunto: {sha256}',
  wordBaseNote:
    'Las firmas electrónicas avanzadas de este PDF cubren el documento adjunto. Ábrelo desde el panel de archivos adjuntos de tu lector de PDF.',
  enrolmentMail: {
    subject: 'Crea tu certificado de firma electrónica avanzada',
    heading: 'Tu certificado de firma avanzada',
    body: 'Hola {name}: para firmar «{document}» con firma electrónica avanzada necesitas un certificado del prestador acreditado. Créalo en el siguiente enlace y luego vuelve a la página de firma.',
    button: 'Crear mi certificado',
  },
} as const;
