import { randomBytes, randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type {
  CheckoutForm,
  listOrdersQuery,
  listOrdersResponse,
  Order,
  OrderSigner,
  OrderSummary,
} from '../../shared/contract/orders.js';
import type { SelectedService } from '../../shared/contract/requests.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import {
  addSantiagoDays,
  santiagoDate,
  startOfSantiagoDay,
  startOfSantiagoYear,
} from '../../shared/rules/santiago-time.js';
import { searchable } from '../../shared/rules/search.js';
import { signatureTypeOfCode } from '../../shared/rules/signature-types.js';
import { signerServiceId, type TypedSigner } from '../../shared/rules/signer-types.js';
import { unavailableCodes } from '../catalog/availability.js';
import { contactEmail, contactUpsert } from '../contacts/repo.js';
import { lockDocumentUpdate } from '../documents/repo.js';
import type { ActingAs } from '../organizations/acting-as.js';
import { AppError, notFound } from '../platform/errors.js';
import { sha256 } from '../platform/secrets.js';
import { countPendingRequests, markPaidUpdate, type RequestItem } from '../requests/repo.js';
import { payableUntil } from '../signing/sealing/original-keys.js';
import { auditAppend, auditHeadOf } from '../signing/trail/audit-repo.js';
import { getOrderFor, historyOf } from './access.js';
import { cancelTerms } from './cancel-policy.js';
import { firstLinks } from './first-links.js';
import type { TransactItem } from './keys.js';
import type { OrderPayer } from './payer.js';
import {
  getOrderParts,
  getOrderPlacedBy,
  listOrderSummaries,
  type OrderLineRecord,
  type OrderRecord,
  type OrderSummaryRecord,
  orderLinePut,
  orderNumberGuardPut,
  orderPut,
  updateOrderTitle,
} from './repo.js';
import { type SignerRecord, signerPut } from './signer-records.js';

/** Signing links are valid 15 days (customer-flows §9, DESIGN.md §3.6). */
export const SIGNING_LINK_DAYS = 15;

/** When a signing link issued at `now` stops working. */
export const signingLinkExpiry = (now: Date) =>
  new Date(now.getTime() + SIGNING_LINK_DAYS * 86_400_000).toISOString();

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * 'ORD-' + yyyymmdd (the Santiago date: an order at 22:30 on 31 December carries that day, not
 * UTC's 1 January) + '-' + 6 Crockford base32 characters (30 random bits a day; no I, L, O, U
 * to misread on the phone). Unique by the ORDERNO guard in the order's transaction; a collision
 * cancels it and the caller draws again.
 */
export function newOrderNumber(now: Date): string {
  const day = santiagoDate(now).replaceAll('-', '');
  let suffix = '';
  // 256 is a multiple of 32, so `byte & 31` is uniform.
  for (const b of randomBytes(6)) suffix += CROCKFORD[b & 31];
  return `ORD-${day}-${suffix}`;
}

export type OrderPayment =
  | { kind: 'card'; paymentIntentId: string }
  | {
      kind: 'credits';
      credits: number;
      discountAmount: number;
      idempotencyKey: string;
      /** The attempt holding the request (requests/repo.ts claimForCredits). */
      attempt: string;
    };

export interface NewOrder {
  req: RequestItem;
  form: CheckoutForm;
  /** The account's e-mail: the customer's CRM contact. */
  customerEmail: string;
  /** The priced lines the payment was for (from the catalogue, never the browser). */
  items: SelectedService[];
  total: number;
  currencyCode: string;
  payment: OrderPayment;
  /** Whose order it is and which wallet paid (the call's work context). */
  payer: OrderPayer;
  now: Date;
}

export interface BuiltOrder {
  order: OrderRecord;
  lines: OrderLineRecord[];
  signers: SignerRecord[];
}

/**
 * The signature types of a paid request, from the priced lines (each type in use has one, with
 * its catalogue code): each signer's (their own, else the request's) and the order's, the
 * request's step-2 choice; when no signer signs with that one (every signer chose their own)
 * it has no line, and the order's type is its first signer's.
 */
