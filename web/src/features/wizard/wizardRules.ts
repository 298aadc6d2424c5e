import type { CountryService, ServicesCatalog } from '../../../../shared/contract/catalog';
import type { DocumentKind } from '../../../../shared/contract/documents';
import type { SigningRequest } from '../../../../shared/contract/requests';
import { es, fmt } from '../../../../shared/messages.es';
import { normalizeEmail } from '../../../../shared/rules/email';
import { sanitizePhoneInput } from '../../../../shared/rules/phone';
import {
  type LineItem,
  orderTotal,
  pricedService,
  requestLineItems,
} from '../../../../shared/rules/pricing';
import {
  allowedSignatureCodes,
  CLAVE_UNICA_CODE,
  NOTARY_AUTHORIZED_CODE,
  type ServiceCategory,
} from '../../../../shared/rules/services';
import { allowedSignerCodes, type TypedSigner } from '../../../../shared/rules/signer-types';
import {
  MAX_SIGNERS,
  renumber,
  type SignerField,
  type SignerFields,
  type SignerMessages,
  signerErrors,
} from '../../../../shared/rules/signers';

/**
 * Pure rules of the request wizard (customer-flows §4.1, §5, §9): when each step may be left,
 * how service choices toggle and replace each other, the notary-authorized forcing of
 * 'FES + Clave Única', what a country change clears, signer numbering, phone input and the
 * estimate. The page only wires these to the screen; the server runs the same shared rules.
 */

export type WizardStep = 1 | 2 | 3 | 4;
export const STEPS: readonly WizardStep[] = [1, 2, 3, 4];
export const LAST_STEP: WizardStep = 4;

/**
 * The contract's document limits (shared/contract/documents.ts), repeated here so the page does
 * not bundle the contract's zod schemas; a unit test keeps both equal.
 */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** react-dropzone's `accept`: MIME type → extensions. */
export const DROPZONE_ACCEPT: Record<string, string[]> = {
  [DOCUMENT_MIME.pdf]: ['.pdf'],
  [DOCUMENT_MIME.doc]: ['.doc'],
  [DOCUMENT_MIME.docx]: ['.docx'],
};

/** The document the wizard holds (from an upload or from the saved request). */
export interface DraftDocument {
  id: string;
  file_name: string;
  size: number;
  kind: DocumentKind;
}

/** A signer as the wizard holds it: the §5 fields and, when chosen, their own type (issue 23). */
export interface DraftSigner extends SignerFields, TypedSigner {
  signer_index: number;
}

/** A signer's fields as the form edits them, with their own signature type when chosen. */
export type SignerDraftFields = SignerFields & TypedSigner;

/** Which service of each category is chosen (one per category, §4.1). */
export type ServiceSelection = Record<ServiceCategory, string | null>;

/** What the wizard edits; saved on the server step by step. */
export interface WizardDraft {
  document: DraftDocument | null;
  services: ServiceSelection;
  signers: DraftSigner[];
  /** true: automatic delivery to the signers; false: only to the requester; null: not chosen. */
  delivery: boolean | null;
  /** 'Firmar en orden': each signer signs after the one before (only with 2+ signers). */
  signInOrder: boolean;
}

export const EMPTY_SELECTION: ServiceSelection = {
  notarial_service: null,
  electronic_signature: null,
};

export const emptyDraft = (document: DraftDocument | null = null): WizardDraft => ({
  document,
  services: EMPTY_SELECTION,
  signers: [],
  delivery: null,
  signInOrder: false,
});

/** The wizard's state as the server saved it. */
export function draftFromRequest(r: SigningRequest): WizardDraft {
  return {
    document:
      r.document_id && r.document_name && r.document_kind
        ? {
            id: r.document_id,
            file_name: r.document_name,
            size: r.document_size ?? 0,
            kind: r.document_kind,
          }
        : null,
    services: {
      notarial_service: r.notarial_service_id,
      electronic_signature: r.signature_service_id,
    },
    signers: renumber(r.signers.map(toSignerInput)),
    delivery: r.delivery_options,
    signInOrder: r.sign_in_order,
  };
}

