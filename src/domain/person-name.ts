// One "name" field (as Laravel Fortify's registration form sends it) split into first and last name.
//
// - "Anna Maria Muster" → first "Anna Maria", last "Muster": the last word is the last name.
// - Lower-case name particles before it belong to the last name: "Ludwig van Beethoven" → "Ludwig" + "van Beethoven",
//   "Anna de la Cruz" → "Anna" + "de la Cruz" (the first word always stays the first name).
// - "Muster, Anna" (one comma) is last name first, as in lists and address books; more commas are not a name.
// - Whitespace runs count as one space. A single word has no last name: the answer is null (the caller asks for both).

const PARTICLES = new Set([
  'da',
  'das',
  'de',
  'del',
  'della',
  'den',
  'der',
  'des',
  'di',
  'do',
  'dos',
  'du',
  'la',
  'le',
  'ten',
  'ter',
  'van',
  'von',
  'zu',
  'zum',
  'zur',
]);

export interface PersonName {
  first_name: string;
  last_name: string;
}

const words = (s: string) => s.split(/\s+/).filter(Boolean);

export function splitFullName(full: string): PersonName | null {
  const parts = full.split(',');
  if (parts.length > 2) return null;
  if (parts.length === 2) {
    const [last, first] = parts.map((p) => words(p).join(' '));
    return last && first ? { first_name: first, last_name: last } : null;
  }
  const w = words(full);
  if (w.length < 2) return null;
  let start = w.length - 1;
  while (start > 1 && PARTICLES.has(w[start - 1]!)) start -= 1;
  return { first_name: w.slice(0, start).join(' '), last_name: w.slice(start).join(' ') };
}
