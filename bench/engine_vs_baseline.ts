/**
 * `deno task bench:engine`: the chess engine's search (`searchChess`, the
 * UCI engine's) timed beside the same search of another checkout of this
 * repository, both loaded into this one process and alternated round by
 * round, so that the machine's drift falls on both alike. See
 * {@linkcode HELP}.
 *
 * @module
 */

import { isAbsolute, join } from "node:path";
import { pathToFileURL } from "node:url";
import { UsageError } from "../cli/_flags.ts";
import { print, readCommandLine, warn } from "../cli/_output.ts";
import { integerFlag, loadAverage, readBenchFlags } from "./_side_by_side.ts";
import { loadWac } from "../src/course/chess/wac.ts";

/** The positions file. */
export const WAC_FILE = "data/chess/wac.epd";

/** The small default (CI runs it): positions, rounds, nodes a search. */
export const SMALL = { positions: 4, rounds: 2, nodes: 5_000 };
/** `--full`: every 8th of the first 300 WAC positions, 12 rounds, 60,000 nodes. */
export const FULL = { positions: 38, rounds: 12, nodes: 60_000 };

/** The text of `deno task bench:engine --help`. */
export const HELP =
  `usage: deno task bench:engine [--baseline DIR] [--full] [--positions N] [--rounds R] [--nodes K]

Times the chess engine's search (searchChess of src/players/_chess_search.ts,
the UCI engine's: the engine evaluation, a fresh 65,536-entry table each
search, K nodes a search) on N positions of ${WAC_FILE} (every 8th of the
first 300), R rounds after one untimed round, and prints each round's time,
the best and the median.
With --baseline DIR (another checkout of this repository, e.g. a git worktree
of an older commit), that checkout's engine is loaded into the same process
and the two are alternated round by round (the baseline first in even
rounds), and the table adds ours over the baseline's time, best and median,
and the median of the rounds' ratios (paired by round, the measure to quote).
Both searches' values, depths and node counts are compared position by
position: where they differ the two engines search differently and the
ratio is one of time per search, not of speed (the output says so).

Defaults: ${SMALL.positions} positions, ${SMALL.rounds} rounds, ${SMALL.nodes} nodes (seconds; CI runs it).
--full: ${FULL.positions} positions, ${FULL.rounds} rounds, ${FULL.nodes} nodes (minutes).

Flags:
  --baseline DIR  a checkout of this repository to compare with
  --full          the full run
  --positions N   positions, an integer in 1…${FULL.positions} (not with --full)
  --rounds R      rounds, an integer in 1…100 (not with --full)
  --nodes K       nodes a search, an integer in 1000…10000000 (not with
                  --full)
  -h, --help      this text

The machine's load average is printed before and after.

Exit status: 0 when done; 2 on a bad command line or a baseline that is not
a checkout of this repository.`;

/** What the command line asks for. */
export interface EngineBenchArgs {
  help: boolean;
  baseline: string | null;
  positions: number;
  rounds: number;
  nodes: number;
}

/**
 * Parses `deno task bench:engine`'s arguments.
 *
 * @param args the command line
 * @returns the options
 * @throws {UsageError} naming the flag, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseEngineBenchArgs } from "./engine_vs_baseline.ts";
 * assert.deepEqual(parseEngineBenchArgs(["--rounds", "3"]), { help: false, baseline: null, positions: 4, rounds: 3, nodes: 5000 });
 * assert.equal(parseEngineBenchArgs(["--full"]).positions, 38);
 * assert.throws(() => parseEngineBenchArgs(["--nodes", "10"]), /--nodes must be an integer in 1000…10000000, got "10"/);
 * assert.throws(() => parseEngineBenchArgs(["--baseline", ""]), /--baseline must name a directory, got ""/);
 * assert.throws(() => parseEngineBenchArgs(["--full", "--rounds", "3"]), /give --rounds and --full not both/);
 * ```
 */
