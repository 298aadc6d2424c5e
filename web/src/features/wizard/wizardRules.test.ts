import { describe, expect, it } from 'vitest';
import type { CountryService } from '../../../../shared/contract/catalog';
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES } from '../../../../shared/contract/documents';
import type { SigningRequest } from '../../../../shared/contract/requests';
import { es } from '../../../../shared/messages.es';
import { rutCheckDigit } from '../../../../shared/rules/rut';
import {
  addSigner,
  analysisCost,
  clearForCountryChange,
  DOCUMENT_MIME,
  type DraftSigner,
  documentKindOf,
  draftFromRequest,
  EMPTY_SELECTION,
  emailTaken,
  emptyDraft,
  estimate,
  fileProblem,
  firstIncompleteStep,
  formatFileSize,
  isDelivered,
  offeredSignatures,
  phoneInput,
  rejectionMessage,
  remainingAnalysisDelay,
  removeSigner,
  replaceSigner,
  resumeStep,
  type ServiceSelection,
  serverSignerErrors,
  signatureCodeOf,
  signerListErrors,
  signerTypeOptions,
  signerTypeRules,
  stepComplete,
  toggleService,
  toSignerInput,
  validateSigner,
  MAX_DOCUMENT_BYTES as WIZARD_MAX_BYTES,
  type WizardDraft,
  withoutOwnTypes,
  withSignerType,
} from './wizardRules';

const service = (
  id: string,
  code: string,
  category: CountryService['category'],
  price: number,
  pricing_model: CountryService['pricing_model'] = 'flat',
): CountryService => ({
  id,
  code,
  name: code,
  description: '',
  category,
  is_combinable: true,
  is_standalone: false,
  flows: ['document_legalization'],
  price,
  currency_code: 'CLP',
  pricing_model,
  // The §4.1 rules are about options that can be sold; availability has its own cases below.
  available: true,
});

const notaryAuthorized = service('n1', 'firma_autorizada', 'notarial_service', 15000);
const legalizedCopy = service('n2', 'copia_legalizada', 'notarial_service', 8000);
const noNotary = service('n3', 'sin_notario', 'notarial_service', 0);
const simple = service('s1', 'fes', 'electronic_signature', 3000, 'per_signer');
const advanced = service('s2', 'fea', 'electronic_signature', 9000, 'per_signer');
const claveUnica = service('s3', 'fes_clave_unica', 'electronic_signature', 5000, 'per_signer');

const catalog = {
  notarial_services: [notaryAuthorized, legalizedCopy, noNotary],
  signature_types: [simple, advanced, claveUnica],
};

const rut = (body: string) => `${body}-${rutCheckDigit(body)}`;
const signer = (n: number, over: Partial<DraftSigner> = {}): DraftSigner => ({
  first_name: `Nombre${n}`,
  last_name: 'Pérez',
  id_number: rut(String(12345670 + n)),
  email: `firmante${n}@example.com`,
  phone: `91234567${n % 10}`,
  phone_country_code: '+56',
  signer_index: n,
  ...over,
});

const doc = { id: 'd1', file_name: 'contrato.pdf', size: 2048, kind: 'pdf' as const };

