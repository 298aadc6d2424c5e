import { DOCUMENT_LEGALIZATION_FLOW } from '../../shared/rules/services.js';
import type { ServiceItem, ServicePriceItem } from './services-repo.js';

/**
 * The starting service catalogue of the wizard (local stack seed; the same data seeds a new AWS
 * environment). Codes are the ones shared/rules/services.ts attaches behaviour to. Ids are
 * stable and distinct from codes: the rules name codes, requests and orders store ids.
 *
 * `available` says what is delivered end to end today (issue 21): the simple signature and (issue
 * 22: a notary takes, notarizes or rejects them) the legalized copy and the protocolization,
 * with or without a notary-free choice. The issues that build the FEA, Clave Única, biometric
 * and notary sides turn their flags on here.
 */
export const defaultServices: ServiceItem[] = [
  // Notarial options (step 2, first choice).
  {
    id: 'svc-sin-notario',
    code: 'sin_notario',
    name: 'No, solo firma electrónica',
    description:
      'El documento se firma solo con firma electrónica, sin intervención de notario. Tiene plena validez legal para la mayoría de los contratos privados.',
    category: 'notarial_service',
    is_combinable: true,
    is_standalone: false,
    flows: [DOCUMENT_LEGALIZATION_FLOW],
    sort_order: 1,
    is_active: true,
    available: true,
  },
  {
    id: 'svc-copia-legalizada',
    code: 'copia_legalizada',
    name: 'Copia legalizada',
    description:
      'Un notario certifica que la copia del documento firmado es fiel a su original y la entrega con su firma y timbre.',
    category: 'notarial_service',
    is_combinable: true,
    is_standalone: true,
    flows: [DOCUMENT_LEGALIZATION_FLOW],
    sort_order: 2,
    is_active: true,
    available: true,
  },
  {
    id: 'svc-protocolizacion',
    code: 'protocolizacion',
    name: 'Protocolización',
    description:
      'El notario incorpora el documento firmado a su protocolo (registro público), con fecha cierta y copias autorizadas disponibles cuando las necesites.',
    category: 'notarial_service',
    is_combinable: true,
    is_standalone: true,
    flows: [DOCUMENT_LEGALIZATION_FLOW],
    sort_order: 3,
    is_active: true,
    available: true,
  },
  {
    id: 'svc-firma-autorizada',
    code: 'firma_autorizada',
    name: 'Sí, firma autorizada por notario',
    description:
      'El notario verifica la identidad de cada firmante y autoriza su firma. Requiere firma con FES + Clave Única; se cobra por firmante.',
    category: 'notarial_service',
    is_combinable: true,
    is_standalone: false,
    flows: [DOCUMENT_LEGALIZATION_FLOW],
    sort_order: 4,
    is_active: true,
    available: false,
  },
  // Signature types (step 2, second choice).
  {
    id: 'svc-fes',
    code: 'fes',
    name: 'Firma Electrónica Simple',
    description:
      'Cada firmante recibe un enlace personal por email y firma desde cualquier dispositivo. Ideal para contratos y documentos del día a día.',
    category: 'electronic_signature',
    is_combinable: true,
    is_standalone: true,
    flows: [DOCUMENT_LEGALIZATION_FLOW],
    sort_order: 10,
    is_active: true,
    available: true,
  },
  {
    id: 'svc-biometrica',
    code: 'biometrica',
    name: 'Firma Electrónica Biométrica',
    description:
      'Además del enlace personal, cada firmante valida su identidad con una foto de su documento y una selfie antes de firmar.',
    category: 'electronic_signature',
    is_combinable: true,
    is_standalone: true,
    flows: [DOCUMENT_LEGALIZATION_FLOW],
    sort_order: 11,
    is_active: true,
    // Delivered (issue 23): functions/signing/types/biometric/.
    available: true,
  },
  {
    id: 'svc-fea',
    code: 'fea',
    name: 'Firma Electrónica Avanzada',
    description:
      'Firma con certificado digital emitido por un prestador acreditado, equivalente a la firma manuscrita. Cada firmante necesita un RUT chileno válido.',
    category: 'electronic_signature',
    is_combinable: true,
    is_standalone: true,
    flows: [DOCUMENT_LEGALIZATION_FLOW],
    sort_order: 12,
    is_active: true,
    available: true,
  },
  {
    id: 'svc-fes-clave-unica',
    code: 'fes_clave_unica',
    name: 'FES + Clave Única',
    description:
      'Firma electrónica simple con verificación de identidad mediante Clave Única del Estado. Obligatoria cuando el notario autoriza la firma; cada firmante necesita un RUT chileno válido.',
    category: 'electronic_signature',
    is_combinable: true,
    is_standalone: false,
    flows: [DOCUMENT_LEGALIZATION_FLOW],
    sort_order: 13,
    is_active: true,
    available: true,
  },
];

