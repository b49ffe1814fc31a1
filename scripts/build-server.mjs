// Bundles the server (and the isomorphic core it imports) into dist/server with esbuild; packages stay external.
// Then makes the data folder templates that a first start on an empty data folder copies, one of them with the demo
// seeded (docs/decisions.md, "Start-up").
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

/**
 * `outdir`: dist/server for `npm start`; tests that run the server as a process bundle into a folder of their own.
 * `dataTemplate`: also make the data folder templates (several seconds; by default only for dist/server).
 */
export async function buildServer(outdir = 'dist/server', { dataTemplate = outdir === 'dist/server' } = {}) {
  // chunks of an earlier build would otherwise stay beside the new ones
  for (const f of fs.existsSync(outdir) ? fs.readdirSync(outdir) : [])
    if (/-[A-Z0-9]{8}\.js(\.map)?$/.test(f)) fs.rmSync(path.join(outdir, f));
  await build({
    entryPoints: {
      server: 'server/server.ts',
      'demo-reset': 'server/db/demo-reset.ts',
      backup: 'server/db/backup-cli.ts',
      'data-template': 'server/db/data-template.ts',
    },
    outdir,
    bundle: true,
    // Chunks: server.ts opens the database while the app's modules load, and code imported with import() (the
    // spreadsheet template's exceljs) is read only when used.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies are bundled too (fewer files to resolve at start); PGlite stays external because it loads
    // its WebAssembly and data files next to its own module; pg-native is pg's optional native driver.
    external: ['@electric-sql/pglite', 'pg-native'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    sourcemap: true,
    logLevel: 'warning',
  });
  // the empty template and, beside it, the one with the demo seeded (pgdata-demo-template)
  const template = path.join(outdir, 'pgdata-template');
  const demo = path.join(outdir, 'pgdata-demo-template');
  if (dataTemplate)
    execFileSync(process.execPath, [path.join(outdir, 'data-template.js'), template], { stdio: 'inherit' });
  else
    for (const old of [template, `${template}.json`, demo, `${demo}.json`])
      fs.rmSync(old, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
