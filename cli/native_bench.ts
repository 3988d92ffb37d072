/**
 * `deno task bench:c`: full tic-tac-toe from the empty board, our `minimax`
 * and `alphaBeta` beside a C baseline (`bench/_tic_tac_toe.c`,
 * compiled here with `cc -O2`), alternated pass by pass on the same machine,
 * quoted as ratios. The node counts and values must agree, or it exits 1.
 * See {@linkcode HELP}.
 *
 * @module
 */

import { alphaBeta, minimax, TicTacToe } from "../mod.ts";
import {
  flagName,
  FlagsOnce,
  flagValue,
  integerValue,
  UsageError,
} from "./_flags.ts";
import { print, readCommandLine } from "./_output.ts";

/** The text of `deno task bench:c --help`. */
export const HELP = `usage: deno task bench:c [--rounds N] [--passes P]

Compiles bench/_tic_tac_toe.c with "cc -O2", then P times runs its best of
N rounds and ours, one after the other, and prints per pass the best
milliseconds of each search and our time over C's. Only the node counts
and values are judged: 549,946 nodes for minimax and 18,297 for
alpha-beta, value 0, in C and here alike.

Flags:
  --rounds N  rounds a pass, the best kept, an integer in 1…999999
              (default 30)
  --passes P  passes, an integer in 1…999999 (default 3)
  -h, --help  this text

Exit status: 0 when the counts agree, 1 when they do not, 2 on a bad command
line or without a C compiler (on Debian: apt-get install gcc).`;

/** One search's best time and what it computed. */
export interface Timed {
  /** The root's value. */
  value: number;
  /** Nodes visited. */
  nodes: number;
  /** The best of the rounds, in milliseconds. */
  milliseconds: number;
}

/**
 * Parses the C program's two output lines.
 *
 * @param text its stdout
 * @returns minimax's and alpha-beta's lines
 * @throws {Error} quoting the text when a line is missing or malformed
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseNativeOutput } from "./native_bench.ts";
 * const parsed = parseNativeOutput("minimax 0 549946 5.5\nalphabeta 0 18297 0.21\n");
 * assert.equal(parsed.alphaBeta.nodes, 18297);
 * ```
 */
export function parseNativeOutput(
  text: string,
): { minimax: Timed; alphaBeta: Timed } {
  const read = (name: string): Timed => {
    const match = text.match(
      new RegExp(`^${name} (-?\\d+) (\\d+) (\\d+(?:\\.\\d+)?)$`, "m"),
    );
    if (match === null) {
      throw new Error(
        `bench:c: no "${name} <value> <nodes> <ms>" line in the C program's output ${
          JSON.stringify(text)
        }`,
      );
    }
    return {
      value: Number(match[1]),
      nodes: Number(match[2]),
      milliseconds: Number(match[3]),
    };
  };
  return { minimax: read("minimax"), alphaBeta: read("alphabeta") };
}

/**
 * Our two searches, best of `rounds` (each round runs both once).
 *
 * @param rounds at least 1
 * @returns minimax's and alpha-beta's best times and counts
 */
export function timeOurs(rounds: number): { minimax: Timed; alphaBeta: Timed } {
  const best = {
    minimax: { value: 0, nodes: 0, milliseconds: Infinity },
    alphaBeta: { value: 0, nodes: 0, milliseconds: Infinity },
  };
  for (let round = 0; round < rounds; round++) {
    let start = performance.now();
    const full = minimax(TicTacToe.empty());
    let took = performance.now() - start;
    best.minimax = {
      value: full.value,
      nodes: full.stats.nodes,
      milliseconds: Math.min(best.minimax.milliseconds, took),
    };
    start = performance.now();
    const cut = alphaBeta(TicTacToe.empty());
    took = performance.now() - start;
    best.alphaBeta = {
      value: cut.value,
      nodes: cut.stats.nodes,
      milliseconds: Math.min(best.alphaBeta.milliseconds, took),
    };
  }
  return best;
}

