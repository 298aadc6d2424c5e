import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { CountryService } from '../../shared/contract/catalog.js';
import type {
  Quote,
  SavedSigner,
  SavedSignerInput,
  SignerInput,
  SigningRequest,
  updateRequestRequest,
} from '../../shared/contract/requests.js';
import { apiEs } from '../../shared/messages/api.es.js';
import { documentsEs } from '../../shared/messages/documents.es.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { CLAVE_UNICA_CODE, NOTARY_AUTHORIZED_CODE } from '../../shared/rules/services.js';
import { renumber } from '../../shared/rules/signers.js';
import { listServicesForCountry, priceServices } from '../catalog/services-repo.js';
import { getCountry } from '../countries/repo.js';
import { userOwner } from '../credits/keys.js';
import { getOwnedDocument } from '../documents/repo.js';
import { checkAccess } from '../features/service.js';
import { AppError, forbidden, notFound } from '../platform/errors.js';
import { quoteRequest, quoteRequests } from './quote.js';
import {
  deletePendingRequest,
  deleteSavedSignerById,
  getOwnedRequest,
  listPendingRequests,
  listSavedSigners,
  newRequestNumber,
  putNewRequest,
  putSavedSigner,
  type RequestChanges,
  type RequestItem,
  updatePendingRequest,
} from './repo.js';
import { assertSignersValid, resolveServices } from './rules.js';
import {
  assertSignerTypes,
  ownCodeFrom,
  ownSignatureIds,
  withoutOwnTypes,
} from './signer-types.js';

/**
 * Signing requests (the wizard's saved state and the cart) and saved signers
 * (customer-flows §2.5, §2.9, §4.1, §4.2, §5, §6). Every rule the wizard checks in the browser
 * is checked here again; prices come from the catalogue (quote.ts).
 */
const m = ordersEs;

const requestNotFound = () => notFound(m.requestNotFound);
const notPending = () => new AppError('CONFLICT', m.requestNotPending);

export function toView(req: RequestItem, quote: Quote): SigningRequest {
  return {
    id: req.id,
    request_number: req.request_number,
    status: req.status,
    country_id: req.country_id,
    currency_code: req.currency_code,
    document_id: req.document_id ?? null,
    document_name: req.document_name ?? null,
    document_size: req.document_size ?? null,
    document_kind: req.document_kind ?? null,
    title: req.title ?? null,
    notarial_service_id: req.notarial_service_id ?? null,
    signature_service_id: req.signature_service_id ?? null,
    signers: req.signers,
    signers_count: req.signers.length,
    sign_count: req.sign_count ?? 0,
    signature_overall_status: req.signature_overall_status,
    delivery_options: req.delivery_options ?? null,
    sign_in_order: req.sign_in_order === true,
    associated_order_number: req.associated_order_number ?? null,
    order_id: req.order_id ?? null,
    quote,
    created_at: req.created_at,
    updated_at: req.updated_at,
    version: req.version,
  };
}

async function activeCountry(countryId: string) {
  const country = await getCountry(countryId);
  if (!country?.is_active) throw new AppError('BUSINESS_RULE', m.countryRequired);
  return country;
}

/** The caller's document, uploaded and checked (status ready), or 404 / 422. */
async function readyDocument(documentId: string, sub: string) {
  const doc = await getOwnedDocument(documentId, sub);
  if (!doc) throw notFound(documentsEs.notFound);
  if (doc.status !== 'ready') throw new AppError('BUSINESS_RULE', documentsEs.notUploaded);
  return {
    document_id: doc.id,
    document_name: doc.file_name,
    document_size: doc.size,
    document_kind: doc.kind,
    document_sha256: doc.sha256 ?? null,
  };
}

/** Leaving step 1 (§4.1, §4.2): a pending request for the caller's document in a country. */
export async function createRequest(
  sub: string,
  input: { country_id: string; document_id: string },
  now: Date,
): Promise<RequestItem> {
  // Both reads at once; the country's refusal is reported first, whichever fails first.
  const [countryRead, docRead] = await Promise.allSettled([
    activeCountry(input.country_id),
    readyDocument(input.document_id, sub),
  ]);
  if (countryRead.status === 'rejected') throw countryRead.reason;
  if (docRead.status === 'rejected') throw docRead.reason;
  const country = countryRead.value;
  const doc = docRead.value;
  const at = now.toISOString();
  const req: RequestItem = {
    id: randomUUID(),
    request_number: newRequestNumber(),
    user_sub: sub,
    status: 'pending',
    country_id: country.id,
    currency_code: country.currency_code,
    ...doc,
    title: null,
    notarial_service_id: null,
    signature_service_id: null,
    signers: [],
    signers_count: 0,
    delivery_options: null,
    signature_overall_status: 'pending',
    sign_count: 0,
    associated_order_number: null,
    order_id: null,
    payment_intent_id: null,
    created_at: at,
    updated_at: at,
    version: 1,
  };
  await putNewRequest(req);
  return req;
}

