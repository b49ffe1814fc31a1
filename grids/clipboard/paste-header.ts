// A pasted block whose first line is a header row (docs/domain/spreadsheet.md, "Grid editing"; docs/domain/record-templates.md,
// "Pasting with a template"): its columns go to the fields their headers name, in any of the app's languages, and a
// column headed "Template" ("Vorlage") names each new row's record template. Pure.
import { TEMPLATE_COLUMN, type SheetColumn } from './paste-plan';

export { isTemplateColumn, TEMPLATE_COLUMN } from './paste-plan';

/** The column a header row names as "Template": a template's name or uuid, for new rows only. */
export const templateColumn: SheetColumn = { name: TEMPLATE_COLUMN, field: { kind: 'text' }, writable: true };

/** A header as compared: trimmed, inner spaces as one, any case. */
export const headerKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The columns a header text names: each column under every name it goes by (its headers in each language, its API
 * name); the first column keeps a name two share. */
export function headerNames(columns: readonly { column: SheetColumn; names: readonly string[] }[]) {
  const byName = new Map<string, SheetColumn>();
  for (const { column, names } of columns)
    for (const name of names) {
      const key = headerKey(name);
      if (key && !byName.has(key)) byName.set(key, column);
    }
  return byName;
}

/**
 * The columns the clipboard's first line names, one per clipboard column (null: an empty header, its column left
 * out); null when the first line is not a header row. It is one when the block has a line below it, each of its
 * non-empty cells names a column no other cell names, and it names at least two columns or the template column
 * (one text alone could be a value that happens to read like a header).
 */
export function headerTargets(
  clip: readonly (readonly string[])[],
  byName: ReadonlyMap<string, SheetColumn>,
): (SheetColumn | null)[] | null {
  if (clip.length < 2) return null;
  const seen = new Set<string>();
  const targets: (SheetColumn | null)[] = [];
  for (const text of clip[0]!) {
    if (headerKey(text) === '') {
      targets.push(null);
      continue;
    }
    const column = byName.get(headerKey(text));
    if (!column || seen.has(column.name)) return null;
    seen.add(column.name);
    targets.push(column);
  }
  return seen.size >= 2 || seen.has(TEMPLATE_COLUMN) ? targets : null;
}
