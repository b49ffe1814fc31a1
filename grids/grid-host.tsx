// AG Grid Community's own (vanilla) grid in a React component: created once in a div when the component mounts,
// destroyed when it unmounts. Rows, cells, editors and filters are plain DOM (docs/decisions.md: ag-grid-react
// rendered every row and cell through React, which slowed the first rows and scrolling). Callbacks and event
// handlers among the options always reach the latest render's functions; other options that change (compared
// by identity, so memoise them) are handed to the grid through `updateGridOptions`.
import { createGrid, type GridApi, type GridOptions } from 'ag-grid-community';
import { useLayoutEffect, useRef } from 'react';
import { markGridWarm } from './grid-warm-up';

type Options<T> = GridOptions<T>;
type AnyFunction = (...args: never[]) => unknown;

interface Props<T> {
  options: Options<T>;
  /** The grid's API while it lives, null after it was destroyed. */
  onApi?: (api: GridApi<T> | null) => void;
  className?: string;
}

/** Options the grid only reads when it is created (it warns when they change later). */
const INITIAL_ONLY = new Set<string>(['localeText', 'rowModelType', 'cacheBlockSize', 'maxBlocksInCache']);

/** A stable function that calls the latest render's option of the same name. */
function forwarder<T>(latest: { current: Options<T> }, key: string): AnyFunction {
  return (...args) => (latest.current[key as keyof Options<T>] as AnyFunction | undefined)?.(...args);
}

export function GridHost<T>({ options, onApi, className }: Props<T>) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(options);
  const api = useRef<GridApi<T> | null>(null);
  /** The options as the grid has them (functions replaced by forwarders). */
  const applied = useRef<Record<string, unknown>>({});
  const onApiRef = useRef(onApi);

  useLayoutEffect(() => {
    latest.current = options;
    onApiRef.current = onApi;
  });

  // Created in a layout effect, so the grid lays out before the browser paints the screen around it.
  useLayoutEffect(() => {
    const initial: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(latest.current))
      initial[key] = typeof value === 'function' ? forwarder(latest, key) : value;
    applied.current = { ...initial };
    const created = createGrid(host.current!, initial as Options<T>);
    markGridWarm();
    api.current = created;
    onApiRef.current?.(created);
    return () => {
      api.current = null;
      onApiRef.current?.(null);
      created.destroy();
    };
  }, []);

  // After each render, before the browser paints: the options that changed since the grid got them (a new
  // datasource asks for its rows at once).
  useLayoutEffect(() => {
    const gridApi = api.current;
    if (!gridApi) return;
    const changes: Record<string, unknown> = {};
    const seen = new Set<string>();
    for (const [key, value] of Object.entries(options)) {
      seen.add(key);
      const had = applied.current[key];
      if (typeof value === 'function') {
        if (typeof had !== 'function') changes[key] = forwarder(latest, key);
      } else if (value !== had && !INITIAL_ONLY.has(key)) changes[key] = value;
    }
    for (const key of Object.keys(applied.current)) if (!seen.has(key)) changes[key] = undefined;
    if (Object.keys(changes).length === 0) return;
    for (const [key, value] of Object.entries(changes))
      if (value === undefined) delete applied.current[key];
      else applied.current[key] = value;
    gridApi.updateGridOptions(changes as Options<T>);
  });

  return <div ref={host} className={className} />;
}
