import type { Assignment } from '../../../../shared/contract/notary';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import type { AssignmentGroup } from '../../../../shared/rules/assignment';

/**
 * What the notary dashboard (credits-signing-admin §2 screen 16) shows, as pure rules: the tab
 * the URL names, the minutes or 'Pendiente', the overdue banner, the metrics' names and where
 * an assignment's buttons lead.
 */
export const DASHBOARD_TABS = ['pending', 'processing', 'completed', 'metrics'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The tab of `?tab=` (the pending one when absent or unknown). */
export function tabOf(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((t) => t === value) ?? 'pending';
}

/** The list tabs are the queue's groups; 'metrics' is not one. */
export function groupOfTab(tab: DashboardTab): AssignmentGroup | null {
  return tab === 'metrics' ? null : tab;
}

/** '12 min', or 'Pendiente' while that step has not happened. */
export function minutesText(minutes: number | null): string {
  return minutes === null
    ? es.notary.timePending
    : fmt(es.notary.minutes, { n: minutes.toLocaleString('es-CL') });
}

/** The banner over the tabs, or null when nothing is overdue. */
export function overdueBannerText(overdue: number): string | null {
  if (overdue <= 0) return null;
  return overdue === 1
    ? es.notary.overdueBannerOne
    : fmt(es.notary.overdueBanner, { n: overdue.toLocaleString('es-CL') });
}

export const isOverdue = (a: Pick<Assignment, 'is_overdue_to_take' | 'is_overdue_to_process'>) =>
  a.is_overdue_to_take || a.is_overdue_to_process;

/** The status badge's tone (lib/assignmentStatus.ts: one rule for the dashboard and the page). */
export { statusTone } from '../../lib/assignmentStatus';

/** Names of the codes, in the order of `options`; codes without a name are shown as they are. */
export function namesOf(
  codes: readonly string[],
  options: readonly { code: string; name: string }[],
): string[] {
  const known = options.filter((o) => codes.includes(o.code)).map((o) => o.name);
  const unknown = codes.filter((c) => !options.some((o) => o.code === c));
  return [...known, ...unknown];
}

/** The region fact: the regions' names, or 'Todo el país' when the notary covers all of it. */
export function regionText(
  codes: readonly string[],
  options: readonly { code: string; name: string }[],
): string {
  return codes.length ? namesOf(codes, options).join(', ') : es.notary.regionsAll;
}

/** Where the card's buttons lead (the document page is another screen). */
export const documentPath = (id: string) => `/notary-document/${encodeURIComponent(id)}`;
export const chatPath = (id: string) => `${documentPath(id)}#chat`;
export const decidePath = (id: string) => `${documentPath(id)}?action=decide`;
