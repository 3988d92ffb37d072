/**
 * `deno task uci`: the project's chess engine over the Universal Chess
 * Interface on standard input and output, for any UCI GUI or
 * `deno task match`. The protocol is src/play/uci.ts's state machine; this
 * file only reads lines and prints. The search runs one iteration at a time,
 * yielding to the event loop in between, so `stop`, `isready` and `quit`
 * are read during a search. End of input lets a running search finish.
 *
 * @module
 */

import { UciEngine } from "../src/play/uci.ts";
import { lines } from "./_lines.ts";

const encoder = new TextEncoder();
function send(out: readonly string[]): void {
  if (out.length === 0) return;
  const bytes = encoder.encode(out.join("\n") + "\n");
  let written = 0;
  while (written < bytes.length) {
    written += Deno.stdout.writeSync(bytes.subarray(written));
  }
}

const engine = new UciEngine();
let running: Promise<void> | null = null;

/** Runs the search in progress, an iteration per macrotask. */
async function search(): Promise<void> {
  while (engine.searching) {
    send(engine.step());
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  running = null;
}

for await (const line of lines(Deno.stdin.readable)) {
  send(engine.receive(line));
  if (engine.quitting) break;
  if (engine.searching && running === null) running = search();
}
if (!engine.quitting && running !== null) await running;
Deno.exit(0);
