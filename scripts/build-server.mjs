// Bundles the server (and the isomorphic core it imports) into dist/server with esbuild; packages stay external.
import { build } from 'esbuild';

/** `outdir`: dist/server for `npm start`; tests that run the server as a process bundle into a folder of their own. */
export async function buildServer(outdir = 'dist/server') {
  await build({
    entryPoints: {
      server: 'server/server.ts',
      'demo-reset': 'server/db/demo-reset.ts',
      backup: 'server/db/backup-cli.ts',
    },
    outdir,
    bundle: true,
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
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
