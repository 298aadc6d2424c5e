/**
 * 'Descargar mis datos' and 'Eliminar mi cuenta' (Ley 21.719): the settings card, its dialog and
 * the API's answers. Its own module so the account Lambdas bundle only these texts; merged into
 * `es` by ../messages.es.ts for the web.
 */
export const accountEs = {
  title: 'Tus datos personales',
  intro:
    'Puedes descargar una copia de todos los datos de tu cuenta o eliminarla. Así lo establece la Ley 21.719 de protección de datos personales.',
  exportTitle: 'Descargar mis datos',
  exportBody:
    'Un archivo JSON con tu perfil, firmantes guardados, documentos, solicitudes, pedidos con sus firmantes y su registro de actividad, créditos y suscripciones.',
  exportButton: 'Descargar mis datos',
  exporting: 'Preparando...',
  exportDone: 'Tus datos se descargaron.',
  exportError: 'No pudimos preparar tus datos. ',
  exportFileName: 'mis-datos-sello.json',
  deleteTitle: 'Eliminar mi cuenta',
  deleteBody: 'Elimina tu cuenta y tus datos personales. No se puede deshacer.',
  deleteButton: 'Eliminar mi cuenta',
  dialogTitle: '¿Eliminar tu cuenta?',
  dialogDeleted: 'Se eliminan:',
  deletedItems: [
    'tu acceso: no podrás volver a iniciar sesión con este correo y contraseña;',
    'tu perfil, tus datos de facturación y tus firmantes guardados;',
    'tus documentos subidos y tus solicitudes;',
    'tus suscripciones, que dejan de renovarse.',
  ],
  dialogKept: 'Se conservan, sin tu nombre ni tu correo:',
  keptItems: [
    'los documentos sellados, su registro de firmas y su página de verificación, porque la ley exige poder probar quién firmó qué (Ley 19.799) durante 10 años;',
    'los movimientos de créditos y los pagos, porque la ley tributaria exige conservarlos 6 años.',
  ],
  dialogUnused:
    'Los créditos que te queden se pierden. Descarga tus datos antes si quieres una copia.',
  passwordLabel: 'Tu contraseña actual',
  passwordHint: 'Para confirmar que eres tú.',
  confirmButton: 'Eliminar mi cuenta definitivamente',
  deleting: 'Eliminando...',
  deleteError: 'No pudimos eliminar tu cuenta. ',
  deletedToast:
    'Tu cuenta fue eliminada. Conservamos solo lo que la ley exige, sin tu nombre ni tu correo.',
  /** API answers. */
  wrongPassword: 'La contraseña no es correcta.',
  passwordRequired: 'Escribe tu contraseña actual para confirmar.',
  ordersInProgress:
    'No puedes eliminar tu cuenta mientras tengas pedidos en curso ({orders}). Espera a que se completen o se cancelen y vuelve a intentarlo; si necesitas cancelarlos, escríbenos a soporte.',
  soleOwnerOfOrganizations:
    'Eres el único propietario de {organizations}. Nombra a otro propietario en el panel de la organización antes de eliminar tu cuenta.',
  exportTooMany: 'Ya descargaste tus datos varias veces en la última hora. Inténtalo más tarde.',
  deleteTooMany: 'Demasiados intentos de eliminar la cuenta. Espera una hora e inténtalo de nuevo.',
  /** What replaces a deleted owner's name on the records the law keeps. */
  pseudonymName: 'Cuenta eliminada',
} as const;
