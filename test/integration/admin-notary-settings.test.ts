import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { NotarySettingsResponse } from '../../shared/contract/notary.js';
import { notaryEs as m } from '../../shared/messages/notary.es.js';
import { organizationsEs as orgEs } from '../../shared/messages/organizations.es.js';
import {
  DEFAULT_ASSIGNMENT_WEIGHT,
  DEFAULT_MAX_OPEN,
  DEFAULT_PROCESS_MINUTES,
  DEFAULT_TAKE_MINUTES,
  NOTARY_LIMITS,
} from '../../shared/rules/assignment.js';
import { CHILE_REGIONS } from '../../shared/rules/regions.js';
import { newConfirmedUser } from '../support/client.js';
import {
  asAdminSettings,
  demoNotaryId,
  newNotary,
  notarySettings,
  notarySettingsApi,
} from '../support/notary.js';
import { newOrganization } from '../support/organizations.js';
import { pointAt } from '../support/table.js';

/**
 * A notary's settings for the platform admin (/admin/notary/{id}/settings; design:
 * docs/drafts/notarial-design.md §3): defaults until saved, a save replaces the settings and
 * the offers the assignment reads in one transaction, every field is checked in Spanish, only
 * notaries have settings, only admins reach them, and saves racing each other never leave
 * offers that match no save. The demo notary is only read here: other files rely on it.
 */
const stack = inject('stack');

let admin: Awaited<ReturnType<typeof asAdminSettings>>;
let catalogue: string[];
beforeAll(async () => {
  admin = await asAdminSettings(stack);
  const demo = await admin.get(await demoNotaryId(stack));
  catalogue = demo.body.services.map((s) => s.code);
});

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

/** The field's message: on the field or on its first item (`regions.0`). */
const fieldMessage = (body: ErrorBody, name: string) =>
  body.error?.fields?.[name] ?? body.error?.fields?.[`${name}.0`];

/** Every offer stored for `orgId`, by service, as the assignment reads them. */
async function offersOf(orgId: string, services: readonly string[]) {
  pointAt(stack);
  const { listOffers } = await import('../../functions/notary/settings-repo.js');
  const out: Record<string, { regions: string[]; assignment_weight: number; active: boolean }> = {};
  for (const service of services) {
    const offer = (await listOffers(service)).find((o) => o.org_id === orgId);
    if (offer) {
      out[service] = {
        regions: [...offer.regions].sort(),
        assignment_weight: offer.assignment_weight,
        active: offer.active,
      };
    }
  }
  return out;
}

/** What the offers must be for `settings`: one per service, with its regions, weight, state. */
function offersFor(settings: NotarySettingsResponse['settings']) {
  return Object.fromEntries(
    settings.services_offered.map((service) => [
      service,
      {
        regions: [...settings.regions].sort(),
        assignment_weight: settings.assignment_weight,
        active: settings.active,
      },
    ]),
  );
}

