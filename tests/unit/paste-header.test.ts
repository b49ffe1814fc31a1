// A pasted header row (grids/clipboard/paste-header.ts): when the first line names columns, the block maps by its
// headers from the focused row, and a "Template" ("Vorlage") column names each new row's record template
// (docs/domain/record-templates.md, "Pasting with a template").
import { describe, expect, it } from 'vitest';
import { fromCell } from '../../src/domain/cells';
import { parseTsv } from '../../src/domain/clipboard';
import { fixCell, planRequests } from '../../grids/clipboard/paste-edits';
import { headerNames, headerTargets, templateColumn } from '../../grids/clipboard/paste-header';
import {
  buildPastePlan,
  pasteCounts,
  type CellParser,
  type RowSlot,
  type SheetColumn,
} from '../../grids/clipboard/paste-plan';

const name: SheetColumn = { name: 'name', field: { kind: 'text', required: true }, writable: true };
const lifetime: SheetColumn = { name: 'lifetime', field: { kind: 'int' }, writable: true };
const manufacturer: SheetColumn = { name: 'manufacturer', field: { kind: 'text' }, writable: true };
const remaining: SheetColumn = { name: 'remaining_lifetime', field: { kind: 'int', computed: true }, writable: false };

const byName = headerNames([
  { column: name, names: ['Name', 'Bezeichnung', 'name'] },
  { column: lifetime, names: ['Lifetime (years)', 'Lebensdauer (Jahre)', 'lifetime'] },
  { column: manufacturer, names: ['Manufacturer', 'Hersteller', 'manufacturer'] },
  { column: remaining, names: ['Remaining lifetime (years)', 'remaining_lifetime'] },
  { column: templateColumn, names: ['Template', 'Vorlage', 'Vorlage'] },
]);

const templates = [{ uuid: 'b0b0b0b0-0000-4000-8000-000000000001', name: 'Gas boiler' }];
const parse: CellParser = (raw, column) => {
  if (column === templateColumn) {
    const text = raw.trim().toLowerCase();
    if (!text) return { ok: true, value: null };
    const found = templates.find((t) => t.name.toLowerCase() === text);
    return found ? { ok: true, value: found.uuid } : { ok: false };
  }
  return fromCell(column.field, column.name, raw, { locale: 'de-ch', dateFormat: 'DD.MM.YYYY' });
};
const invalid = (column: SheetColumn, raw: string) => (column === templateColumn ? `no template ${raw}` : 'bad');

const existing: RowSlot = {
  uuid: 'u0',
  updatedAt: '2026-01-01T00:00:00Z',
  data: { name: 'Boiler 0', lifetime: 15, manufacturer: 'Old' },
  editable: true,
};
const rowAt = (i: number): RowSlot => (i === 0 ? existing : 'end');

describe('a pasted header row', () => {
  it('is recognised in any language and any case, with spaces around', () => {
    const clip = parseTsv(' vorlage \tHERSTELLER\t\tLifetime  (years)\nGas boiler\tX\t\t20\n');
    expect(headerTargets(clip, byName)?.map((c) => c?.name ?? null)).toEqual([
      'template_uuid',
      'manufacturer',
      null,
      'lifetime',
    ]);
  });

  it('is not one when a cell names no column, a column twice, only one column, or nothing follows it', () => {
    expect(headerTargets(parseTsv('Name\tNotes\nA\tB\n'), byName)).toBeNull();
    expect(headerTargets(parseTsv('Name\tBezeichnung\nA\tB\n'), byName)).toBeNull();
    // one text alone reads as a value: only the template column makes a header row on its own
    expect(headerTargets(parseTsv('Name\nA\n'), byName)).toBeNull();
    expect(headerTargets(parseTsv('Template\nGas boiler\n'), byName)?.map((c) => c?.name)).toEqual(['template_uuid']);
    expect(headerTargets(parseTsv('Template\tName\n'), byName)).toBeNull();
  });

  it('maps by its headers from the focused row; a template names new rows only, empty cells left to it', () => {
    const clip = parseTsv(
      [
        'Name\tVorlage\tRemaining lifetime (years)\tManufacturer\tLifetime (years)',
        'Boiler 0\tGas boiler\t3\tNew\t',
        'Boiler 1\tgas boiler\t\t\t25',
        'Boiler 2\t\t\tAcme\t',
      ].join('\n'),
    );
    const plan = buildPastePlan({
      clip,
      // a range selected on another column: a header paste lands once from the range's top row
      bounds: { top: 0, bottom: 5, left: 3, right: 3 },
      columns: [name, lifetime],
      rowAt,
      parse,
      invalid,
      header: headerTargets(clip, byName),
    });
    expect(plan.headerRow).toBe(true);
    expect(plan.readOnly).toEqual(['remaining_lifetime']);
    expect(plan.overflowColumns).toBe(0);
    expect(plan.templateIgnored).toBe(1);
    expect(plan.rows.map((r) => r.uuid)).toEqual(['u0', null, null]);
    expect(pasteCounts(plan)).toEqual({ changes: 2, newRows: 2, errors: 0, errorRows: 0 });
    expect(planRequests(plan)).toEqual({
      updates: [
        {
          row: 0,
          uuid: 'u0',
          updatedAt: existing.updatedAt,
          changes: { manufacturer: 'New', lifetime: null },
        },
      ],
      creates: [
        { row: 1, values: { name: 'Boiler 1', lifetime: 25, template_uuid: templates[0]!.uuid } },
        { row: 2, values: { name: 'Boiler 2', manufacturer: 'Acme', lifetime: null } },
      ],
    });
  });

  it('marks a template name no live template has as the cell’s error until it is fixed', () => {
    const clip = parseTsv('Template\tName\nSteam engine\tBoiler 1\n');
    const plan = buildPastePlan({
      clip,
      bounds: { top: 1, bottom: 1, left: 0, right: 0 },
      columns: [name],
      rowAt,
      parse,
      invalid,
      header: headerTargets(clip, byName),
    });
    expect(plan.rows[0]!.cells[0]).toMatchObject({ field: 'template_uuid', error: 'no template Steam engine' });
    expect(planRequests(plan).creates).toEqual([]);
    const fixed = fixCell(plan, 0, templateColumn, 'Gas boiler', { parse, invalid });
    expect(planRequests(fixed).creates).toEqual([
      { row: 0, values: { name: 'Boiler 1', template_uuid: templates[0]!.uuid } },
    ]);
  });
});
