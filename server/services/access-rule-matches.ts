// The access rules each record matches, kept on the record (docs/domain/permissions.md, "Access rules"): every
// model's table has `access_rule_uuids` (null when no rule matches), set by a trigger on insert and update from the
// statement compiled here for its model and settings group (table `access_rule_checks`). A list then hides a
// member's records with one array overlap instead of evaluating every rule's filters on every row it reads.
// A rule's or a stored filter's change compiles the statement again and rewrites the matches that changed, in the
// same transaction, holding a lock the trigger waits for (server/db/migrations/0019_access_rule_matches.sql). The
// trigger is created on a model's table with the first rule on that model (until then its writes pay nothing) and
// dropped on start when no rule on it is left.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { accessRuleChecks } from '../db/permission-schema';
import { accessRules, filters } from '../db/entity-tables';
import { entities, entityByName } from '../../src/entities/registry';
import type { AnyEntity } from '../../src/entities/define';
import { col, rowsOf, storedFilterCondition, tableOf } from '../crud/table';

/** The advisory lock's first key (the second is the settings group's hash), as in the trigger. */
const LOCK = 7301;

const dialect = new PgDialect();

/** Records rewritten per statement, so that each stays well within the statement time limit. */
const CHUNK = 10_000;

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A parameter as an SQL literal: the values of stored filters, validated when they were stored. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return quote(value);
  if (value instanceof Date) return quote(value.toISOString());
  throw new Error(`an access rule's filter holds a value of type ${typeof value}`);
}

