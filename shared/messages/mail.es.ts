/**
 * Our own e-mails (confirmation, password reset), sent through SES.
 * Its own module so a Lambda bundles only the texts it uses; merged into `es` by
 * ../messages.es.ts for the web.
 */
export const mailEs = {
  confirmSubject: 'Confirma tu cuenta en Sello',
  confirmGreeting: 'Hola {name},',
  confirmBody: 'Gracias por registrarte en Sello. Confirma tu email para activar tu cuenta:',
  confirmAction: 'Confirmar mi email',
  confirmExpiry:
    'El enlace vence en 24 horas y solo puede usarse una vez. Si no te registraste en Sello, ' +
    'ignora este correo.',
  resetSubject: 'Restablece tu contraseña de Sello',
  resetBody: 'Recibimos una solicitud para restablecer tu contraseña. Usa este enlace:',
  resetAction: 'Restablecer contraseña',
  resetExpiry:
    'El enlace vence en 1 hora y solo puede usarse una vez. Si no lo pediste, ignora este correo.',
  refundSubject: 'Te devolvimos tu pago en Sello',
  refundBodyOrder:
    'Recibimos tu pago de {amount} por la solicitud {label}, pero no pudimos convertirlo en un pedido (la solicitud cambió, ya estaba pagada o ya no existe). Te devolvimos el monto completo a tu tarjeta.',
  refundBodyPackage:
    'Recibimos tu pago de {amount} por el paquete {label}, pero ese paquete ya no está disponible en tu país. Te devolvimos el monto completo a tu tarjeta y no se cargaron créditos.',
  refundActionOrder: 'Ver mis pedidos',
  refundActionPackage: 'Ver mis créditos',
  refundNote:
    'El reembolso puede tardar entre 5 y 10 días hábiles en verse en tu estado de cuenta, según tu banco.',
  footer: 'Sello · Firma de documentos y servicios notariales en línea',
} as const;
