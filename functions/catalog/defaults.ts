import { SAVED_SIGNERS_DEFAULT_CREDITS } from '../../shared/rules/credits.js';
import type {
  CurrencyItem,
  FeaturePlanItem,
  PackageItem,
  PackagePriceItem,
  PlanItem,
  PlanPriceItem,
  RuleItem,
} from './repo.js';

/**
 * The starting catalogue (local stack seed; the same data seeds a new AWS environment).
 * Prices are integers in minor units and exclude tax (§1).
 */
export const defaultPackages: PackageItem[] = [
  {
    id: 'basico',
    name: 'Paquete Básico',
    description: 'Para empezar: firma algunos documentos y prueba los servicios con IA.',
    credits_amount: 100,
    is_active: true,
    sort_order: 1,
  },
  {
    id: 'popular',
    name: 'Paquete Popular',
    description: 'El favorito de quienes firman cada semana.',
    credits_amount: 500,
    is_active: true,
    sort_order: 2,
  },
  {
    id: 'premium',
    name: 'Paquete Premium',
    description: 'Para equipos y quienes firman muchos documentos.',
    credits_amount: 1200,
    is_active: true,
    sort_order: 3,
  },
];

/** price per package per country (minor units of the country's currency). */
const priceTable: Record<string, { currency: string; prices: [number, number, number] }> = {
  cl: { currency: 'CLP', prices: [9990, 44990, 99990] },
  es: { currency: 'EUR', prices: [999, 4499, 9999] },
  mx: { currency: 'MXN', prices: [19900, 89900, 199900] },
  ar: { currency: 'ARS', prices: [1000000, 4500000, 10000000] },
  co: { currency: 'COP', prices: [39900, 179900, 399900] },
  pe: { currency: 'PEN', prices: [3990, 17990, 39990] },
};

export const defaultPackagePrices: PackagePriceItem[] = Object.entries(priceTable).flatMap(
  ([countryId, { currency, prices }]) =>
    defaultPackages.map((p, i) => ({
      package_id: p.id,
      country_id: countryId,
      price: prices[i] as number,
      currency_code: currency,
      is_available: true,
      is_active: true,
    })),
);

/**
 * Consumption rules. `available` says what can be delivered today (issue 21). The signature and
 * notarial services are sold by the wizard: their credits are the wizard's own price converted
 * as checkout converts it (shared/rules/availability.ts wizardCreditsFrom, credits/list-services),
 * never `credits_per_unit`, which stays 0 for them: one price per thing.
 */
export const defaultRules: RuleItem[] = [
  {
    id: 'rule-ai-analysis',
    service_name: 'ai_document_analysis',
    service_type: 'per_analysis',
    credits_per_unit: 5,
    description: 'Análisis de un documento con inteligencia artificial.',
    is_active: true,
    // Consumed by the wizard's AI analysis (functions/documents/analyze-document.ts).
    available: true,
  },
  {
    id: 'rule-ai-chat',
    service_name: 'ai_chat_message',
    service_type: 'per_message',
    credits_per_unit: 1,
    description: 'Un mensaje en el chat con IA sobre tus documentos.',
    is_active: true,
    // No chat exists yet: nothing to deliver.
    available: false,
  },
  {
    id: 'rule-signature',
    service_name: 'document_signature',
    service_type: 'per_document',
    credits_per_unit: 0,
    description: 'Firma electrónica de un documento.',
    is_active: true,
    // Sold by the wizard at its catalogue price (see below): available while a signature type is.
    available: true,
  },
  {
    id: 'rule-notarial',
    service_name: 'notarial_service',
    service_type: 'per_service',
    credits_per_unit: 0,
    description: 'Un servicio notarial sobre un documento.',
    is_active: true,
    // Sold by the wizard at its catalogue price: available while a notarial service is (the
    // legalized copy and the protocolization, issue 22).
    available: true,
  },
  {
    id: 'rule-templates',
    service_name: 'template_access',
    service_type: 'per_download',
    credits_per_unit: 3,
    description: 'Descarga de una plantilla legal.',
    is_active: true,
    // No templates exist yet: nothing to deliver.
    available: false,
  },
];

