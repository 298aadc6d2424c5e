/**
 * Server-side texts of requests, signers, saved signers, checkout and orders
 * (customer-flows §4, §5, §8). Merged into `es` by ../messages.es.ts.
 */
export const ordersEs = {
  // Requests (wizard saves)
  createError: 'Error al crear la solicitud. Por favor, inténtalo de nuevo.',
  saveError: 'Error al guardar la solicitud. Inténtalo de nuevo.',
  countryRequired: 'Debes seleccionar un país para continuar',
  loginRequired: 'Debes iniciar sesión para continuar',
  requestIdMissing: 'Error: No se pudo obtener el ID de la solicitud...',
  requestNotFound: 'Solicitud no encontrada.',
  requestNotPending: 'Esta solicitud ya fue pagada y no se puede modificar.',
  requestIncomplete:
    'La solicitud está incompleta: revisa documento, servicios, firmantes y entrega.',
  signatureNotAllowed: 'Ese tipo de firma no está permitido con el servicio notarial elegido.',
  signatureRequired: 'Con la firma autorizada por notario se requiere FES + Clave Única.',
  deleteRequestError: 'Error al eliminar la solicitud',
  editLoadError: 'Error al cargar la solicitud para edición.',
  // Signers (§5)
  maxSigners: 'Ya has alcanzado el límite de 10 firmantes para este documento.',
  signerRequired: 'Este campo es obligatorio',
  emailInvalid: 'Email inválido',
  rutInvalid: 'RUT chileno inválido (formato: 12345678-9)',
  phoneInvalid: 'Número inválido para {country} ({range})',
  tooLong: 'El texto es demasiado largo',
  signerDuplicateEmail: 'Este email ya está en la lista de firmantes de este documento.',
  // Saved signers
  savedDuplicate: 'Este firmante ya está guardado.',
  savedError: 'Error al guardar firmante.',
  savedDeleteError: 'Error al eliminar firmante.',
  savedSubscribeError: 'No se pudo activar la suscripción. Verifica tus créditos.',
  savedNoAccess: 'Necesitas la función Firmantes Guardados para usar esta opción.',
  // Checkout (§5, §8)
  insufficientCredits: 'Créditos insuficientes',
  creditsPaymentError: 'Error al procesar el pago con créditos',
  userOrDocumentMissing: 'Usuario o documento no disponible',
  countryOrRequestMissing: 'País o solicitud no disponible',
  originalRequestError: 'Error al obtener los datos de la solicitud original',
  saveOrderError: 'Error al guardar el pedido',
  saveItemsError: 'Error al guardar los elementos del pedido',
  paymentUnexpected: 'Error inesperado al procesar el pago',
  paymentNotFound: 'No encontramos ese pago.',
  paymentRefunded:
    'No pudimos convertir este pago en un pedido y te devolvimos el monto a tu tarjeta. Revisa tu solicitud y vuelve a pagar.',
  paymentDescription: 'Pedido {number}',
  creditsOrderDescription: 'Pago del pedido {number}',
  paymentLabelCard: 'Tarjeta',
  paymentLabelCredits: 'Créditos',
  paymentInProgress: 'Ya hay un pago en curso para esta solicitud. Espera unos segundos.',
  // Orders
  orderNotFound: 'Pedido no encontrado.',
  titleError: 'Error al actualizar el título',
  resendNotYourTurn:
    'Este firmante aún no tiene su turno: recibirá su enlace cuando firme el anterior.',
  // Issue 21: for people, never «token» (the spec's 'El firmante no tiene un token…').
  signerNoToken:
    'Este firmante no tiene un enlace de firma activo, así que no hay uno que reenviar.',
  resendError: 'Error al reenviar enlace de firma',
  resendMailDown:
    'Error al reenviar enlace de firma: el servicio de correo no responde. El enlace anterior sigue funcionando; intenta de nuevo en unos minutos.',
  resendFailed: 'Error reenviando enlace',
  resendSigned: 'Este firmante ya firmó el documento.',
  resendCancelled: 'Este pedido fue cancelado: sus enlaces de firma ya no funcionan.',
  resendSigningSent: 'Se envió un nuevo enlace de firma a {email}.',
  resendEnrolmentSent: 'Se envió un enlace de enrolamiento a {email}.',
  // Cancelling an order (issue 21; the policy is docs/credits-economy.md "Cancelar un pedido")
  cancelOrder: 'Cancelar pedido',
  cancelTitle: '¿Cancelar el pedido {number}?',
  cancelWhat:
    'Los enlaces de firma dejarán de funcionar y avisaremos por correo a los firmantes que ya recibieron uno.',
  cancelBackCredits: 'Te devolvemos {credits} créditos a tu saldo, al instante.',
  cancelBackCard:
    'Te reembolsamos {amount} a tu tarjeta; el banco puede tardar unos días hábiles en mostrarlo.',
  cancelBackNone:
    'Al menos un firmante ya firmó, así que no hay devolución: la firma electrónica ya se usó.',
  cancelHintFull: 'Nadie ha firmado todavía: si lo cancelas, te devolvemos todo lo pagado.',
  cancelIrreversible: 'No se puede deshacer.',
  cancelConfirm: 'Sí, cancelar pedido',
  cancelKeep: 'No, mantener pedido',
  cancelling: 'Cancelando...',
  cancelledCredits: 'Cancelaste el pedido y te devolvimos {credits} créditos a tu saldo.',
  cancelledCard:
    'Cancelaste el pedido. Te reembolsamos {amount} a tu tarjeta; el banco puede tardar unos días hábiles en mostrarlo.',
  cancelledNoRefund: 'Cancelaste el pedido. Los enlaces de firma ya no funcionan.',
  cancelError: 'No pudimos cancelar el pedido. Inténtalo de nuevo.',
  cancelCompleted: 'Este pedido ya está completado y no se puede cancelar.',
  cancelAlreadyCancelled: 'Este pedido ya estaba cancelado.',
  unavailableNotice:
    'Este pedido incluye un servicio que aún no podemos entregar en línea. Puedes cancelarlo y te devolvemos todo lo pagado.',
  // The customer's notice of an order paid for something not delivered yet (a job sends it once)
  unavailableMailSubject: 'Tu pedido {number} incluye un servicio aún no disponible',
  unavailableMailGreeting: 'Hola {name}:',
  unavailableMailBody:
    'Tu pedido {number} («{title}»: {product}) incluye un servicio que todavía no podemos entregar en línea. Lo sentimos. Puedes cancelarlo desde Mis pedidos y te devolvemos todo lo pagado, a tu tarjeta o en créditos, según cómo pagaste.',
  unavailableMailAction: 'Ver mis pedidos',
  unavailableMailNote:
    'Si prefieres esperar, tu pedido sigue abierto y puedes cancelarlo más adelante con el mismo reembolso.',
  // Signing-link e-mail
  mailSigningSubject: 'Tienes un documento para firmar: {title}',
  mailSigningGreeting: 'Hola {name},',
  mailSigningBody:
    '{requester} te invitó a firmar el documento «{document}» (pedido {number}) en Sello. Usa tu enlace personal:',
  mailSigningAction: 'Firmar documento',
  mailSigningExpiry:
    'El enlace es personal, vence en 15 días y no debes compartirlo. Si no esperabas este correo, ignóralo.',
} as const;
