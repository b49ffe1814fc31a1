// A module's page: title, the DataGrid (a card list below ~700 px) and the record drawer. The open record lives
// in the URL (`?record=<uuid>`), so links from other records and reloads open it again.
import { Classes, H1, Spinner, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../src/i18n';
import { useSearchParams } from 'react-router';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { selectedPropertiesAtom } from '../../src/state/context';
import type { DataGridHandle } from '../../grids/data-grid';
import type { GridDefinition } from '../../grids/define-grid';
import { useIsMobile } from '../../grids/preferences';
import { loadDataGridModule, loadedDataGridModule, preloadForGridRoute } from '../../grids/preload';
import { invalidateRecordLists, invalidateRecords, type ApiRecord } from '../../src/api/records';
import { RecordCardList } from './record-card-list';
import { SelectionCount } from './selection-count';
import { useLinkedGridSelection } from './use-linked-selection';
import type { DrawerExtension } from './drawer-extension';
import { RecordDrawer } from './record-drawer';
import { linkFilterQuery } from './url-filter';
import { linkFilterWords } from './link-filter-words';
import { RECORD_PAGES } from '../pages';
import { useRecordSettings, withRequired } from './record-settings';
import { attributeFields, useAttributes } from './attributes';
import { useRecordTemplates } from './record-templates';
import { templateDraft } from '../../src/entities/record-template';

const pagePathOf = (model: string) => {
  const page = RECORD_PAGES.find((p) => p.model === model);
  return page ? (uuid: string) => `${page.path}/${uuid}` : undefined;
};
import './records.css';
import { useDocumentTitle } from '../../src/components/use-document-title';

// As soon as a module screen's code arrives: the DataGrid chunk (desktop) and the table settings, in parallel with
// the rest of the screen (usually the shell has loaded both already while idle).
void preloadForGridRoute();

/**
 * AG Grid loads only with the desktop grid, not with the mobile card list. Not `React.lazy`: a Suspense boundary
 * that showed its fallback reveals the grid no sooner than React's reveal throttle (about 300 ms), while the
 * chunk is usually loaded already (the shell preloads it, the route loads it in parallel with its own).
 */
function useDataGridModule(enabled: boolean) {
  const [module, setModule] = useState(loadedDataGridModule);
  const [error, setError] = useState<unknown>(null);
  if (error) throw error; // to the route's error boundary (a chunk gone after a deploy)
  useEffect(() => {
    if (enabled && !module) loadDataGridModule().then(setModule, setError);
  }, [enabled, module]);
  return module;
}

interface Props {
  grid: GridDefinition;
  /** i18n key of the page title, e.g. modules.property */
  titleKey: string;
  icon?: ReactNode;
  /** A module's own editor and panels in the drawer (drawer-extension.ts). */
  extension?: DrawerExtension;
  /** Shown in the header's end (e.g. a grid / calendar switch); for records added by upload, how to add one. */
  headerEnd?: ReactNode;
  /** Rendered instead of the grid (another view of the same records); gets the drawer opener. */
  alternate?: (openRecord: (uuid: string) => void) => ReactNode;
  /**
   * The key of the screen's one selection (src/state/selection.ts) that the grid shares with the screen's other
   * views (calendar, map); the header then counts it, with Clear.
   */
  selectionKey?: string;
  /** The page's fixed values (views/pages.ts, `where`): its list shows only records with them, new ones take them. */
  where?: Readonly<Record<string, string>>;
  /** The field a New form opened with `?new=1&from=<path>` fills with that path (views/pages.ts, `fromField`). */
  fromField?: string;
}

/** Field defaults of the model, the settings group's currency (docs/domain/fields.md, "Workspace settings"), its
 * default values of the model's new records ("Model settings"), plus the selected property when exactly one is
 * selected. */
function createDefaults(
  grid: GridDefinition,
  properties: readonly string[],
  currency: string | undefined,
  groupDefaults: Record<string, unknown>,
): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(grid.entity.fields))
    if ('default' in field && field.default !== undefined) defaults[name] = field.default;
  const money = grid.entity.fields.currency;
  if (currency && money?.kind === 'enum' && money.values.includes(currency)) defaults.currency = currency;
  Object.assign(defaults, groupDefaults);
  if ('property_uuid' in grid.entity.fields && properties.length === 1) defaults.property_uuid = properties[0];
  return defaults;
}

