// Public pages of records (docs/domain/public-pages.md): an admin of the record's settings group enables a page that
// shows chosen fields and documents of the record to anyone holding its link, resets the link (the old one dead at
// once, for good) and disables it (the token forgotten). The token is 32 random bytes, base64url, stored as its
// SHA-256 only (docs/domain/sign-in.md, "Tokens"). A disabled page, a reset or unknown token, an archived or deleted
// record: the same 404.
import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../src/entities/account';
import type { AnyEntity } from '../../src/entities/define';
import { isDecimalKind, type Field } from '../../src/entities/fields';
import { isShareable } from '../../src/domain/public-pages';
import type { AppContext } from '../context';
import { anyRecordOf, type Access } from '../crud/access';
import type { Row } from '../crud/present';
import { getRow } from '../crud/read';
import { col, selection, tableOf } from '../crud/table';
import { computedValues } from '../crud/model-behaviour';
import { publicPages } from '../db/public-page-schema';
import { HttpError, fieldError, forbidden, notFound } from '../http-error';
import { translate } from '../i18n/messages';
import { enumLabel, fieldLabel } from '../spreadsheet/labels';
import { exportColumns } from '../spreadsheet/export-columns';
import { refTitles } from '../spreadsheet/export.service';
import { documentsOfRecord, openStored } from '../documents/document.service';
import { randomToken, sha256 } from './crypto';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface PublicPageBody {
  fields: string[];
  attachments: string[];
}

/** The page's link in the app (the API's read is under /api/v1 at the same path). */
export const publicPageUrl = (entity: AnyEntity, token: string) => `/public/${entity.plural}/${token}`;

/** The record for its page's settings: a record of the caller's settings groups (404 otherwise, as any record), the
 * group's admins only (403 for its members); `write` refuses an archived record (409) as record actions do. */
async function adminRecord(ctx: AppContext, access: Access, entity: AnyEntity, uuid: string, write: boolean) {
  const row = await getRow(ctx, anyRecordOf(access), entity, uuid);
  if (access.roles.get(String(row.settings_group_uuid)) !== 'admin') throw forbidden();
  if (write && row.archived_at) throw new HttpError(409, 'errors.archived');
  return row;
}

const pageOf = async (ctx: AppContext, entity: AnyEntity, uuid: string) =>
  (
    await ctx.db
      .select()
      .from(publicPages)
      .where(and(eq(publicPages.model_name, entity.name), eq(publicPages.model_uuid, uuid)))
      .limit(1)
  )[0];

type Page = typeof publicPages.$inferSelect;
const settingsOf = (page: Page | undefined) => ({
  enabled: !!page,
  fields: page?.fields ?? [],
  attachments: page?.attachments ?? [],
  created_at: page?.created_at.toISOString() ?? null,
  reset_at: page?.reset_at?.toISOString() ?? null,
});
export type PublicPageSettings = ReturnType<typeof settingsOf>;

/** The page's settings (never its token); `enabled: false` with no fields when it is not enabled. */
export async function publicPageSettings(ctx: AppContext, access: Access, entity: AnyEntity, uuid: string) {
  await adminRecord(ctx, access, entity, uuid, false);
  return settingsOf(await pageOf(ctx, entity, uuid));
}

/** The documents a page of this record may offer: those attached to it, and a document's own file. */
async function offered(ctx: AppContext, entity: AnyEntity, row: Row) {
  const uuid = String(row.uuid);
  const files = await documentsOfRecord(ctx.db, { model_name: entity.name, model_uuid: uuid });
  if (entity.name === 'document' && row.filename) files.unshift(row);
  return files;
}

/** The body checked against the model and the record: known shareable fields once each, attached documents once
 * each (422 naming `fields.N` / `attachments.N`). */