export function signatureTypesOf(
  req: { signature_service_id: string | null; signers: readonly TypedSigner[] },
  items: readonly SelectedService[],
) {
  const codes = new Map(
    items.filter((i) => i.category === 'electronic_signature').map((i) => [i.service_id, i.code]),
  );
  const signer = (s: TypedSigner) =>
    signatureTypeOfCode(codes.get(signerServiceId(s, req.signature_service_id) ?? ''));
  const requestCode = req.signature_service_id ? codes.get(req.signature_service_id) : undefined;
  const first = req.signers[0];
  return {
    signer,
    order: requestCode
      ? signatureTypeOfCode(requestCode)
      : first
        ? signer(first)
        : signatureTypeOfCode(items.find((i) => i.category === 'electronic_signature')?.code),
  };
}

/**
 * The order a paid request becomes (customer-flows §3 Order, §4.3): 'processing', subtotal =
 * total, tax, discounts and coupons empty. With credits the order keeps the money value of the
 * request as total_price (so history, stats and the CRM add up in one unit per currency) and
 * records the credits spent and the 2% discount beside it.
 */
export function buildOrder(input: NewOrder): BuiltOrder {
  const { req, form, payment } = input;
  const id = randomUUID();
  const nowIso = input.now.toISOString();
  const orderNumber = newOrderNumber(input.now);
  const typeOf = signatureTypesOf(req, input.items);
  const signers: SignerRecord[] = req.signers.map((s, i) => ({
    id: randomUUID(),
    order_id: id,
    request_id: req.id,
    owner_sub: req.user_sub,
    signer_index: i + 1,
    first_name: s.first_name,
    last_name: s.last_name,
    email: s.email,
    phone: s.phone,
    phone_country_code: s.phone_country_code,
    id_number: s.id_number,
    // Each signer's own type (issue 23), else the request's: the signing flow follows it.
    signature_type: typeOf.signer(s),
    estado_firma: 'pending',
    url_firma: null,
    id_firma: null,
    updated_at: nowIso,
  }));
  const lines: OrderLineRecord[] = input.items.map((item, i) => ({
    order_id: id,
    line: i + 1,
    service_id: item.service_id,
    service_name: item.name,
    service_category: item.category,
    service_description: item.description,
    quantity: item.quantity,
    unit_price_at_purchase: item.unit_price,
    item_total: item.item_total,
  }));
  const { title, ...billing } = form;
  const order: OrderRecord = {
    id,
    order_number: orderNumber,
    user_sub: req.user_sub,
    organization_id: input.payer.organizationId,
    wallet_owner: input.payer.walletOwner,
    title,
    status: 'processing',
    total_price: input.total,
    subtotal: input.total,
    tax: 0,
    discounts: 0,
    coupons: [],
    credits_used: payment.kind === 'credits' ? payment.credits : 0,
    credits_discount_amount: payment.kind === 'credits' ? payment.discountAmount : 0,
    payment_method_mix: payment.kind === 'credits' ? 'full_credits' : 'full_currency',
    payment_method_label:
      payment.kind === 'credits' ? ordersEs.paymentLabelCredits : ordersEs.paymentLabelCard,
    product_label: input.items.map((i) => i.name).join(' + '),
    delivery_options: req.delivery_options === true,
    signers_count: signers.length,
    signer_ids: signers.map((s) => s.id),
    item_count: lines.length,
    country_id: req.country_id,
    currency_code: input.currencyCode,
    request_id: req.id,
    request_number: req.request_number,
    document_id: req.document_id ?? '',
    document_name: req.document_name ?? '',
    document_sha256: req.document_sha256 ?? null,
    signature_type: typeOf.order,
    signature_types: [
      ...new Set([typeOf.order, ...signers.flatMap((s) => s.signature_type ?? [])]),
    ],
    notarial_code: input.items.find((i) => i.category === 'notarial_service')?.code ?? null,
    // In order only with more than one signer; signer 1's turn first.
    sign_in_order: req.sign_in_order === true && signers.length > 1,
    turn: req.sign_in_order === true && signers.length > 1 ? 1 : null,
    original_file_url: null,
    signed_file_url: null,
    notarized_file_url: null,
    payment_intent_id: payment.kind === 'card' ? payment.paymentIntentId : null,
    credits_idempotency_key: payment.kind === 'credits' ? payment.idempotencyKey : null,
    billing,
    created_at: nowIso,
    updated_at: nowIso,
  };
  return { order, lines, signers };
}

