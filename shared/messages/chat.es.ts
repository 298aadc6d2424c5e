/**
 * Texts of the chat between the notary and the customer about one order (issue 22: the notary's
 * document page and the order modal of /mis-pedidos), and of the e-mail telling the other side.
 * Ours: the specification does not show the chat. The web reads them as `es.chat`.
 */
export const chatEs = {
  title: 'Chat con la notaría',
  notaryTitle: 'Chat con el cliente',
  empty: 'Aún no hay mensajes.',
  placeholder: 'Escribe tu mensaje...',
  send: 'Enviar',
  sending: 'Enviando...',
  you: 'Tú',
  customer: 'Cliente',
  notary: 'Notaría',
  loadError: 'No pudimos cargar los mensajes. Intenta de nuevo.',
  sendError: 'No se pudo enviar el mensaje.',
  bodyRequired: 'Escribe un mensaje.',
  bodyTooLong: 'El mensaje puede tener hasta 2.000 caracteres.',
  notAssigned: 'Tu pedido aún no tiene una notaría asignada: podrás escribirle cuando la tenga.',
  closed: 'Este pedido ya fue resuelto por la notaría: el chat quedó cerrado.',
  notTaken: 'Toma el documento antes de escribir al cliente.',
  tooMany: 'Este pedido llegó al máximo de {n} mensajes.',
  // The e-mail to the other side (the first unread message only: no mail per message).
  customerMailSubject: 'La notaría te escribió sobre tu pedido {number}',
  notaryMailSubject: 'El cliente del pedido {number} te escribió',
  mailGreeting: 'Hola {name}:',
  customerMailBody: '{notary} te escribió sobre tu pedido {number}: «{excerpt}»',
  notaryMailBody: 'El cliente del pedido {number} te escribió: «{excerpt}»',
  mailAction: 'Responder',
  mailNote: 'Responde desde Sello: por seguridad, no respondas este correo.',
} as const;
