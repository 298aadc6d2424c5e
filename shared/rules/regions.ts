/**
 * Chile's 16 regions (ISO 3166-2:CL codes), where a notary takes work (its settings) and where
 * an order comes from (the checkout's free-text «Región / Provincia»). The checkout field stays
 * free text (customer-flows §2.8), so the order's region is read from it by name: the official
 * name, its usual short forms and the capital city; unknown text reads as no region, and the
 * assignment then looks country-wide (nothing waits for a misspelt region).
 */
export interface Region {
  code: string;
  name: string;
  /** Other ways people write it (lower case, without accents). */
  aliases: readonly string[];
}

export const CHILE_REGIONS: readonly Region[] = [
  { code: 'CL-AP', name: 'Arica y Parinacota', aliases: ['arica', 'xv'] },
  { code: 'CL-TA', name: 'Tarapacá', aliases: ['iquique', 'i'] },
  { code: 'CL-AN', name: 'Antofagasta', aliases: ['calama', 'ii'] },
  { code: 'CL-AT', name: 'Atacama', aliases: ['copiapo', 'iii'] },
  { code: 'CL-CO', name: 'Coquimbo', aliases: ['la serena', 'iv'] },
  { code: 'CL-VS', name: 'Valparaíso', aliases: ['vina del mar', 'v'] },
  {
    code: 'CL-RM',
    name: 'Región Metropolitana',
    aliases: ['metropolitana', 'santiago', 'rm', 'region metropolitana de santiago', 'xiii'],
  },
  {
    code: 'CL-LI',
    name: "O'Higgins",
    aliases: ['ohiggins', 'libertador general bernardo ohiggins', 'rancagua', 'vi'],
  },
  { code: 'CL-ML', name: 'Maule', aliases: ['talca', 'vii'] },
  { code: 'CL-NB', name: 'Ñuble', aliases: ['nuble', 'chillan', 'xvi'] },
  { code: 'CL-BI', name: 'Biobío', aliases: ['bio bio', 'biobio', 'concepcion', 'viii'] },
  { code: 'CL-AR', name: 'La Araucanía', aliases: ['araucania', 'temuco', 'ix'] },
  { code: 'CL-LR', name: 'Los Ríos', aliases: ['los rios', 'valdivia', 'xiv'] },
  { code: 'CL-LL', name: 'Los Lagos', aliases: ['puerto montt', 'x'] },
  {
    code: 'CL-AI',
    name: 'Aysén',
    aliases: ['aysen', 'aisen', 'aysen del general carlos ibanez del campo', 'coyhaique', 'xi'],
  },
  {
    code: 'CL-MA',
    name: 'Magallanes',
    aliases: ['magallanes y la antartica chilena', 'punta arenas', 'xii'],
  },
];

export const REGION_CODES: readonly string[] = CHILE_REGIONS.map((r) => r.code);

export const regionName = (code: string): string =>
  CHILE_REGIONS.find((r) => r.code === code)?.name ?? code;

/** Lower case, no accents, no punctuation, single spaces: how free text is compared. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\b(region|de|del)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const INDEX: ReadonlyMap<string, string> = new Map(
  CHILE_REGIONS.flatMap((r) =>
    [r.name, r.code.slice(3), ...r.aliases].map((k) => [fold(k), r.code]),
  ),
);

/**
 * The region code a checkout's «Región / Provincia» names, or null. The whole text is tried,
 * then its parts split at commas (people write «Santiago, Región Metropolitana»).
 */
export function regionOfText(text: string | null | undefined): string | null {
  if (!text) return null;
  const whole = INDEX.get(fold(text));
  if (whole) return whole;
  for (const part of text.split(/[,/;-]/)) {
    const code = INDEX.get(fold(part));
    if (code) return code;
  }
  return null;
}
