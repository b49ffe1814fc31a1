// The mobile list (below ~700 px): one card per record with its title, status and a few chosen fields,
// loaded in keyset pages. Its fields, sort and limiter are the mobile device's own preferences.
import { Button, HTMLSelect, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { Plus, Search, SortAlphabetical, SortAlphabeticalDesc } from '@blueprintjs/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from '../../src/i18n';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import type { TableSettings } from '../../src/entities/account';
import { selectedPartitionsAtom, selectedPropertiesAtom } from '../../src/state/context';
import { ColumnChooser } from '../../grids/column-chooser';
import { headerOf } from '../../grids/field-refs';
import { allColumns, type GridDefinition } from '../../grids/define-grid';
import { isSortable, toListQuery, type StatusLimiter } from '../../grids/list-query';
import { useDevice, useSaveTableSettings, useTableSettings } from '../../grids/preferences';
import { recordCardsQuery, type ApiRecord, type ListQuery } from '../../src/api/records';
import { useDebounced } from '../../grids/ref-lookup';
import { useScopePending } from '../../grids/use-scope-pending';
import { RecordCard } from './record-card';

interface Props {
  grid: GridDefinition;
  onOpenRecord: (record: ApiRecord) => void;
  /** Offered as "New" when the list reply offers `links.create`. */
  onCreate?: () => void;
  /** Parameters the screen adds to the list (a link's filter, url-filter.ts); memoise it. */
  extraQuery?: ListQuery;
}

const PER_PAGE = 25;

export function RecordCardList(props: Props) {
  const device = useDevice();
  const settings = useTableSettings(device);
  const scopePending = useScopePending();
  if (settings.isPending || scopePending) return <Spinner />;
  return <Cards key={device} {...props} device={device} saved={settings.data?.[props.grid.table]} />;
}

function Cards({
  grid,
  onOpenRecord,
  onCreate,
  device,
  saved,
  extraQuery,
}: Props & { device: string; saved?: TableSettings }) {
  const { t } = useTranslation();
  const { entity } = grid;
  const save = useSaveTableSettings(grid.table, device);
  const columns = allColumns(grid);
  const [fields, setFields] = useState<string[]>(
    () => saved?.visible_columns?.split(',').filter((c) => columns.includes(c)) ?? [...grid.card],
  );
  const defaultSortBy = entity.defaultSort?.field ?? entity.titleField;
  const defaultDescending = entity.defaultSort?.descending ?? false;
  const [sortBy, setSortBy] = useState(saved?.sort_by ?? defaultSortBy);
  const [descending, setDescending] = useState(saved?.sort_descending ?? defaultDescending);
  const [limiter, setLimiter] = useState<StatusLimiter>(saved?.status_limiter ?? 'active');
  const [search, setSearch] = useState('');
  const term = useDebounced(search, 300);
  const { current: group } = useSelectedSettingsGroup();
  const propertyUuids = useAtomValue(selectedPropertiesAtom);
  const partitionUuids = useAtomValue(selectedPartitionsAtom);
  const perPage = saved?.rows_per_page ?? PER_PAGE;

  const persist = (next: Partial<{ fields: string[]; sortBy: string; descending: boolean; limiter: StatusLimiter }>) =>
    save.schedule({
      visible_columns: (next.fields ?? fields).join(','),
      sort_by: next.sortBy ?? sortBy,
      sort_descending: next.descending ?? descending,
      rows_per_page: perPage,
      ...(entity.status ? { status_limiter: next.limiter ?? limiter } : {}),
    });

  const query = toListQuery(entity, {
    sort: { colId: sortBy, sort: descending ? 'desc' : 'asc' },
    filterModel: {},
    search: term,
    statusLimiter: entity.status ? limiter : null,
    archived: '0',
    settingsGroupUuid: group?.uuid ?? null,
    propertyUuids,
    partitionUuids,
    extra: extraQuery,
  });
  const list = useInfiniteQuery(recordCardsQuery(entity, query, perPage));
  const records = list.data?.pages.flatMap((page) => page.data) ?? [];
  const first = list.data?.pages[0];

  const move = (colId: string, delta: -1 | 1) => {
    const index = fields.indexOf(colId);
    if (index < 0 || !fields[index + delta]) return;
    const next = [...fields];
    [next[index], next[index + delta]] = [next[index + delta]!, next[index]!];
    setFields(next);
    persist({ fields: next });
  };

  return (
    <div className="hw-card-list">
      <div className="hw-grid-toolbar">
        <InputGroup
          type="search"
          leftIcon={<Search />}
          value={search}
          onValueChange={setSearch}
          placeholder={t('grid.search')}
          aria-label={t('grid.search')}
          fill
        />
        {entity.status && (
          <HTMLSelect
            aria-label={t('grid.limiter.label')}
            value={limiter}
            onChange={(e) => {
              const value = e.currentTarget.value as StatusLimiter;
              setLimiter(value);
              persist({ limiter: value });
            }}
            options={(['active', 'inactive', 'all'] as const).map((v) => ({ value: v, label: t(`grid.limiter.${v}`) }))}
          />
        )}
        <HTMLSelect
          aria-label={t('grid.sortBy')}
          value={sortBy}
          onChange={(e) => {
            setSortBy(e.currentTarget.value);
            persist({ sortBy: e.currentTarget.value });
          }}
          options={columns
            .filter((c) => isSortable(entity, c))
            .map((c) => ({ value: c, label: headerOf(t, entity.name, c) }))}
        />
        <Button
          variant="minimal"
          icon={descending ? <SortAlphabeticalDesc /> : <SortAlphabetical />}
          aria-label={t(descending ? 'grid.sortDescending' : 'grid.sortAscending')}
          title={t(descending ? 'grid.sortDescending' : 'grid.sortAscending')}
          onClick={() => {
            setDescending(!descending);
            persist({ descending: !descending });
          }}
        />
        <ColumnChooser
          pinnable={false}
          columns={[...fields, ...columns.filter((c) => !fields.includes(c) && c !== entity.titleField)].map((c) => ({
            colId: c,
            label: headerOf(t, entity.name, c),
            visible: fields.includes(c),
            pinned: false,
          }))}
          onOpening={() => undefined}
          onToggle={(colId, visible) => {
            const next = visible ? [...fields, colId] : fields.filter((c) => c !== colId);
            setFields(next);
            persist({ fields: next });
          }}
          onMove={move}
          onPin={() => undefined}
          onReset={() => {
            void save.reset();
            setFields([...grid.card]);
            setSortBy(defaultSortBy);
            setDescending(defaultDescending);
            setLimiter('active');
          }}
        />
        {first?.links.create && onCreate && (
          <Button intent={Intent.PRIMARY} icon={<Plus />} onClick={onCreate} aria-label={t('grid.new')} />
        )}
      </div>
      {list.isPending ? (
        <Spinner />
      ) : records.length === 0 ? (
        <NonIdealState icon={<Search />} title={t('grid.ag.noRowsToShow')} />
      ) : (
        <ul className="hw-cards" aria-label={t('grid.cards')}>
          {records.map((record) => (
            <li key={record.uuid}>
              <RecordCard grid={grid} record={record} fields={fields} onOpen={onOpenRecord} />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button fill onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('grid.loadMore')}
        </Button>
      )}
    </div>
  );
}
