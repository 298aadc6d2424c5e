/**
 * Errors every API answer may carry (validation, auth, limits): the HTTP layer and the web client.
 * Its own module so a Lambda bundles only the texts it uses; merged into `es` by
 * ../messages.es.ts for the web.
 */
export const apiEs = {
  validation: 'Los datos enviados no son válidos.',
  unauthorized: 'Debes iniciar sesión para continuar',
  forbidden: 'No tienes permisos para realizar esta acción.',
  /** A request that did not come through CloudFront (the API's own URL called directly). */
  originRefused: 'Acceso denegado: usa la aplicación Sello para conectarte.',
  notFound: 'No encontrado.',
  conflict: 'La operación entra en conflicto con el estado actual.',
  tooManyRequests: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  badJson: 'El cuerpo de la solicitud no es JSON válido.',
  internal: 'Error inesperado. Inténtalo de nuevo.',
  /** A request that ran out of time before changing anything: safe to send again. */
  timeout: 'El servicio tardó demasiado en responder. Inténtalo de nuevo en unos segundos.',
  /** A dependency (database, mail, identity) refused or dropped the call: safe to send again. */
  unavailable:
    'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  /** The documents store (S3) did not answer: nothing was changed, no link handed out. */
  storageUnavailable:
    'No pudimos acceder al almacenamiento de documentos. Inténtalo de nuevo en unos minutos.',
  /** Stripe did not answer: nothing was recorded on our side. */
  paymentsUnavailable:
    'No pudimos comunicarnos con el servicio de pagos. Inténtalo de nuevo en unos minutos.',
  network: 'Error de conexión',
  required: 'Este campo es obligatorio',
  tooLong: 'El texto es demasiado largo',
  insufficientCredits: 'Créditos insuficientes',
  creditsDebt:
    'Tus créditos están en pausa: se revirtió un pago con tarjeta cuyos créditos ya habías usado y quedan {debt} créditos por saldar. Compra créditos para saldarlos y volver a usarlos.',
  idempotencyKey: 'Falta la clave de idempotencia',
} as const;
