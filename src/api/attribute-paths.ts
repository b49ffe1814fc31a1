// A record's attributes (docs/domain/attributes.md) as the browser app handles them: each one a field of its own,
// `attributes.<key>`, beside the model's fields, so that the grid, its paste and fill, the form and bulk edits treat
// them alike. Replies are given the flat keys beside `attributes`; a request's flat keys go back into `attributes`.
const PATH = /^attributes\.([a-z][a-z0-9_]{0,39})$/;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function flatRecord(r: unknown) {
  if (!isObj(r)) return;
  // a bulk result carries the record it wrote (grids/bulk-api.ts)
  if (isObj(r.record)) flatRecord(r.record);
  if (typeof r.uuid !== 'string' || !isObj(r.attributes)) return;
  for (const [key, value] of Object.entries(r.attributes)) r[`attributes.${key}`] = value;
}

/** A reply's records (`data`, one or a list) with their attributes as flat keys too. */
export function flattenAttributes<T>(body: T): T {
  if (!isObj(body)) return body;
  const data = body.data;
  if (Array.isArray(data)) data.forEach(flatRecord);
  else flatRecord(data);
  return body;
}

function nestRecord(r: unknown): unknown {
  if (!isObj(r)) return r;
  let nested: Obj | null = null;
  const out: Obj = {};
  for (const [key, value] of Object.entries(r)) {
    const m = PATH.exec(key);
    if (m) (nested ??= {})[m[1]!] = value;
    else out[key] = value;
  }
  if (!nested) return r;
  // the flat keys are what the user changed; the object a reply brought along is what the record had
  out.attributes = nested;
  return out;
}

/** A request body with its flat attribute keys put back into `attributes` (a record, or a bulk body's `rows`). */
export function nestAttributes(body: unknown): unknown {
  if (!isObj(body)) return body;
  const out = nestRecord(body) as Obj;
  return Array.isArray(out.rows) ? { ...out, rows: out.rows.map(nestRecord) } : out;
}
