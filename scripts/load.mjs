// Runs a command while one CPU core is kept busy, to try the test suite as a shared CI machine runs it
// (tests/README.md, "A suite that passes on a busy machine"). Not part of `npm test` or CI.
//   node scripts/load.mjs [--cores N] -- <command> [args…]   e.g. npm run test:e2e:loaded
// The load is N child processes spinning on arithmetic (default 1); they stop when the command ends, on Ctrl+C, and
// by themselves after LOAD_MAX_MINUTES (default 120) should this script be killed hard.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const sep = args.indexOf('--');
const own = sep < 0 ? [] : args.slice(0, sep);
const command = sep < 0 ? args : args.slice(sep + 1);
const coresAt = own.indexOf('--cores');
const cores = coresAt < 0 ? 1 : Number(own[coresAt + 1]);
if (!command.length || !Number.isInteger(cores) || cores < 1 || cores > 8) {
  console.error('usage: node scripts/load.mjs [--cores 1..8] -- <command> [args…]');
  process.exit(2);
}
const maxMs = Number(process.env.LOAD_MAX_MINUTES ?? 120) * 60_000;

// A spinner: a tight loop that yields to nothing, ended by its deadline or by a signal from here.
const spinner = `const end = Date.now() + ${maxMs}; let x = 0;
while (Date.now() < end) for (let i = 0; i < 1e6; i++) x = (x * 1103515245 + 12345) % 2147483648;`;
const spinners = Array.from({ length: cores }, () => spawn(process.execPath, ['-e', spinner], { stdio: 'ignore' }));
const stopLoad = () => spinners.forEach((s) => s.kill('SIGKILL'));

console.log(`load: ${cores} core(s) kept busy while: ${command.join(' ')}`);
const started = Date.now();
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    child.kill(signal);
    stopLoad();
  });
child.on('close', (code, signal) => {
  stopLoad();
  console.log(
    `load: the command ended (${signal ?? `exit ${code}`}) after ${((Date.now() - started) / 60_000).toFixed(1)} min`,
  );
  process.exit(code ?? 1);
});
child.on('error', (err) => {
  stopLoad();
  console.error(`load: ${err.message}`);
  process.exit(1);
});
