// Test values per field kind (an adapter like the others: a new kind fails the typecheck until it is here),
// and records built through the API with their required references created first.
import type { AnyEntity } from '../../src/entities/define';
import { isWritable, type Field, type FieldKind } from '../../src/entities/fields';
import { entityByName } from '../../src/entities/registry';
import { json, type Client } from './harness';
import { pdf, uploadDocument } from './uploads';

let seq = 0;
const between = (f: Field, fallback: number) => {
  const min = 'min' in f && f.min !== undefined ? f.min : undefined;
  const max = 'max' in f && f.max !== undefined ? f.max : undefined;
  if (min !== undefined && max !== undefined) return Math.round((min + max) / 2);
  return min !== undefined ? min + fallback : fallback;
};

export const sampleValues = {
  text: (f, n) => `Sample ${n}`.slice(0, 'max' in f && f.max ? f.max : 200),
  long_text: (_f, n) => `A longer description ${n}`,
  email: (_f, n) => `contact${n}@example.com`,
  phone: () => '+41 44 123 45 67',
  int: (f) => between(f, 7),
  decimal: (f) => String(between(f, 12.5)),
  money: (f) => `${between(f, 1500)}.50`,
  area: (f) => `${between(f, 120)}.25`,
  percent: (f) => String(between(f, 10)),
  geo: (f) => String(between(f, 8)),
  bool: () => true,
  date: () => '2026-03-15',
  datetime: () => '2026-03-15T10:00:00.000Z',
  enum: (f) => (f as Extract<Field, { kind: 'enum' }>).values[0]!,
  ref: () => null,
} satisfies { [K in FieldKind]: (field: Field, n: number) => unknown };

/** Another valid value of the same kind, for update tests. */
export const otherValues = {
  text: (_f: Field, n: number) => `Changed ${n}`,
  int: (f: Field) => between(f, 7) + ('max' in f && f.max !== undefined && between(f, 7) >= f.max ? -1 : 1),
  enum: (f: Field) => {
    const values = (f as Extract<Field, { kind: 'enum' }>).values;
    return values[1] ?? values[0]!;
  },
} as const;

export interface Context {
  client: Client;
  settingsGroup: string;
  made: Map<string, string>; // model name → uuid of a record made for references
}

/** Creates one record of a model through the API (making its required references first) and returns it. */
export async function make(
  ctx: Context,
  entity: AnyEntity,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  if (entity.createdByUpload) return upload(ctx, entity, overrides);
  const body = await bodyFor(ctx, entity, overrides);
  const res = await ctx.client.post(`/${entity.plural}`, body);
  if (res.statusCode !== 201) throw new Error(`creating ${entity.name} failed: ${res.statusCode} ${res.body}`);
  return json<{ data: Record<string, unknown> }>(res).data;
}

/** The create body of one record (its required references made first), without sending it. */
export async function bodyFor(
  ctx: Context,
  entity: AnyEntity,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  seq += 1;
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isWritable(field)) continue;
    if (field.kind === 'ref') {
      if (field.required) body[name] = await refFor(ctx, field.model, body);
      continue;
    }
    if (field.unique)
      body[name] = `U${seq}-${Math.random().toString(36).slice(2, 8)}`.slice(
        0,
        'max' in field && field.max ? field.max : 40,
      );
    else if (name === 'country') body[name] = 'CH';
    else body[name] = sampleValues[field.kind](field, seq);
  }
  if (entity.scope === 'settings_group') body.settings_group_uuid = ctx.settingsGroup;
  if (entity.name === 'tenancy') body.end_date = '2027-03-15';
  if (entity.name === 'task')
    Object.assign(body, { by_weekday: 'MO', rrule: null, end_date: null, occurrences: null, interval: 1 });
  Object.assign(body, overrides);
  return body;
}

/** A record that is a stored file (a document): uploaded to a property of the workspace, then given the overrides. */
async function upload(ctx: Context, entity: AnyEntity, overrides: Record<string, unknown>) {
  seq += 1;
  const property = await refFor(ctx, 'property', {});
  const res = await uploadDocument(
    ctx.client,
    { model_name: 'property', model_uuid: property, title: `Sample ${seq}` },
    { name: `sample-${seq}-${Math.random().toString(36).slice(2, 8)}.pdf`, data: pdf(`sample ${seq}`) },
  );
  if (res.statusCode !== 201) throw new Error(`uploading ${entity.name} failed: ${res.statusCode} ${res.body}`);
  const made = json<{ data: Record<string, unknown> }>(res).data;
  if (Object.keys(overrides).length === 0) return made;
  const patched = await ctx.client.patch(`/${entity.plural}/${String(made.uuid)}`, overrides);
  if (patched.statusCode !== 200)
    throw new Error(`updating ${entity.name} failed: ${patched.statusCode} ${patched.body}`);
  return json<{ data: Record<string, unknown> }>(patched).data;
}

async function refFor(ctx: Context, model: string, body: Record<string, unknown>): Promise<string> {
  const target = entityByName(model)!;
  // a reference under a property must share the record's property
  if (target.scope === 'property' && body.property_uuid) {
    const made = await make(ctx, target, { property_uuid: body.property_uuid });
    return String(made.uuid);
  }
  const known = ctx.made.get(model);
  if (known) return known;
  const made = await make(ctx, target);
  ctx.made.set(model, String(made.uuid));
  return String(made.uuid);
}
