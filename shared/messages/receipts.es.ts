/**
 * Receipts (issue 21 item 4): the page /recibo/{id}, the receipt e-mail, the links to them,
 * and the one statement of tax every price carries. Merged into `es` by ../messages.es.ts.
 *
 * IVA: the prices of the catalogue are what the customer pays, with no tax added at checkout
 * (the order's `tax` is 0): for a consumer in Chile that is a price with IVA included (Ley
 * 19.496 art. 30 asks for the final price). docs/credits-economy.md says so.
 */
export const receiptsEs = {
  vatIncluded: 'IVA incluido',
  pricesVatIncluded: 'Precios con IVA incluido',
  title: 'Recibo',
  pageTitle: 'Recibo {number}',
  viewReceipt: 'Ver recibo',
  viewRefundReceipt: 'Ver recibo del reembolso',
  print: 'Imprimir',
  backToOrders: 'Volver a Mis Pedidos',
  loadError: 'No se pudo cargar el recibo.',
  notFound: 'No encontramos ese recibo.',
  number: 'Número',
  issuedAt: 'Fecha',
  reference: 'Referencia del pago',
  paymentMethod: 'Medio de pago',
  methodCard: 'Tarjeta',
  methodCredits: 'Créditos',
  billingTitle: 'Datos de facturación',
  detailTitle: 'Detalle',
  subtotal: 'Subtotal',
  discount: 'Descuento por pago con créditos (2%)',
  total: 'Total pagado',
  totalRefunded: 'Total devuelto',
  creditsPaid: 'Pagado con {n} créditos',
  creditsGranted: '{n} créditos cargados a tu cuenta',
  creditsRestored: '{n} créditos devueltos a tu cuenta',
  order: 'Pedido',
  kinds: {
    credit_package: 'Compra de créditos',
    card_order: 'Pago de pedido con tarjeta',
    credits_order: 'Pago de pedido con créditos',
    card_refund: 'Reembolso a tu tarjeta',
    credits_refund: 'Devolución de créditos',
  },
  // What was bought, in one line (the receipt's description).
  packageDescription: 'Paquete {name} ({credits} créditos)',
  orderDescription: 'Pedido {number}: {title}',
  refundDescription: 'Reembolso de {label}',
  restoreDescription: 'Devolución del pedido {number}',
  // The e-mail.
  mailSubject: 'Tu recibo {number} de Sello',
  mailIntro: 'Gracias por tu pago. Este es tu recibo:',
  mailIntroRefund: 'Te devolvimos lo pagado. Este es tu recibo:',
  mailAction: 'Ver e imprimir el recibo',
  mailNote:
    'Guarda este correo como comprobante. Los precios incluyen IVA. Si algo no cuadra, responde a este correo.',
} as const;