type Code =
  | 'sin_notario'
  | 'copia_legalizada'
  | 'protocolizacion'
  | 'firma_autorizada'
  | 'fes'
  | 'biometrica'
  | 'fea'
  | 'fes_clave_unica';

/**
 * Prices per country in minor units of its currency (shared/rules/currency.ts minorDigits):
 * whole pesos for CLP and COP, cents for EUR, MXN, ARS and PEN. Other countries follow Chile's
 * prices at roughly the same ratio as the credit packages.
 */
const priceTable: Record<string, { currency: string; prices: Record<Code, number> }> = {
  cl: {
    currency: 'CLP',
    prices: {
      sin_notario: 0,
      copia_legalizada: 7990,
      protocolizacion: 24990,
      firma_autorizada: 9990,
      fes: 1990,
      biometrica: 3990,
      fea: 6990,
      fes_clave_unica: 4990,
    },
  },
  es: {
    currency: 'EUR',
    prices: {
      sin_notario: 0,
      copia_legalizada: 799,
      protocolizacion: 2499,
      firma_autorizada: 999,
      fes: 199,
      biometrica: 399,
      fea: 699,
      fes_clave_unica: 499,
    },
  },
  mx: {
    currency: 'MXN',
    prices: {
      sin_notario: 0,
      copia_legalizada: 15900,
      protocolizacion: 49900,
      firma_autorizada: 19900,
      fes: 3900,
      biometrica: 7900,
      fea: 13900,
      fes_clave_unica: 9900,
    },
  },
  ar: {
    currency: 'ARS',
    prices: {
      sin_notario: 0,
      copia_legalizada: 799000,
      protocolizacion: 2499000,
      firma_autorizada: 999000,
      fes: 199000,
      biometrica: 399000,
      fea: 699000,
      fes_clave_unica: 499000,
    },
  },
  co: {
    currency: 'COP',
    prices: {
      sin_notario: 0,
      copia_legalizada: 31900,
      protocolizacion: 99900,
      firma_autorizada: 39900,
      fes: 7900,
      biometrica: 15900,
      fea: 27900,
      fes_clave_unica: 19900,
    },
  },
  pe: {
    currency: 'PEN',
    prices: {
      sin_notario: 0,
      copia_legalizada: 2990,
      protocolizacion: 9490,
      firma_autorizada: 3790,
      fes: 790,
      biometrica: 1490,
      fea: 2590,
      fes_clave_unica: 1890,
    },
  },
};

/** Notarial options other than the notary-authorized signature are flat; the rest per signer. */
const FLAT_CODES: readonly string[] = ['sin_notario', 'copia_legalizada', 'protocolizacion'];

export const defaultServicePrices: ServicePriceItem[] = Object.entries(priceTable).flatMap(
  ([countryId, { currency, prices }]) =>
    defaultServices.map((s) => ({
      service_id: s.id,
      country_id: countryId,
      price: prices[s.code as Code],
      currency_code: currency,
      is_available: true,
      pricing_model: FLAT_CODES.includes(s.code) ? ('flat' as const) : ('per_signer' as const),
    })),
);
