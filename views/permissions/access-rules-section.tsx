// The access rules of the selected settings group on /settings/permissions (docs/domain/permissions.md, "Access
// rules"): each rule's name, model, filters (stored ones by name, then its own, as field/value rows) and the user
// groups that still see what it matches; a rule can be deleted here.
import { Classes, H2, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { AccessRule } from '../../src/entities/access-rules';
import { accessRuleKeys, deleteAccessRule, fetchAccessRules, fetchFilters } from '../../src/api/access-rules.api';
import { fetchUserGroups, permissionKeys } from '../../src/api/permissions.api';
import { useTranslation } from '../../src/i18n';
import type { AdminBodyProps } from './admin-page';
import { RemoveButton, useRemoval } from './removal';

/** A filter's value as text: a list joined, a range as from – to, text as it is. */
function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (value && typeof value === 'object') {
    const { from, to } = value as { from?: unknown; to?: unknown };
    return `${from ?? ''} – ${to ?? ''}`;
  }
  return String(value);
}

function FilterRows({ filter }: { filter: Record<string, unknown> }) {
  const { t } = useTranslation();
  const entries = Object.entries(filter);
  if (!entries.length) return <span className={Classes.TEXT_MUTED}>{t('permissions.rules.everything')}</span>;
  return (
    <ul className="hw-access-filter">
      {entries.map(([field, value]) => (
        <li key={field}>
          <code>{field}</code>: {valueText(value)}
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
  const list = rules.data ?? [];
  return (
    <section className="hw-access-rules" aria-labelledby="hw-access-rules-title">
      <H2 id="hw-access-rules-title">{t('permissions.rules.title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t('permissions.rules.intro')}</p>
      {rules.isSuccess && !list.length ? (
        <NonIdealState title={t('permissions.rules.empty')} />
      ) : (
        <HTMLTable compact striped className="hw-table">
          <thead>
            <tr>
              <th scope="col">{t('permissions.rules.name')}</th>
              <th scope="col">{t('permissions.rules.model')}</th>
              <th scope="col">{t('permissions.rules.filter')}</th>
              <th scope="col">{t('permissions.rules.userGroups')}</th>
              <th scope="col" aria-label={t('permissions.actions')} />
            </tr>
          </thead>
          <tbody>
            {list.map((rule) => {
              const stored = rule.filter_uuids.map((uuid) => filterByUuid.get(uuid)).filter((f) => f !== undefined);
              return (
                <tr key={rule.uuid}>
                  <td>{rule.name}</td>
                  <td>{t(`entities.${rule.model}.plural`)}</td>
                  <td>
                    {stored.map((f) => (
                      <div key={f.uuid}>
                        <strong>{f.name}</strong>
                        <FilterRows filter={f.filter} />
                      </div>
                    ))}
                    {(rule.filter || !stored.length) && <FilterRows filter={rule.filter ?? {}} />}
                  </td>
                  <td>
                    {rule.user_group_uuids.map((uuid) => groupName.get(uuid) ?? uuid).join(', ') ||
                      t('permissions.rules.adminsOnly')}
                  </td>
                  <RemoveButton name={rule.name} onClick={() => removal.ask(rule)} />
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      {removal.dialog}
    </section>
  );
}