describe('document limits', () => {
  it('match the contract (the page keeps its own copy to stay free of zod)', () => {
    expect(WIZARD_MAX_BYTES).toBe(MAX_DOCUMENT_BYTES);
    expect(DOCUMENT_MIME).toEqual(DOCUMENT_TYPES);
  });

  it('accept PDF, DOC and DOCX by extension, up to 10 MB, never empty', () => {
    expect(documentKindOf('Contrato Final.PDF')).toBe('pdf');
    expect(documentKindOf('a.doc')).toBe('doc');
    expect(documentKindOf('a.docx')).toBe('docx');
    expect(documentKindOf('a.pdf.exe')).toBeNull();
    expect(documentKindOf('pdf')).toBeNull();
    expect(fileProblem({ name: 'a.pdf', size: 10 * 1024 * 1024 })).toBeNull();
    expect(fileProblem({ name: 'a.pdf', size: 10 * 1024 * 1024 + 1 })).toBe(es.documents.tooLarge);
    expect(fileProblem({ name: 'a.pdf', size: 0 })).toBe(es.documents.empty);
    expect(fileProblem({ name: 'a.png', size: 10 })).toBe(es.documents.invalidType);
  });

  it("shows dropzone rejections in Spanish, never the library's English", () => {
    expect(rejectionMessage(['file-invalid-type'])).toBe(es.documents.invalidType);
    expect(rejectionMessage(['file-too-large'])).toBe(es.documents.tooLarge);
    expect(rejectionMessage(['file-too-small'])).toBe(es.documents.empty);
    expect(rejectionMessage(['too-many-files', 'file-invalid-type'])).toBe(es.wizard.tooManyFiles);
  });

  it('formats sizes in KB and MB', () => {
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(100)).toBe('1 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,5 MB');
  });
});

describe('service selection (§4.1)', () => {
  it('a second click on the chosen service removes it', () => {
    const one = toggleService(EMPTY_SELECTION, legalizedCopy, catalog);
    expect(one.notarial_service).toBe('n2');
    expect(toggleService(one, legalizedCopy, catalog).notarial_service).toBeNull();
    const sig = toggleService(one, simple, catalog);
    expect(sig.electronic_signature).toBe('s1');
    expect(toggleService(sig, simple, catalog)).toEqual({ ...sig, electronic_signature: null });
  });

  it('a service of a category replaces the previous one of that category only', () => {
    let sel = toggleService(EMPTY_SELECTION, legalizedCopy, catalog);
    sel = toggleService(sel, simple, catalog);
    sel = toggleService(sel, advanced, catalog);
    expect(sel).toEqual({ notarial_service: 'n2', electronic_signature: 's2' });
    sel = toggleService(sel, noNotary, catalog);
    expect(sel).toEqual({ notarial_service: 'n3', electronic_signature: 's2' });
  });

  it("'Sí, firma autorizada por notario' clears the signature and forces FES + Clave Única", () => {
    let sel = toggleService(EMPTY_SELECTION, legalizedCopy, catalog);
    sel = toggleService(sel, advanced, catalog);
    sel = toggleService(sel, notaryAuthorized, catalog);
    expect(sel).toEqual({ notarial_service: 'n1', electronic_signature: 's3' });
    expect(offeredSignatures(catalog, 'firma_autorizada').map((s) => s.id)).toEqual(['s3']);
    // The forced type can be neither removed nor replaced.
    expect(toggleService(sel, claveUnica, catalog)).toEqual(sel);
    expect(toggleService(sel, simple, catalog)).toEqual(sel);
  });

  it('any other notarial choice offers every type but Clave Única and drops it', () => {
    const forced = toggleService(EMPTY_SELECTION, notaryAuthorized, catalog);
    const other = toggleService(forced, legalizedCopy, catalog);
    expect(other).toEqual({ notarial_service: 'n2', electronic_signature: null });
    expect(offeredSignatures(catalog, 'copia_legalizada').map((s) => s.id)).toEqual(['s1', 's2']);
    expect(toggleService(other, claveUnica, catalog)).toEqual(other);
  });

  it('removing the notary-authorized option removes the signature it forced', () => {
    const forced = toggleService(EMPTY_SELECTION, notaryAuthorized, catalog);
    expect(toggleService(forced, notaryAuthorized, catalog)).toEqual(EMPTY_SELECTION);
  });

  it('without Clave Única in the catalogue the forced type stays empty (step 2 incomplete)', () => {
    const noCu = { ...catalog, signature_types: [simple, advanced] };
    const sel = toggleService(EMPTY_SELECTION, notaryAuthorized, noCu);
    expect(sel.electronic_signature).toBeNull();
    expect(stepComplete(2, { ...emptyDraft(doc), services: sel }, noCu, null)).toBe(false);
  });

  it('a country change clears the notarial service and the signature, nothing else', () => {
    const draft: WizardDraft = {
      document: doc,
      services: { notarial_service: 'n2', electronic_signature: 's1' },
      signers: [signer(1)],
      delivery: true,
      signInOrder: true,
    };
    expect(clearForCountryChange(draft)).toEqual({ ...draft, services: EMPTY_SELECTION });
  });
});

