// AG Grid Community in React through ag-grid-react (`AgGridReact`), as the owner chose (docs/decisions.md, "The
// grid is hosted by ag-grid-react"). The hot cells stay AG Grid's own component classes and value formatters
// (cell-renderers.ts, columns.ts): a React cell renderer costs a portal and a commit per cell, 4–9× the long-task
// time of plain cells while scrolling. React components are for editors, popups and the rare rich cell.
//
// The grid gets its options once, when it is created (`gridOptions`); after each render, before the browser
// paints, the host hands the options that changed (compared by identity, so memoise them) to the grid through
// `updateGridOptions` — a new datasource asks for its rows at once. Callbacks and event handlers among the
// options are stable forwarders to the latest render's functions, so a new closure is no change.
import type { GridApi, GridOptions } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { markGridWarm } from './grid-warm-up';

type Options<T> = GridOptions<T>;
type AnyFunction = (...args: never[]) => unknown;

interface Props<T> {
  options: Options<T>;
  /**
   * The grid's API once the grid is ready (its header and row containers exist; after the first commit, before
   * the browser paints), null after it was destroyed.
   */
  onApi?: (api: GridApi<T> | null) => void;
  className?: string;
}

/** Options the grid only reads when it is created (it warns when they change later). */
const INITIAL_ONLY = new Set<string>(['localeText', 'rowModelType', 'cacheBlockSize', 'maxBlocksInCache']);

/** A stable function that calls the latest options' function of the same name. */
function forwarder<T>(latest: { current: Options<T> }, key: string): AnyFunction {
  return (...args) => (latest.current[key as keyof Options<T>] as AnyFunction | undefined)?.(...args);
}

/** The options as the grid should have them: functions replaced by forwarders. */
function withForwarders<T>(options: Options<T>, latest: { current: Options<T> }): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options))
    result[key] = typeof value === 'function' ? forwarder(latest, key) : value;
  return result;
}

/** The options that changed since the grid got `applied` (removed ones as undefined); updates `applied`. */
function changesSince<T>(
  options: Options<T>,
  applied: Record<string, unknown>,
  latest: { current: Options<T> },
): Record<string, unknown> | null {
  const changes: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const [key, value] of Object.entries(options)) {
    seen.add(key);
    const had = applied[key];
    if (typeof value === 'function') {
      if (typeof had !== 'function') changes[key] = forwarder(latest, key);
    } else if (value !== had && !INITIAL_ONLY.has(key)) changes[key] = value;
  }
  for (const key of Object.keys(applied)) if (!seen.has(key)) changes[key] = undefined;
  if (Object.keys(changes).length === 0) return null;
  for (const [key, value] of Object.entries(changes))
    if (value === undefined) delete applied[key];
    else applied[key] = value;
  return changes;
}

export function GridHost<T>({ options, onApi, className }: Props<T>) {
  const latest = useRef(options);
  const onApiRef = useRef(onApi);
  const api = useRef<GridApi<T> | null>(null);
  /** The options as the grid has them (functions replaced by forwarders). */
  const applied = useRef<Record<string, unknown>>({});
  // Read once by AgGridReact, when it creates the grid (in its first commit).
  const [initial] = useState(() => withForwarders(options, latest));

  useLayoutEffect(() => {
    latest.current = options;
    onApiRef.current = onApi;
  });

  const sync = useRef(() => {
    const gridApi = api.current;
    if (!gridApi) return;
    const changes = changesSince(latest.current, applied.current, latest);
    if (changes) gridApi.updateGridOptions(changes as Options<T>);
  });

  useLayoutEffect(() => {
    applied.current = { ...initial };
    markGridWarm();
    return () => {
      if (!api.current) return;
      api.current = null;
      onApiRef.current?.(null);
    };
  }, [initial]);

  // After each render, before the browser paints: the options that changed since the grid got them.
  useLayoutEffect(() => sync.current());

  // AgGridReact hands out its API once the grid's UI is ready (the grid component's own commit, before paint)
  const listen = useRef((grid: AgGridReact<T> | null) =>
    grid?.registerApiListener((gridApi: GridApi<T>) => {
      api.current = gridApi;
      sync.current(); // what changed between the first render and the grid being ready
      onApiRef.current?.(gridApi);
    }),
  );

  // The same element while the class name stays: the owner's renders (a new count in the footer, a selection)
  // do not render AgGridReact again (its props never change; options go through `updateGridOptions`).
  return useMemo(
    () => <AgGridReact<T> ref={listen.current} className={className} gridOptions={initial as Options<T>} />,
    [className, initial],
  );
}
