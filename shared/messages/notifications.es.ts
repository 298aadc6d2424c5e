/**
 * Texts of the header's notification bell (issue 22's chat: a new message from the other side
 * of an order's chat). Ours: the specification shows the bell but not what it lists. The web
 * reads them as `es.notifications`, the server builds each notification's title and body with
 * them (GET /api/notifications).
 */
export const notificationsEs = {
  chatFromNotaryTitle: 'Nuevo mensaje de la notaría en el pedido {number}',
  chatFromCustomerTitle: 'Nuevo mensaje del cliente en el pedido {number}',
  unreadOne: '1 mensaje sin leer',
  unreadMany: '{n} mensajes sin leer',
  // The bell's accessible name with its badge.
  bellUnreadOne: 'Notificaciones: 1 sin leer',
  bellUnreadMany: 'Notificaciones: {n} sin leer',
} as const;
