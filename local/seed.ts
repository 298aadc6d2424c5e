import { defaultServicePrices, defaultServices } from '../functions/catalog/default-services.js';
import {
  defaultCurrencies,
  defaultFeaturePlans,
  defaultPackagePrices,
  defaultPackages,
  defaultPlanPrices,
  defaultPlans,
  defaultRules,
} from '../functions/catalog/defaults.js';
import {
  putCurrency,
  putFeaturePlan,
  putPackage,
  putPackagePrice,
  putPlan,
  putPlanPrice,
  putRule,
  type RuleItem,
} from '../functions/catalog/repo.js';
import { putService, putServicePrice } from '../functions/catalog/services-repo.js';
import { type CountryItem, putCountry } from '../functions/countries/repo.js';
import { userOwner } from '../functions/credits/keys.js';
import { grant } from '../functions/credits/ledger.js';
import { getNotarySettings, putNotarySettings } from '../functions/notary/settings-repo.js';
import { ensureListed } from '../functions/organizations/admin-repo.js';
import {
  addMember,
  getOrganization,
  organizationIdFor,
  personOf,
  putOrganizationWithOwner,
} from '../functions/organizations/repo.js';
import { isConditionFailure } from '../functions/platform/db.js';
import { createProfileIfMissing } from '../functions/profile/repo.js';
import type { Role } from '../shared/contract/profile.js';
import {
  DEFAULT_ASSIGNMENT_WEIGHT,
  DEFAULT_MAX_OPEN,
  DEFAULT_PROCESS_MINUTES,
  DEFAULT_TAKE_MINUTES,
} from '../shared/rules/assignment.js';
import { packageCreditsExpiry } from '../shared/rules/credits.js';
import { NO_NOTARY_CODE } from '../shared/rules/signature-types.js';
import { type DemoAccount, ensureConfirmedUser } from './setup.js';

/**
 * Demo data for the local stack, written through the same repositories the handlers use (so the
 * keys live in one place). Running it twice changes nothing.
 */
export const seedCountries: CountryItem[] = [
  {
    id: 'cl',
    name: 'Chile',
    code: 'CL',
    currency_code: 'CLP',
    dial_code: '+56',
    ai_analysis_available: true,
    ai_analysis_message: null,
    is_active: true,
  },
  {
    id: 'es',
    name: 'España',
    code: 'ES',
    currency_code: 'EUR',
    dial_code: '+34',
    ai_analysis_available: false,
    ai_analysis_message: 'El análisis con IA estará disponible pronto en España.',
    is_active: true,
  },
  {
    id: 'mx',
    name: 'México',
    code: 'MX',
    currency_code: 'MXN',
    dial_code: '+52',
    ai_analysis_available: false,
    ai_analysis_message: null,
    is_active: true,
  },
  {
    id: 'ar',
    name: 'Argentina',
    code: 'AR',
    currency_code: 'ARS',
    dial_code: '+54',
    ai_analysis_available: false,
    ai_analysis_message: null,
    is_active: true,
  },
  {
    id: 'co',
    name: 'Colombia',
    code: 'CO',
    currency_code: 'COP',
    dial_code: '+57',
    ai_analysis_available: false,
    ai_analysis_message: null,
    is_active: true,
  },
  {
    id: 'pe',
    name: 'Perú',
    code: 'PE',
    currency_code: 'PEN',
    dial_code: '+51',
    ai_analysis_available: false,
    ai_analysis_message: null,
    is_active: true,
  },
  // Present in the catalogue but not offered yet: must not appear in the list.
  {
    id: 'uy',
    name: 'Uruguay',
    code: 'UY',
    currency_code: 'UYU',
    dial_code: '+598',
    ai_analysis_available: false,
    ai_analysis_message: null,
    is_active: false,
  },
];

export interface DemoUser extends DemoAccount {
  key: 'customer' | 'notary' | 'admin';
  role: Role;
}

/** Local-only accounts, printed by `npm start`; they never exist in AWS. */
export const demoUsers: DemoUser[] = [
  {
    key: 'customer',
    email: 'cliente@sello.test',
    password: 'Cliente123',
    firstName: 'Camila',
    lastName: 'Rojas',
    groups: [],
    role: 'customer',
  },
  {
    key: 'notary',
    email: 'notaria@sello.test',
    password: 'Notaria123',
    firstName: 'Andrés',
    lastName: 'Fuentes',
    groups: [],
    role: 'customer',
  },
  {
    key: 'admin',
    email: 'admin@sello.test',
    password: 'Admin12345',
    firstName: 'Sofía',
    lastName: 'Muñoz',
    groups: ['admin'],
    role: 'admin',
  },
];

