// Test values per field kind (an adapter like the others: a new kind fails the typecheck until it is here),
// and records built through the API with their required references created first.
import type { AnyEntity } from '../../src/entities/define';
import { isWritable, type Field, type FieldKind } from '../../src/entities/fields';
import type { JsonSchemaName } from '../../src/entities/json-schemas';
import { entityByName } from '../../src/entities/registry';
import { TEXT_FORMATS } from '../../src/entities/text-formats';
import { MEMBER_MODEL } from '../../src/entities/fields';
import { settingsGroupMembers } from '../../server/db/schema';
import { accountEmailTemplates, emailTemplates } from '../../server/db/entity-tables';
import { and, eq, isNull } from 'drizzle-orm';
import { createUserIn, json, signedInWithTwoFactor, type Client, type TestEnv } from './harness';
import { pdf, uploadDocument } from './uploads';
import { ACCOUNT_MAIL_KEYS, MAIL_KEYS } from '../../src/domain/mail-templates';

let seq = 0;

/** A value each named JSON schema (src/entities/json-schemas.ts) takes: a new schema fails the typecheck until here. */
const jsonSamples = {
  rights: () => ({}),
  filter: () => ({}),
  grid_view_query: () => ({}),
  webhook_events: () => ['facility.created', 'facility.updated'],
  notification_translations: (n) => ({ 'en-us': { title: `Notice ${n}`, body: `The notice ${n}` } }),
  scheduled_export_recipients: () => [],
  attribute_labels: (n) => ({ 'en-us': `Attribute ${n}` }),
  attribute_options: () => [],
  attribute_default: () => null,
  record_template_values: () => ({}),
} satisfies Record<JsonSchemaName, (n: number) => unknown>;
const between = (f: Field, fallback: number) => {
  const min = 'min' in f && f.min !== undefined ? f.min : undefined;
  const max = 'max' in f && f.max !== undefined ? f.max : undefined;
  if (min !== undefined && max !== undefined) return Math.round((min + max) / 2);
  return min !== undefined ? min + fallback : fallback;
};