/**
 * Everything that makes the order, as elements of ONE transaction: the order (new), its number
 * (unique), its lines and signers (new), the request pending → paid at the version that was
 * priced, the document locked, and the CRM contacts (customer counted once, signers flagged).
 * Contacts are merged by e-mail: a transaction cannot touch one item twice.
 */
export interface OrderWrites {
  items: TransactItem[];
  /** Positions of the elements whose failed condition means something to the caller. */
  at: { order: number; number: number; request: number; document: number };
}

export function orderWrites(built: BuiltOrder, req: RequestItem, input: NewOrder): OrderWrites {
  const { order, lines } = built;
  const nowIso = order.created_at;
  // Each signer's link and its mail, promised by this same transaction (first-links.ts).
  const links = firstLinks(order, built.signers, input.now, signingLinkExpiry(input.now));
  const signers = links.signers;
  // The evidence starts with the payment and the links it issued, in the same transaction: one
  // event, since the order's transaction is already large and runs beside a wallet's under load.
  const issued = signers.filter((s) => s.link_version).map((s) => s.id);
  const audit = auditAppend(
    order.id,
    auditHeadOf(order),
    [
      {
        kind: 'order_paid',
        actor: { type: 'requester', id: order.user_sub },
        details: {
          order_number: order.order_number,
          payment: input.payment.kind,
          document_sha256: order.document_sha256 ?? null,
          links_issued_to: issued.join(','),
        },
      },
    ],
    nowIso,
  );
  order.audit_seq = audit.next.seq;
  order.audit_head = audit.next.head;
  order.audit_at = audit.next.at;
  const customer = contactEmail(input.customerEmail);
  const signerByEmail = new Map<string, SignerRecord>();
  for (const s of signers) {
    const email = contactEmail(s.email);
    if (email !== customer && !signerByEmail.has(email)) signerByEmail.set(email, s);
  }
  const customerIsSigner = signers.some((s) => contactEmail(s.email) === customer);
  const contacts = [
    contactUpsert({
      email: customer,
      first_name: input.form.first_name,
      last_name: input.form.last_name,
      phone: input.form.phone,
      company: input.form.company,
      address: input.form.address,
      city: input.form.city,
      country_id: input.form.billing_country_id,
      source: 'customer_order',
      is_customer: true,
      is_signer: customerIsSigner,
      order: { total: order.total_price, currency_code: order.currency_code },
      authoritative: true,
      now: nowIso,
    }),
    ...[...signerByEmail.values()].map((s) =>
      contactUpsert({
        email: s.email,
        first_name: s.first_name,
        last_name: s.last_name,
        phone: `${s.phone_country_code}${s.phone}`,
        id_number: s.id_number,
        source: 'order_signer',
        is_signer: true,
        authoritative: false,
        now: nowIso,
      }),
    ),
  ];
  const request = 2 + lines.length + signers.length;
  return {
    items: [
      orderPut(order),
      orderNumberGuardPut(order.order_number, order.id),
      ...lines.map(orderLinePut),
      ...signers.map(signerPut),
      markPaidUpdate(
        req,
        order,
        nowIso,
        input.payment.kind === 'credits' ? input.payment.attempt : undefined,
      ),
      lockDocumentUpdate(
        order.document_id,
        req.user_sub,
        order.document_sha256,
        payableUntil(input.now),
      ),
      ...contacts.map((Update) => ({ Update })),
      ...links.outbox,
      ...audit.puts,
    ],
    at: { order: 0, number: 1, request, document: request + 1 },
  };
}

