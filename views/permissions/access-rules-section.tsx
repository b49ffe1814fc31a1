// The access rules of the selected settings group on /settings/permissions (docs/domain/permissions.md, "Access
// rules"): each rule's name, model, filters (stored ones by name, then its own, as field/value rows) and the user
// groups that still see what it matches; rules are created, edited (access-rule-dialog.tsx) and deleted here.
import { Classes } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccessRule } from '../../src/entities/access-rules';
import { accessRuleKeys, deleteAccessRule, fetchAccessRules, fetchFilters } from '../../src/api/access-rules.api';
import { fetchUserGroups, permissionKeys } from '../../src/api/permissions.api';
import { entityByName } from '../../src/entities/registry';
import { useFormat } from '../../src/components/use-format';
import { useTranslation, type TFunction } from '../../src/i18n';
import { EditCell, EditorDialog } from './access-rule-dialog';
import type { AdminBodyProps } from './admin-page';
import { ListSection } from './list-section';
import { RemoveButton, useRemoval } from './removal';

/** A filter's value as text: enum values by their labels, referenced records counted, yes/no, dates in the user's
 * format, a range as from – to, text as "contains". */
function valueText(
  t: TFunction,
  date: (value: string) => string,
  model: string,
  field: string,
  value: unknown,
): string {
  const kind = entityByName(model)?.fields[field]?.kind;
  const one = (v: unknown) => (v === undefined ? '' : kind === 'date' ? date(String(v)) : String(v));
  if (Array.isArray(value)) {
    if (kind === 'ref') return t('admin.filter.records', { count: value.length });
    if (kind === 'enum') return value.map((v) => t(`enums.${model}.${field}.${String(v)}`)).join(', ');
    return value.map(String).join(', ');
  }
  if (typeof value === 'boolean') return t(value ? 'admin.filter.yes' : 'admin.filter.no');
  if (value && typeof value === 'object') {
    const { from, to } = value as { from?: unknown; to?: unknown };
    return `${one(from)} – ${one(to)}`;
  }
  return kind === 'text' || kind === 'long_text' || kind === 'email' || kind === 'phone'
    ? t('admin.filter.containsValue', { value: String(value) })
    : one(value);
}

export function FilterRows({ filter, model }: { filter: Record<string, unknown>; model: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const entries = Object.entries(filter);
  if (!entries.length) return <span className={Classes.TEXT_MUTED}>{t('permissions.rules.everything')}</span>;
  return (
    <ul className="hw-access-filter">
      {entries.map(([field, value]) => (
        <li key={field}>
          {t(`entities.${model}.fields.${field}`, { defaultValue: field })}:{' '}
          {valueText(t, format.date, model, field, value)}
        </li>
      ))}
    </ul>
  );
}

export function AccessRulesSection({ sg, report }: AdminBodyProps) {
  const { t } = useTranslation();
  const rules = useQuery({ queryKey: accessRuleKeys.rules(sg), queryFn: () => fetchAccessRules(sg) });
  const filters = useQuery({ queryKey: accessRuleKeys.filters(sg), queryFn: () => fetchFilters(sg) });
  const userGroups = useQuery({ queryKey: permissionKeys.userGroups(sg), queryFn: () => fetchUserGroups(sg) });
  const filterByUuid = new Map((filters.data ?? []).map((f) => [f.uuid, f]));
  const groupName = new Map((userGroups.data ?? []).map((g) => [g.uuid, g.name]));
  const removal = useRemoval({
    remove: (rule: AccessRule) => deleteAccessRule(rule.uuid),
    question: (rule) => t('permissions.rules.deleteConfirm', { name: rule.name }),
    report,
  });
  const [editing, setEditing] = useState<AccessRule | 'new' | null>(null);
  const list = rules.data ?? [];
  return (
    <ListSection
      id="hw-access-rules"
      title={t('permissions.rules.title')}
      intro={t('permissions.rules.intro')}
      create={t('admin.accessRules.create')}
      primary
      onCreate={() => setEditing('new')}
      empty={rules.isSuccess && !list.length}
      emptyTitle={t('permissions.rules.empty')}
      columns={[
        t('permissions.rules.name'),
        t('permissions.rules.model'),
        t('permissions.rules.filter'),
        t('permissions.rules.userGroups'),
      ]}
      rows={list.map((rule) => {
        const stored = rule.filter_uuids.map((uuid) => filterByUuid.get(uuid)).filter((f) => f !== undefined);
        return (
          <tr key={rule.uuid}>
            <td>{rule.name}</td>
            <td>{t(`entities.${rule.model}.plural`)}</td>
            <td>
              {stored.map((f) => (
                <div key={f.uuid}>
                  <strong>{f.name}</strong>
                  <FilterRows filter={f.filter} model={rule.model} />
                </div>
              ))}
              {(rule.filter || !stored.length) && <FilterRows filter={rule.filter ?? {}} model={rule.model} />}
            </td>
            <td>
              {rule.user_group_uuids.map((uuid) => groupName.get(uuid) ?? uuid).join(', ') ||
                t('permissions.rules.adminsOnly')}
            </td>
            <EditCell name={rule.name} onClick={() => setEditing(rule)} />
            <RemoveButton name={rule.name} onClick={() => removal.ask(rule)} />
          </tr>
        );
      })}
    >
      {removal.dialog}
      <EditorDialog kind="rule" sg={sg} editing={editing} onClose={() => setEditing(null)} />
    </ListSection>
  );
}
