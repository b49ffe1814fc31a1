// `npm start`: builds the client and the server when missing or stale, then runs the server (API + client on
// one port). Environment: PORT (8080), HOST, DATA_DIR (./data), DATABASE_URL, SMTP_URL, APP_URL.
import { execFileSync } from 'node:child_process';
import { isStale } from './stale.mjs';
import { buildServer } from './build-server.mjs';

const clientSources = ['src', 'grids', 'views', 'index.html', 'public', 'vite.config.ts', 'package-lock.json'];
if (isStale('dist/client/index.html', clientSources)) {
  console.log('Building the client (first start or changed sources)…');
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}
if (isStale('dist/server/server.js', ['server', 'src/entities', 'src/domain', 'package-lock.json'])) {
  await buildServer();
}
await import('../dist/server/server.js');