export const sampleValues = {
  // a text of a named format takes the format's sample (src/entities/text-formats.ts: a saved view's table)
  text: (f, n) =>
    'format' in f && f.format
      ? TEXT_FORMATS[f.format].sample
      : `Sample ${n}`.slice(0, 'max' in f && f.max ? f.max : 200),
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
  // a stamp (`stamp`: yyyy-MM-dd HH:mm:ss in UTC) where the field is written so
  datetime: (f) => ('stamp' in f && f.stamp ? '2026-03-15 10:00:00' : '2026-03-15T10:00:00.000Z'),
  enum: (f) => (f as Extract<Field, { kind: 'enum' }>).values[0]!,
  enums: (f) => (f as Extract<Field, { kind: 'enums' }>).values.slice(0, 1),
  ref: () => null,
  // no reference by default (the records referred to are made where a test needs them)
  refs: () => [],
  json: (f, n) => jsonSamples[(f as Extract<Field, { kind: 'json' }>).schema as JsonSchemaName](n),
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

/**
 * The context that writes a model's records in the registry-driven suites: a superuser's (with confirmed 2FA) for a
 * superusers' table, which anyone else may not write (docs/domain/permissions.md, "Scopes and access of a model"),
 * else the workspace's own (its admin's).
 */
export const writerOf = (entity: Pick<AnyEntity, 'access'>, own: Context, superuser: Context) =>
  entity.access === 'superusers' ? superuser : own;

/** A superuser with confirmed 2FA writing into `settingsGroup` (not a member of it); `user` sets more of them. */
export async function superuserContext(
  env: TestEnv,
  settingsGroup: string,
  user: Parameters<typeof signedInWithTwoFactor>[1] = {},
): Promise<Context> {
  const { client } = await signedInWithTwoFactor(env, { ...user, is_superuser: true });
  return { client, settingsGroup, made: new Map() };
}

/** Where the search for a free e-mail template pair starts next, by settings group (the account mails' by model). */
const templatePairs = new Map<string, number>();

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
    if (field.kind === 'refs') continue; // no reference unless a test gives some (an empty list when created)
    if (field.unique)
      body[name] = `U${seq}-${Math.random().toString(36).slice(2, 8)}`.slice(
        0,
        'max' in field && field.max ? field.max : 40,
      );
    else if (name === 'country') body[name] = 'CH';
    else body[name] = sampleValues[field.kind](field, seq);
  }
  if (entity.scope === 'settings_group' || entity.scope === 'user') body.settings_group_uuid = ctx.settingsGroup;
  if (entity.name === 'tenancy') body.end_date = '2027-03-15';
  // a network's range must be one (server/models/network.ts), a new one each time (the same range again is a 409)
  if (entity.name === 'network') body.cidr = `10.${seq % 250}.${Math.floor(Math.random() * 250)}.0/24`;
  // an access rule made for a test hides nothing: its empty filter would hide every record of its model from the
  // members outside its (empty) user groups
  if (entity.name === 'access_rule') body.filter = { uuid: [crypto.randomUUID()] };
  // a system notification's window must end after it starts: it is left open
  if (entity.name === 'system_notification') body.publish_until = null;
  if (entity.name === 'task')
    Object.assign(body, { by_weekday: 'MO', rrule: null, end_date: null, occurrences: null, interval: 1 });
  // one member's delegations never overlap (server/models/delegation.ts): a day of its own each
  if (entity.name === 'delegation') {
    const day = new Date(Date.UTC(2030, 0, 1) + seq * 86_400_000).toISOString().slice(0, 10);
    Object.assign(body, { valid_from: day, valid_to: day });
  }
  // a favorite names something the caller sees, once: a saved view of the caller's own each time (any member may
  // save one)
  if (entity.name === 'favorite')
    Object.assign(body, {
      model: null,
      record_uuid: null,
      grid_view_uuid: String((await make(ctx, entityByName('grid_view')!)).uuid),
    });
  // one template per mail and language in a settings group, or among the account mails' (server/models/
  // email-template.ts): a pair not taken yet, else the oldest one taken out of the way; its body with the mail's link
  if (entity.name === 'email_template' || entity.name === 'account_email_template') {
    const account = entity.name === 'account_email_template';
    const table = account ? accountEmailTemplates : emailTemplates;
    const { db } = ctx.client.app.ctx;
    const live = and(
      account ? undefined : eq(emailTemplates.settings_group_uuid, ctx.settingsGroup),
      isNull(table.deleted_at),
    );
    const taken = await db
      .select({ uuid: table.uuid, mail: table.mail, locale: table.locale })
      .from(table)
      .where(live)
      .orderBy(table.created_at);
    const mails: readonly string[] = account ? ACCOUNT_MAIL_KEYS : MAIL_KEYS;
    const pairs = mails.flatMap((mail) => ['en-us', 'de', 'de-ch'].map((locale) => ({ mail, locale })));
    // searched from the next pair each time, so the rows of one bulk body differ before any is written
    const key = account ? entity.name : ctx.settingsGroup;
    const start = (templatePairs.get(key) ?? 0) + 1;
    templatePairs.set(key, start);
    const free = pairs
      .map((_, i) => pairs[(start + i) % pairs.length]!)
      .find((p) => !taken.some((t) => t.mail === p.mail && t.locale === p.locale));
    const pair = free ?? { mail: taken[0]!.mail, locale: taken[0]!.locale };
    if (!free) await db.update(table).set({ deleted_at: new Date() }).where(eq(table.uuid, taken[0]!.uuid));
    Object.assign(body, { ...pair, body: `${String(body.body)} {{link}}` });
  }
  // an attribute of its own key on a model, neither required nor searchable, so the settings group's other records
  // are written as before (server/crud/attributes.ts); of its type (text), so not in the calendar
  if (entity.name === 'attribute')
    Object.assign(body, {
      key: `k${seq}_${Math.random().toString(36).slice(2, 8)}`,
      required: false,
      searchable: false,
      calendar: false,
    });
  Object.assign(body, overrides);
  return body;
}

/** Another member of the context's settings group (users are no model: added to it as the harness adds members). */
async function memberFor(ctx: Context): Promise<string> {
  const known = ctx.made.get(MEMBER_MODEL);
  if (known) return known;
  const { db } = ctx.client.app.ctx;
  const user = await createUserIn(db);
  await db
    .insert(settingsGroupMembers)
    .values({ settings_group_uuid: ctx.settingsGroup, user_id: user.id, role: 'user' });
  ctx.made.set(MEMBER_MODEL, user.uuid);
  return user.uuid;
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
  if (model === MEMBER_MODEL) return memberFor(ctx);
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