async function checked(ctx: AppContext, entity: AnyEntity, row: Row, body: PublicPageBody) {
  body.fields.forEach((name, i) => {
    const field = Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined;
    if (!field || !isShareable(field)) throw fieldError(`fields.${i}`, 'validation.in');
    if (body.fields.indexOf(name) !== i) throw fieldError(`fields.${i}`, 'validation.distinct');
  });
  const attached = new Set((await offered(ctx, entity, row)).map((d) => String(d.uuid)));
  body.attachments.forEach((uuid, i) => {
    if (!attached.has(uuid)) throw fieldError(`attachments.${i}`, 'public_page.not_attached');
    if (body.attachments.indexOf(uuid) !== i) throw fieldError(`attachments.${i}`, 'validation.distinct');
  });
}

/** Enables the page with a new token (answered once), or changes the fields and attachments of an enabled page (no
 * new token, none answered). */
export async function enablePublicPage(
  ctx: AppContext,
  access: Access,
  entity: AnyEntity,
  uuid: string,
  body: PublicPageBody,
) {
  const row = await adminRecord(ctx, access, entity, uuid, true);
  await checked(ctx, entity, row, body);
  const token = randomToken();
  const now = new Date();
  // one statement, so that two admins enabling at once leave one token: the second changes the first's settings
  const [saved] = await ctx.db
    .insert(publicPages)
    .values({
      model_name: entity.name,
      model_uuid: uuid,
      settings_group_uuid: String(row.settings_group_uuid),
      token_hash: sha256(token),
      fields: body.fields,
      attachments: body.attachments,
      created_by: access.user.id,
    })
    .onConflictDoUpdate({
      target: [publicPages.model_name, publicPages.model_uuid],
      set: { fields: body.fields, attachments: body.attachments, updated_at: now },
    })
    .returning({ hash: publicPages.token_hash });
  const settings = settingsOf(await pageOf(ctx, entity, uuid));
  if (saved?.hash !== sha256(token)) return { created: false, data: settings };
  return { created: true, token, url: publicPageUrl(entity, token), data: settings };
}

/** A new token for an enabled page: the old link is dead at once (409 when the page is not enabled). */
export async function resetPublicPage(ctx: AppContext, access: Access, entity: AnyEntity, uuid: string) {
  await adminRecord(ctx, access, entity, uuid, true);
  const token = randomToken();
  const now = new Date();
  const done = await ctx.db
    .update(publicPages)
    .set({ token_hash: sha256(token), reset_at: now, updated_at: now })
    .where(and(eq(publicPages.model_name, entity.name), eq(publicPages.model_uuid, uuid)))
    .returning({ uuid: publicPages.model_uuid });
  if (!done.length) throw new HttpError(409, 'public_page.not_enabled');
  return { token, url: publicPageUrl(entity, token), data: settingsOf(await pageOf(ctx, entity, uuid)) };
}

/** Disables the page: its row and so its token are gone (also on an archived record; nothing to do when off). */
export async function disablePublicPage(ctx: AppContext, access: Access, entity: AnyEntity, uuid: string) {
  await adminRecord(ctx, access, entity, uuid, false);
  await ctx.db
    .delete(publicPages)
    .where(and(eq(publicPages.model_name, entity.name), eq(publicPages.model_uuid, uuid)));
}

// ---- the public side (no login) ----

/** The page and its live, unarchived record behind a token of this model; 404 for anything else. */
async function shared(ctx: AppContext, entity: AnyEntity, token: string) {
  if (!TOKEN.test(token)) throw notFound();
  const [page] = await ctx.db
    .select()
    .from(publicPages)
    .where(and(eq(publicPages.token_hash, sha256(token)), eq(publicPages.model_name, entity.name)))
    .limit(1);
  if (!page) throw notFound();
  const [row] = (await ctx.db
    .select(selection(entity))
    .from(tableOf(entity))
    .where(
      and(
        eq(col(entity, 'uuid'), page.model_uuid),
        eq(col(entity, 'settings_group_uuid'), page.settings_group_uuid),
        isNull(col(entity, 'archived_at')),
        isNull(col(entity, 'deleted_at')),
      ),
    )
    .limit(1)) as Row[];
  if (!row) throw notFound();
  return { page, row: { ...row, ...computedValues(entity, row) } };
}

