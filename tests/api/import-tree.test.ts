// An import's parent facilities get the checks of a single write (decisions.md: references, tree cycles): a parent
// that is the record itself or one of its sub-facilities, and a parent of another property, are errors of their row
// in the validation and in the job — also when an earlier row of the same file (in this chunk or an earlier one)
// made the loop. Parents are named by uuid, name or internal number; the row's property wins.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '../../src/entities/registry';
import { CHUNK_ROWS } from '../../server/imports/import-runner';
import { createTestEnv, json, signedIn, type TestEnv } from './harness';
import { make, type Context } from './factories';
import { finished, upload } from './workbooks';

let env: TestEnv;
let a: Context;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hw-import-tree-'));
const facility = entityByName('facility')!;
const property = entityByName('property')!;
type Rec = Record<string, unknown> & { uuid: string };
let seefeld: Rec;
let enge: Rec;
const made: Record<string, Rec> = {};

beforeAll(async () => {
  env = await createTestEnv({ dataDir });
  const { client } = await signedIn(env);
  const res = await client.post('/settings-groups', { name: 'Tree' });
  a = { client, settingsGroup: json<{ data: { uuid: string } }>(res).data.uuid, made: new Map() };
  seefeld = (await make(a, property, { name: 'Seefeld' })) as Rec;
  enge = (await make(a, property, { name: 'Enge' })) as Rec;
  // Seefeld: A > B > C, and the roots D, E, F, Pumpe; Enge: Xenon, Pumpe
  const add = async (key: string, at: Rec, name: string, parent?: string) =>
    (made[key] = (await make(a, facility, {
      property_uuid: at.uuid,
      name,
      number_internal: `${key}-1`,
      parent_facility_uuid: parent ? made[parent]!.uuid : null,
    })) as Rec);
  await add('A', seefeld, 'Anlage A');
  await add('B', seefeld, 'Anlage B', 'A');
  await add('C', seefeld, 'Kessel C', 'B');
  for (const key of ['D', 'E', 'F']) await add(key, seefeld, `Anlage ${key}`);
  await add('P', seefeld, 'Pumpe');
  await add('X', enge, 'Xenon');
  await add('Q', enge, 'Pumpe');
});
afterAll(async () => {
  await env.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Validation {
  counts: Record<string, number>;
  problems: { row: number; errors: Record<string, string[]> }[];
}

/** A csv of the given lines (header first), uploaded; validated and run with the mapping and mode. */
async function importCsv(lines: string[][], mapping: Record<string, string>, extra: object = {}) {
  const csv = lines.map((l) => l.join(';')).join('\r\n');
  const up = await upload(a.client, Buffer.from(csv), 'tree.csv', 'facility');
  expect(up.statusCode, up.body).toBe(201);
  const uuid = json<{ data: { uuid: string } }>(up).data.uuid;
  const body = { settings_group_uuid: a.settingsGroup, mapping, ...extra };
  const validated = await a.client.post(`/imports/${uuid}/validate`, body);
  expect(validated.statusCode, validated.body).toBe(200);
  const validation = json<{ data: Validation }>(validated).data;
  expect((await a.client.post(`/imports/${uuid}/run`, body)).statusCode).toBe(202);
  return { validation, job: await finished(a.client, uuid), uuid };
}

const parentOf = async (key: string) =>
  json<{ data: Rec }>(await a.client.get(`/facilities/${made[key]!.uuid}`)).data.parent_facility_uuid;
const errorsOf = (v: Validation, row: number) => v.problems.find((p) => p.row === row)?.errors;

describe('parent facilities in an import', () => {
  it('refuses loops and parents of another property per row, with the single write messages', async () => {
    // what the single-record API answers, for comparison
    const single = await a.client.patch(`/facilities/${made.A!.uuid}`, { parent_facility_uuid: made.C!.uuid });
    expect(single.statusCode).toBe(422);
    const cycle = json<{ errors: Record<string, string[]> }>(single).errors.parent_facility_uuid![0]!;
    const other = await a.client.patch(`/facilities/${made.C!.uuid}`, { parent_facility_uuid: made.X!.uuid });
    expect(other.statusCode).toBe(422);
    const otherProperty = json<{ errors: Record<string, string[]> }>(other).errors.parent_facility_uuid![0]!;

    const { validation, job } = await importCsv(
      [
        ['Internal number', 'Parent'],
        ['A-1', 'Kessel C'], // 2: a sub-facility of A, by name
        ['B-1', 'b-1'], // 3: itself, by internal number
        ['C-1', 'X-1'], // 4: a facility of Enge
        ['D-1', 'E-1'], // 5: fine
        ['E-1', made.D!.uuid], // 6: a loop only through row 5
        ['F-1', 'Pumpe'], // 7: fine, the Pumpe of Seefeld (F's property) although Enge has one too
      ],
      { '0': 'number_internal', '1': 'parent_facility_uuid' },
      { mode: 'update', match_key: 'number_internal' },
    );
    expect(validation.counts).toEqual({ create: 0, update: 2, unchanged: 0, error: 4 });
    expect(validation.problems.map((p) => [p.row, Object.keys(p.errors)])).toEqual([
      [2, ['parent_facility_uuid']],
      [3, ['parent_facility_uuid']],
      [4, ['parent_facility_uuid']],
      [6, ['parent_facility_uuid']],
    ]);
    expect(errorsOf(validation, 2)!.parent_facility_uuid).toEqual([cycle]);
    expect(errorsOf(validation, 3)!.parent_facility_uuid).toEqual([cycle]);
    expect(errorsOf(validation, 4)!.parent_facility_uuid).toEqual([otherProperty]);
    expect(errorsOf(validation, 6)!.parent_facility_uuid).toEqual([cycle]);

    expect(job).toMatchObject({ status: 'done', counts: { updated: 2, failed: 4 } });
    expect(await parentOf('A')).toBeNull();
    expect(await parentOf('B')).toBe(made.A!.uuid);
    expect(await parentOf('C')).toBe(made.B!.uuid);
    expect(await parentOf('D')).toBe(made.E!.uuid);
    expect(await parentOf('E')).toBeNull();
    expect(await parentOf('F')).toBe(made.P!.uuid);
  });

  it('sees a loop closed by a row of a later chunk, in the validation and in the job', async () => {
    // D's parent is E (the test above). Row 2 moves A under D; a chunk later E is to go under A, which would make
    // E → A → D → E. Between them, rows that match nothing fill the first chunk (and stay within the 500 problems
    // a validation lists).
    const filler = Array.from({ length: CHUNK_ROWS - 1 }, (_, i) => [`NONE-${i}`, '']);
    const lines = [['Internal number', 'Parent'], ['A-1', 'D-1'], ...filler, ['E-1', 'A-1']];
    const { validation, job } = await importCsv(
      lines,
      { '0': 'number_internal', '1': 'parent_facility_uuid' },
      { mode: 'update', match_key: 'number_internal' },
    );
    const last = lines.length; // the sheet row of the last line
    expect(errorsOf(validation, 2)).toBeUndefined();
    expect(errorsOf(validation, last)?.parent_facility_uuid?.[0]).toMatch(/sub-records/);
    expect(validation.counts).toMatchObject({ update: 1, error: CHUNK_ROWS });
    expect(job.counts).toMatchObject({ updated: 1, failed: CHUNK_ROWS });
    expect(await parentOf('A')).toBe(made.D!.uuid);
    expect(await parentOf('E')).toBeNull();
  });

  it('refuses a new facility whose parent belongs to another property, and prefers the row property', async () => {
    const { validation, job } = await importCsv(
      [
        ['Property', 'Name', 'Parent'],
        ['Enge', 'Neu 1', 'Anlage A'], // Anlage A is in Seefeld only
        ['Enge', 'Neu 2', 'Pumpe'], // both have a Pumpe: Enge's
        ['Seefeld', 'Neu 3', 'x-1'], // Xenon by its number, in Enge
      ],
      { '0': 'property_uuid', '1': 'name', '2': 'parent_facility_uuid' },
    );
    expect(validation.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 2 });
    expect(validation.problems.map((p) => [p.row, Object.keys(p.errors)])).toEqual([
      [2, ['parent_facility_uuid']],
      [4, ['parent_facility_uuid']],
    ]);
    expect(errorsOf(validation, 2)!.parent_facility_uuid![0]).toMatch(/another property/);
    expect(job.counts).toMatchObject({ created: 1, failed: 2 });
    const created = json<{ data: Rec[] }>(
      await a.client.get(`/facilities?property_uuids[]=${enge.uuid}&search=Neu`),
    ).data;
    expect(created.map((f) => [f.name, f.parent_facility_uuid])).toEqual([['Neu 2', made.Q!.uuid]]);
  });
});
