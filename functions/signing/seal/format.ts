import { santiagoOffset, santiagoParts } from '../../../shared/rules/santiago-time.js';

/** Text helpers for the certificate page: masking, device summary, Santiago time. */

const pad = (n: number) => String(n).padStart(2, '0');

/** '24-11-2026 21:28 (UTC−03:00)': Santiago wall time with its offset. Bad input → '—'. */
export function santiagoStamp(iso: string | undefined): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return '—';
  const p = santiagoParts(iso);
  const offset = santiagoOffset(iso).replace('-', '−');
  return `${pad(p.day)}-${pad(p.month)}-${p.year} ${pad(p.hour)}:${pad(p.minute)} (UTC${offset})`;
}

/** 'juan.perez@dominio.cl' → 'j***@d***.cl': enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  const tld = labels.length > 1 ? labels[labels.length - 1] : '';
  const host = labels[0] ?? '';
  return `${[...local][0]}***@${host ? `${[...host][0]}***` : '***'}${tld ? `.${tld}` : ''}`;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A short device summary of a User-Agent: 'Chrome 131 en Windows'; unknown → its start. */
export function deviceSummary(userAgent: string): string {
  const ua = userAgent.trim();
  if (!ua) return '—';
  const browser = BROWSERS.find(([re]) => re.test(ua));
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (!browser) return ua.length > 60 ? `${ua.slice(0, 57)}...` : ua;
  const version = ua.match(browser[0])?.[1];
  const name = version ? `${browser[1]} ${version}` : browser[1];
  return system ? `${name} en ${system}` : name;
}
