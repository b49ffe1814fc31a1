// Fuzzy matching of spreadsheet headers to fields (docs/domain/spreadsheet.md, "Import and export"): on the field key, its labels in
// every language and a few German and English aliases. A remembered mapping (header → field) wins. Pure.

export interface FieldCandidate {
  name: string;
  /** Key, labels and aliases; compared normalised. */
  names: string[];
}

/** Common header words per field name, German and English, beyond the labels. */
export const ALIASES: Record<string, string[]> = {
  name: ['bezeichnung', 'title', 'titel', 'benennung', 'description short'],
  number_internal: [
    'nr',
    'nummer',
    'no',
    'number',
    'internal no',
    'interne nr',
    'inventarnummer',
    'inv nr',
    'id intern',
  ],
  number_external: ['externe nr', 'external no', 'ext nr'],
  property_uuid: ['liegenschaft', 'objekt', 'gebäude', 'building', 'property', 'immobilie'],
  partition_uuid: ['gebäudeteil', 'teil', 'section', 'wing'],
  area_uuid: ['raum', 'room', 'fläche', 'area'],
  street: ['strasse', 'straße', 'adresse', 'address'],
  postcode: ['plz', 'zip', 'postleitzahl', 'postal code'],
  city: ['ort', 'stadt', 'town', 'gemeinde'],
  country: ['land'],
  email_address: ['e-mail', 'email', 'mail', 'e-mail-adresse', 'email address'],
  phone_number: ['telefon', 'tel', 'telefonnummer', 'phone', 'telephone', 'mobile'],
  manufacturer: ['hersteller', 'fabrikat', 'brand', 'make'],
  serial_number: ['seriennummer', 'serial', 'sn', 's/n'],
  quantity: ['menge', 'anzahl', 'qty', 'count'],
  status: ['zustand status', 'state'],
  uuid: ['id', 'uuid'],
};

export function normalise(s: string): string {
  return s
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/_uuid$/, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  const t = s.replace(/ /g, '');
  for (let i = 0; i < t.length - 1; i++) m.set(t.slice(i, i + 2), (m.get(t.slice(i, i + 2)) ?? 0) + 1);
  return m;
}

/** Dice similarity of two normalised strings, 0…1. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const x = bigrams(a);
  const y = bigrams(b);
  let common = 0;
  for (const [k, n] of x) common += Math.min(n, y.get(k) ?? 0);
  const total = [...x.values()].reduce((s, n) => s + n, 0) + [...y.values()].reduce((s, n) => s + n, 0);
  return total ? (2 * common) / total : 0;
}

const THRESHOLD = 0.72;

/**
 * Suggests a field per column index. Remembered header → field pairs come first; then the best-scoring pairs above
 * the threshold, each field used once.
 */
export function suggestMapping(
  headers: string[],
  fields: FieldCandidate[],
  remembered: Record<string, string> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  const used = new Set<string>();
  const known = new Set(fields.map((f) => f.name));
  const rememberedNorm = new Map(Object.entries(remembered).map(([h, f]) => [normalise(h), f]));
  headers.forEach((h, i) => {
    const field = rememberedNorm.get(normalise(h));
    if (field && known.has(field) && !used.has(field)) {
      out[String(i)] = field;
      used.add(field);
    }
  });
  const pairs: { i: number; field: string; score: number }[] = [];
  headers.forEach((h, i) => {
    if (out[String(i)] || !h.trim()) return;
    const n = normalise(h);
    for (const f of fields) {
      const score = Math.max(...f.names.map((c) => similarity(n, normalise(c))));
      if (score >= THRESHOLD) pairs.push({ i, field: f.name, score });
    }
  });
  pairs.sort((a, b) => b.score - a.score);
  for (const p of pairs) {
    if (out[String(p.i)] || used.has(p.field)) continue;
    out[String(p.i)] = p.field;
    used.add(p.field);
  }
  return out;
}
