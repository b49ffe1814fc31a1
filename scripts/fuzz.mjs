// `npm run fuzz`: the route fuzzer's long run (tests/fuzz/main.ts; options there and in tests/api/README.md).
import { spawnSync } from 'node:child_process';

const r = spawnSync(process.execPath, ['--import', 'tsx', 'tests/fuzz/main.ts'], { stdio: 'inherit' });
process.exit(r.status ?? 1);
