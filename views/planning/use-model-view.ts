// The last view per model and device (the grid, or one of the screen's other views: the calendar, the map, the chart), through the user model views API (docs/domain/preferences.md,
// "Model views"): read once per device, written when the user switches. The cache answers at once on the next visit.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../src/api/http';
import { deviceString } from '../../grids/table-settings-query';

export type ModelView = 'grid' | 'calendar' | 'map' | 'chart';
interface Row {
  model_name: string;
  view: string;
}

/** The model's view: the grid, or one of `others` when that was the last one chosen on this device. */
export function useModelView<V extends ModelView>(
  model: string,
  others: readonly V[],
): [V | 'grid', (view: V | 'grid') => void] {
  const device = deviceString();
  const key = ['user-model-views', device];
  const client = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: () => http.get<Row[]>('user-model-views', { query: { device } }),
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: (view: ModelView) =>
      http.put<Row>(`user-model-views/${model}`, { view }, { query: { device }, silent: true }),
  });
  const saved = query.data?.find((row) => row.model_name === model)?.view;
  const current: V | 'grid' = others.find((view) => view === saved) ?? 'grid';
  const set = (view: V | 'grid') => {
    // a choice made before the saved views arrived wins over them: the read in flight is dropped (and its state
    // put back) first, then the choice is written into the cache, so the late reply never replaces it
    void client
      .cancelQueries({ queryKey: key })
      .then(() =>
        client.setQueryData<Row[]>(key, (rows = []) => [
          ...rows.filter((row) => row.model_name !== model),
          { model_name: model, view },
        ]),
      );
    save.mutate(view);
  };
  return [current, set];
}
