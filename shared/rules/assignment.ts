/**
 * A notarial assignment's life (credits-signing-admin §3 assignment, §4; design:
 * docs/drafts/notarial-design.md §4–§5): its states and the moves between them, the notary
 * dashboard's tabs, the overdue flags and minutes, and the weighted choice of a notary. Pure:
 * the server decides with them, the screens show with them, the tests pin them.
 */
export const ASSIGNMENT_STATUSES = [
  'assigned',
  'taken',
  'in_review',
  'notarized',
  'approved',
  'rejected',
  'reassigned',
] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** §4: assigned → taken → in_review → notarized | approved; ours: rejected, reassigned. */
const NEXT: Record<AssignmentStatus, readonly AssignmentStatus[]> = {
  assigned: ['taken', 'reassigned'],
  taken: ['in_review', 'notarized', 'approved', 'rejected'],
  in_review: ['notarized', 'approved', 'rejected'],
  notarized: [],
  approved: [],
  rejected: [],
  reassigned: [],
};

export function canMove(from: AssignmentStatus, to: AssignmentStatus): boolean {
  return NEXT[from].includes(to);
}

/** The statuses a move to `to` may start from (the condition of its conditional write). */
export function movesInto(to: AssignmentStatus): AssignmentStatus[] {
  return ASSIGNMENT_STATUSES.filter((s) => NEXT[s].includes(to));
}

export type AssignmentGroup = 'pending' | 'processing' | 'completed';

/**
 * §4's tabs: pending = assigned; processing = taken and in_review; completed = notarized and
 * approved (and, ours, rejected). A reassigned one left this notary: in no tab.
 */
export function groupOf(status: AssignmentStatus): AssignmentGroup | null {
  switch (status) {
    case 'assigned':
      return 'pending';
    case 'taken':
    case 'in_review':
      return 'processing';
    case 'notarized':
    case 'approved':
    case 'rejected':
      return 'completed';
    default:
      return null;
  }
}

/** Default thresholds, per notary in its settings: take within 4 h, process within 48 h. */
export const DEFAULT_TAKE_MINUTES = 240;
export const DEFAULT_PROCESS_MINUTES = 2880;
export const DEFAULT_ASSIGNMENT_WEIGHT = 10;
/** Open assignments (assigned, taken, in review) a notary holds at most unless set otherwise. */
export const DEFAULT_MAX_OPEN = 50;

export interface AssignmentTimes {
  status: AssignmentStatus;
  assigned_at: string;
  taken_at?: string | null;
  decided_at?: string | null;
  take_minutes: number;
  process_minutes: number;
}

const MINUTE = 60_000;

/** Whole minutes from one ISO time to another (null when either is missing or unreadable). */
export function minutesBetween(
  from: string | null | undefined,
  to: string | null | undefined,
): number | null {
  const a = from ? Date.parse(from) : Number.NaN;
  const b = to ? Date.parse(to) : Number.NaN;
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  return Math.max(0, Math.floor((b - a) / MINUTE));
}

/**
 * The card's figures (§3 detailed view): minutes to take and to process (null = 'Pendiente'),
 * and whether it is overdue to take (still assigned past the take threshold) or to process
 * (taken, undecided past the process threshold counted from the take).
 */
export function assignmentClock(a: AssignmentTimes, now: Date) {
  const nowIso = now.toISOString();
  const toTake = minutesBetween(a.assigned_at, a.taken_at);
  const toProcess = minutesBetween(a.taken_at, a.decided_at);
  const open = groupOf(a.status);
  const overdueToTake =
    a.status === 'assigned' && (minutesBetween(a.assigned_at, nowIso) ?? 0) >= a.take_minutes;
  const overdueToProcess =
    open === 'processing' && (minutesBetween(a.taken_at, nowIso) ?? 0) >= a.process_minutes;
  return {
    time_to_take_minutes: toTake,
    time_to_process_minutes: toProcess,
    is_overdue_to_take: overdueToTake,
    is_overdue_to_process: overdueToProcess,
  };
}

export interface NotaryCandidate {
  id: string;
  weight: number;
  open: number;
  maxOpen: number;
}

/**
 * The notary for a new assignment: among those below their open limit, each with the chance
 * weight / (1 + open), so a heavier weight gets more and a loaded notary fewer. `random` is a
 * number in [0, 1) (the caller's, so tests choose it). Null when nobody can take more.
 */
export function pickNotary(candidates: readonly NotaryCandidate[], random: number): string | null {
  const able = candidates
    .filter((c) => c.weight > 0 && c.open < c.maxOpen)
    .map((c) => ({ id: c.id, share: c.weight / (1 + Math.max(0, c.open)) }))
    // A fixed order, so the same random picks the same notary whatever order the reads came in.
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const total = able.reduce((sum, c) => sum + c.share, 0);
  if (!(total > 0)) return null;
  let point = Math.min(Math.max(random, 0), 1 - Number.EPSILON) * total;
  for (const c of able) {
    point -= c.share;
    if (point < 0) return c.id;
  }
  return able[able.length - 1]?.id ?? null;
}

/**
 * Whom the weighted choice is among, by the order's region (null: not known): the notaries that
 * name that region; if none, those that take the whole country (no region listed); if none,
 * every able notary, and the choice is then `outsideRegion` (on the order's trail).
 */
export function regionalPool<T>(
  able: readonly T[],
  regionsOf: (notary: T) => readonly string[],
  region: string | null,
): { pool: T[]; outsideRegion: boolean } {
  const named = region === null ? [] : able.filter((n) => regionsOf(n).includes(region));
  if (named.length) return { pool: named, outsideRegion: false };
  const countryWide = able.filter((n) => regionsOf(n).length === 0);
  if (countryWide.length) return { pool: countryWide, outsideRegion: false };
  return { pool: [...able], outsideRegion: able.length > 0 };
}

/** Bounds of a notary's settings (the admin's form and the server check the same). */
export const NOTARY_LIMITS = {
  weight: { min: 1, max: 100 },
  takeMinutes: { min: 15, max: 10_080 },
  processMinutes: { min: 60, max: 43_200 },
  maxOpen: { min: 1, max: 10_000 },
  services: 20,
} as const;

/** The notary tabs' groups, in the dashboard's order. */
export const ASSIGNMENT_GROUPS: readonly AssignmentGroup[] = ['pending', 'processing', 'completed'];

/** Success rate of the metrics tab: processed over received, a rounded percent (0 when none). */
export function successRate(received: number, processed: number): number {
  return received > 0 ? Math.round((processed / received) * 100) : 0;
}

/** The metrics tab's average minutes: the processing minutes' sum over the processed (null: none). */
export function averageMinutes(sum: number, processed: number): number | null {
  return processed > 0 ? Math.round(sum / processed) : null;
}