export const defaultFeaturePlans: FeaturePlanItem[] = [
  {
    id: 'saved-signers',
    name: 'Firmantes Guardados',
    description: 'Guarda a tus firmantes frecuentes y agrégalos con un clic.',
    feature_type: 'saved_signers_access',
    credits_per_month: SAVED_SIGNERS_DEFAULT_CREDITS,
    benefits: ['Firmantes ilimitados guardados', 'Autocompletado en el asistente'],
    sort_order: 1,
    is_active: true,
    // Unlocks the wizard's saved signers (functions/requests/service.ts).
    available: true,
  },
  {
    id: 'legal-advisory',
    name: 'Asesoría Legal',
    description: 'Consultas con abogados sobre tus documentos.',
    feature_type: 'legal_advisory',
    credits_per_month: 50,
    benefits: ['2 consultas al mes', 'Respuesta en 48 horas'],
    sort_order: 2,
    is_active: true,
    // No consultations can be booked yet: nothing to use.
    available: false,
  },
  {
    id: 'real-estate-analysis',
    name: 'Análisis Inmobiliario',
    description: 'Informes de propiedades y estudios de títulos.',
    feature_type: 'real_estate_analysis',
    credits_per_month: 40,
    benefits: ['Informe mensual de mercado', 'Revisión de títulos'],
    sort_order: 3,
    is_active: true,
    // No property reports exist yet: nothing to use.
    available: false,
  },
  {
    id: 'real-estate-community',
    name: 'Comunidad Inmobiliaria',
    description: 'Acceso a la comunidad de inversionistas y corredores.',
    feature_type: 'real_estate_community',
    credits_per_month: 30,
    benefits: ['Foro privado', 'Eventos mensuales'],
    sort_order: 4,
    is_active: true,
    // No forum or events exist yet: nothing to use.
    available: false,
  },
];

export const defaultCurrencies: CurrencyItem[] = [
  { currency_code: 'CLP', credits_per_unit: '0.01', is_active: true },
  { currency_code: 'EUR', credits_per_unit: '10', is_active: true },
  { currency_code: 'MXN', credits_per_unit: '0.5', is_active: true },
  { currency_code: 'ARS', credits_per_unit: '0.01', is_active: true },
  { currency_code: 'COP', credits_per_unit: '0.0025', is_active: true },
  { currency_code: 'PEN', credits_per_unit: '2.5', is_active: true },
];

export const defaultPlans: PlanItem[] = [
  {
    id: 'plan-basico',
    name: 'Plan Básico',
    description: 'Para personas que firman de vez en cuando.',
    interval: 'month',
    interval_count: 1,
    credits_per_month: 100,
    features: ['100 créditos al mes', 'Firma electrónica simple', 'Soporte por email'],
    is_active: true,
    sort_order: 1,
  },
  {
    id: 'plan-popular',
    name: 'Plan Popular',
    description: 'Para profesionales y pequeñas empresas.',
    interval: 'month',
    interval_count: 1,
    credits_per_month: 500,
    features: ['500 créditos al mes', 'Firma electrónica simple', 'Análisis de documentos con IA'],
    is_active: true,
    sort_order: 2,
  },
  {
    id: 'plan-premium',
    name: 'Plan Premium',
    description: 'Para equipos con alto volumen de documentos.',
    interval: 'month',
    interval_count: 1,
    credits_per_month: 1500,
    features: [
      '1.500 créditos al mes',
      'Firma electrónica simple',
      'Análisis de documentos con IA',
    ],
    is_active: true,
    sort_order: 3,
  },
];

const planPriceTable: Record<string, { currency: string; prices: [number, number, number] }> = {
  cl: { currency: 'CLP', prices: [8990, 39990, 109990] },
  es: { currency: 'EUR', prices: [899, 3999, 10999] },
  mx: { currency: 'MXN', prices: [17900, 79900, 219900] },
  ar: { currency: 'ARS', prices: [900000, 4000000, 11000000] },
  co: { currency: 'COP', prices: [35900, 159900, 439900] },
  pe: { currency: 'PEN', prices: [3590, 15990, 43990] },
};

export const defaultPlanPrices: PlanPriceItem[] = Object.entries(planPriceTable).flatMap(
  ([countryId, { currency, prices }]) =>
    defaultPlans.map((p, i) => ({
      plan_id: p.id,
      country_id: countryId,
      price: prices[i] as number,
      currency_code: currency,
      provider_price_id: null,
      is_active: true,
    })),
);