/**
 * Parses `--rounds N` and `--passes P`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseNativeBenchArgs } from "./native_bench.ts";
 * assert.equal(parseNativeBenchArgs(["--rounds=5"]).rounds, 5);
 * assert.throws(() => parseNativeBenchArgs(["--passes"]), /^Error: bench:c: --passes needs a value$/);
 * assert.throws(() => parseNativeBenchArgs(["--rounds", "--passes", "3"]), /^Error: bench:c: --rounds needs a value, got the flag "--passes"/);
 * ```
 */
export function parseNativeBenchArgs(
  args: readonly string[],
): { help: boolean; rounds: number; passes: number } {
  const result = { help: false, rounds: 30, passes: 3 };
  const flags = new FlagsOnce("bench:c");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    flags.check(arg);
    if (arg === "-h" || arg === "--help") {
      result.help = true;
      continue;
    }
    const flag = flagName(arg);
    if (flag !== "--rounds" && flag !== "--passes") {
      throw new UsageError(`bench:c: unknown argument ${JSON.stringify(arg)}`);
    }
    let text: string;
    [text, i] = flagValue("bench:c", args, i, flag);
    const value = integerValue(
      "bench:c",
      flag,
      text,
      6,
      1,
      999_999,
      "an integer in 1…999999",
    );
    if (flag === "--rounds") result.rounds = value;
    else result.passes = value;
  }
  return result;
}

async function main(args: readonly string[]): Promise<number> {
  const options = readCommandLine(parseNativeBenchArgs, args, HELP);
  if (typeof options === "number") return options;
  const source = new URL("../bench/_tic_tac_toe.c", import.meta.url)
    .pathname;
  const dir = await Deno.makeTempDir({ prefix: "bench_c_" });
  // A closed stdout exits in print, past the finally below: unload still runs.
  const removeDir = () => Deno.removeSync(dir, { recursive: true });
  addEventListener("unload", removeDir);
  try {
    const binary = `${dir}/tic_tac_toe`;
    let compiled;
    try {
      compiled = await new Deno.Command("cc", {
        args: ["-O2", "-o", binary, source],
        stdout: "piped",
        stderr: "piped",
      }).output();
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      console.error(
        "bench:c: needs a C compiler as cc (on Debian: apt-get install gcc)",
      );
      return 2;
    }
    if (!compiled.success) {
      console.error(
        `bench:c: cc -O2 ${source} failed:\n${
          new TextDecoder().decode(compiled.stderr)
        }`,
      );
      return 2;
    }
    const { rounds, passes } = options;
    print(
      `tic-tac-toe from the empty board, best of ${rounds} rounds per pass, ${passes} passes (C: cc -O2)`,
    );
    print(
      "| pass | search | C ms | ours ms | ours / C | nodes (C = ours) |",
    );
    print("| ---: | --- | ---: | ---: | ---: | ---: |");
    let agree = true;
    for (let pass = 1; pass <= passes; pass++) {
      const run = await new Deno.Command(binary, {
        args: [String(rounds)],
        stdout: "piped",
      }).output();
      const native = parseNativeOutput(new TextDecoder().decode(run.stdout));
      const ours = timeOurs(rounds);
      for (const name of ["minimax", "alphaBeta"] as const) {
        const c = native[name], o = ours[name];
        const same = c.nodes === o.nodes && c.value === o.value;
        agree &&= same;
        print(
          `| ${pass} | ${name} | ${c.milliseconds.toFixed(3)} | ${
            o.milliseconds.toFixed(3)
          } | ${(o.milliseconds / c.milliseconds).toFixed(2)}× | ${
            same
              ? o.nodes.toLocaleString("en-US")
              : `MISMATCH: C ${c.nodes} (value ${c.value}), ours ${o.nodes} (value ${o.value})`
          } |`,
        );
      }
    }
    return agree ? 0 : 1;
  } finally {
    removeEventListener("unload", removeDir);
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