export function parseEngineBenchArgs(
  args: readonly string[],
): EngineBenchArgs {
  const command = "bench:engine";
  const read = readBenchFlags(command, args, [
    "--baseline",
    "--positions",
    "--rounds",
    "--nodes",
  ]);
  const sizes = read.full ? FULL : SMALL;
  const result: EngineBenchArgs = {
    help: read.help,
    baseline: null,
    ...sizes,
  };
  for (const [flag, text] of read.values) {
    // --full sets the sizes: one given beside it was dropped silently.
    if (read.full && flag !== "--baseline") {
      throw new UsageError(
        `${command}: give ${flag} and --full not both (--full is ${FULL.positions} positions, ${FULL.rounds} rounds, ${FULL.nodes} nodes)`,
      );
    }
    if (flag === "--baseline") {
      if (text === undefined) {
        throw new UsageError(
          `${command}: --baseline needs a value, a checkout's directory`,
        );
      }
      if (text === "") {
        throw new UsageError(
          `${command}: --baseline must name a directory, got ""`,
        );
      }
      result.baseline = text;
    } else if (flag === "--positions") {
      result.positions = integerFlag(command, flag, text, 1, FULL.positions);
    } else if (flag === "--rounds") {
      result.rounds = integerFlag(command, flag, text, 1, 100);
    } else {
      result.nodes = integerFlag(command, flag, text, 1_000, 10_000_000);
    }
  }
  return result;
}

/** What one checkout exports that the bench calls (the names of `mod.ts` and `_chess_search.ts`). */
interface Engine {
  label: string;
  // deno-lint-ignore no-explicit-any
  mod: any;
  // deno-lint-ignore no-explicit-any
  search: any;
}

/**
 * Loads a checkout's engine: its `mod.ts` and `src/players/_chess_search.ts`.
 *
 * @throws {UsageError} when `dir` holds no such files, or they lack the names used
 */
async function loadEngine(dir: string, label: string): Promise<Engine> {
  const root = isAbsolute(dir) ? dir : join(Deno.cwd(), dir);
  const files = [
    join(root, "mod.ts"),
    join(root, "src/players/_chess_search.ts"),
  ];
  for (const file of files) {
    try {
      Deno.statSync(file);
    } catch {
      throw new UsageError(
        `bench:engine: --baseline ${
          JSON.stringify(dir)
        } must be a checkout of this repository: ${file} is missing`,
      );
    }
  }
  const mod = await import(pathToFileURL(files[0]!).href);
  const search = await import(pathToFileURL(files[1]!).href);
  if (
    typeof mod.Chess?.fromFen !== "function" ||
    typeof mod.TranspositionTable !== "function" ||
    typeof search.searchChess !== "function" ||
    search.CHESS_ENGINE_POSITION === undefined
  ) {
    throw new UsageError(
      `bench:engine: --baseline ${
        JSON.stringify(dir)
      } must export Chess, TranspositionTable, searchChess and CHESS_ENGINE_POSITION (a checkout from 2 December 2026 or later)`,
    );
  }
  return { label, mod, search };
}

/** One round of an engine over the positions: the time and what each search found. */
function round(
  engine: Engine,
  fens: readonly string[],
  nodes: number,
): { ms: number; found: string[] } {
  const found: string[] = [];
  const started = performance.now();
  for (const fen of fens) {
    // The engine's own positions: with the candidates' evaluation terms
    // where its searchChess has them on by default (chessPositionOptions,
    // from 5 December 2026), the engine evaluation alone before.
    const position = engine.mod.Chess.fromFen(
      fen,
      engine.search.chessPositionOptions?.() ??
        engine.search.CHESS_ENGINE_POSITION,
    );
    position.markRoot();
    const result = engine.search.searchChess(
      position,
      new engine.mod.TranspositionTable({ entries: 1 << 16 }),
      { depth: 64, maxNodes: nodes },
    );
    found.push(`${result.value} ${result.depth} ${result.stats.nodes}`);
  }
  return { ms: performance.now() - started, found };
}

