/**
 * The work context a call acts in (customer-flows §2.2; docs/drafts/notarial-design.md §2):
 * Personal, or one organisation the caller is an active member of. The SPA sends the chosen one
 * on every call in this header; without it the call acts in Personal. Routes that act on a
 * context say so in the route table (`workContext: true`), and their server checks the
 * membership on every call (functions/organizations/acting-as.ts).
 */
export const WORK_CONTEXT_HEADER = 'x-sello-context';

export const PERSONAL_CONTEXT = 'personal';

export type ContextChoice = { kind: 'personal' } | { kind: 'organization'; organizationId: string };

/** The header's value for an organisation's context. */
export function organizationContextValue(organizationId: string): string {
  return `org_${organizationId}`;
}

/**
 * The context a header value names, or undefined when the value is malformed. Absent or empty
 * is Personal; an organisation is `org_` plus its 24 hex digits.
 */
export function parseContextHeader(value: string | undefined): ContextChoice | undefined {
  if (value === undefined || value === '' || value === PERSONAL_CONTEXT) {
    return { kind: 'personal' };
  }
  const match = /^org_([0-9a-f]{24})$/.exec(value);
  return match?.[1] ? { kind: 'organization', organizationId: match[1] } : undefined;
}
