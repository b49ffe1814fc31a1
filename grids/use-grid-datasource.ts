// The infinite row model's datasource: blocks of rows from the list endpoint. A block that follows a loaded one
// continues with its keyset cursor (no OFFSET on large tables); a block reached by jumping uses its page number.
// `readRows` reads blocks the same way outside the grid's cache (a paste reaching rows not loaded yet).
import { useQueryClient } from '@tanstack/react-query';
import type { IDatasource, SortModelItem } from 'ag-grid-community';
import { useMemo, useRef } from 'react';
import type { AnyEntity } from '../src/entities/define';
import { reportActionError } from '../src/components/notices';
import { isApiError } from '../src/api/errors';
import { toListQuery, type GridQueryState } from './list-query';
import { listRecords, type ApiRecord, type ListMeta, type ListQuery, type ListReply } from '../src/api/records';
import { seedRefTitles } from './ref-titles';
import { withRefusedValues } from '../src/api/offline-marks';

export type BaseQueryState = Omit<GridQueryState, 'sort' | 'filterModel'>;

export interface ListInfo {
  total: number | null;
  totalAtLeast: number | null;
  canCreate: boolean;
  /** Offline, and this list was not loaded in this session: nothing to show until the connection is back. */
  notLoadedOffline?: boolean;
}

/** Rows read outside the grid's cache, by displayed index. */
export interface RowsRead {
  rows: Map<number, ApiRecord>;
  /** The number of rows, when a block reached the end. */
  end: number | null;
  /** The query they answer (compare with `query()` before using them). */
  query: string;
}

export interface SheetDatasource extends IDatasource {
  /** Rows `start`…`end - 1` of the grid's current query, read in the grid's blocks; null before the first block. */
  readRows: (start: number, end: number) => Promise<RowsRead | null>;
  /** The current query (sort, filters, search, scope) as a string. */
  query: () => string;
}

/** Blocks read at the same time by `readRows`. */
const READ_PARALLEL = 3;

/** The grid's first block as it will ask for it: its sort, column filters and block size when it opens. */
export interface FirstBlock {
  sort: GridQueryState['sort'];
  filterModel: Record<string, unknown>;
  size: number;
}

/**
 * `firstBlock`: when given, the first block is requested at once, while AG Grid is still setting up (it asks
 * for rows only after its first layout); the datasource answers the grid's first call with that request when
 * the query matches.
 */
export function useGridDatasource(
  entity: AnyEntity,
  state: BaseQueryState,
  onInfo: (info: ListInfo) => void,
  firstBlock?: FirstBlock,
): SheetDatasource {
  const client = useQueryClient();
  const { search, statusLimiter, archived, settingsGroupUuid } = state;
  // Stored selections come back as new arrays with the same content: compare them by value.
  const properties = state.propertyUuids.join(',');
  const partitions = state.partitionUuids.join(',');
  const extra = state.extra && Object.keys(state.extra).length ? JSON.stringify(state.extra) : '';
  const opening = useRef(firstBlock);
  return useMemo(() => {
    const first = opening.current;
    opening.current = undefined;
    const split = (list: string) => (list ? list.split(',') : []);
    const base: BaseQueryState = {
      search,
      statusLimiter,
      archived,
      settingsGroupUuid,
      propertyUuids: split(properties),
      partitionUuids: split(partitions),
      ...(extra ? { extra: JSON.parse(extra) as ListQuery } : {}),
    };
    const cursors = new Map<number, string>();
    let signature = '';
    let current: { query: ListQuery; size: number } | null = null;
    const request = (query: ListQuery) => JSON.stringify(query);
    let early: { key: string; reply: Promise<ListReply> } | null = null;
    if (first) {
      const query = { ...toListQuery(entity, { ...base, ...first }), page: 1, per_page: first.size };
      early = { key: request(query), reply: listRecords(entity, query) };
      early.reply.catch(() => undefined); // a failure is reported when the grid asks for the block
    }
    return {
      getRows(params) {
        const sortItem = (params.sortModel as SortModelItem[])[0];
        const query = toListQuery(entity, {
          ...base,
          sort: sortItem ? { colId: sortItem.colId, sort: sortItem.sort } : null,
          filterModel: params.filterModel as Record<string, unknown>,
        });
        const next = JSON.stringify(query);
        if (next !== signature) {
          cursors.clear();
          signature = next;
        }
        const size = params.endRow - params.startRow;
        current = { query, size };
        const cursor = cursors.get(params.startRow);
        const position = cursor ? { cursor } : { page: Math.floor(params.startRow / size) + 1 };
        const full = { ...query, ...position, per_page: size };
        const reply = early?.key === request(full) ? early.reply : listRecords(entity, full);
        early = null; // used once: later calls (a reload, a new sort) ask again
        reply.then(
          ({ data, meta, links }) => {
            seedRefTitles(client, entity.name, data);
            if (meta.next_cursor) cursors.set(params.startRow + size, meta.next_cursor);
            params.successCallback(withRefusedValues(entity.name, data), lastRow(params.startRow, data.length, meta));
            if (!cursor)
              onInfo({
                total: meta.total ?? null,
                totalAtLeast: meta.total_at_least ?? null,
                canCreate: Boolean(links.create),
              });
          },
          (error: unknown) => {
            if (notLoadedOffline(error)) {
              // an empty list that says why, rather than a loading row and an unknown count
              params.successCallback([], params.startRow);
              onInfo({ total: null, totalAtLeast: null, canCreate: false, notLoadedOffline: true });
              return;
            }
            params.failCallback();
            reportActionError(error);
          },
        );
      },
      query: () => signature,
      async readRows(start, end) {
        const at = current;
        if (!at) return null;
        const read: RowsRead = { rows: new Map(), end: null, query: signature };
        const blocks: number[] = [];
        for (let block = Math.floor(start / at.size) * at.size; block < end; block += at.size) blocks.push(block);
        const readBlock = async (first: number) => {
          const cursor = cursors.get(first);
          const position = cursor ? { cursor } : { page: Math.floor(first / at.size) + 1 };
          const { data, meta } = await listRecords(entity, { ...at.query, ...position, per_page: at.size });
          seedRefTitles(client, entity.name, data);
          data.forEach((record, i) => read.rows.set(first + i, record));
          if (!meta.next_cursor) read.end = Math.min(read.end ?? Infinity, first + data.length);
        };
        for (let i = 0; i < blocks.length && (read.end === null || blocks[i]! < read.end); i += READ_PARALLEL)
          await Promise.all(blocks.slice(i, i + READ_PARALLEL).map(readBlock));
        return read;
      },
    } satisfies SheetDatasource;
    // onInfo is a state setter; the datasource is rebuilt when the query changes. The first block is only
    // prefetched for the datasource the grid opens with.
  }, [entity, client, search, statusLimiter, archived, settingsGroupUuid, properties, partitions, extra]);
}

/** The network failed while the browser is offline: the list was not kept by this session (src/offline). */
const notLoadedOffline = (error: unknown) =>
  isApiError(error) && error.status === 0 && typeof navigator !== 'undefined' && navigator.onLine === false;

/** The row count when it is known: the end was reached, or the server counted. */
function lastRow(start: number, count: number, meta: ListMeta): number {
  if (!meta.next_cursor) return start + count;
  return meta.total ?? -1;
}