/** The caller's request, or 404 (missing and another user's look the same). */
export async function ownedRequest(sub: string, id: string): Promise<RequestItem> {
  const req = await getOwnedRequest(id, sub);
  if (!req) throw requestNotFound();
  return req;
}

export type UpdateInput = z.output<typeof updateRequestRequest>;

/** A signer sent without a type of their own is stored without one (null is not kept). */
const dropEmptyOwnType = (s: SignerInput): SignerInput => {
  if (s.signature_service_id) return s;
  const { signature_service_id: _none, ...rest } = s;
  return rest;
};

/**
 * Saves wizard progress (§4.1, §5). Absent fields stay; a new country clears the services not
 * named in the same call; the service rules of rules.ts apply to the resulting selection;
 * signers are checked against the resulting signature type and renumbered from 1. One
 * conditional write on the version read: a concurrent save makes this one a 409, never a
 * silent overwrite.
 */
export async function updateRequest(
  sub: string,
  id: string,
  input: UpdateInput,
  now: Date,
): Promise<RequestItem> {
  const current = await ownedRequest(sub, id);
  if (current.status !== 'pending') throw notPending();
  if (input.version !== undefined && input.version !== current.version) {
    throw new AppError('CONFLICT', apiEs.conflict);
  }
  const changes: RequestChanges = {};

  let countryId = current.country_id;
  const countryChanged = input.country_id !== undefined && input.country_id !== countryId;
  if (countryChanged) {
    const country = await activeCountry(input.country_id as string);
    countryId = country.id;
    changes.country_id = country.id;
    changes.currency_code = country.currency_code;
  }
  if (input.document_id !== undefined && input.document_id !== current.document_id) {
    Object.assign(changes, await readyDocument(input.document_id, sub));
  }

  // Services: a changed country clears those this call does not name (§4.1).
  const servicesTouched =
    countryChanged ||
    input.notarial_service_id !== undefined ||
    input.signature_service_id !== undefined;
  const pick = (given: string | null | undefined, stored: string | null) =>
    given !== undefined ? given : countryChanged ? null : stored;
  const selection = {
    notarial_service_id: pick(input.notarial_service_id, current.notarial_service_id),
    signature_service_id: pick(input.signature_service_id, current.signature_service_id),
  };
  let signatureCode: string | null = null;
  let notarialCode: string | undefined;
  let prices: ReadonlyMap<string, CountryService> = new Map();
  if (servicesTouched || input.signers !== undefined) {
    prices = await priceServices(
      countryId,
      [
        selection.notarial_service_id,
        selection.signature_service_id,
        ...ownSignatureIds(input.signers ?? []),
      ].filter((s): s is string => !!s),
    );
    if (servicesTouched) {
      const resolved = await resolveServices({
        ...selection,
        explicitNotarial: !!input.notarial_service_id,
        explicitSignature: !!input.signature_service_id,
        prices,
        findClaveUnica: async () =>
          (await listServicesForCountry(countryId)).find(
            (s) => s.code === CLAVE_UNICA_CODE && s.category === 'electronic_signature',
          ),
      });
      changes.notarial_service_id = resolved.notarial_service_id;
      changes.signature_service_id = resolved.signature_service_id;
      signatureCode = resolved.signatureCode;
    } else if (selection.signature_service_id) {
      signatureCode = prices.get(selection.signature_service_id)?.code ?? null;
    }
    const notarialId = changes.notarial_service_id ?? selection.notarial_service_id;
    notarialCode = notarialId ? prices.get(notarialId)?.code : undefined;
  }

  if (input.signers !== undefined) {
    // A type change alone may leave stored signers invalid (the wizard re-checks step 3 and
    // payment refuses them); signers sent in this call must be valid for their resulting type.
    assertSignerTypes(input.signers, notarialCode, prices);
    assertSignersValid(input.signers, signatureCode, ownCodeFrom(prices));
    changes.signers = renumber(input.signers.map(dropEmptyOwnType));
    changes.signers_count = input.signers.length;
  } else if (
    (countryChanged || (servicesTouched && notarialCode === NOTARY_AUTHORIZED_CODE)) &&
    current.signers.some((s) => s.signature_service_id)
  ) {
    // The signers' own types go the way the request's does (§4.1): a new country has other
    // services, and the notary-authorized option makes every signer sign with Clave Única.
    changes.signers = withoutOwnTypes(current.signers);
  }
  if (input.delivery_options !== undefined) changes.delivery_options = input.delivery_options;
  if (input.sign_in_order !== undefined) changes.sign_in_order = input.sign_in_order;
  if (input.title !== undefined) changes.title = input.title ? input.title : null;

  if (Object.keys(changes).length === 0) return current;
  const saved = await updatePendingRequest(current, changes, now.toISOString());
  if (saved) return saved;
  // The condition failed: say why from what is there now.
  const fresh = await getOwnedRequest(id, sub);
  if (!fresh) throw requestNotFound();
  if (fresh.status !== 'pending') throw notPending();
  throw new AppError('CONFLICT', apiEs.conflict);
}

