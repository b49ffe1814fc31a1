// The stored filters of the selected settings group on /settings/permissions (docs/domain/permissions.md, "Access
// rules"): named filters of a model that access rules pick; listed with their conditions, created, edited
// (access-rule-dialog.tsx) and deleted here (a deleted filter leaves the rules that named it).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StoredFilter } from '../../src/entities/access-rules';
import { accessRuleKeys, deleteFilter, fetchFilters } from '../../src/api/access-rules.api';
import { useTranslation } from '../../src/i18n';
import { EditCell, EditorDialog } from './access-rule-dialog';
import { FilterRows } from './access-rules-section';
import type { AdminBodyProps } from './admin-page';
import { ListSection } from './list-section';
import { RemoveButton, useRemoval } from './removal';

export function StoredFiltersSection({ sg, report }: AdminBodyProps) {
  const { t } = useTranslation();
  const filters = useQuery({ queryKey: accessRuleKeys.filters(sg), queryFn: () => fetchFilters(sg) });
  const [editing, setEditing] = useState<StoredFilter | 'new' | null>(null);
  const removal = useRemoval({
    remove: (filter: StoredFilter) => deleteFilter(filter.uuid),
    question: (filter) => t('admin.storedFilters.deleteConfirm', { name: filter.name }),
    report,
  });
  const list = filters.data ?? [];
  return (
    <ListSection
      id="hw-stored-filters"
      title={t('admin.storedFilters.title')}
      intro={t('admin.storedFilters.intro')}
      create={t('admin.storedFilters.create')}
      onCreate={() => setEditing('new')}
      empty={filters.isSuccess && !list.length}
      emptyTitle={t('admin.storedFilters.empty')}
      columns={[t('admin.accessRules.name'), t('admin.accessRules.model'), t('admin.storedFilters.filter')]}
      rows={list.map((filter) => (
        <tr key={filter.uuid}>
          <td>{filter.name}</td>
          <td>{t(`entities.${filter.model}.plural`)}</td>
          <td>
            <FilterRows filter={filter.filter} model={filter.model} />
          </td>
          <EditCell name={filter.name} onClick={() => setEditing(filter)} />
          <RemoveButton name={filter.name} onClick={() => removal.ask(filter)} />
        </tr>
      ))}
    >
      {removal.dialog}
      <EditorDialog kind="filter" sg={sg} editing={editing} onClose={() => setEditing(null)} />
    </ListSection>
  );
}
