// PGlite's WebAssembly: V8 optimises a function once it has run for a budget of work; with the default budget, the
// database's own start-up (catalogue reads, one-off code) is optimised on the second core while the server loads,
// which costs a third of a cold start. Ten times the budget leaves one-off code unoptimised; what a busy server runs
// still gets optimised after a little more work (docs/decisions.md, "Start-up"). The built server sets it before it
// loads its code cache (server/boot.ts): V8 accepts a cache only under the flags it was made with.
import v8 from 'node:v8';

export function setWasmFlags() {
  v8.setFlagsFromString('--wasm-tiering-budget=18000000');
}
