// Runs a target program built for wasm32-unknown-none-wasm: provides its one import (env.write,
// to stdout), calls its entry (the second argument, target_run by default) and exits with its
// status; a trap exits 3 with the trap's message.
import { readFileSync, writeSync } from 'node:fs';

const bytes = readFileSync(process.argv[2]);
let memory = null;
const imports = { env: { write(p, n) { writeSync(1, new Uint8Array(memory.buffer, p, n)); } } };
const { instance } = await WebAssembly.instantiate(bytes, imports);
memory = instance.exports.memory;
let status;
try {
  status = Number(instance.exports[process.argv[3] ?? 'target_run']());
} catch (e) {
  writeSync(2, `wasm trap: ${e.message}\n`);
  process.exit(3);
}
process.exit(status);