export function toSignerFields(s: SignerFields): SignerFields {
  return {
    first_name: s.first_name,
    last_name: s.last_name,
    id_number: s.id_number,
    email: s.email,
    phone: s.phone,
    phone_country_code: s.phone_country_code,
  };
}

/**
 * A signer as the request saves it: the fields and their own type only when they have one
 * (a signer following the request's type sends none, so a request without own types is sent
 * exactly as before issue 23).
 */
export function toSignerInput(s: SignerDraftFields): SignerDraftFields {
  const fields = toSignerFields(s);
  return s.signature_service_id
    ? { ...fields, signature_service_id: s.signature_service_id }
    : fields;
}

type Catalog = Pick<ServicesCatalog, 'notarial_services' | 'signature_types'>;

const byId = (list: readonly CountryService[], id: string | null) =>
  id ? list.find((s) => s.id === id) : undefined;

/** The chosen services as catalogue entries (a saved id the country no longer offers: none). */
export function chosenServices(
  catalog: Catalog | undefined,
  sel: ServiceSelection,
): { notarial?: CountryService; signature?: CountryService } {
  if (!catalog) return {};
  return {
    notarial: byId(catalog.notarial_services, sel.notarial_service),
    signature: byId(catalog.signature_types, sel.electronic_signature),
  };
}

/** Whether a catalogue service is delivered end to end (issue 21); unknown ids are not. */
export function isDelivered(catalog: Catalog, id: string): boolean {
  return [...catalog.notarial_services, ...catalog.signature_types].some(
    (s) => s.id === id && s.available,
  );
}

/** The signature types offered after a notarial choice (§4.1). */
export function offeredSignatures(
  catalog: Catalog,
  notarialCode: string | null | undefined,
): CountryService[] {
  const allowed = allowedSignatureCodes(
    notarialCode,
    catalog.signature_types.map((s) => s.code),
  );
  return catalog.signature_types.filter((s) => allowed.includes(s.code));
}

export const isSignatureForced = (notarialCode: string | null | undefined) =>
  notarialCode === NOTARY_AUTHORIZED_CODE;

/**
 * The types a signer may choose for themselves (issue 23): the delivered signature types of the
 * country, only 'FES + Clave Única' with the notary-authorized option (shared/rules/signer-types.ts).
 */
export function signerTypeOptions(
  catalog: Catalog | undefined,
  notarialCode: string | null | undefined,
): CountryService[] {
  if (!catalog) return [];
  const delivered = catalog.signature_types.filter((s) => s.available);
  const allowed = allowedSignerCodes(
    notarialCode,
    delivered.map((s) => s.code),
  );
  return delivered.filter((s) => allowed.includes(s.code));
}

/**
 * Choosing a signer's type: the request's type is stored as "none of their own" (so the signer
 * follows step 2 if it changes), any other as theirs.
 */
export function withSignerType<T extends TypedSigner>(
  signer: T,
  serviceId: string,
  requestSignatureId: string | null,
): T {
  const { signature_service_id: _old, ...rest } = signer;
  return (
    serviceId && serviceId !== requestSignatureId
      ? { ...rest, signature_service_id: serviceId }
      : rest
  ) as T;
}

/** Every signer back on the request's type (a new country; the notary-authorized option). */
export const withoutOwnTypes = (signers: readonly DraftSigner[]): DraftSigner[] =>
  signers.map(({ signature_service_id: _own, ...rest }) => rest);

/** The code of a signer's own type, from the catalogue (unknown: undefined). */
export const ownTypeCode =
  (catalog: Catalog | undefined) =>
  (serviceId: string): string | undefined =>
    catalog?.signature_types.find((s) => s.id === serviceId)?.code;

/**
 * Selecting a service (§4.1): choosing the chosen one again removes it; another of the same
 * category replaces it. Choosing 'Sí, firma autorizada por notario' clears the signature type and
 * selects 'FES + Clave Única', which can then not be removed or changed; any other notarial
 * choice keeps the signature type only if it is still offered (never Clave Única). Removing the
 * notary-authorized option removes the signature it forced.
 */