/**
 * What is being bought, without prices: document, country, services, signers and delivery.
 * A card payment records it when it starts; the order is made only if the request still says
 * the same when the money arrives (otherwise the charge matches nothing and staff refund it).
 */
export function requestFingerprint(req: RequestItem): string {
  return sha256(
    JSON.stringify([
      req.country_id,
      req.currency_code,
      req.document_id,
      req.notarial_service_id,
      req.signature_service_id,
      req.delivery_options,
      req.signers.map((s) => [
        s.first_name,
        s.last_name,
        s.id_number,
        s.email,
        s.phone,
        s.phone_country_code,
        // Only when set, so a request without own types keeps the fingerprint it always had.
        ...(s.signature_service_id ? [s.signature_service_id] : []),
      ]),
    ]),
  );
}

// ——— what the API answers ———

// A link was issued and runs (its token may still be on its way: the outbox mints it at send).
const hasLiveToken = (s: SignerRecord, now: Date) =>
  !!s.token_expires_at && Date.parse(s.token_expires_at) > now.getTime();

export function toOrderSigner(
  s: SignerRecord,
  now: Date,
  orderType: OrderRecord['signature_type'],
): OrderSigner {
  return {
    id: s.id,
    signer_index: s.signer_index,
    first_name: s.first_name,
    last_name: s.last_name,
    email: s.email,
    phone: s.phone,
    phone_country_code: s.phone_country_code,
    id_number: s.id_number,
    // Signers of orders made before issue 23 carry a type only once they signed.
    signature_type: s.signature_type ?? orderType ?? 'simple',
    estado_firma: s.estado_firma,
    has_token: hasLiveToken(s, now),
    token_expires_at: s.token_expires_at ?? null,
    link_sent_at: s.link_sent_at ?? null,
    turn_waiting: s.turn_waiting === true,
    signed_at: s.signed_at ?? null,
    last_reminder_at: s.last_reminder_at ?? null,
    updated_at: s.updated_at,
  };
}

export function toSummary(o: OrderSummaryRecord): OrderSummary {
  return {
    id: o.id,
    order_number: o.order_number,
    title: o.title,
    status: o.status,
    total_price: o.total_price,
    currency_code: o.currency_code,
    country_id: o.country_id,
    document_name: o.document_name,
    request_id: o.request_id,
    request_number: o.request_number,
    signers_count: o.signers_count,
    payment_method_mix: o.payment_method_mix,
    payment_method_label: o.payment_method_label,
    credits_used: o.credits_used,
    created_at: o.created_at,
  };
}

export function toOrder(
  order: OrderRecord,
  lines: OrderLineRecord[],
  signers: SignerRecord[],
  now: Date,
  /** The catalogue's codes not delivered yet (catalog/availability.ts): cancellation terms. */
  unavailable: ReadonlySet<string> = new Set(),
): Order {
  return {
    ...toSummary(order),
    delivery_options: order.delivery_options,
    credits_discount_amount: order.credits_discount_amount,
    product_label: order.product_label,
    subtotal: order.subtotal,
    tax: order.tax,
    discounts: order.discounts,
    coupons: order.coupons ?? [],
    document_sha256: order.document_sha256 ?? null,
    original_file_url: order.original_file_url ?? null,
    signed_file_url: order.signed_file_url ?? null,
    notarized_file_url: order.notarized_file_url ?? null,
    notarial_stage: order.notarial_stage ?? null,
    notarized_act: order.notarized_act ?? null,
    notary_rejection: order.notary_rejection ?? null,
    signed_sha256: order.sealed_sha256 ?? null,
    verification_code: order.verification_code ?? null,
    items: lines.map((l) => ({
      id: `${l.order_id}-${l.line}`,
      service_id: l.service_id,
      name: l.service_name,
      category: l.service_category,
      description: l.service_description,
      quantity: l.quantity,
      unit_price_at_purchase: l.unit_price_at_purchase,
      item_total: l.item_total,
    })),
    signers: signers.map((s) => toOrderSigner(s, now, order.signature_type)),
    cancellation: cancelTerms(order, unavailable),
  };
}

