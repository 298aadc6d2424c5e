import { describe, expect, it } from 'vitest';
import {
  documentCounts,
  matchesOrganizationSearch,
  matchesTypeFilter,
  organizationTotals,
} from './admin-organizations.js';

describe('matchesOrganizationSearch', () => {
  const org = { name: 'Notaría Fuentes', email: 'contacto@fuentes.cl' };

  it('finds by name or e-mail, without case or accents', () => {
    expect(matchesOrganizationSearch(org, 'notaria')).toBe(true);
    expect(matchesOrganizationSearch(org, 'FUENTES')).toBe(true);
    expect(matchesOrganizationSearch(org, 'contacto@')).toBe(true);
    expect(matchesOrganizationSearch({ name: 'Inmobiliaria', email: null }, 'inmobiliária')).toBe(
      true,
    );
  });

  it('matches everything without a search, nothing that is not there', () => {
    expect(matchesOrganizationSearch(org, undefined)).toBe(true);
    expect(matchesOrganizationSearch(org, '   ')).toBe(true);
    expect(matchesOrganizationSearch(org, 'hipoteca')).toBe(false);
    expect(matchesOrganizationSearch({ name: 'Andes', email: null }, 'null')).toBe(false);
  });
});

describe('matchesTypeFilter', () => {
  it('keeps all, or one type', () => {
    expect(matchesTypeFilter({ type: 'notary' }, 'all')).toBe(true);
    expect(matchesTypeFilter({ type: 'notary' }, 'notary')).toBe(true);
    expect(matchesTypeFilter({ type: 'company' }, 'notary')).toBe(false);
  });
});

describe('organizationTotals', () => {
  it('counts every organisation by type and the active ones', () => {
    expect(
      organizationTotals([
        { type: 'company', is_active: true },
        { type: 'company', is_active: false },
        { type: 'notary', is_active: true },
      ]),
    ).toEqual({ total: 3, companies: 2, notaries: 1, active: 2 });
    expect(organizationTotals([])).toEqual({ total: 0, companies: 0, notaries: 0, active: 0 });
  });
});

describe('documentCounts', () => {
  it('counts paid orders as received and completed ones as processed', () => {
    expect(
      documentCounts([
        { status: 'pending' },
        { status: 'processing' },
        { status: 'completed' },
        { status: 'completed' },
        { status: 'cancelled' },
      ]),
    ).toEqual({ received: 4, processed: 2 });
    expect(documentCounts([])).toEqual({ received: 0, processed: 0 });
  });
});
