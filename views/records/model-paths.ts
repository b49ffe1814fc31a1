// The client route of each model's grid page (from the page manifest, ../pages.ts), for links between records
// (`?record=<uuid>` opens its drawer).
import { GRID_PAGES } from '../pages';

export const MODEL_PATHS: Readonly<Record<string, string>> = Object.fromEntries(
  GRID_PAGES.filter((page) => !page.where).map((page) => [page.model, page.path]),
);

export const recordPath = (model: string, uuid: string) =>
  MODEL_PATHS[model] ? `${MODEL_PATHS[model]}?record=${encodeURIComponent(uuid)}` : null;
