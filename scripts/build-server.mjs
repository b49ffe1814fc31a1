// Bundles the server (and the isomorphic core it imports) into dist/server with esbuild; packages stay external.
import { build } from 'esbuild';

export async function buildServer() {
  await build({
    entryPoints: { server: 'server/server.ts', 'demo-reset': 'server/db/demo-reset.ts', backup: 'server/db/backup.ts' },
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
