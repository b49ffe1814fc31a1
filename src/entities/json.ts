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

/** The depth and size limits of a JSON value, as a zod refinement. */
export function checkJsonBounds(v: unknown, ctx: z.RefinementCtx) {
  if (jsonDepth(v) > JSON_MAX_DEPTH)
    ctx.addIssue({ code: 'custom', message: 'errors.json_depth', params: { max: JSON_MAX_DEPTH } });
  else if (new TextEncoder().encode(JSON.stringify(v)).length > JSON_MAX_BYTES)
    ctx.addIssue({ code: 'custom', message: 'errors.json_size', params: { max: JSON_MAX_BYTES / 1024 } });
}

/** A free-form JSON object (a record's `attributes`, a grid's saved filters): bounded depth and size. */
export const freeJsonObject = () => z.record(z.string().max(200), z.unknown()).superRefine(checkJsonBounds);

/** The bounds of a `json` field's value: a member of its object too deep is named (a saved view's
 * `query.filters`), as the field's own schema would name it; otherwise the value as a whole. */
function checkFieldBounds(v: unknown, ctx: z.RefinementCtx) {
  if (v !== null && typeof v === 'object' && !Array.isArray(v))
    for (const [key, member] of Object.entries(v))
      if (jsonDepth(member) >= JSON_MAX_DEPTH) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'errors.json_depth', params: { max: JSON_MAX_DEPTH } });
        return;
      }
  checkJsonBounds(v, ctx);
}

/**
 * A JSON value of a `json` field: within the bounds first (a hostile value costs nothing more), then the named
 * schema (src/entities/json-schemas.ts) on a value that passed them.
 */
export const boundedJson = (schema: z.ZodType) => z.unknown().superRefine(checkFieldBounds).pipe(schema);
