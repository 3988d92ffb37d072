/**
 * `deno task c4bench <file> [--weak] [--passes N] [--megabytes M]`: the
 * benchmark protocol of Pons' test sets. Solves every position of the file
 * with the table cleared before each and prints, per pass, the mean time per
 * position, the mean nodes and the nodes per second; scores that disagree
 * with the file's are listed and make the exit code 1. The first pass
 * includes the JIT's warm-up, so by default the file is run twice.
 *
 * @module
 */

import {
  benchmarkConnectFour,
  ConnectFourSolver,
  readPositionLines,
} from "../mod.ts";

const USAGE =
  "usage: deno task c4bench <file> [--weak] [--passes N] [--megabytes M]";

function main(args: readonly string[]): number {
  let file: string | undefined;
  let weak = false;
  let passes = 2;
  let megabytes: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--weak") weak = true;
    else if (arg === "--passes") passes = Number(args[++i]);
    else if (arg === "--megabytes") megabytes = Number(args[++i]);
    else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      return 0;
    } else if (arg.startsWith("-") || file !== undefined) {
      console.error(`Unknown argument ${arg}\n${USAGE}`);
      return 2;
    } else file = arg;
  }
  if (file === undefined || !(Number.isInteger(passes) && passes >= 1)) {
    console.error(USAGE);
    return 2;
  }
  const lines = readPositionLines(Deno.readTextFileSync(file));
  const solver = new ConnectFourSolver(
    megabytes === undefined ? undefined : { megabytes },
  );
  console.log(
    `${file}: ${lines.length} positions, ${weak ? "weak" : "strong"}, table ${
      solver.table.size.toLocaleString("en")
    } entries, cleared per position`,
  );
  let wrong = 0;
  for (let pass = 1; pass <= passes; pass++) {
    const s = benchmarkConnectFour(lines, solver, { weak });
    console.log(
      `pass ${pass}: mean time ${
        s.meanMicroseconds.toFixed(1)
      } µs, mean nodes ${s.meanNodes.toFixed(1)}, ${
        (s.nodesPerSecond / 1e6).toFixed(2)
      } M nodes/s, ${s.wrong.length} wrong`,
    );
    for (const line of s.wrong.slice(0, 10)) console.log(`  wrong: ${line}`);
    wrong += s.wrong.length;
  }
  return wrong > 0 ? 1 : 0;
}

Deno.exit(main(Deno.args));
