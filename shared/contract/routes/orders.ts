import * as chat from '../chat.js';
import * as orders from '../orders.js';
import { route } from '../route-def.js';

/** Routes of checkout and orders (the whole table is ../routes.ts). */

export const createOrderCardIntent = route({
  id: 'createOrderCardIntent',
  method: 'POST',
  path: '/api/checkout/card-intent',
  auth: 'user',
  workContext: true,
  handler: 'orders/create-card-intent',
  summary:
    'Checks a complete pending request and the checkout form, saves the profile and starts a card payment of the catalogue total (the same intent again for a second click)',
  // mail: a request whose earlier payment succeeded unnoticed gets its order (and links) here.
  access: { table: 'write', mail: true, secrets: ['STRIPE_SECRET_KEY'] },
  request: orders.cardIntentRequest,
  response: orders.cardIntentResponse,
});

export const getOrderPaymentStatus = route({
  id: 'getOrderPaymentStatus',
  method: 'GET',
  path: '/api/checkout/card-intent/{id}',
  auth: 'user',
  handler: 'orders/get-card-payment',
  summary:
    'Where a card payment for an order stands; creates the order once the payment has succeeded (idempotent, like the webhook)',
  access: { table: 'write', mail: true, secrets: ['STRIPE_SECRET_KEY'] },
  response: orders.orderPaymentStatusResponse,
});

export const payOrderWithCredits = route({
  id: 'payOrderWithCredits',
  method: 'POST',
  path: '/api/checkout/credits',
  auth: 'user',
  workContext: true,
  handler: 'orders/pay-with-credits',
  summary:
    'Pays a pending request with credits (2% off): debit, order, items and request link in one transaction (idempotent by key)',
  access: { table: 'write', mail: true },
  request: orders.creditsPaymentRequest,
  response: orders.orderResponse,
});

export const listOrders = route({
  id: 'listOrders',
  method: 'GET',
  path: '/api/orders',
  auth: 'user',
  workContext: true,
  handler: 'orders/list-orders',
  summary:
    "The work context's order history (Personal: the caller's; an organisation: a member's own, every order for admins and owners; pending hidden), newest first, searched, filtered by period and paged, with stats",
  access: { table: 'read' },
  query: orders.listOrdersQuery,
  response: orders.listOrdersResponse,
});

export const getOrder = route({
  id: 'getOrder',
  method: 'GET',
  path: '/api/orders/{id}',
  auth: 'user',
  workContext: true,
  handler: 'orders/get-order',
  summary:
    'One order the work context may act on with its items, signers and short-lived links to its original and signed files',
  // bucket read: the presigned links to the order's files are signed with this function's role.
  access: { table: 'read', bucket: 'read' },
  response: orders.orderResponse,
});

export const updateOrderTitle = route({
  id: 'updateOrderTitle',
  method: 'PATCH',
  path: '/api/orders/{id}',
  auth: 'user',
  workContext: true,
  handler: 'orders/update-title',
  summary: 'Renames an order the work context may act on (title trimmed)',
  access: { table: 'write' },
  request: orders.updateOrderTitleRequest,
  response: orders.orderResponse,
});

export const resendSigningLink = route({
  id: 'resendSigningLink',
  method: 'POST',
  path: '/api/orders/{id}/signers/{signerId}/resend',
  auth: 'user',
  workContext: true,
  handler: 'orders/resend-link',
  summary: 'Issues a new signing link to a signer who has not signed and e-mails it (rate-limited)',
  access: { table: 'write', mail: true },
  response: orders.resendLinkResponse,
});

export const cancelOrder = route({
  id: 'cancelOrder',
  method: 'POST',
  path: '/api/orders/{id}/cancel',
  auth: 'user',
  workContext: true,
  handler: 'orders/cancel-order',
  summary:
    'Cancels an order the work context may act on that is not completed: links revoked, signers told by e-mail, what the cancellation policy gives back refunded exactly once (a repeat answers the same)',
  // The card refund is asked of Stripe at once (the retry-refunds job finishes it otherwise);
  // the signers' mails go through the outbox; bucket read: the answer's file links, as getOrder.
  access: { table: 'write', bucket: 'read', secrets: ['STRIPE_SECRET_KEY'] },
  response: orders.cancelOrderResponse,
});

export const listOrderMessages = route({
  id: 'listOrderMessages',
  method: 'GET',
  path: '/api/orders/{id}/messages',
  auth: 'user',
  workContext: true,
  handler: 'orders/list-messages',
  summary:
    "The chat with the order's notary (the order modal of /mis-pedidos); reading it marks the notary's messages read",
  access: { table: 'write' },
  response: chat.chatThreadResponse,
});

export const postOrderMessage = route({
  id: 'postOrderMessage',
  method: 'POST',
  path: '/api/orders/{id}/messages',
  auth: 'user',
  workContext: true,
  handler: 'orders/post-message',
  summary:
    "A message of the customer to the order's notary (while the notarial service is open); the notary is told by e-mail of the first unread one",
  access: { table: 'write' },
  request: chat.postChatMessageRequest,
  response: chat.chatMessageResponse,
});