describe('step enabling (§4.1)', () => {
  const chosen: ServiceSelection = { notarial_service: 'n2', electronic_signature: 's2' };

  it('step 1 needs a document', () => {
    expect(stepComplete(1, emptyDraft(), catalog, null)).toBe(false);
    expect(stepComplete(1, emptyDraft(doc), catalog, null)).toBe(true);
  });

  it('step 2 needs both a notarial service and an allowed signature type', () => {
    const d = emptyDraft(doc);
    expect(stepComplete(2, d, catalog, null)).toBe(false);
    const onlyNotarial = { ...d, services: { ...EMPTY_SELECTION, notarial_service: 'n2' } };
    expect(stepComplete(2, onlyNotarial, catalog, null)).toBe(false);
    expect(stepComplete(2, { ...d, services: chosen }, catalog, null)).toBe(true);
    // Clave Única with another notarial option (e.g. an old save) is not allowed.
    const mixed = { ...d, services: { notarial_service: 'n2', electronic_signature: 's3' } };
    expect(stepComplete(2, mixed, catalog, null)).toBe(false);
    // An id the country does not offer counts as no choice.
    const gone = { ...d, services: { notarial_service: 'zz', electronic_signature: 's1' } };
    expect(stepComplete(2, gone, catalog, null)).toBe(false);
  });

  it('step 3 needs 1 to 10 signers, all valid for the signature type', () => {
    const d = { ...emptyDraft(doc), services: chosen };
    expect(stepComplete(3, d, catalog, 'fea')).toBe(false);
    expect(stepComplete(3, { ...d, signers: [signer(1)] }, catalog, 'fea')).toBe(true);
    const badRut = signer(2, { id_number: '12345678-0' });
    expect(stepComplete(3, { ...d, signers: [signer(1), badRut] }, catalog, 'fea')).toBe(false);
    // The RUT rule applies to FEA and Clave Única only.
    expect(stepComplete(3, { ...d, signers: [signer(1), badRut] }, catalog, 'fes')).toBe(true);
  });

  it('step 4 needs a delivery choice (false is a choice)', () => {
    const d = emptyDraft(doc);
    expect(stepComplete(4, d, catalog, null)).toBe(false);
    expect(stepComplete(4, { ...d, delivery: false }, catalog, null)).toBe(true);
  });

  it('edit-and-pay opens the first incomplete step; a reload never resumes past it', () => {
    const d: WizardDraft = { ...emptyDraft(doc), services: chosen, signers: [signer(1)] };
    expect(firstIncompleteStep(emptyDraft(), catalog, null)).toBe(1);
    expect(firstIncompleteStep(emptyDraft(doc), catalog, null)).toBe(2);
    expect(firstIncompleteStep(d, catalog, 'fea')).toBe(4);
    expect(firstIncompleteStep({ ...d, delivery: true }, catalog, 'fea')).toBe(4);
    expect(resumeStep(3, d, catalog, 'fea')).toBe(3);
    expect(resumeStep(4, emptyDraft(doc), catalog, null)).toBe(2);
    expect(resumeStep(0, d, catalog, 'fea')).toBe(1);
  });
});

