// Bundles the server (and the isomorphic core and the packages it imports) into dist/server with esbuild.
// Then makes the data folder templates that a first start on an empty data folder copies, one of them with the demo
// seeded (docs/decisions.md, "Start-up").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

/**
 * `outdir`: dist/server for `npm start`; tests that run the server as a process bundle into a folder of their own.
 * `dataTemplate`: also make the data folder templates (several seconds; by default only for dist/server).
 */
export async function buildServer(outdir = 'dist/server', { dataTemplate = outdir === 'dist/server' } = {}) {
  // chunks and code caches of an earlier build would otherwise stay beside the new ones
  for (const f of fs.existsSync(outdir) ? fs.readdirSync(outdir) : [])
    if (/-[A-Z0-9]{8}\.js(\.map)?$|^main\.cjs\..*\.cache$/.test(f)) fs.rmSync(path.join(outdir, f));
  const common = {
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    // Dependencies are bundled too (fewer files to resolve at start); PGlite stays external because it loads
    // its WebAssembly and data files next to its own module; pg-native is pg's optional native driver.
    external: ['@electric-sql/pglite', 'pg-native'],
    sourcemap: true,
    logLevel: 'warning',
  };
  // The server itself: one CommonJS file that server.js (server/boot.ts) runs with a V8 code cache beside it
  // (docs/decisions.md, "Start-up"). Modules it imports with import() are evaluated when first needed; exceljs
  // (the spreadsheet template) and qrcode stay out of it and load from node_modules when first used. import() of
  // a package becomes require(), so PGlite loads once, as the bundled drizzle driver requires it.
  await build({
    ...common,
    entryPoints: { main: 'server/server.ts' },
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    external: [...common.external, 'exceljs', 'qrcode'],
    minifyWhitespace: true,
    minifySyntax: true,
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__importMetaUrl' },
    banner: { js: "var __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  await build({
    ...common,
    entryPoints: {
      server: 'server/boot.ts',
      'demo-reset': 'server/db/demo-reset.ts',
      backup: 'server/db/backup-cli.ts',
      'data-template': 'server/db/data-template.ts',
    },
    // chunks: code imported with import() (the spreadsheet template's exceljs) is read only when used
    splitting: true,
    format: 'esm',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  // the empty template and, beside it, the one with the demo seeded (pgdata-demo-template)
  const template = path.join(outdir, 'pgdata-template');
  const demo = path.join(outdir, 'pgdata-demo-template');
  if (dataTemplate) {
    execFileSync(process.execPath, [path.join(outdir, 'data-template.js'), template], { stdio: 'inherit' });
    // the code cache (server/boot.ts): the server started once on a copy of the empty template, made when it listens
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hauswerk-code-cache-'));
    try {
      execFileSync(process.execPath, [path.join(outdir, 'server.js')], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          HAUSWERK_CODE_CACHE: 'make',
          DATA_DIR: scratch,
          DATABASE_URL: '',
          SEED_DEMO: '0',
          JOBS: '0',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
        },
      });
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  } else
    for (const old of [template, `${template}.json`, demo, `${demo}.json`])
      fs.rmSync(old, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
