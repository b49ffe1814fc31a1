// Is a build output older than any of its sources? Used by `npm start` to build only when needed.
import fs from 'node:fs';
import path from 'node:path';

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) if (e !== 'node_modules') max = Math.max(max, newest(path.join(p, e)));
  return max;
}

export function isStale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((s) => newest(s) > built);
}
