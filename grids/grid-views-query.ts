// The saved views of every table in one request, shared by the grids' views menu and the shell's idle preload
// (grids/preload.ts), so opening a module's grid for the first time waits for no views request. Kept free of the
// grid layer's other modules so the preload stays small.
import type { GridView } from '../src/entities/account';
import { http } from '../src/api/http';

export const gridViewsKey = ['grid-views'] as const;

export const gridViewsQuery = {
  queryKey: gridViewsKey,
  // every view of every table in one page (a list of the records engine: at most 500 a page)
  queryFn: () => http.get<GridView[]>('grid-views', { query: { per_page: 500 } }),
  staleTime: 60_000,
};
