/**
 * Chile's clock: America/Santiago, daylight saving included (UTC−03:00 in the southern summer,
 * UTC−04:00 in winter; the clocks change at 24:00 on the first Saturday of April and of
 * September). Order numbers, "este año", "por vencer", renewal dates and every date shown to a
 * user are Santiago's, never UTC's nor the browser's zone: a Chilean customer at 22:30 on
 * 31 December is still in the old year although UTC is already in the new one.
 *
 * Isomorphic (Lambda on Node 20/22 and the browser): the zone rules come from the runtime's
 * Intl (ICU's tz database), so a change in Chile's law arrives with the runtime, not with code.
 */

export const SANTIAGO_TIME_ZONE = 'America/Santiago';

/** An instant as a Date or an ISO 8601 string with its offset (what the API sends). */
export type Instant = Date | string;

/** The wall-clock reading in Santiago; month is 1–12. */
export interface SantiagoParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * One formatter per use, made at its first call: building an Intl.DateTimeFormat for a zone
 * loads the zone's and the locale's data, tens of milliseconds on a phone, which at module
 * load would sit on the first paint of every page that imports this file.
 */
function lazyFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat(locale, options);
    return format;
  };
}

// en-US with numeric fields gives plain ASCII digits; h23 avoids a "24" hour at midnight.
const partsFormat = lazyFormat('en-US', {
  timeZone: SANTIAGO_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

const toDate = (at: Instant): Date => (typeof at === 'string' ? new Date(at) : at);

function assertValid(d: Date): Date {
  if (Number.isNaN(d.getTime())) throw new RangeError('invalid instant');
  return d;
}

const SANTIAGO_MIN_OFFSET_MS = -4 * HOUR_MS;
const SANTIAGO_MAX_OFFSET_MS = -3 * HOUR_MS;

/**
 * The Santiago year of an instant, without Intl when it can: Santiago's offset is −04:00 or
 * −03:00, so when both readings give the same year (every hour of the year but one, around
 * New Year) that is the year. Only in that hour is the zone's rule asked. The footers show it
 * on every first paint, where building the formatter would cost tens of milliseconds.
 */
export function santiagoYear(at: Instant): number {
  const t = assertValid(toDate(at)).getTime();
  const early = new Date(t + SANTIAGO_MIN_OFFSET_MS).getUTCFullYear();
  const late = new Date(t + SANTIAGO_MAX_OFFSET_MS).getUTCFullYear();
  return early === late ? early : santiagoParts(new Date(t)).year;
}

/** The Santiago calendar date and time of an instant. */
export function santiagoParts(at: Instant): SantiagoParts {
  const out: Record<string, number> = {};
  for (const p of partsFormat().formatToParts(assertValid(toDate(at)))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year as number,
    month: out.month as number,
    day: out.day as number,
    hour: (out.hour as number) % 24,
    minute: out.minute as number,
    second: out.second as number,
  };
}

/** Santiago's offset from UTC at an instant, in minutes (−180 in summer, −240 in winter). */
export function santiagoOffsetMinutes(at: Instant): number {
  const d = assertValid(toDate(at));
  const p = santiagoParts(d);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const whole = d.getTime() - (d.getTime() % 1000);
  return Math.round((wallAsUtc - whole) / MINUTE_MS);
}

/** The offset as ISO 8601 shows it: "-03:00" or "-04:00". */
export function santiagoOffset(at: Instant): string {
  const minutes = santiagoOffsetMinutes(at);
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * The instant Santiago's clocks show a wall time. Fields may overflow (day 0 is the last day of
 * the previous month, day 32 rolls over) as with Date.UTC. A time the clocks skip (the
 * September change jumps from 00:00 to 01:00) resolves to the instant after the gap; a time
 * they show twice (23:00–23:59 on the April Saturday) to the first one, as Temporal's
 * 'compatible' disambiguation does.
 */
export function santiagoWallTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(wallAsUtc)) throw new RangeError('invalid wall time');
  // Changes are months apart: the offsets half a day either side are the only candidates.
  const before = santiagoOffsetMinutes(new Date(wallAsUtc - 12 * HOUR_MS));
  const after = santiagoOffsetMinutes(new Date(wallAsUtc + 12 * HOUR_MS));
  const fits = [before, after]
    .map((offset) => wallAsUtc - offset * MINUTE_MS)
    .filter((t) => santiagoOffsetMinutes(new Date(t)) * MINUTE_MS === wallAsUtc - t)
    .sort((a, b) => a - b);
  return new Date(fits[0] ?? wallAsUtc - before * MINUTE_MS);
}

