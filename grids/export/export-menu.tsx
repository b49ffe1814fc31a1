// The toolbar's export menu: the current view as xlsx or csv (`;` or `,`, the settings group's separator first),
// optionally only the selected rows.
// The server writes the file and streams it; the toolbar shows the bytes received with Cancel meanwhile.
import { Button, Menu, MenuDivider, MenuItem, PopoverNext, ProgressBar } from '@blueprintjs/core';
import { Download, GridView, Th } from '@blueprintjs/icons';
import type { GridApi } from 'ag-grid-community';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import { isApiError } from '../../src/api/errors';
import { notify } from '../../src/components/notices';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { fetchWorkspaceSettings, workspaceSettingsKeys } from '../../src/api/workspace-settings.api';
import { useTranslation } from '../../src/i18n';
import type { GridDefinition } from '../define-grid';
import type { BaseQueryState } from '../use-grid-datasource';
import type { ApiRecord } from '../../src/api/records';
import { downloadFile, formatBytes, type DownloadProgress } from './download';
import {
  exportQuery,
  fallbackFileName,
  MAX_URL_UUIDS,
  nestQuery,
  snapshotOf,
  type CsvDelimiter,
  type ExportFormat,
} from './export-query';
import './export-menu.css';

interface Props {
  grid: GridDefinition;
  api: RefObject<GridApi<ApiRecord> | null>;
  /** The grid's query outside AG Grid: search, limiter, archived, selected context. */
  base: BaseQueryState;
  selected: number;
}

export function ExportMenu({ grid, api, base, selected }: Props) {
  const { t, i18n } = useTranslation();
  const [onlySelected, setOnlySelected] = useState(false);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const useSelection = onlySelected && selected > 0;
  // the settings group's CSV separator first (docs/domain/fields.md, "Workspace settings", import and export)
  const { current } = useSelectedSettingsGroup();
  const workspace = useQuery({
    queryKey: workspaceSettingsKeys.one(current?.uuid ?? ''),
    queryFn: () => fetchWorkspaceSettings(current!.uuid),
    enabled: Boolean(current),
    staleTime: 300_000,
  });
  const csvOrder: CsvDelimiter[] =
    workspace.data?.exchange?.csv_separator === 'comma' ? ['comma', 'semicolon'] : ['semicolon', 'comma'];

  async function run(format: ExportFormat, delimiter: CsvDelimiter = 'semicolon') {
    const gridApi = api.current;
    if (!gridApi || abort.current) return;
    const query = exportQuery(grid.entity, base, snapshotOf(gridApi, grid), {
      format,
      delimiter,
      onlySelected: useSelection,
    });
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ bytes: 0, total: null, rows: null });
    try {
      const many = Array.isArray(query.uuids) && query.uuids.length > MAX_URL_UUIDS;
      const saved = await downloadFile(`${grid.entity.plural}/export`, {
        ...(many ? { body: nestQuery(query) } : { query }),
        signal: controller.signal,
        onProgress: setProgress,
        fallbackName: fallbackFileName(grid.entity, format),
      });
      notify.success(t('transfer.export.done', { name: saved.name }));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') notify.info(t('transfer.export.cancelled'));
      else notify.error(isApiError(error) ? error.message : t('transfer.export.failed'));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }

  const menu = (
    <Menu aria-label={t('transfer.export.title')}>
      <MenuItem icon={<Th />} text={t('transfer.export.xlsx')} onClick={() => void run('xlsx')} />
      {csvOrder.map((delimiter) => (
        <MenuItem
          key={delimiter}
          icon={<GridView />}
          text={t(delimiter === 'comma' ? 'transfer.export.csvComma' : 'transfer.export.csvSemicolon')}
          onClick={() => void run('csv', delimiter)}
        />
      ))}
      <MenuDivider />
      <MenuItem
        roleStructure="listoption"
        selected={useSelection}
        disabled={selected === 0}
        shouldDismissPopover={false}
        text={t('transfer.export.onlySelected', { count: selected, n: selected })}
        onClick={() => setOnlySelected((value) => !value)}
      />
    </Menu>
  );

  if (progress) {
    const fraction = progress.total ? Math.min(progress.bytes / progress.total, 1) : undefined;
    return (
      <span className="hw-transfer-progress" role="status" aria-live="polite">
        <ProgressBar className="hw-transfer-bar" value={fraction} animate={fraction === undefined} />
        <span>{t('transfer.export.progress', { size: formatBytes(progress.bytes, i18n.language) })}</span>
        <Button size="small" variant="minimal" onClick={() => abort.current?.abort()}>
          {t('transfer.cancel')}
        </Button>
      </span>
    );
  }
  return (
    <PopoverNext content={menu} placement="bottom-end">
      <Button icon={<Download />} variant="minimal">
        {t('transfer.export.button')}
      </Button>
    </PopoverNext>
  );
}
