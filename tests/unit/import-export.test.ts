// The import wizard's rules (column matching, checks, the body sent to the server) and the export's query.
import { describe, expect, it } from 'vitest';
import type { ImportJob, ValidationReply } from '../../grids/import/import-api';
import {
  canLeave,
  importTargets,
  initialMapping,
  initialWizard,
  mappingProblems,
  matchKeys,
  rememberedOf,
  settingsOf,
  wizardReducer,
} from '../../grids/import/import-state';
import { exportQuery, nestQuery } from '../../grids/export/export-query';
import { fileNameOf, formatBytes } from '../../grids/export/download';
import { describeError, fileProblem } from '../../grids/import/import-messages';
import { ApiError } from '../../src/api/errors';
import { entityByName } from '../../src/entities/registry';

const facility = entityByName('facility')!;
const contact = entityByName('contact')!;

const job: ImportJob = {
  uuid: 'b1',
  model: 'facility',
  file_name: 'f.xlsx',
  status: 'uploaded',
  sheets: [
    { name: 'Anlagen', row_count: 3 },
    { name: 'Notes', row_count: 0 },
  ],
  links: {},
};

describe('import wizard state', () => {
  it('offers writable fields and uuid; number_internal as a key only where the model has it', () => {
    const targets = importTargets(facility);
    expect(targets[0]).toBe('uuid');
    expect(targets).toContain('name');
    expect(targets).not.toContain('remaining_lifetime');
    expect(matchKeys(facility)).toEqual(['uuid', 'number_internal']);
    expect(matchKeys(contact)).toEqual(['uuid']);
  });

  it('starts from the remembered match, then the suggestion, each field once, unknown fields dropped', () => {
    const headers = ['Bezeichnung', 'Nr.', 'Name', 'Hersteller', 'Whatever'];
    const suggested = { '0': 'name', '1': 'number_internal', '2': 'name', '4': 'no_such_field' };
    const remembered = { ' hersteller ': 'manufacturer', 'Nr.': 'uuid' };
    const targets = importTargets(facility);
    expect(initialMapping(headers, suggested, remembered, targets)).toEqual({
      '0': 'name',
      '1': 'uuid',
      '3': 'manufacturer',
    });
    expect(rememberedOf(headers, { '0': 'name', '3': 'manufacturer' })).toEqual({
      Bezeichnung: 'name',
      Hersteller: 'manufacturer',
    });
  });

  it('names what blocks validation: nothing matched, a field twice, the match key missing', () => {
    expect(mappingProblems({}, 'insert', 'uuid')).toEqual([{ kind: 'nothing' }]);
    expect(mappingProblems({ '0': 'uuid' }, 'insert', 'uuid')).toEqual([{ kind: 'nothing' }]);
    expect(mappingProblems({ '0': 'name', '1': 'name' }, 'insert', 'uuid')).toEqual([
      { kind: 'duplicate', field: 'name' },
    ]);
    expect(mappingProblems({ '0': 'name' }, 'update', 'number_internal')).toEqual([
      { kind: 'noKey', key: 'number_internal' },
    ]);
    expect(mappingProblems({ '0': 'name', '2': 'uuid' }, 'upsert', 'uuid')).toEqual([]);
  });

  it('walks the steps and sends sheet, header row, mapping, mode, key and the typed fixes', () => {
    let state = wizardReducer(initialWizard(), { type: 'uploaded', job });
    expect(state.step).toBe('sheet');
    expect(state.sheet).toBe('Anlagen');
    expect(canLeave(state)).toBe(false); // no preview yet
    state = wizardReducer(state, {
      type: 'preview',
      preview: { headers: ['Name', 'Nr'], rows: [{ row: 2, cells: ['A', '1'] }], suggested_mapping: {} },
      mapping: { '0': 'name' },
    });
    expect(canLeave(state)).toBe(true);
    state = wizardReducer(state, { type: 'headerRow', row: 2 });
    expect(state.preview).toBeNull(); // a new header row needs a new preview
    state = wizardReducer(state, {
      type: 'preview',
      preview: { headers: ['Name', 'Nr'], rows: [], suggested_mapping: {} },
      mapping: { '0': 'name' },
    });
    state = wizardReducer(state, { type: 'map', column: '1', field: 'number_internal' });
    state = wizardReducer(state, { type: 'mode', mode: 'upsert' });
    state = wizardReducer(state, { type: 'matchKey', key: 'number_internal' });
    state = wizardReducer(state, { type: 'go', step: 'mode' });
    expect(canLeave(state)).toBe(true);
    state = wizardReducer(state, { type: 'map', column: '1', field: '' });
    expect(canLeave(state)).toBe(false);
    state = wizardReducer(state, { type: 'map', column: '1', field: 'number_internal' });
    state = wizardReducer(state, { type: 'fix', row: 7, field: 'name', value: 'Boiler' });
    expect(settingsOf(state, 'g1')).toEqual({
      settings_group_uuid: 'g1',
      sheet: 'Anlagen',
      header_row: 2,
      mapping: { '0': 'name', '1': 'number_internal' },
      mode: 'upsert',
      match_key: 'number_internal',
      fixes: { '7': { name: 'Boiler' } },
    });
    const reply: ValidationReply = { counts: { create: 0, update: 0, unchanged: 2, error: 1 }, rows: [] };
    state = wizardReducer(wizardReducer(state, { type: 'validated', reply }), { type: 'go', step: 'validate' });
    expect(canLeave(state)).toBe(false); // nothing to write
    state = wizardReducer(state, { type: 'validated', reply: { ...reply, counts: { ...reply.counts, create: 1 } } });
    expect(canLeave(state)).toBe(true);
  });
});

