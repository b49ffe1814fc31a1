// The built server's entry (dist/server/server.js): runs the server's CommonJS bundle (`main.cjs`, server/server.ts
// bundled by scripts/build-server.mjs) with a V8 code cache beside it, so that a start deserialises the compiled
// code instead of parsing and compiling the bundle again (docs/decisions.md, "Start-up"). Node 20 has no compile
// cache of its own. The build makes the cache (scripts/build-server.mjs starts the server once with
// HAUSWERK_CODE_CACHE=make: written as soon as it listens, then it exits); a start that finds none, or one V8
// refused (another Node version, other V8 flags), writes it a few seconds after it listens. It is named after the
// bundle's size and time, so a new build never meets an old cache. Writing is best effort: a read-only folder just
// starts without one.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { setWasmFlags } from './db/wasm-flags';

const dir = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(dir, 'main.cjs');
const stat = fs.statSync(bundle);
const cacheFile = path.join(dir, `main.cjs.${stat.size}-${Math.trunc(stat.mtimeMs)}.cache`);
/** Written this long after the server listens: the code that start-up compiled lazily is in it by then. */
const WRITE_AFTER_MS = 2000;

// V8 takes a cache only under the flags it was made with: the one flag the server sets is set before the cache is read
setWasmFlags();
const making = process.env.HAUSWERK_CODE_CACHE === 'make';
let cachedData: Buffer | undefined;
try {
  if (!making) cachedData = fs.readFileSync(cacheFile);
} catch {
  /* none yet */
}
const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname) {${fs.readFileSync(bundle, 'utf8')}\n})`,
  { filename: bundle, cachedData },
);
const module = { exports: {} as { started?: Promise<unknown> } };
(script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(bundle), module, bundle, dir);
await module.exports.started;

function writeCache() {
  try {
    const partial = `${cacheFile}.${process.pid}`;
    fs.writeFileSync(partial, script.createCachedData());
    fs.renameSync(partial, cacheFile); // whole or not at all, also when two servers start at once
    for (const f of fs.readdirSync(dir))
      if (/^main\.cjs\..*\.cache$/.test(f) && path.join(dir, f) !== cacheFile) fs.rmSync(path.join(dir, f));
  } catch {
    /* a read-only folder: the next start compiles again */
  }
}

if (making) {
  writeCache();
  process.exit(0);
} else if (!cachedData || script.cachedDataRejected) setTimeout(writeCache, WRITE_AFTER_MS).unref();