describe("a notary's settings for the admin", () => {
  it('has the documented defaults until saved: inactive, no service, country-wide', async () => {
    const { org } = await newNotary(stack, null);
    const res = await admin.get(org.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.organization).toMatchObject({ id: org.id, name: org.name, type: 'notary' });
    expect(res.body.settings).toEqual({
      services_offered: [],
      regions: [],
      assignment_weight: DEFAULT_ASSIGNMENT_WEIGHT,
      take_minutes: DEFAULT_TAKE_MINUTES,
      process_minutes: DEFAULT_PROCESS_MINUTES,
      max_open: DEFAULT_MAX_OPEN,
      active: false,
      open_assignments: 0,
      updated_at: null,
    });
    // The choices: the catalogue's notarial services (not the free 'no notary') and 16 regions.
    expect(res.body.services.length).toBeGreaterThan(0);
    expect(res.body.services.map((s) => s.code)).not.toContain('sin_notario');
    for (const s of res.body.services) expect(s.name).not.toBe('');
    expect(res.body.regions).toEqual(CHILE_REGIONS.map(({ code, name }) => ({ code, name })));
    expect(await offersOf(org.id, catalogue)).toEqual({});
  });

  it("reads the demo notary's seeded settings: every notarial service, country-wide, active", async () => {
    const id = await demoNotaryId(stack);
    const res = await admin.get(id);
    expect(res.status).toBe(200);
    expect(res.body.organization.name).toBe('Notaría Fuentes (demostración)');
    const s = res.body.settings;
    expect([...s.services_offered].sort()).toEqual([...catalogue].sort());
    expect(s).toMatchObject({
      regions: [],
      assignment_weight: DEFAULT_ASSIGNMENT_WEIGHT,
      take_minutes: DEFAULT_TAKE_MINUTES,
      process_minutes: DEFAULT_PROCESS_MINUTES,
      max_open: DEFAULT_MAX_OPEN,
      active: true,
    });
    expect(s.updated_at).not.toBeNull();
    expect(s.open_assignments).toBeGreaterThanOrEqual(0);
    const offers = await offersOf(id, catalogue);
    expect(Object.keys(offers).sort()).toEqual([...catalogue].sort());
    for (const offer of Object.values(offers)) {
      expect(offer).toEqual({ regions: [], assignment_weight: 10, active: true });
    }
  });

  it('saves the settings and their offers together, and reads them back', async () => {
    const { org } = await newNotary(stack, null);
    const body = notarySettings({
      services_offered: catalogue.slice(0, 2),
      regions: ['CL-VS', 'CL-RM'],
      assignment_weight: 35,
      take_minutes: 120,
      process_minutes: 1440,
      max_open: 12,
      active: true,
    });
    const put = await admin.put(org.id, body);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.settings).toMatchObject({ ...body, open_assignments: 0 });
    expect(put.body.settings.updated_at).not.toBeNull();

    const got = await admin.get(org.id);
    expect(got.body.settings).toEqual(put.body.settings);
    expect(await offersOf(org.id, catalogue)).toEqual(offersFor(got.body.settings));

    // A second save replaces the first (deactivated, country-wide); the offers follow.
    const again = await admin.put(
      org.id,
      notarySettings({ ...body, regions: [], active: false, assignment_weight: 1 }),
    );
    expect(again.status).toBe(200);
    expect(again.body.settings).toMatchObject({ regions: [], active: false, assignment_weight: 1 });
    expect(await offersOf(org.id, catalogue)).toEqual(offersFor(again.body.settings));
  });

  it('a save that drops a service removes its offer', async () => {
    const [first, second] = catalogue;
    if (!first || !second) throw new Error('the catalogue needs two notarial services');
    const { org } = await newNotary(stack, { services_offered: [first, second] });
    expect(Object.keys(await offersOf(org.id, catalogue)).sort()).toEqual([first, second].sort());

    const dropped = await admin.put(org.id, notarySettings({ services_offered: [second] }));
    expect(dropped.status).toBe(200);
    expect(dropped.body.settings.services_offered).toEqual([second]);
    pointAt(stack);
    const { listOffers } = await import('../../functions/notary/settings-repo.js');
    expect((await listOffers(first)).map((o) => o.org_id)).not.toContain(org.id);
    expect((await listOffers(second)).map((o) => o.org_id)).toContain(org.id);

    const none = await admin.put(org.id, notarySettings({ services_offered: [] }));
    expect(none.status).toBe(200);
    expect(await offersOf(org.id, catalogue)).toEqual({});
  });

  it('refuses every invalid field with 400 and its Spanish message, and changes nothing', async () => {
    const { org } = await newNotary(stack, { assignment_weight: 7 });
    const before = (await admin.get(org.id)).body.settings;
    const { weight, takeMinutes, processMinutes, maxOpen, services } = NOTARY_LIMITS;
    const cases: [string, Record<string, unknown>, string][] = [
      ['services_offered', { services_offered: ['No Es Un Código!'] }, m.serviceUnknown],
      [
        'services_offered',
        { services_offered: Array.from({ length: services + 1 }, (_, i) => `servicio_${i}`) },
        m.serviceUnknown,
      ],
      ['regions', { regions: ['CL-XX'] }, m.regionUnknown],
      ['regions', { regions: 'CL-RM' }, m.regionUnknown],
      ['assignment_weight', { assignment_weight: weight.min - 1 }, m.weightInvalid],
      ['assignment_weight', { assignment_weight: weight.max + 1 }, m.weightInvalid],
      ['assignment_weight', { assignment_weight: 2.5 }, m.weightInvalid],
      ['assignment_weight', { assignment_weight: '10' }, m.weightInvalid],
      ['take_minutes', { take_minutes: takeMinutes.min - 1 }, m.takeInvalid],
      ['take_minutes', { take_minutes: takeMinutes.max + 1 }, m.takeInvalid],
      ['process_minutes', { process_minutes: processMinutes.min - 1 }, m.processInvalid],
      ['process_minutes', { process_minutes: processMinutes.max + 1 }, m.processInvalid],
      ['max_open', { max_open: maxOpen.min - 1 }, m.maxOpenInvalid],
      ['max_open', { max_open: maxOpen.max + 1 }, m.maxOpenInvalid],
      ['max_open', { max_open: null }, m.maxOpenInvalid],
      ['services_offered', { services_offered: 'copia_legalizada' }, m.serviceUnknown],
      ['active', { active: 'sí' }, m.activeInvalid],
      ['active', { active: null }, m.activeInvalid],
    ];
    for (const [field, over, message] of cases) {
      const res = await admin.put(org.id, { ...notarySettings(), ...over });
      expect(res.status, `${field} ${JSON.stringify(over)}`).toBe(400);
      expect(fieldMessage(res.body, field), `${field} ${JSON.stringify(over)}`).toBe(message);
    }
    // A missing field and a field the form does not have: 400 too.
    const { take_minutes: _t, ...missing } = notarySettings();
    const noTake = await admin.put(org.id, missing);
    expect(noTake.status).toBe(400);
    expect(noTake.body.error?.fields?.take_minutes).toBe(m.takeInvalid);
    const extra = await admin.put(org.id, { ...notarySettings(), open_assignments: 0 });
    expect(extra.status).toBe(400);

    // The limits themselves are accepted.
    const edges = await admin.put(
      org.id,
      notarySettings({
        assignment_weight: weight.max,
        take_minutes: takeMinutes.min,
        process_minutes: processMinutes.max,
        max_open: maxOpen.min,
      }),
    );
    expect(edges.status, JSON.stringify(edges.body)).toBe(200);
    expect(before.assignment_weight).toBe(7);
    expect(edges.body.settings.assignment_weight).toBe(weight.max);
  });

  it('refuses with 422 a service outside the catalogue, leaving the settings as they were', async () => {
    const { org } = await newNotary(stack);
    const before = (await admin.get(org.id)).body.settings;
    const res = await admin.put(
      org.id,
      notarySettings({ services_offered: [...catalogue, 'apostilla_lunar'] }),
    );
    expect(res.status).toBe(422);
    expect(res.body.error?.message).toBe(m.serviceUnknown);
    expect(res.body.error?.fields?.services_offered).toBe(m.serviceUnknown);
    expect((await admin.get(org.id)).body.settings).toEqual(before);
    expect(await offersOf(org.id, catalogue)).toEqual(offersFor(before));
  });

  it('a company has no notary settings (422); an unknown or malformed id is 404', async () => {
    const { org } = await newOrganization(stack);
    for (const res of [await admin.get(org.id), await admin.put(org.id, notarySettings())]) {
      expect(res.status).toBe(422);
      expect(res.body.error?.message).toBe(m.notANotary);
    }
    expect(await offersOf(org.id, catalogue)).toEqual({});
    for (const id of ['0'.repeat(24), 'no-es-un-id', '..%2F..%2Fadmin']) {
      for (const res of [await admin.get(id), await admin.put(id, notarySettings())]) {
        expect(res.status, id).toBe(404);
        expect(res.body.error?.message, id).toBe(orgEs.organizationNotFound);
      }
    }
  });

  it("a customer's token is refused with 403, even the notary's own owner's", async () => {
    const { org, user } = await newNotary(stack, { assignment_weight: 9 });
    const customer = await newConfirmedUser(stack, 'Curioso');
    for (const token of [customer.accessToken, user.accessToken]) {
      const theirs = notarySettingsApi(stack, token);
      const got = await theirs.get(org.id);
      expect(got.status).toBe(403);
      expect(JSON.stringify(got.body)).not.toContain(org.name);
      const put = await theirs.put(org.id, notarySettings({ assignment_weight: 100 }));
      expect(put.status).toBe(403);
    }
    expect((await admin.get(org.id)).body.settings.assignment_weight).toBe(9);
  });

  it('refuses with 409 a save based on settings another admin has changed since', async () => {
    const { org } = await newNotary(stack, null);
    // Never saved: a form loaded then sends null.
    const first = await admin.put(
      org.id,
      notarySettings({ assignment_weight: 20, expected_updated_at: null }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const loaded = first.body.settings;

    // Another admin saves; a save still based on `loaded` is refused and stores nothing.
    const other = await admin.put(
      org.id,
      notarySettings({ assignment_weight: 30, expected_updated_at: loaded.updated_at }),
    );
    expect(other.status).toBe(200);
    for (const expected of [loaded.updated_at, null, '2000-01-01T00:00:00.000Z']) {
      const stale = await admin.put(
        org.id,
        notarySettings({
          assignment_weight: 40,
          services_offered: [],
          expected_updated_at: expected,
        }),
      );
      expect(stale.status, String(expected)).toBe(409);
      expect(stale.body.error?.message).toBe(m.settingsConflict);
    }
    const stored = (await admin.get(org.id)).body.settings;
    expect(stored).toEqual(other.body.settings);
    expect(await offersOf(org.id, catalogue)).toEqual(offersFor(stored));

    // Reloaded (the stored updated_at), the save goes through.
    const fresh = await admin.put(
      org.id,
      notarySettings({ assignment_weight: 40, expected_updated_at: stored.updated_at }),
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.settings.assignment_weight).toBe(40);
  });

  it('100 saves at once: only 200s and 409s, and the offers match the last save', async () => {
    const [first, second, third] = catalogue;
    if (!first || !second) throw new Error('the catalogue needs two notarial services');
    const { org } = await newNotary(stack, { services_offered: [first] });
    // Different weights, and the services and regions alternate, so a stale save would leave
    // offers of a service the final settings do not offer, or the wrong weight on one.
    const bodies = Array.from({ length: 100 }, (_, i) =>
      notarySettings({
        assignment_weight: i + 1,
        services_offered: i % 2 ? [first, second] : [second, ...(third ? [third] : [])],
        regions: i % 3 ? ['CL-RM'] : [],
        active: i % 4 !== 0,
      }),
    );
    const results = await Promise.all(bodies.map((body) => admin.put(org.id, body)));
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 200 && s !== 409),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(statuses).toContain(200);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body.error?.message).toBe(m.settingsConflict);
    }

    const final = (await admin.get(org.id)).body.settings;
    // The stored settings are one of the saves that answered 200, whole.
    const winners = results.filter((r) => r.status === 200).map((r) => r.body.settings);
    expect(winners.map((w) => w.assignment_weight)).toContain(final.assignment_weight);
    const winner = bodies[final.assignment_weight - 1];
    expect(final).toMatchObject(winner ?? {});
    expect(await offersOf(org.id, catalogue)).toEqual(offersFor(final));
  });
});