/** The first instant of the Santiago day holding `at` (01:00 on the September change day). */
export function startOfSantiagoDay(at: Instant): Date {
  const p = santiagoParts(at);
  return santiagoWallTime(p.year, p.month, p.day);
}

/** The first instant of the Santiago calendar month holding `at`. */
export function startOfSantiagoMonth(at: Instant): Date {
  const p = santiagoParts(at);
  return santiagoWallTime(p.year, p.month, 1);
}

/** The first instant of the Santiago calendar year holding `at` (1 January 00:00, UTC−03:00). */
export function startOfSantiagoYear(at: Instant): Date {
  return santiagoWallTime(santiagoParts(at).year, 1, 1);
}

/** The same Santiago wall time `days` calendar days later (or earlier, when negative). */
export function addSantiagoDays(at: Instant, days: number): Date {
  const p = santiagoParts(at);
  return santiagoWallTime(p.year, p.month, p.day + days, p.hour, p.minute, p.second);
}

/**
 * The same Santiago wall time `months` calendar months later, the day clamped to the target
 * month's last day (31 January + 1 month = 28 or 29 February).
 */
export function addSantiagoMonths(at: Instant, months: number): Date {
  const p = santiagoParts(at);
  const lastDay = new Date(Date.UTC(p.year, p.month - 1 + months + 1, 0)).getUTCDate();
  return santiagoWallTime(
    p.year,
    p.month + months,
    Math.min(p.day, lastDay),
    p.hour,
    p.minute,
    p.second,
  );
}

/**
 * The next instant after `after` at which Santiago's clocks show hour:minute (a daily job's
 * next run). On the September change day a time in the skipped hour runs right after the gap.
 */
export function nextSantiagoTime(after: Instant, hour: number, minute: number): Date {
  const from = assertValid(toDate(after));
  const p = santiagoParts(from);
  for (let day = 0; day < 3; day++) {
    const at = santiagoWallTime(p.year, p.month, p.day + day, hour, minute);
    if (at.getTime() > from.getTime()) return at;
  }
  throw new RangeError('no next Santiago time'); // unreachable: a day always has the time
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The Santiago calendar date as yyyy-mm-dd. */
export function santiagoDate(at: Instant): string {
  const p = santiagoParts(at);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instant in Santiago's wall time with its offset: "2026-12-31T22:30:00-03:00". */
export function santiagoIso(at: Instant): string {
  const p = santiagoParts(at);
  return `${santiagoDate(at)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${santiagoOffset(at)}`;
}

// ——— what users read (es-CL) ———

const dateFormat = lazyFormat('es-CL', {
  timeZone: SANTIAGO_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const timeFormat = lazyFormat('es-CL', {
  timeZone: SANTIAGO_TIME_ZONE,
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
});

/** "5 mar 2026": the Santiago date of an instant. Bad input is shown as it came. */
export function formatSantiagoDate(at: Instant): string {
  const d = toDate(at);
  return Number.isNaN(d.getTime()) ? String(at) : dateFormat().format(d);
}

/** "5 mar 2026, 14:07": the Santiago date and 24-hour time of an instant. */
export function formatSantiagoDateTime(at: Instant): string {
  const d = toDate(at);
  return Number.isNaN(d.getTime())
    ? String(at)
    : `${dateFormat().format(d)}, ${timeFormat().format(d)}`;
}