describe('signers', () => {
  it('removing a signer renumbers the rest from 1', () => {
    const list = [signer(1), signer(2), signer(3)];
    const after = removeSigner(list, 0);
    expect(after.map((s) => [s.signer_index, s.first_name])).toEqual([
      [1, 'Nombre2'],
      [2, 'Nombre3'],
    ]);
    expect(removeSigner(after, 1).map((s) => s.signer_index)).toEqual([1]);
  });

  it('adds at the end and refuses the 11th with the spec message', () => {
    let list: DraftSigner[] = [];
    for (let n = 1; n <= 10; n++) {
      const added = addSigner(list, signer(n));
      if (!added.ok) throw new Error('refused');
      list = added.signers;
    }
    expect(list.map((s) => s.signer_index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(addSigner(list, signer(11))).toEqual({
      ok: false,
      message: 'Ya has alcanzado el límite de 10 firmantes para este documento.',
    });
  });

  it('replaces a signer in place', () => {
    const list = replaceSigner([signer(1), signer(2)], 1, signer(9));
    expect(list.map((s) => [s.signer_index, s.first_name])).toEqual([
      [1, 'Nombre1'],
      [2, 'Nombre9'],
    ]);
  });

  it('validates with the §5 rules and the spec texts', () => {
    expect(validateSigner(signer(1), 'fea')).toEqual({});
    expect(validateSigner(signer(1, { id_number: '12345678-9' }), 'fea')).toEqual({
      id_number: 'RUT chileno inválido (formato: 12345678-9)',
    });
    expect(validateSigner(signer(1, { email: 'a b@c.cl' }), null).email).toBe('Email inválido');
    expect(validateSigner(signer(1, { phone: '999999999' }), null).phone).toBe(
      'Número inválido para Chile (9 dígitos)',
    );
    expect(validateSigner(signer(1, { first_name: ' ' }), null).first_name).toBe(
      es.orders.signerRequired,
    );
  });

  it('flags an e-mail repeated in the document, as the server does', () => {
    const list = [signer(1), signer(2, { email: ' FIRMANTE1@example.com' }), signer(3)];
    expect(signerListErrors(list, { signatureCode: null })).toEqual({
      1: { email: es.orders.signerDuplicateEmail },
    });
    expect(stepComplete(3, { ...emptyDraft(doc), signers: list }, undefined, null)).toBe(false);
    expect(emailTaken(list, 'firmante3@EXAMPLE.com', null)).toBe(true);
    // Editing signer 3 keeps its own address.
    expect(emailTaken(list, 'firmante3@example.com', 2)).toBe(false);
    // A field problem wins over the duplicate (one message per field).
    const bad = [signer(1), signer(2, { email: 'firmante1@example.com', phone: '1' })];
    expect(signerListErrors(bad, { signatureCode: null })[1]?.phone).toBe(
      'Número inválido para Chile (9 dígitos)',
    );
  });

  it('maps the API field errors back onto the signers', () => {
    expect(
      serverSignerErrors({
        'signers.0.id_number': 'RUT malo',
        'signers.2.phone': 'Teléfono malo',
        'signers.2.email': 'Email malo',
        signers: 'demasiados',
        title: 'x',
      }),
    ).toEqual({
      0: { id_number: 'RUT malo' },
      2: { phone: 'Teléfono malo', email: 'Email malo' },
    });
  });

  it('phone input keeps digits only, capped at the dial code maximum', () => {
    expect(phoneInput('9 1234-5678', '+56')).toBe('912345678');
    // Pasted with the selected code in front: the code is not part of the number.
    expect(phoneInput('+56 9 1234-5678', '+56')).toBe('912345678');
    expect(phoneInput('+34 612 345 678', '+56')).toBe('346123456');
    expect(phoneInput('9 1234 5678 99', '+56')).toBe('912345678');
    expect(phoneInput('11 2345 6789 01', '+54')).toBe('11234567890');
    expect(phoneInput('(555) 123-4567 8', '+1')).toBe('5551234567');
    expect(phoneInput('12345678901234567', '+999')).toBe('123456789012345');
    expect(phoneInput('abc', '+56')).toBe('');
  });
});

describe('estimate (§9)', () => {
  const chosen: ServiceSelection = { notarial_service: 'n2', electronic_signature: 's2' };
  const signers = (n: number) => Array.from({ length: n }, (_, i) => signer(i + 1));

  it('per-signer services times the signers (at least 1), flat ones once', () => {
    expect(estimate(catalog, chosen, [])).toMatchObject({ total: 8000 + 9000 });
    const three = estimate(catalog, chosen, signers(3));
    expect(three.total).toBe(8000 + 9000 * 3);
    expect(three.items.map((i) => [i.service_id, i.quantity, i.item_total])).toEqual([
      ['n2', 1, 8000],
      ['s2', 3, 27000],
    ]);
    expect(estimate(undefined, chosen, signers(3))).toEqual({ items: [], total: 0 });
  });

  it("one signature line per type among the signers (issue 23), as the server's quote", () => {
    const mixed = [
      signer(1),
      signer(2, { signature_service_id: 's1' }),
      signer(3, { signature_service_id: 's3' }),
      signer(4, { signature_service_id: 's1' }),
    ];
    const est = estimate(catalog, chosen, mixed);
    expect(est.items.map((i) => [i.service_id, i.quantity, i.item_total])).toEqual([
      ['n2', 1, 8000],
      ['s2', 1, 9000],
      ['s1', 2, 6000],
      ['s3', 1, 5000],
    ]);
    expect(est.total).toBe(28000);
  });
});

describe("each signer's own type in step 3 (issue 23)", () => {
  const sel: ServiceSelection = { notarial_service: 'n3', electronic_signature: 's1' };

  it('offers the delivered types of the country; only Clave Única with the notary', () => {
    const withSoon = {
      ...catalog,
      signature_types: [...catalog.signature_types, { ...advanced, id: 's4', available: false }],
    };
    expect(signerTypeOptions(withSoon, 'sin_notario').map((s) => s.id)).toEqual(['s1', 's2', 's3']);
    expect(signerTypeOptions(withSoon, 'firma_autorizada').map((s) => s.id)).toEqual(['s3']);
    expect(signerTypeOptions(undefined, 'sin_notario')).toEqual([]);
  });

  it("choosing step 2's type means none of their own; another is kept", () => {
    expect(withSignerType(signer(1, { signature_service_id: 's2' }), 's1', 's1')).toEqual(
      signer(1),
    );
    expect(withSignerType(signer(1), 's2', 's1').signature_service_id).toBe('s2');
    expect(toSignerInput(signer(1, { signature_service_id: null }))).not.toHaveProperty(
      'signature_service_id',
    );
  });

  it('asks a RUT of the signers whose own type needs one, and flags a type not offered', () => {
    const rules = signerTypeRules(catalog, sel, 'fes');
    const list = [
      signer(1, { id_number: 'AB123' }),
      signer(2, { id_number: 'AB123', signature_service_id: 's2' }),
      signer(3, { signature_service_id: 's9' }),
    ];
    expect(signerListErrors(list, rules)).toEqual({
      1: { id_number: es.orders.rutInvalid },
      2: { signature_service_id: es.documents.serviceUnavailable },
    });
    const draft = { ...emptyDraft(doc), services: sel, signers: list.slice(0, 1) };
    expect(stepComplete(3, draft, catalog, 'fes')).toBe(true);
    expect(stepComplete(3, { ...draft, signers: list.slice(0, 2) }, catalog, 'fes')).toBe(false);
    // With the notary-authorized option an own FEA is not offered any more.
    const forced = signerTypeRules(
      catalog,
      { notarial_service: 'n1', electronic_signature: 's3' },
      'fes_clave_unica',
    );
    expect(signerListErrors([signer(1, { signature_service_id: 's2' })], forced)[0]).toEqual({
      signature_service_id: es.documents.serviceUnavailable,
    });
    expect(withoutOwnTypes([signer(1, { signature_service_id: 's2' })])).toEqual([signer(1)]);
  });

  it('a new country drops the own types with the services', () => {
    const draft = {
      ...emptyDraft(doc),
      services: sel,
      signers: [signer(1, { signature_service_id: 's2' })],
    };
    expect(clearForCountryChange(draft).signers).toEqual([signer(1)]);
  });
});

describe('request → draft', () => {
  const request: SigningRequest = {
    id: 'r1',
    request_number: 'SOL-1',
    status: 'pending',
    country_id: 'cl',
    currency_code: 'CLP',
    document_id: 'd1',
    document_name: 'contrato.pdf',
    document_size: 2048,
    document_kind: 'pdf',
    title: null,
    notarial_service_id: 'n2',
    signature_service_id: 's2',
    signers: [signer(1)],
    signers_count: 1,
    sign_count: 0,
    signature_overall_status: 'pending',
    delivery_options: null,
    sign_in_order: false,
    associated_order_number: null,
    order_id: null,
    quote: {
      items: [
        {
          service_id: 's2',
          code: 'fea',
          name: 'FEA',
          description: '',
          category: 'electronic_signature',
          pricing_model: 'per_signer',
          unit_price: 9000,
          quantity: 1,
          item_total: 9000,
        },
      ],
      total: 9000,
      currency_code: 'CLP',
      credits_needed: 0,
      credits_discount_amount: 0,
      credits_per_unit: null,
    },
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    version: 3,
  };

  it('reads the saved document, services, signers and delivery', () => {
    expect(draftFromRequest(request)).toEqual({
      document: doc,
      services: { notarial_service: 'n2', electronic_signature: 's2' },
      signers: [signer(1)],
      delivery: null,
      signInOrder: false,
    });
    expect(draftFromRequest({ ...request, document_id: null }).document).toBeNull();
  });

  it('knows the signature type before the catalogue loads, from the quote', () => {
    const sel = draftFromRequest(request).services;
    expect(signatureCodeOf(undefined, sel, request)).toBe('fea');
    expect(signatureCodeOf(catalog, sel, request)).toBe('fea');
    expect(signatureCodeOf(catalog, EMPTY_SELECTION, request)).toBeNull();
  });
});

describe('AI analysis', () => {
  it('costs the ai_document_analysis rule, 5 credits without one', () => {
    expect(analysisCost(undefined)).toBe(5);
    expect(analysisCost([{ service_name: 'ai_chat_message', credits_per_unit: 1 }])).toBe(5);
    expect(analysisCost([{ service_name: 'ai_document_analysis', credits_per_unit: 8 }])).toBe(8);
  });

  it('shows the result no sooner than 10 s after the call started', () => {
    expect(remainingAnalysisDelay(1000, 1000)).toBe(10_000);
    expect(remainingAnalysisDelay(1000, 8000)).toBe(3000);
    expect(remainingAnalysisDelay(1000, 20_000)).toBe(0);
  });
});

describe('services not delivered yet (issue 21)', () => {
  const soonFea = { ...advanced, available: false };
  const soonCopy = { ...legalizedCopy, available: false };
  const partial = {
    notarial_services: [notaryAuthorized, soonCopy, noNotary],
    signature_types: [simple, soonFea, claveUnica],
  };

  it('cannot be chosen, in either slot', () => {
    const start = { notarial_service: null, electronic_signature: null };
    expect(toggleService(start, soonCopy, partial)).toEqual(start);
    const withNotary = toggleService(start, noNotary, partial);
    expect(toggleService(withNotary, soonFea, partial)).toEqual(withNotary);
    expect(toggleService(withNotary, simple, partial).electronic_signature).toBe(simple.id);
  });

  it('a stored choice of one can be removed, but never completes the step', () => {
    const stored = { notarial_service: noNotary.id, electronic_signature: soonFea.id };
    const draft = { ...emptyDraft(), services: stored };
    expect(stepComplete(2, draft, partial, 'fea')).toBe(false);
    expect(toggleService(stored, soonFea, partial).electronic_signature).toBeNull();
    expect(isDelivered(partial, soonFea.id)).toBe(false);
    expect(isDelivered(partial, simple.id)).toBe(true);
    expect(isDelivered(partial, 'unknown')).toBe(false);
  });
});
