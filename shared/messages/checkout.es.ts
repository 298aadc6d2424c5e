/**
 * Screen texts of checkout, success, my orders and the cart (customer-flows §2.7-§2.9, §8).
 * Merged into `es` by ../messages.es.ts.
 */
export const checkoutEs = {
  title: 'Resumen y Pago',
  loginToPay: 'Debes iniciar sesión para pagar.',
  statusLabels: {
    completed: 'Completado',
    processing: 'En proceso',
    pending: 'Pendiente',
    cancelled: 'Cancelado',
  },
  signerStatusLabels: {
    pending: 'Pendiente',
    signed: 'Firmado',
    rejected: 'Rechazado',
    unknown: 'Desconocido',
  },
  ordersTab: 'Historial de Pedidos',
  cartTab: 'Carrito de Solicitudes',
  deleteConfirm: '¿Estás seguro de que quieres eliminar esta solicitud?',
} as const;
