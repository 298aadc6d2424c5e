/**
 * Sign-up, confirmation, login, password reset and change (customer-flows §2.6, §4.5, §5, §7.1, §8).
 * Its own module so a Lambda bundles only the texts it uses; merged into `es` by
 * ../messages.es.ts for the web.
 */
export const authEs = {
  login: 'Iniciar Sesión',
  register: 'Registrarse',
  logout: 'Salir',
  forgot: 'Recuperar contraseña',
  forgotLink: '¿Olvidaste tu contraseña?',
  haveAccount: '¿Ya tienes cuenta? Inicia sesión',
  noAccount: '¿No tienes cuenta? Regístrate',
  backToLogin: 'Volver a iniciar sesión',
  firstName: 'Nombre',
  lastName: 'Apellido',
  email: 'Email',
  password: 'Contraseña',
  confirmPassword: 'Confirmar contraseña',
  newPassword: 'Nueva contraseña',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  submitLogin: 'Iniciar Sesión',
  submitRegister: 'Crear cuenta',
  submitForgot: 'Enviar enlace',
  submitReset: 'Actualizar contraseña',
  submitting: 'Procesando...',
  wrongCredentials: 'Email o contraseña incorrectos',
  notConfirmed: 'Debes confirmar tu email antes de iniciar sesión. Revisa tu bandeja de entrada.',
  unexpected: 'Error inesperado. Inténtalo de nuevo.',
  registered: '¡Cuenta creada! Revisa tu email para confirmar tu cuenta.',
  alreadyRegistered: 'Este email ya está registrado. Intenta iniciar sesión.',
  recoverySent: '¡Enlace de recuperación enviado! Revisa tu email.',
  passwordsMismatch: 'Las contraseñas no coinciden',
  passwordTooShort: 'La contraseña debe tener al menos 6 caracteres',
  passwordTooLong: 'La contraseña no puede superar los 256 caracteres',
  passwordPlaceholder: 'Mínimo 6 caracteres',
  emailInvalid: 'Email inválido',
  required: 'Este campo es obligatorio',
  nameTooLong: 'El nombre no puede superar los 100 caracteres',
  confirmInvalidLink: 'Enlace de confirmación inválido',
  confirmError: 'Error al confirmar el email: ',
  confirmUnexpected: 'Error inesperado al confirmar el email',
  confirmSuccess: '¡Email confirmado exitosamente!',
  confirming: 'Confirmando tu email...',
  redirecting: 'Serás redirigido en 3 segundos...',
  resetInvalidLink: 'Enlace de recuperación inválido o expirado',
  resetValidateError: 'Error al validar el enlace de recuperación: ',
  resetUpdateError: 'Error al actualizar la contraseña: ',
  resetSuccess: '¡Contraseña actualizada exitosamente!',
  resetValidating: 'Validando enlace de recuperación...',
  resetTitle: 'Nueva contraseña',
  loginTitle: 'Iniciar Sesión',
  registerTitle: 'Crear cuenta',
  forgotTitle: 'Recuperar contraseña',
  forgotHelp: 'Ingresa tu email y te enviaremos un enlace para restablecer tu contraseña.',
  signupSuccessTitle: 'Revisa tu email',
  forgotSuccessTitle: 'Revisa tu email',
  linkExpiredOrUsed: 'El enlace expiró o ya fue utilizado.',
  confirmTitle: 'Confirmación de email',
  resetAccount: 'Cuenta: {email}',
  confirmChoosePassword:
    'Alguien más intentó registrarse con este email. Por seguridad, ninguna de las contraseñas ' +
    'usadas quedó activa: te enviamos un enlace para elegir tu contraseña. Revisa tu email.',
  signupTooManyFromClient:
    'Demasiados registros desde esta conexión. Inténtalo de nuevo en una hora.',
  signupTooManyMails:
    'Ya enviamos varios correos de confirmación a este email. Revisa tu bandeja de entrada ' +
    '(y la carpeta de spam) o inténtalo de nuevo en una hora.',
  signupMailUnavailable:
    'No pudimos enviarte el correo de confirmación: nuestro servicio de correo no responde. ' +
    'Inténtalo de nuevo en unos minutos.',
  recoveryMailUnavailable:
    'No pudimos enviarte el enlace de recuperación: nuestro servicio de correo no responde. ' +
    'Inténtalo de nuevo en unos minutos.',
  confirmMailUnavailable:
    'No pudimos enviarte el enlace para elegir tu contraseña: nuestro servicio de correo no ' +
    'responde. Abre de nuevo este enlace de confirmación en unos minutos.',
  wrongCurrentPassword: 'La contraseña actual es incorrecta',
  passwordChangeTooMany:
    'Demasiados intentos de cambio de contraseña. Inténtalo de nuevo en una hora.',
  termsRequired: 'Debes aceptar los Términos y la Política de Privacidad para crear tu cuenta.',
  alreadyConfirmed: 'Tu cuenta ya estaba confirmada.',
  alreadyConfirmedBody: 'Puedes iniciar sesión con tu email y contraseña.',
  goToLogin: 'Iniciar sesión',
  resendConfirmation: 'Reenviar correo',
  resendingConfirmation: 'Enviando...',
  confirmationResent:
    'Si tu cuenta está pendiente de confirmación, te enviamos un nuevo correo. Revisa tu bandeja de entrada (y la carpeta de spam).',
  passwordChangedSignIn:
    'Contraseña actualizada correctamente. Cerramos tu sesión en todos tus dispositivos: ' +
    'inicia sesión con tu nueva contraseña.',
} as const;