const INTL: Record<Locale, string> = { 'en-us': 'en-US', de: 'de-DE', 'de-ch': 'de-CH' };

/** A value as the page shows it in `locale`: numbers grouped, dates written out, enums and references by their
 * labels and titles; null when empty. */
function shown(entity: AnyEntity, name: string, field: Field, value: unknown, locale: Locale, title?: string) {
  if (value === null || value === undefined || value === '') return null;
  const intl = INTL[locale];
  switch (field.kind) {
    case 'bool':
      return translate(locale, value ? 'export.yes' : 'export.no');
    case 'enum':
      return enumLabel(entity, name, String(value), locale);
    case 'enums':
      return (Array.isArray(value) ? value : []).map((v) => enumLabel(entity, name, String(v), locale)).join(', ');
    case 'ref':
    case 'refs':
      return title ?? null;
    case 'date':
      return new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${String(value).slice(0, 10)}T00:00:00Z`),
      );
    case 'datetime':
      return new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
        value instanceof Date ? value : new Date(String(value)),
      );
    case 'int':
      return new Intl.NumberFormat(intl).format(Number(value));
    default:
      if (isDecimalKind(field.kind)) {
        const digits = field.kind === 'money' ? 2 : undefined;
        const text = new Intl.NumberFormat(intl, { minimumFractionDigits: digits, maximumFractionDigits: 6 }).format(
          Number(value),
        );
        return field.kind === 'area' ? `${text} m²` : field.kind === 'percent' ? `${text} %` : text;
      }
      return String(value);
  }
}

/** The page as an outsider sees it: the record's title, the chosen fields (labelled and formatted in `locale`; no
 * other field), the chosen documents still attached. */
export async function publicPage(ctx: AppContext, entity: AnyEntity, token: string, locale: Locale) {
  const { page, row } = await shared(ctx, entity, token);
  const names = page.fields.filter((n) => Object.hasOwn(entity.fields, n) && isShareable(entity.fields[n]!));
  const columns = names.length ? exportColumns(entity, { locale, dateFormat: 'YYYY-MM-DD' }, names) : [];
  const titleOf = await refTitles(ctx, null, columns, [row]);
  const refsTitle = (name: string, value: unknown) =>
    (Array.isArray(value) ? value : [value])
      .map((v) => titleOf(name, String(v)))
      .filter((t) => t)
      .join(', ') || undefined;
  const fields = names.map((name) => {
    const field = entity.fields[name]!;
    const value = row[name];
    const title = field.kind === 'ref' || field.kind === 'refs' ? refsTitle(name, value) : undefined;
    return { name, label: fieldLabel(entity, name, locale), value: shown(entity, name, field, value, locale, title) };
  });
  const files = await offered(ctx, entity, row);
  const attachments = page.attachments.flatMap((uuid) => {
    const d = files.find((f) => f.uuid === uuid);
    return d
      ? [
          {
            uuid,
            name: String(d.original_filename ?? d.title),
            title: String(d.title ?? d.original_filename),
            size: d.size == null ? null : Number(d.size),
            url: `/api/v1/public/${entity.plural}/${token}/documents/${uuid}`,
          },
        ]
      : [];
  });
  return { model: entity.name, title: String(row[entity.titleField] ?? ''), fields, attachments };
}

/** A document the page offers, to download (any other document is a 404). */
export async function publicPageDocument(ctx: AppContext, entity: AnyEntity, token: string, documentUuid: string) {
  const { page, row } = await shared(ctx, entity, token);
  if (!page.attachments.includes(documentUuid)) throw notFound();
  const file = (await offered(ctx, entity, row)).find((d) => d.uuid === documentUuid);
  if (!file) throw notFound();
  return openStored(ctx, file);
}