/** The positions: every 8th of the WAC file's 300, as FEN with move counters. */
function positions(count: number): string[] {
  return loadWac().filter((_, i) => i % 8 === 0).slice(0, count)
    .map((entry) => entry.fen);
}

/**
 * The median: the middle value, or the mean of the two middle values of
 * an even count (it took the upper one).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { median } from "./engine_vs_baseline.ts";
 * assert.equal(median([3, 1, 2]), 2);
 * assert.equal(median([4, 1, 3, 2]), 2.5);
 * ```
 */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? sorted[half]!
    : (sorted[half - 1]! + sorted[half]!) / 2;
}

const ms = (x: number) => `${x.toFixed(0)} ms`;

/**
 * Runs the bench and prints its table.
 *
 * @param args the command line
 * @returns the exit status
 */
export async function main(args: readonly string[]): Promise<number> {
  const options = readCommandLine(parseEngineBenchArgs, args, HELP);
  if (typeof options === "number") return options;
  let engines: Engine[];
  try {
    engines = [await loadEngine(".", "ours")];
    if (options.baseline !== null) {
      engines.unshift(await loadEngine(options.baseline, "baseline"));
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    warn(error.message);
    return 2;
  }
  const fens = positions(options.positions);
  print(
    `${fens.length} positions of ${WAC_FILE}, ${options.nodes} nodes a search, ${options.rounds} rounds${
      engines.length > 1
        ? `, ours and the baseline (${options.baseline}) alternated`
        : ""
    }`,
  );
  print(`load average before: ${loadAverage()} (1, 5, 15 min)`);
  print("");
  // One untimed round each first: the compiler's warm-up is not timed.
  for (const engine of engines) round(engine, fens, options.nodes);
  const times: number[][] = engines.map(() => []);
  const found: string[][] = engines.map(() => []);
  for (let r = 0; r < options.rounds; r++) {
    const order = r % 2 === 0 ? engines.keys() : [...engines.keys()].reverse();
    for (const e of order) {
      const run = round(engines[e]!, fens, options.nodes);
      times[e]!.push(run.ms);
      found[e] = run.found;
    }
  }
  const header = ["", ...engines.map((e) => e.label)];
  if (engines.length > 1) header.push("ours / baseline");
  print(`| ${header.join(" | ")} |`);
  print(`| ${header.map(() => "---").join(" | ")} |`);
  for (let r = 0; r < options.rounds; r++) {
    const cells = [`round ${r + 1}`, ...times.map((t) => ms(t[r]!))];
    if (engines.length > 1) {
      cells.push(`${(times[1]![r]! / times[0]![r]!).toFixed(3)}×`);
    }
    print(`| ${cells.join(" | ")} |`);
  }
  const best = (t: readonly number[]) => Math.min(...t);
  for (const [name, pick] of [["best", best], ["median", median]] as const) {
    const cells = [name, ...times.map((t) => ms(pick(t)))];
    if (engines.length > 1) {
      cells.push(`${(pick(times[1]!) / pick(times[0]!)).toFixed(3)}×`);
    }
    print(`| ${cells.join(" | ")} |`);
  }
  if (engines.length > 1) {
    // Paired by round, the drift of the machine between rounds cancels.
    const ratios = times[1]!.map((t, r) => t / times[0]![r]!);
    print(
      `| median of the rounds' ratios |  |  | ${median(ratios).toFixed(3)}× |`,
    );
  }
  print("");
  const nodes = found.map((f) =>
    f.reduce((sum, line) => sum + Number(line.split(" ")[2]), 0)
  );
  print(
    `nodes a round: ${
      engines.map((e, i) => `${e.label} ${nodes[i]}`).join(", ")
    }`,
  );
  if (engines.length > 1) {
    const differ = found[0]!.filter((line, i) => line !== found[1]![i]).length;
    print(
      differ === 0
        ? "the same searches: every value, depth and node count equal"
        : `the searches differ on ${differ} of ${fens.length} positions (value, depth or nodes): the ratio is of time per search, not of speed`,
    );
  }
  print(`load average after: ${loadAverage()} (1, 5, 15 min)`);
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
