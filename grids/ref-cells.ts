// Referenced records in grid cells: the column's formatted value is the record's title (refs travel as uuids).
// A missing title is asked for through the batched title loader (grids/ref-titles.tsx: one request per model
// and render pass) and the cells of that model's columns are refreshed once the batch answers. No React per
// cell, and a failed title is not asked for again while the grid lives (it shows "unknown record").
import type { QueryClient } from '@tanstack/react-query';
import { loadRefTitle, refTitleOf } from './ref-titles';

/** A title, or `pending` while it loads, or `unknown` when the record is gone or not visible to the user. */
export type RefTitleState = { title: string } | 'pending' | 'unknown';

export interface RefTitleResolver {
  get: (model: string, uuid: string) => RefTitleState;
}

/**
 * `onLoaded(models)` runs once per animation frame with the models whose titles arrived, so the grid can
 * refresh those columns' cells.
 */
export function createRefTitleResolver(
  client: QueryClient,
  onLoaded: (models: ReadonlySet<string>) => void,
): RefTitleResolver {
  const pending = new Set<string>();
  const failed = new Set<string>();
  let arrived = new Set<string>();
  let frame: number | null = null;

  const flush = () => {
    frame = null;
    const models = arrived;
    arrived = new Set();
    onLoaded(models);
  };
  const settled = (model: string, key: string) => {
    pending.delete(key);
    arrived.add(model);
    frame ??= requestAnimationFrame(flush);
  };

  return {
    get(model, uuid) {
      const title = refTitleOf(client, model, uuid);
      if (typeof title === 'string') return { title };
      const key = `${model}:${uuid}`;
      if (title === null || failed.has(key)) return 'unknown';
      if (!pending.has(key)) {
        pending.add(key);
        loadRefTitle(model, uuid).then(
          () => settled(model, key), // the loader remembered the title
          () => {
            failed.add(key);
            settled(model, key);
          },
        );
      }
      return 'pending';
    },
  };
}
