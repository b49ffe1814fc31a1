// The details of an audit log entry as the user reads them (docs/decisions.md, "Audit log details"): each stored
// key by its label (`admin.auditLog.fields.<key>`), each value formatted — dates in the user's date format,
// numbers in the language's, yes/no, a network's rule, a member's role and rights by their names, lists of
// records by their names (or their count when a name is not known), a change as "before → after". The stored
// details stay as they are (keys and raw values).
import type { TFunction } from '../../src/i18n/options';
import { i18n } from '../../src/i18n';

export interface DetailFormat {
  dateTime: (value: string) => string;
  number: (value: number) => string;
  /**
   * The names of the records a list of uuids under `key` names, joined (`''` for none), when every one of them is
   * known (use-ref-names.ts); otherwise the list is counted.
   */
  refs?: (key: string, uuids: readonly string[]) => string | undefined;
}

export interface DetailItem {
  key: string;
  label: string;
  value: string;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isChange = (v: unknown): v is { from: unknown; to: unknown } => isRecord(v) && 'from' in v && 'to' in v;
/** A change as the records engine writes it (docs/domain/permissions.md, "Scopes and access of a model"). */
const isEngineChange = (v: unknown): v is { old: unknown; new: unknown } => isRecord(v) && 'old' in v && 'new' in v;

/** The first of `keys` that has a text, translated; none: `fallback`. Never asks for a text that is not there. */
const firstText = (t: TFunction, keys: readonly string[], fallback: string) => {
  const key = keys.find((k) => i18n.instance.exists(k));
  return key ? t(key) : fallback;
};

/** The label of a stored key; a key without one (a model's field under its settings' default values) is shown with
 * spaces, as it is. */
const labelOf = (t: TFunction, key: string) => firstText(t, [`admin.auditLog.fields.${key}`], key.replace(/_/g, ' '));

/** The labels of a model's fields (a record's History panel), else the audit log's own. */
export const modelLabels = (model: string) => (t: TFunction, key: string) =>
  firstText(t, [`entities.${model}.fields.${key}`, `admin.auditLog.fields.${key}`], key.replace(/_/g, ' '));

/** The audit log's labels for an entry about a record of `model`: its own, else the model's field labels. */
export const logLabels = (model: string | null) => (t: TFunction, key: string) =>
  firstText(
    t,
    [`admin.auditLog.fields.${key}`, ...(model ? [`entities.${model}.fields.${key}`] : [])],
    key.replace(/_/g, ' '),
  );

/** What an entry records: its own label, else a records engine's write (`facility.create`) as "Facility created". */
export function actionLabel(t: TFunction, action: string): string {
  const [model = '', write = ''] = action.split('.');
  if (i18n.instance.exists(`admin.auditLog.actions.${action}`)) return t(`admin.auditLog.actions.${action}`);
  if (i18n.instance.exists(`entities.${model}.one`) && i18n.instance.exists(`admin.auditLog.writes.${write}`))
    return t(`admin.auditLog.writes.${write}`, { name: t(`entities.${model}.one`) });
  return action;
}

/** Enum-like values by the key they are stored under. */
function enumText(t: TFunction, key: string, value: string): string | undefined {
  if (key === 'action') return t(`admin.networks.actions.${value}`, { defaultValue: value });
  if (key === 'role' || key === 'from' || key === 'to')
    return t(`settingsGroups.roles.${value}`, { defaultValue: value });
  if (key === 'currency') return value;
  // the model whose settings changed (docs/domain/fields.md, "Model settings")
  if (key === 'model') return t(`entities.${value}.plural`, { defaultValue: value });
  return undefined;
}

/** A module's rights, `{ task: ['view', 'update'] }`, as "Tasks: View, Update". */
function rightsText(t: TFunction, rights: Record<string, unknown>): string {
  const parts = Object.entries(rights).map(([model, list]) => {
    const names = (Array.isArray(list) ? list : []).map((r) =>
      t(`permissions.rights.${String(r)}`, { defaultValue: String(r) }),
    );
    return `${t(`entities.${model}.plural`, { defaultValue: model })}: ${names.join(', ') || t('permissions.none')}`;
  });
  return parts.join('; ') || t('permissions.none');
}

function valueText(t: TFunction, format: DetailFormat, key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return t(value ? 'admin.auditLog.yes' : 'admin.auditLog.no');
  if (typeof value === 'number') return format.number(value);
  if (typeof value === 'string') {
    if (ISO_DATE_TIME.test(value)) return format.dateTime(value);
    return enumText(t, key, value) ?? value;
  }
  if (isChange(value)) return `${valueText(t, format, key, value.from)} → ${valueText(t, format, key, value.to)}`;
  if (isEngineChange(value)) return `${valueText(t, format, key, value.old)} → ${valueText(t, format, key, value.new)}`;
  if (key === 'rights' && isRecord(value)) return rightsText(t, value);
  // records deleted per model (the archive's purge)
  if (key === 'counts' && isRecord(value))
    return Object.entries(value)
      .map(([model, n]) => `${t(`entities.${model}.plural`, { defaultValue: model })}: ${valueText(t, format, '', n)}`)
      .join(', ');
  if (Array.isArray(value)) {
    // uuids of records (members, user groups) by their names when known, else counted; other lists (e-mail
    // domains) are listed
    if (value.every((v) => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v))) {
      const names = format.refs?.(key, value as string[]);
      if (names !== undefined) return names || '–';
      return t('admin.auditLog.count', { count: value.length });
    }
    return value.map((v) => valueText(t, format, key, v)).join(', ');
  }
  if (isRecord(value))
    return Object.entries(value)
      .filter(([k]) => k !== 'uuid')
      .map(([k, v]) => `${labelOf(t, k)}: ${valueText(t, format, k, v)}`)
      .join(', ');
  return String(value);
}

/**
 * The entry's details as labelled, formatted items; `changes` is unfolded into one item per changed key, and a key
 * stored beside it with the value after the change (kept for older readers) is not shown twice.
 */
export function auditDetails(
  details: Record<string, unknown>,
  t: TFunction,
  format: DetailFormat,
  label: (t: TFunction, key: string) => string = labelOf,
): DetailItem[] {
  const items: DetailItem[] = [];
  const changed = isRecord(details.changes) ? details.changes : {};
  for (const [key, value] of Object.entries(details)) {
    if (key !== 'changes' && Object.hasOwn(changed, key)) continue;
    if (key === 'changes' && isRecord(value)) {
      for (const [changed, change] of Object.entries(value))
        items.push({ key: changed, label: label(t, changed), value: valueText(t, format, changed, change) });
      continue;
    }
    items.push({ key, label: label(t, key), value: valueText(t, format, key, value) });
  }
  return items;
}