describe('export query', () => {
  const base = {
    search: ' boiler ',
    statusLimiter: 'active' as const,
    archived: '0' as const,
    settingsGroupUuid: 'g1',
    propertyUuids: ['p1'],
    partitionUuids: [],
  };
  const snapshot = {
    sort: { colId: 'name', sort: 'desc' as const },
    filterModel: { manufacturer: { filterType: 'text', type: 'contains', filter: 'Vie' } },
    columns: [
      { colId: 'name', width: 240 },
      { colId: 'manufacturer', width: 161 },
    ],
    selected: ['u1', 'u2'],
  };

  it('is the list query of the view plus columns in order, widths and the format', () => {
    expect(exportQuery(facility, base, snapshot, { format: 'xlsx', delimiter: 'comma', onlySelected: false })).toEqual({
      archived: '0',
      sort_by: 'name',
      sort_descending: '1',
      search: 'boiler',
      status_limiter: 'active',
      settings_group_uuid: 'g1',
      property_uuids: ['p1'],
      'filter[manufacturer]': 'Vie',
      format: 'xlsx',
      columns: 'name,manufacturer',
      widths: '240,161',
    });
  });

  it('adds the delimiter for csv and the selected rows when asked', () => {
    const query = exportQuery(facility, base, snapshot, { format: 'csv', delimiter: 'comma', onlySelected: true });
    expect(query).toMatchObject({ format: 'csv', delimiter: 'comma', uuids: ['u1', 'u2'] });
    const none = exportQuery(
      facility,
      base,
      { ...snapshot, selected: [] },
      {
        format: 'csv',
        delimiter: 'semicolon',
        onlySelected: true,
      },
    );
    expect(none.uuids).toBeUndefined();
  });

  it('nests bracket keys for a JSON body (many selected rows)', () => {
    expect(
      nestQuery({
        archived: '0',
        'filter[name]': 'a',
        'filter[year][from]': '1990',
        uuids: ['u1', 'u2'],
        sort_descending: true,
        per_page: 5,
        search: undefined,
      }),
    ).toEqual({
      archived: '0',
      filter: { name: 'a', year: { from: '1990' } },
      uuids: ['u1', 'u2'],
      sort_descending: '1',
      per_page: '5',
    });
  });

  it('reads the file name of Content-Disposition, preferring the UTF-8 form', () => {
    expect(fileNameOf(`attachment; filename="Anlagen.xlsx"; filename*=UTF-8''Anlagen%20%C3%BC.xlsx`)).toBe(
      'Anlagen ü.xlsx',
    );
    expect(fileNameOf('attachment; filename="a/b.csv"')).toBe('a_b.csv');
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('import messages', () => {
  const t = (key: string, params?: Readonly<Record<string, unknown>>) =>
    `${key}${params ? JSON.stringify(params) : ''}`;
  const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

  it('refuses other extensions and empty files before uploading', () => {
    expect(fileProblem(file('a.XLSX'), t)).toBeNull();
    expect(fileProblem(file('a.csv'), t)).toBeNull();
    expect(fileProblem(file('a.xls'), t)?.message).toBe('transfer.import.errors.extension{"name":"a.xls"}');
    expect(fileProblem(file('a.xlsx', 0), t)?.message).toBe('transfer.import.errors.emptyFile{"name":"a.xlsx"}');
  });

  it("shows the server's message with its details, and its own words for a size limit or an unknown failure", () => {
    const password = new ApiError(422, 'The workbook is password-protected.', {
      errors: { file: ['The workbook is password-protected.'], 'mapping.2': ['Field twice.'] },
    });
    expect(describeError(password, t)).toEqual({
      message: 'The workbook is password-protected.',
      details: ['Field twice.'],
    });
    expect(describeError(new ApiError(413, 'Request body is too large'), t).message).toBe(
      'transfer.import.errors.tooBig',
    );
    expect(describeError(new ApiError(404, 'Not found.'), t).message).toBe('transfer.import.errors.gone');
    expect(describeError(new Error('boom'), t).message).toBe('transfer.import.errors.unexpected');
  });

  it('formats sizes in the locale', () => {
    expect(formatBytes(999, 'en-us')).toBe('999 B');
    expect(formatBytes(1_234_567, 'de-ch')).toBe('1.2 MB');
    expect(formatBytes(1_234_567, 'de')).toBe('1,2 MB');
  });
});
