// The client route of each model's screen (from the screens table, ../screens.ts), for links between records
// (`?record=<uuid>` opens its drawer).
import { SCREENS, isGridScreen } from '../screens';

export const MODEL_PATHS: Readonly<Record<string, string>> = Object.fromEntries(
  SCREENS.filter(isGridScreen).map((screen) => [screen.model, screen.path]),
);

export const recordPath = (model: string, uuid: string) =>
  MODEL_PATHS[model] ? `${MODEL_PATHS[model]}?record=${encodeURIComponent(uuid)}` : null;