export function toggleService(
  sel: ServiceSelection,
  service: Pick<CountryService, 'id' | 'code' | 'category'>,
  catalog: Catalog,
): ServiceSelection {
  const notarial = byId(catalog.notarial_services, sel.notarial_service);
  const signature = byId(catalog.signature_types, sel.electronic_signature);
  // Not delivered yet (issue 21): shown as 'Próximamente', never chosen (a stored choice of
  // it can still be removed).
  const chosen = sel.notarial_service === service.id || sel.electronic_signature === service.id;
  if (!chosen && !isDelivered(catalog, service.id)) return sel;

  if (service.category === 'electronic_signature') {
    if (isSignatureForced(notarial?.code)) return sel;
    if (sel.electronic_signature === service.id) return { ...sel, electronic_signature: null };
    const offered = offeredSignatures(catalog, notarial?.code).some((s) => s.id === service.id);
    return offered ? { ...sel, electronic_signature: service.id } : sel;
  }

  if (sel.notarial_service === service.id) {
    const forced = isSignatureForced(service.code) && signature?.code === CLAVE_UNICA_CODE;
    return {
      notarial_service: null,
      electronic_signature: forced ? null : sel.electronic_signature,
    };
  }
  if (isSignatureForced(service.code)) {
    const claveUnica = catalog.signature_types.find((s) => s.code === CLAVE_UNICA_CODE);
    return { notarial_service: service.id, electronic_signature: claveUnica?.id ?? null };
  }
  const keep =
    signature && offeredSignatures(catalog, service.code).some((s) => s.id === signature.id);
  return { notarial_service: service.id, electronic_signature: keep ? signature.id : null };
}

/** A new country has other services and prices: the choices are cleared (§4.1). */
export function clearForCountryChange(draft: WizardDraft): WizardDraft {
  return { ...draft, services: EMPTY_SELECTION, signers: withoutOwnTypes(draft.signers) };
}

/** Messages of the §5 signer rules, from the catalogue (the server uses the same texts). */
export const signerMessages: SignerMessages = {
  required: es.orders.signerRequired,
  emailInvalid: es.orders.emailInvalid,
  rutInvalid: es.orders.rutInvalid,
  phoneInvalid: es.orders.phoneInvalid,
  tooLong: es.orders.tooLong,
};

/** A signer's fields the wizard shows problems for: the §5 ones and their own type. */
export type DraftSignerField = SignerField | 'signature_service_id';
export type SignerErrors = Partial<Record<DraftSignerField, string>>;

/** How step 3 tells each signer's type: the request's code and the catalogue's own types. */
export interface SignerTypeRules {
  /** The request's type's code (step 2). */
  signatureCode: string | null | undefined;
  /** The code of a signer's own type; undefined while unknown (no catalogue yet). */
  ownCode?: (serviceId: string) => string | undefined;
  /** Own types the signer may not have (not offered now); absent: not checked. */
  offered?: readonly CountryService[];
}

/** Step 3's type rules for a selection; without the catalogue only the request's code. */
export function signerTypeRules(
  catalog: Catalog | undefined,
  sel: ServiceSelection,
  signatureCode: string | null | undefined,
): SignerTypeRules {
  if (!catalog) return { signatureCode };
  return {
    signatureCode,
    ownCode: ownTypeCode(catalog),
    offered: signerTypeOptions(catalog, chosenServices(catalog, sel).notarial?.code),
  };
}

/** The code of the type a signer signs with: their own, else the request's. */
export const signerCode = (s: TypedSigner, rules: SignerTypeRules): string | null | undefined =>
  s.signature_service_id ? rules.ownCode?.(s.signature_service_id) : rules.signatureCode;

/** §5 for one signer, with the signature type's RUT rule. */
export function validateSigner(s: SignerFields, signatureCode: string | null | undefined) {
  return signerErrors(s, signatureCode, signerMessages, fmt);
}

/**
 * Every signer's problems, as the server finds them (functions/requests/rules.ts): the §5
 * rules per field and an e-mail repeated in the same document (each signer gets their own
 * link). Keyed by position (0-based); valid signers are absent.
 */
