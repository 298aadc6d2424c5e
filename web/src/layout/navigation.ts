import { es } from '../../../shared/messages.es';
import type { IconName } from '../components/layout-bits/icons';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
}

export interface NavSection {
  id: 'main' | 'legal' | 'realEstate' | 'financial' | 'account' | 'admin' | 'help';
  /** null: a plain list without a section header. */
  label: string | null;
  icon?: IconName;
  defaultOpen: boolean;
  items: NavItem[];
}

export interface Viewer {
  signedIn: boolean;
  role: 'customer' | 'admin' | null;
  /** The work context is a notary organisation: its panel joins the legal section. */
  inNotary?: boolean;
}

/**
 * The sidebar (spec customer-flows §2.2): the legal section open by default, the advisory
 * sections closed; orders, credits, subscriptions, newsletter preferences and settings only when
 * logged in; CRM and organisation management only for the admin role; the notary's panel only
 * in a notary organisation's work context.
 */
export function navSectionsFor({ signedIn, role, inNotary = false }: Viewer): NavSection[] {
  const sections: NavSection[] = [
    {
      id: 'main',
      label: null,
      defaultOpen: true,
      items: [{ to: '/', label: es.nav.home, icon: 'home' }],
    },
    {
      id: 'legal',
      label: es.layout.sectionLegal,
      icon: 'scale',
      defaultOpen: true,
      items: [
        { to: '/firmar-documento', label: es.nav.sign, icon: 'pen' },
        ...(signedIn
          ? [{ to: '/mis-pedidos', label: es.nav.orders, icon: 'fileText' } as const]
          : []),
        // §2.2 "sidebar entries by role": a notary's members work from its panel.
        ...(signedIn && inNotary
          ? [{ to: '/notary-dashboard', label: es.nav.notary, icon: 'stamp' } as const]
          : []),
      ],
    },
    {
      id: 'realEstate',
      label: es.layout.sectionRealEstate,
      icon: 'building',
      defaultOpen: false,
      items: [
        {
          to: '/asesoria-inmobiliaria',
          label: es.layout.realEstateConsultation,
          icon: 'building',
        },
      ],
    },
    {
      id: 'financial',
      label: es.layout.sectionFinancial,
      icon: 'trendingUp',
      defaultOpen: false,
      items: [
        {
          to: '/asesoria-financiera',
          label: es.layout.financialConsultation,
          icon: 'trendingUp',
        },
      ],
    },
  ];
  if (signedIn) {
    sections.push({
      id: 'account',
      label: es.layout.sectionAccount,
      icon: 'user',
      defaultOpen: true,
      items: [
        { to: '/subscription-plans', label: es.nav.plans, icon: 'creditCard' },
        { to: '/credit-packages', label: es.nav.creditPackages, icon: 'package' },
        { to: '/credit-history', label: es.nav.creditHistory, icon: 'history' },
        { to: '/credit-services', label: es.nav.creditServices, icon: 'coins' },
        { to: '/feature-subscriptions', label: es.nav.features, icon: 'star' },
        { to: '/newsletter/preferences', label: es.nav.newsletter, icon: 'mail' },
        { to: '/organization-dashboard', label: es.nav.organizationDashboard, icon: 'dashboard' },
        { to: '/settings', label: es.nav.settings, icon: 'settings' },
      ],
    });
  }
  if (signedIn && role === 'admin') {
    sections.push({
      id: 'admin',
      label: es.layout.sectionAdmin,
      icon: 'shieldCheck',
      defaultOpen: true,
      items: [
        { to: '/crm', label: es.nav.crm, icon: 'users' },
        { to: '/admin/organizations', label: es.nav.organizations, icon: 'building' },
      ],
    });
  }
  sections.push({
    id: 'help',
    label: null,
    defaultOpen: true,
    items: [{ to: '/support', label: es.nav.support, icon: 'lifeBuoy' }],
  });
  return sections;
}