/** An order the caller placed (checkout's answer) with its lines and signers; 404 otherwise. */
export async function orderView(id: string, sub: string, now: Date): Promise<Order> {
  const order = await getOrderPlacedBy(id, sub);
  if (!order) throw notFound(ordersEs.orderNotFound);
  return orderViewOf(order, now);
}

/** The view of an order record already read (one read: its status and its files agree). */
export async function orderViewOf(order: OrderRecord, now: Date): Promise<Order> {
  const [{ lines, signers }, unavailable] = await Promise.all([
    getOrderParts(order),
    // Only an open order has cancellation terms to show.
    order.status === 'processing' ? unavailableCodes(order.country_id) : new Set<string>(),
  ]);
  return toOrder(order, lines, signers, now, unavailable);
}

/**
 * Renames an order the context may act on (access.ts): trimmed (the schema does), unchanged
 * writes nothing.
 */
export async function renameOrder(id: string, acting: ActingAs, title: string, now: Date) {
  const order = await getOrderFor(id, acting);
  if (!order) throw notFound(ordersEs.orderNotFound);
  if (order.title === title) return orderViewOf(order, now);
  const done = await updateOrderTitle(id, order.user_sub, title, now.toISOString());
  if (!done) throw notFound(ordersEs.orderNotFound);
  return orderViewOf({ ...order, title }, now);
}

// ——— the history ———

type ListQuery = z.output<typeof listOrdersQuery>;
type ListResult = z.input<typeof listOrdersResponse>;

/**
 * First instant of a period on Chile's clock: 'year' from 1 January 00:00 in Santiago; the last
 * 7/30/90 days from the start of the Santiago day that many days ago, so a day the list shows
 * is either wholly in the period or wholly out of it (and nothing a rolling window would show
 * is left out). Returned as the UTC ISO string the keys hold.
 */
export function periodStart(period: ListQuery['period'], now: Date): string | undefined {
  if (!period) return undefined;
  if (period === 'year') return startOfSantiagoYear(now).toISOString();
  const days = { '7d': 7, '30d': 30, '90d': 90 }[period];
  return startOfSantiagoDay(addSantiagoDays(now, -days)).toISOString();
}

/** The search over title, document name and order number, accents and case folded. */
export function matchesSearch(o: OrderSummaryRecord, q: string | undefined): boolean {
  if (!q) return true;
  const needle = searchable(q);
  return [o.title, o.document_name, o.order_number].some((f) =>
    searchable(f ?? '').includes(needle),
  );
}

/**
 * The history (customer-flows §2.9) of the work context (access.ts historyOf): newest first,
 * pending orders hidden, the period as a key condition, the search over title, document name
 * and order number, then the page. The stat cards count every order of the history, not only
 * the filtered ones; the cart's count is the caller's own (requests are never shared).
 */
export async function listOrders(acting: ActingAs, q: ListQuery, now: Date): Promise<ListResult> {
  const from = periodStart(q.period, now);
  const history = historyOf(acting);
  const [all, inPeriod, pendingRequests] = await Promise.all([
    listOrderSummaries(history),
    from ? listOrderSummaries(history, from) : undefined,
    countPendingRequests(acting.sub),
  ]);
  const visible = (list: OrderSummaryRecord[]) => list.filter((o) => o.status !== 'pending');
  const listed = visible(all);
  const matching = visible(inPeriod ?? all).filter((o) => matchesSearch(o, q.q));
  const start = (q.page - 1) * q.page_size;
  return {
    orders: matching.slice(start, start + q.page_size).map(toSummary),
    total: matching.length,
    page: q.page,
    page_size: q.page_size,
    stats: {
      total_orders: listed.length,
      processing: listed.filter((o) => o.status === 'processing').length,
      completed: listed.filter((o) => o.status === 'completed').length,
      pending_requests: pendingRequests,
    },
  };
}

export const orderConflict = () => new AppError('CONFLICT', ordersEs.requestNotPending);
