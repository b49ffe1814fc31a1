// Query strings with brackets, as the client sends them (docs/hostile-input.md): `filter[status]=open`,
// `filter[due_date][from]=…`, `property_uuids[]=a&property_uuids[]=b`. Depth and size are bounded. Every object
// made here has no prototype, so a key such as `__proto__` or `constructor` is a plain own key that can change
// nothing else in the process; the edge check (input-guard.ts) then refuses it with a 422.
const MAX_PARAMS = 200;
const MAX_DEPTH = 3;

type Value = string | string[] | { [k: string]: Value };

const bare = () => Object.create(null) as Record<string, Value>;

export function parseQuerystring(input: string): Record<string, Value> {
  const out = bare();
  const pairs = input.split('&').filter(Boolean).slice(0, MAX_PARAMS);
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const rawKey = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    const m = rawKey.match(/^([^[\]]+)((?:\[[^[\]]*\])*)$/);
    if (!m) {
      out[rawKey] = value;
      continue;
    }
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!)].slice(0, MAX_DEPTH + 1);
    assign(out, path, value);
  }
  return out;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

function assign(target: Record<string, Value>, path: string[], value: string) {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    const existing = target[head];
    if (existing === undefined) target[head] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else if (typeof existing === 'string') target[head] = [existing, value];
    return;
  }
  if (rest.length === 1 && rest[0] === '') {
    const existing = target[head];
    if (Array.isArray(existing)) existing.push(value);
    else target[head] = typeof existing === 'string' ? [existing, value] : [value];
    return;
  }
  let next = target[head];
  if (!next || typeof next !== 'object' || Array.isArray(next)) {
    next = bare();
    target[head] = next;
  }
  assign(next as Record<string, Value>, rest, value);
}
