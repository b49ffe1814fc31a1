// Runs a TypeScript entry (scripts, maintenance commands) through tsx.
import { spawnSync } from 'node:child_process';

const [file, ...args] = process.argv.slice(2);
const r = spawnSync(process.execPath, ['--import', 'tsx', file, ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