/** The currency of the selected settings group, where the session has it. */
const groupCurrency = (group: object | null | undefined) =>
  group && 'currency' in group && typeof group.currency === 'string' ? group.currency : undefined;

export function ModuleGridView(props: Props) {
  const {
    grid: declared,
    titleKey,
    icon,
    extension,
    headerEnd: headerEndProp,
    alternate,
    selectionKey,
    where,
    fromField,
  } = props;
  const { t } = useTranslation();
  const headerEnd =
    headerEndProp ??
    (declared.entity.createdByUpload && (
      <span className={Classes.TEXT_MUTED}>{t(`records.${declared.entity.plural}.howToAdd`)}</span>
    ));
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [rowData, setRowData] = useState<ApiRecord | undefined>(undefined);
  const gridHandle = useRef<DataGridHandle>(null);
  const client = useQueryClient();
  const { current: group } = useSelectedSettingsGroup();
  // the settings group's attributes as fields of the model (attributes.ts): columns by default, in the form
  const { entity: withAttrs, ready: attributesKnown } = useAttributes(declared.entity, group?.uuid ?? null);
  const grid = useMemo(
    () =>
      withAttrs === declared.entity
        ? declared
        : { ...declared, entity: withAttrs, columns: [...declared.columns, ...attributeFields(withAttrs)] },
    [declared, withAttrs],
  );
  const properties = useAtomValue(selectedPropertiesAtom);
  // the settings group's record settings of the model: default values and the fields it requires as well
  const recordSettings = useRecordSettings(group?.uuid ?? null, grid.entity.name);
  const entity = useMemo(
    () => withRequired(grid.entity, recordSettings.required_fields),
    [grid.entity, recordSettings.required_fields],
  );
  const uuid = params.get('record');
  // a link's filter (`?filter=<json>`, url-filter.ts): the home tiles and the charts open the records they count
  const linkFilter = params.get('filter');
  const extraQuery = useMemo(() => linkFilterQuery(linkFilter) ?? undefined, [linkFilter]);
  // the page's fixed values narrow the list as a filter, beside a link's
  const listQuery = useMemo(
    () =>
      where
        ? { ...Object.fromEntries(Object.entries(where).map(([k, v]) => [`filter[${k}]`, v])), ...extraQuery }
        : extraQuery,
    [where, extraQuery],
  );
  // what the filter is, in words (link-filter-words.ts)
  const linkWords = useMemo(() => {
    try {
      return extraQuery ? linkFilterWords(t, grid.entity.name, JSON.parse(linkFilter!) as Record<string, unknown>) : [];
    } catch {
      return [];
    }
  }, [extraQuery, linkFilter, grid.entity.name, t]);
  const title = t(titleKey);
  const DataGrid = useDataGridModule(!mobile)?.DataGrid;
  const linked = useLinkedGridSelection(selectionKey ?? '', gridHandle);

  useDocumentTitle(title);

  // Opening adds a history entry (Back closes the drawer); closing replaces it.
  const setRecord = useCallback(
    (next: string | null) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next) copy.set('record', next);
          else copy.delete('record');
          return copy;
        },
        { replace: !next },
      ),
    [setParams],
  );
  const open = useCallback(
    (record: ApiRecord) => {
      setRowData(record);
      setRecord(record.uuid);
    },
    [setRecord],
  );
  // Records that are stored files (documents) are added by uploading them in another record's attachments.
  const create = grid.entity.createdByUpload
    ? undefined
    : () => {
        setTemplate(null);
        setCreating(true);
      };
  // "New from template": the new record's form starts from the template's values (docs/domain/record-templates.md)
  const templates = useRecordTemplates(grid.entity.name, group?.uuid ?? null);
  const [template, setTemplate] = useState<string | null>(null);
  const createFrom = (uuid: string) => {
    setTemplate(uuid);
    setCreating(true);
  };
  const close = () => {
    setCreating(false);
    setTemplate(null);
    setFrom(null);
    setRecord(null);
  };
  // opened with `?new=1` (the shell's Support entry): the New form at once, with the path the user came from
  // (`from`, in the page's `fromField`); both leave the URL, so a reload does not open it again
  const [from, setFrom] = useState<string | null>(null);
  const openNew = params.get('new') === '1' && !grid.entity.createdByUpload;
  const cameFrom = params.get('from');
  useEffect(() => {
    if (!openNew) return;
    setTemplate(null);
    setFrom(fromField ? cameFrom : null);
    setCreating(true);
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.delete('new');
        copy.delete('from');
        copy.delete('record');
        return copy;
      },
      { replace: true },
    );
  }, [openNew, cameFrom, fromField, setParams]);

  return (
    <div className="hw-page hw-grid-page">
      <header className="hw-page-header">
        {icon && <span className="hw-page-icon">{icon}</span>}
        <H1>{title}</H1>
        {headerEnd && <span className="hw-spacer" />}
        {selectionKey && <SelectionCount count={linked.selection.uuids.length} onClear={linked.clear} />}
        {headerEnd}
      </header>
      {extraQuery && (
        <Tag
          minimal
          style={{ alignSelf: 'flex-start', marginBottom: 8 }}
          intent="primary"
          onRemove={() =>
            setParams(
              (current) => {
                const copy = new URLSearchParams(current);
                copy.delete('filter');
                return copy;
              },
              { replace: true },
            )
          }
        >
          {[t('charts.linkFilter'), linkWords.join(' · ')].filter(Boolean).join(': ')}
        </Tag>
      )}
      {alternate ? (
        alternate((next) => {
          setRowData(undefined);
          setRecord(next);
        })
      ) : mobile ? (
        <RecordCardList grid={grid} onOpenRecord={open} onCreate={create} extraQuery={listQuery} />
      ) : DataGrid && attributesKnown ? (
        <DataGrid
          // a new set of attributes lays the columns out anew
          key={attributeFields(grid.entity).join()}
          grid={grid}
          onOpenRecord={open}
          onCreate={create}
          templates={templates}
          onCreateFrom={createFrom}
          handleRef={gridHandle}
          extraQuery={listQuery}
          onSelectionChange={selectionKey ? linked.onSelectionChange : undefined}
          onRowsChanged={selectionKey ? linked.onRowsChanged : undefined}
        />
      ) : (
        <Spinner className="hw-grid-loading" />
      )}
      <RecordDrawer
        pagePath={pagePathOf(grid.entity.name)}
        entity={entity}
        uuid={creating ? null : uuid}
        initial={rowData}
        creating={creating}
        createDefaults={{
          ...createDefaults(grid, properties, groupCurrency(group), recordSettings.default_values),
          ...templateDraft(templates.find((t) => t.uuid === template)?.values),
          ...(fromField && from ? { [fromField]: from } : {}),
          ...where,
        }}
        templates={templates}
        createKey={template ?? ''}
        settingsGroupUuid={group?.uuid ?? null}
        extension={extension}
        onClose={close}
        onChanged={(record, change) => {
          invalidateRecords(client, grid.entity.name, [record]);
          if (change === 'updated') gridHandle.current?.applyRecord(record);
          else gridHandle.current?.reload();
        }}
        onDeleted={() => {
          close();
          invalidateRecordLists(client, grid.entity.name);
          gridHandle.current?.reload();
        }}
      />
    </div>
  );
}