/** Deletes one of the caller's pending requests (the cart's delete, §2.9). */
export async function deleteRequest(sub: string, id: string): Promise<void> {
  const req = await getOwnedRequest(id, sub);
  if (!req) throw requestNotFound();
  if (req.status !== 'pending') throw notPending();
  if (await deletePendingRequest(id, sub)) return;
  // The condition failed on a request that was the caller's and pending: paid since, or gone,
  // deleted by this very call (the SDK's retry of a delete that had landed) or by the owner's
  // other tab. Gone is what the caller asked for.
  const now = await getOwnedRequest(id, sub);
  if (now) throw notPending();
}

export async function requestView(req: RequestItem): Promise<SigningRequest> {
  return toView(req, await quoteRequest(req));
}

/** The cart: pending requests newest first, each with its quote (catalogue read per country). */
export async function cart(sub: string) {
  const reqs = await listPendingRequests(sub);
  const quotes = await quoteRequests(reqs);
  return reqs.map((r, i) => {
    const v = toView(r, quotes[i] as Quote);
    return {
      id: v.id,
      request_number: v.request_number,
      status: v.status,
      country_id: v.country_id,
      currency_code: v.currency_code,
      document_name: v.document_name,
      title: v.title,
      signers_count: v.signers_count,
      quote: v.quote,
      created_at: v.created_at,
      updated_at: v.updated_at,
    };
  });
}

// Saved signers (§3 saved_signers, §6: need an active saved_signers_access subscription)

export const SAVED_SIGNERS_FEATURE = 'saved_signers_access';

async function hasSavedSignersAccess(sub: string, nowEpoch: number): Promise<boolean> {
  return (await checkAccess(userOwner(sub), SAVED_SIGNERS_FEATURE, nowEpoch)).has_access;
}

const byName = (a: SavedSigner, b: SavedSigner) =>
  `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`, 'es', {
    sensitivity: 'base',
  }) || a.email.localeCompare(b.email);

/** Without the feature the panel shows nothing (and offers the subscription). */
export async function savedSigners(sub: string, nowEpoch: number) {
  if (!(await hasSavedSignersAccess(sub, nowEpoch))) return { has_access: false, signers: [] };
  return { has_access: true, signers: (await listSavedSigners(sub)).sort(byName) };
}

export async function saveSigner(
  sub: string,
  input: SavedSignerInput,
  now: Date,
): Promise<SavedSigner> {
  if (!(await hasSavedSignersAccess(sub, Math.floor(now.getTime() / 1000)))) {
    throw forbidden(m.savedNoAccess);
  }
  const signer: SavedSigner = { id: randomUUID(), ...input, created_at: now.toISOString() };
  if (!(await putSavedSigner(sub, signer))) throw new AppError('CONFLICT', m.savedDuplicate);
  return signer;
}

export async function deleteSavedSigner(sub: string, id: string, nowEpoch: number) {
  if (!(await hasSavedSignersAccess(sub, nowEpoch))) throw forbidden(m.savedNoAccess);
  if (!(await deleteSavedSignerById(sub, id))) throw notFound(m.savedDeleteError);
}