export function signerListErrors(
  signers: readonly SignerDraftFields[],
  types: SignerTypeRules,
): Record<number, SignerErrors> {
  const out: Record<number, SignerErrors> = {};
  const seen = new Set<string>();
  signers.forEach((s, i) => {
    const errors: SignerErrors = validateSigner(s, signerCode(s, types));
    const own = s.signature_service_id;
    if (own && types.offered && !types.offered.some((o) => o.id === own)) {
      errors.signature_service_id = es.documents.serviceUnavailable;
    }
    const email = normalizeEmail(s.email);
    if (email && seen.has(email)) errors.email ??= es.orders.signerDuplicateEmail;
    seen.add(email);
    if (Object.keys(errors).length > 0) out[i] = errors;
  });
  return out;
}

/** Whether `email` is already used by a signer other than the one at `exceptIndex`. */
export function emailTaken(
  signers: readonly SignerFields[],
  email: string,
  exceptIndex: number | null,
): boolean {
  const wanted = normalizeEmail(email);
  return signers.some((s, i) => i !== exceptIndex && normalizeEmail(s.email) === wanted);
}

/** Adds a signer at the end (numbered), or refuses at the limit of 10 (§5). */
export function addSigner(
  signers: readonly DraftSigner[],
  signer: SignerDraftFields,
): { ok: true; signers: DraftSigner[] } | { ok: false; message: string } {
  if (signers.length >= MAX_SIGNERS) return { ok: false, message: es.orders.maxSigners };
  return { ok: true, signers: renumber([...signers.map(toSignerInput), toSignerInput(signer)]) };
}

/** Replaces the signer at `index` (0-based), keeping the numbering. */
export function replaceSigner(
  signers: readonly DraftSigner[],
  index: number,
  signer: SignerDraftFields,
): DraftSigner[] {
  return renumber(signers.map((s, i) => toSignerInput(i === index ? signer : s)));
}

/** Removes the signer at `index` (0-based); the rest are renumbered from 1 (§4.1). */
export function removeSigner(signers: readonly DraftSigner[], index: number): DraftSigner[] {
  return renumber(signers.filter((_, i) => i !== index).map(toSignerInput));
}

/** Field errors the API answered (`signers.{i}.{field}`), per signer position (0-based). */
export function serverSignerErrors(fields: Record<string, string>): Record<number, SignerErrors> {
  const out: Record<number, SignerErrors> = {};
  for (const [key, message] of Object.entries(fields)) {
    const m = /^signers\.(\d+)\.(\w+)$/.exec(key);
    if (!m) continue;
    const index = Number(m[1]);
    const field = m[2] as DraftSignerField;
    out[index] = { ...out[index], [field]: message };
  }
  return out;
}

/**
 * What the phone input keeps as the user types (§5): digits only, capped at the code's maximum.
 * A number pasted in international form with the selected code ("+56 9 1234 5678") loses that
 * prefix first, or the cap would cut the real number's end.
 */
export function phoneInput(value: string, dialCode: string): string {
  const trimmed = value.trimStart();
  const local = trimmed.startsWith(dialCode) ? trimmed.slice(dialCode.length) : trimmed;
  return sanitizePhoneInput(local, dialCode);
}

/** The signature type's code, from the catalogue choice or, before it loads, the quote. */
export function signatureCodeOf(
  catalog: Catalog | undefined,
  sel: ServiceSelection,
  request?: Pick<SigningRequest, 'quote'> | null,
): string | null {
  const fromCatalog = chosenServices(catalog, sel).signature?.code;
  if (fromCatalog) return fromCatalog;
  if (catalog) return null;
  return request?.quote.items.find((i) => i.category === 'electronic_signature')?.code ?? null;
}

/**
 * Whether a step's 'Siguiente' is enabled (§4.1): step 1 needs a document; step 2 a notarial
 * service and a signature type (the one allowed with it); step 3 one to ten signers, all valid
 * for the signature type and with distinct e-mails; step 4 a delivery choice. Without the catalogue, step 2 trusts the
 * saved ids (the server checked them).
 */