/** SQL as one text with its parameters written in as literals (a statement kept in a table and run by a trigger). */
export function inlined(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

interface Rule {
  uuid: string;
  filters: Record<string, unknown>[];
}

/**
 * The uuids of the rules a row of the model matches, or null: a rule with several filters matches a record any of
 * them matches, a rule without a filter every record, and a filter on an empty field does not match.
 */
export function matchesExpression(entity: AnyEntity, rules: readonly Rule[]): SQL {
  const cases = rules.map((rule) => {
    const matched = rule.filters.length
      ? sql.join(
          rule.filters.map((f) => sql`(${storedFilterCondition(entity, f, { row: true }) ?? sql`true`})`),
          sql` or `,
        )
      : sql`true`;
    return sql`case when ${matched} then ${rule.uuid}::uuid end`;
  });
  return sql`nullif(array_remove(array[${sql.join(cases, sql`, `)}]::uuid[], null), '{}')`;
}

/** The rules in force of a model in a settings group (live: neither archived nor deleted), each with its filters
 * (its live stored filters' and its own). */
async function rulesOf(db: Db, settingsGroup: string, model: string): Promise<Rule[]> {
  return rowsOf<Rule>(
    await db.execute(sql`select r.uuid, (select coalesce(jsonb_agg(f.filter order by f.uuid), '[]'::jsonb)
        from ${filters} f where f.uuid = any(r.filter_uuids) and f.deleted_at is null and f.archived_at is null)
      || case when r.filter is null then '[]'::jsonb else jsonb_build_array(r.filter) end as filters
      from ${accessRules} r where r.settings_group_uuid = ${settingsGroup} and r.model = ${model}
        and r.deleted_at is null and r.archived_at is null
      order by r.uuid`),
  );
}

/**
 * Compiles the rules of each model in a settings group again and rewrites the records whose matches change. Runs
 * inside the transaction that changed the rules (`db` is that transaction); `force` rewrites even when the
 * statement is unchanged.
 */
export async function refreshRuleMatches(
  db: Db,
  settingsGroup: string,
  models: readonly string[],
  { force = true, chunk = CHUNK } = {},
) {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCK}, hashtext(${settingsGroup}::text))`);
  for (const model of new Set(models)) {
    const entity = entityByName(model);
    if (!entity) continue;
    const rules = await rulesOf(db, settingsGroup, model);
    const where = and(eq(accessRuleChecks.settings_group_uuid, settingsGroup), eq(accessRuleChecks.model, model));
    const [stored] = await db.select({ statement: accessRuleChecks.statement }).from(accessRuleChecks).where(where);
    if (!rules.length) {
      if (!stored && !force) continue;
      await db.delete(accessRuleChecks).where(where);
      await rewrite(db, entity, settingsGroup, sql`null`, chunk);
      continue;
    }
    const expression = inlined(matchesExpression(entity, rules));
    const statement = `select ${expression} from (select ($1).*) as ${dialect.escapeName(entity.table)}`;
    await ensureTrigger(db, entity);
    if (stored?.statement === statement && !force) continue;
    await db
      .insert(accessRuleChecks)
      .values({ settings_group_uuid: settingsGroup, model, statement })
      .onConflictDoUpdate({
        target: [accessRuleChecks.settings_group_uuid, accessRuleChecks.model],
        set: { statement },
      });
    await rewrite(db, entity, settingsGroup, sql.raw(expression), chunk);
  }
}

const triggerName = (entity: AnyEntity) => dialect.escapeName(`${entity.table}_access_rules`);

/** The tables that have their access-rules trigger (`table`: only that one). */
async function triggered(db: Db, table?: string) {
  const rows = rowsOf<{ table: string }>(
    await db.execute(sql`select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where t.tgname = c.relname || '_access_rules' and not t.tgisinternal
      ${table === undefined ? sql`` : sql`and c.relname = ${table}`}`),
  );
  return new Set(rows.map((r) => r.table));
}

/**
 * The model's trigger, created if missing. Creating it locks the table against writes until this transaction
 * commits, so a write in flight commits first and the rewrite after it sees its record.
 */
async function ensureTrigger(db: Db, entity: AnyEntity) {
  if ((await triggered(db, entity.table)).size) return;
  await db.execute(
    sql.raw(`create trigger ${triggerName(entity)} before insert or update on ${dialect.escapeName(entity.table)}
      for each row execute function access_rule_matches(${quote(entity.name)})`),
  );
}

/**
 * Sets the matches of the settings group's records of the model to `value` where they differ, a range of uuids at a
 * time. The trigger computes the same value again for each row rewritten; only rows whose matches change are.
 */
async function rewrite(db: Db, entity: AnyEntity, settingsGroup: string, value: SQL, chunk: number) {
  const table = tableOf(entity);
  const uuid = col(entity, 'uuid');
  const inGroup = eq(col(entity, 'settings_group_uuid'), settingsGroup);
  let after: string | null = null;
  for (;;) {
    const from: SQL | undefined = after === null ? undefined : sql`${uuid} > ${after}`;
    const [edge]: { uuid: string }[] = rowsOf<{ uuid: string }>(
      await db.execute(
        sql`select ${uuid} as uuid from ${table} where ${and(inGroup, from)} order by ${uuid} offset ${chunk - 1} limit 1`,
      ),
    );
    const to = edge ? sql`${uuid} <= ${edge.uuid}` : undefined;
    await db.execute(sql`update ${table} set ${sql.identifier('access_rule_uuids')} = ${value}
      where ${and(inGroup, from, to)} and ${col(entity, 'access_rule_uuids')} is distinct from ${value}`);
    if (!edge) return;
    after = edge.uuid;
  }
}

/**
 * On start: the statements of every model and settings group with rules compiled by this version of the code (a
 * database restored or migrated from before, or a change of how filters compile, rewrites what differs).
 */
export async function compileAllRuleMatches(db: Db, { chunk = CHUNK } = {}) {
  const pairs = rowsOf<{ sg: string; model: string }>(
    await db.execute(sql`select settings_group_uuid as sg, model from ${accessRules}
      union select settings_group_uuid, model from ${accessRuleChecks} order by 1, 2`),
  );
  for (const { sg, model } of pairs)
    await db.transaction((tx) => refreshRuleMatches(tx, sg, [model], { force: false, chunk }));
  // the triggers of models no rule is left on (their records' matches were cleared when the last rule went)
  const used = new Set(
    rowsOf<{ model: string }>(await db.execute(sql`select distinct model from ${accessRuleChecks}`)).map(
      (r) => r.model,
    ),
  );
  const tables = await triggered(db);
  for (const entity of Object.values(entities))
    if (!used.has(entity.name) && tables.has(entity.table))
      await db.execute(sql.raw(`drop trigger ${triggerName(entity)} on ${dialect.escapeName(entity.table)}`));
}
