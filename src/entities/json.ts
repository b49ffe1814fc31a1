// Free-form JSON values (a record's `attributes`, a grid's saved filters): any object, within bounds of depth and
// size that keep the database's JSON parser and the reply serialiser safe (docs/hostile-input.md).
import { z } from 'zod';

/** How deep and how large a free-form JSON value (attributes, saved filters) may be. */
export const JSON_MAX_DEPTH = 20;
export const JSON_MAX_BYTES = 64 * 1024;

/** Nesting depth of a JSON value, counting stops past `limit` (so a hostile value costs little). */
export function jsonDepth(value: unknown, limit = JSON_MAX_DEPTH + 1): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > max) max = d;
    if (max > limit) return max;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

/** A free-form JSON object (a record's `attributes`, a grid's saved filters): bounded depth and size. */
export const freeJsonObject = () =>
  z.record(z.string().max(200), z.unknown()).superRefine((v, ctx) => {
    if (jsonDepth(v) > JSON_MAX_DEPTH)
      ctx.addIssue({ code: 'custom', message: 'errors.json_depth', params: { max: JSON_MAX_DEPTH } });
    else if (new TextEncoder().encode(JSON.stringify(v)).length > JSON_MAX_BYTES)
      ctx.addIssue({ code: 'custom', message: 'errors.json_size', params: { max: JSON_MAX_BYTES / 1024 } });
  });
