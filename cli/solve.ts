/**
 * `deno task solve [--weak]`: reads Connect Four positions from stdin, one
 * per line (column digits 1–7; anything after the first field, such as a
 * benchmark file's score, is ignored; blank lines are skipped), and prints
 * `<position> <score> <nodes> <microseconds>` for each as soon as it is
 * solved. An invalid line prints `line N: <why>` to stderr and the others are
 * still solved; the exit code is then 1.
 *
 * @module
 */

import { ConnectFour, ConnectFourSolver } from "../mod.ts";

const USAGE = "usage: deno task solve [--weak] < positions.txt";

/** Splits a byte stream into lines as they arrive. */
async function* lines(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<string> {
  let pending = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    pending += chunk;
    let end: number;
    while ((end = pending.indexOf("\n")) >= 0) {
      yield pending.slice(0, end);
      pending = pending.slice(end + 1);
    }
  }
  if (pending !== "") yield pending;
}

async function main(args: readonly string[]): Promise<number> {
  let weak = false;
  for (const arg of args) {
    if (arg === "--weak") weak = true;
    else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      return 0;
    } else {
      console.error(`Unknown argument ${arg}\n${USAGE}`);
      return 2;
    }
  }
  // The solver of solveConnectFour, made before the first line so that its
  // 16 MiB table is not timed with the first position.
  const solver = new ConnectFourSolver();
  const encoder = new TextEncoder();
  let invalid = 0;
  let number = 0;
  for await (const raw of lines(Deno.stdin.readable)) {
    number++;
    const moves = raw.trim().split(/\s+/)[0]!;
    if (moves === "") continue;
    let position: ConnectFour;
    try {
      position = ConnectFour.parse(moves);
    } catch (error) {
      invalid++;
      const why = error instanceof Error ? error.message : String(error);
      Deno.stderr.writeSync(encoder.encode(`line ${number}: ${why}\n`));
      continue;
    }
    const start = performance.now();
    const { score, nodes } = solver.solve(position, { weak });
    const micros = Math.round(1000 * (performance.now() - start));
    // One write per line: the answer appears as soon as it is known.
    Deno.stdout.writeSync(
      encoder.encode(`${moves} ${score} ${nodes} ${micros}\n`),
    );
  }
  return invalid > 0 ? 1 : 0;
}

Deno.exit(await main(Deno.args));