/**
 * The consumption rules of a test stack (issue 21). No credit service used directly is delivered
 * yet, but the ledger's tests (100 parallel spends, debts, refunds, faults) need one plain spend
 * through the API: test stacks only turn the chat message on. Everything else, and every
 * `npm start`, has the real flags.
 */
export const testCatalogueRules = (): RuleItem[] =>
  defaultRules.map((r) => (r.service_name === 'ai_chat_message' ? { ...r, available: true } : r));

export async function seed(
  cognitoEndpoint: string,
  userPoolId: string,
  opts: { testCatalogue?: boolean } = {},
): Promise<void> {
  for (const c of seedCountries) await putCountry(c);
  const rules = opts.testCatalogue ? testCatalogueRules() : defaultRules;
  await Promise.all([
    ...defaultPackages.map(putPackage),
    ...defaultPackagePrices.map(putPackagePrice),
    ...rules.map(putRule),
    ...defaultFeaturePlans.map(putFeaturePlan),
    ...defaultCurrencies.map(putCurrency),
    ...defaultPlans.map(putPlan),
    ...defaultPlanPrices.map(putPlanPrice),
    ...defaultServices.map(putService),
    ...defaultServicePrices.map(putServicePrice),
  ]);
  const subs: Partial<Record<DemoUser['key'], string>> = {};
  for (const u of demoUsers) {
    const sub = await ensureConfirmedUser(cognitoEndpoint, userPoolId, u);
    subs[u.key] = sub;
    if (u.key === 'customer') await welcomeCredits(sub);
    await createProfileIfMissing({
      sub,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      now: new Date().toISOString(),
    });
  }
  if (subs.customer && subs.notary && subs.admin) {
    await demoOrganizations(subs.customer, subs.notary, subs.admin);
  }
}

/**
 * The demo organisations (issue 22): a notary with the demo notary as its owner, and a company
 * owned by the demo admin with the demo customer as a member, so the context switcher has
 * something to switch to. Created once: ids come from fixed keys; one created before the
 * admin's organisation list existed gets its list keys here (idempotent).
 */
async function demoOrganizations(customer: string, notary: string, admin: string): Promise<void> {
  const now = new Date().toISOString();
  const demo = [
    { key: 'demo-notary', owner: notary, name: 'Notaría Fuentes (demostración)', type: 'notary' },
    { key: 'demo-company', owner: admin, name: 'Inmobiliaria Demo', type: 'company' },
  ] as const;
  for (const d of demo) {
    const id = organizationIdFor('seed', d.key);
    const existing = await getOrganization(id);
    if (existing) {
      // Written before the admin's list existed (persistent dev data): give it its place there.
      await ensureListed(existing);
      continue;
    }
    await putOrganizationWithOwner(
      {
        id,
        name: d.name,
        type: d.type,
        email: null,
        phone: null,
        address: null,
        region: d.type === 'notary' ? 'Región Metropolitana' : null,
        industry: null,
        is_active: true,
        created_at: now,
        created_by: d.owner,
      },
      await personOf(d.owner),
    );
    if (d.key === 'demo-company') {
      await addMember({ id, name: d.name, type: d.type }, customer, 'member', now);
    }
  }
  await demoNotarySettings(organizationIdFor('seed', 'demo-notary'), now);
}

/**
 * The demo notary takes every notarial service of the catalogue, country-wide, with the default
 * thresholds, so a sealed notarial order on the local stack reaches a notary. Written only when
 * no settings are stored: an admin's later edits survive a restart.
 */
async function demoNotarySettings(orgId: string, now: string): Promise<void> {
  const previous = await getNotarySettings(orgId);
  if (previous.updated_at) return;
  const services = defaultServices
    .filter((s) => s.category === 'notarial_service' && s.code !== NO_NOTARY_CODE)
    .map((s) => s.code);
  await putNotarySettings(
    orgId,
    {
      services_offered: services,
      regions: [],
      assignment_weight: DEFAULT_ASSIGNMENT_WEIGHT,
      take_minutes: DEFAULT_TAKE_MINUTES,
      process_minutes: DEFAULT_PROCESS_MINUTES,
      max_open: DEFAULT_MAX_OPEN,
      active: true,
    },
    previous,
    now,
  ).catch((err) => {
    // Two seeds at once (parallel test stacks share nothing, but a restart may overlap): the
    // other one wrote the same settings.
    if (!isConditionFailure(err)) throw err;
  });
}

/** The demo customer starts with some credits to try services and features (granted once). */
async function welcomeCredits(sub: string): Promise<void> {
  const now = () => Math.floor(Date.now() / 1000);
  await grant(
    {
      ownerId: userOwner(sub),
      type: 'earned',
      amount: 150,
      expiresAt: packageCreditsExpiry(now()),
      description: 'Créditos de bienvenida (demostración)',
      idempotencyKey: 'seed:welcome-credits',
      permanentKey: true,
    },
    now,
  );
}
