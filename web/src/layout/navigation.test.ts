import { describe, expect, it } from 'vitest';
import { navSectionsFor } from './navigation';

const paths = (viewer: Parameters<typeof navSectionsFor>[0]) =>
  navSectionsFor(viewer).flatMap((s) => s.items.map((i) => i.to));

const accountOnly = [
  '/mis-pedidos',
  '/subscription-plans',
  '/credit-history',
  '/credit-services',
  '/newsletter/preferences',
  '/settings',
];

describe('navSectionsFor', () => {
  it('shows public links to anonymous visitors, without account or admin entries', () => {
    const anon = paths({ signedIn: false, role: null });
    expect(anon).toEqual(
      expect.arrayContaining(['/', '/firmar-documento', '/asesoria-inmobiliaria', '/support']),
    );
    for (const p of [...accountOnly, '/crm', '/admin/organizations']) expect(anon).not.toContain(p);
  });

  it('adds account links for signed-in customers, but not the admin ones', () => {
    const customer = paths({ signedIn: true, role: 'customer' });
    expect(customer).toEqual(expect.arrayContaining(accountOnly));
    expect(customer).not.toContain('/crm');
    expect(customer).not.toContain('/admin/organizations');
  });

  it("adds the notary's panel only in a notary's work context", () => {
    expect(paths({ signedIn: true, role: 'customer' })).not.toContain('/notary-dashboard');
    expect(paths({ signedIn: true, role: 'customer', inNotary: true })).toContain(
      '/notary-dashboard',
    );
    expect(paths({ signedIn: false, role: null, inNotary: true })).not.toContain(
      '/notary-dashboard',
    );
  });

  it('adds CRM and organisations for admins', () => {
    const admin = paths({ signedIn: true, role: 'admin' });
    expect(admin).toEqual(expect.arrayContaining(['/crm', '/admin/organizations', ...accountOnly]));
  });

  it('opens the legal section and closes the advisory ones by default', () => {
    const sections = navSectionsFor({ signedIn: false, role: null });
    const open = Object.fromEntries(sections.map((s) => [s.id, s.defaultOpen]));
    expect(open.legal).toBe(true);
    expect(open.realEstate).toBe(false);
    expect(open.financial).toBe(false);
  });

  it('never repeats a link', () => {
    const admin = paths({ signedIn: true, role: 'admin' });
    expect(new Set(admin).size).toBe(admin.length);
  });
});