export function stepComplete(
  step: WizardStep,
  draft: WizardDraft,
  catalog: Catalog | undefined,
  signatureCode: string | null,
): boolean {
  switch (step) {
    case 1:
      return draft.document !== null;
    case 2: {
      if (!catalog) {
        return !!draft.services.notarial_service && !!draft.services.electronic_signature;
      }
      const { notarial, signature } = chosenServices(catalog, draft.services);
      if (!notarial || !signature || !notarial.available || !signature.available) return false;
      return offeredSignatures(catalog, notarial.code).some((s) => s.id === signature.id);
    }
    case 3:
      return (
        draft.signers.length >= 1 &&
        draft.signers.length <= MAX_SIGNERS &&
        Object.keys(
          signerListErrors(draft.signers, signerTypeRules(catalog, draft.services, signatureCode)),
        ).length === 0
      );
    case 4:
      return draft.delivery !== null;
  }
}

/** The first step that is not complete; the last one when all are (edit-and-pay opens it). */
export function firstIncompleteStep(
  draft: WizardDraft,
  catalog: Catalog | undefined,
  signatureCode: string | null,
): WizardStep {
  return STEPS.find((s) => !stepComplete(s, draft, catalog, signatureCode)) ?? LAST_STEP;
}

/** Where a reload resumes: the stored step, but never past the first incomplete one. */
export function resumeStep(
  storedStep: number,
  draft: WizardDraft,
  catalog: Catalog | undefined,
  signatureCode: string | null,
): WizardStep {
  const limit = firstIncompleteStep(draft, catalog, signatureCode);
  const stored = Math.min(Math.max(1, Math.floor(storedStep)), LAST_STEP) as WizardStep;
  return Math.min(stored, limit) as WizardStep;
}

/**
 * The estimate of §9 with the server's own function (shared/rules/pricing.ts): catalogue
 * prices, one signature line per type in use among the signers (issue 23), per-signer
 * services times their signers (at least 1).
 */
export function estimate(
  catalog: Catalog | undefined,
  sel: ServiceSelection,
  signers: readonly TypedSigner[],
): { items: LineItem[]; total: number } {
  const { notarial } = chosenServices(catalog, sel);
  const items = requestLineItems({
    notarial: notarial ? pricedService(notarial) : undefined,
    signatureServiceId: sel.electronic_signature,
    signers,
    priced: (id) => {
      const s = catalog ? byId(catalog.signature_types, id) : undefined;
      return s ? pricedService(s) : undefined;
    },
  });
  return { items, total: orderTotal(items) };
}

/** The document kind by the file's extension; null for anything else. */
export function documentKindOf(fileName: string): DocumentKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  return ext === 'pdf' || ext === 'doc' || ext === 'docx' ? ext : null;
}

/** react-dropzone's rejection codes in Spanish (never the library's English texts). */
export function rejectionMessage(codes: readonly string[]): string {
  if (codes.includes('too-many-files')) return es.wizard.tooManyFiles;
  if (codes.includes('file-invalid-type')) return es.documents.invalidType;
  if (codes.includes('file-too-large')) return es.documents.tooLarge;
  if (codes.includes('file-too-small')) return es.documents.empty;
  return es.documents.uploadError;
}

/** Checks a picked file before any call (the server checks again, by its bytes). */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (!documentKindOf(file.name)) return es.documents.invalidType;
  if (file.size <= 0) return es.documents.empty;
  if (file.size > MAX_DOCUMENT_BYTES) return es.documents.tooLarge;
  return null;
}

/** Shown sizes: one formatter for the whole app (lib/fileSize.ts). */
export { formatFileSize } from '../../lib/fileSize';

/** AI analysis cost: the ai_document_analysis rule, 5 credits when there is none (§9). */
export const DEFAULT_ANALYSIS_CREDITS = 5;
export function analysisCost(
  rules: readonly { service_name: string; credits_per_unit: number }[] | undefined,
): number {
  return (
    rules?.find((r) => r.service_name === 'ai_document_analysis')?.credits_per_unit ??
    DEFAULT_ANALYSIS_CREDITS
  );
}

/** The AI analysis's idempotency key: the document's own (shared/rules/availability.ts). */
export { analysisKey } from '../../../../shared/rules/availability';

/** The analysis result shows no sooner than 10 s after the call started (§7.5). */
export const ANALYSIS_MIN_MS = 10_000;
export function remainingAnalysisDelay(startedAt: number, now: number): number {
  return Math.max(0, startedAt + ANALYSIS_MIN_MS - now);
}
