/**
 * `deno task bench:perft`: our chess {@linkcode perft} beside Stockfish's
 * `go perft` on the positions of `data/chess/perft.txt`, both counts checked
 * against the file's, both timed in one run, alternated. See
 * {@linkcode HELP}.
 *
 * @module
 */

import { Chess, perft } from "../mod.ts";
import { findProgram } from "../src/programs.ts";
import { UsageError } from "../cli/_flags.ts";
import { print, readCommandLine, warn } from "../cli/_output.ts";
import { integerFlag, loadAverage, readBenchFlags } from "./_side_by_side.ts";

/** The positions file. */
export const PERFT_FILE = "data/chess/perft.txt";
/** The default `--depth`: a few seconds in all, CI runs it. */
export const DEFAULT_DEPTH = 4;
/** The default `--timeout`: the longest one count may take, in seconds. */
export const DEFAULT_TIMEOUT_S = 600;

/** The text of `deno task bench:perft --help`. */
export const HELP =
  `usage: deno task bench:perft [--depth N | --full] [--runs R] [--timeout S]

Counts perft at depth N (default ${DEFAULT_DEPTH}) on each position of ${PERFT_FILE}
with our perft (in this process) and with Stockfish's "go perft N" (found on
PATH or in /usr/games; started once, warmed by one count, then timed from
sending "go perft" to reading "Nodes searched"; ours warmed by a count of
each position at depth 3), R times each (default 3),
the two alternated, and prints a Markdown table: the count, each program's
best time and ours over Stockfish's. Without Stockfish, our times alone. The
machine's load average is printed before and after: the programs share the
machine with whatever else runs on it.

Flags:
  --depth N     plies, an integer in 1…5 (the file's deepest column)
  --full        the file's deepest column (as --depth 5; seconds for ours:
                the four positions' count took 3.20 s in
                docs/chess_perft_speed.md)
  --runs R      counts of each program per position, the best time kept,
                an integer in 1…100 (default 3)
  --timeout S   the longest one of Stockfish's counts may take, in seconds,
                an integer in 1…86400 (default ${DEFAULT_TIMEOUT_S}); past it Stockfish is
                stopped
  -h, --help    this text

Exit status: 0 when every count agrees with the file's; 1 when one does not
or Stockfish failed; 2 on a bad command line or a file that cannot be read.`;

/** What the command line asks for. */
export interface PerftBenchArgs {
  /** `--help`. */
  help: boolean;
  /** Plies (null: the default, or the file's deepest with `--full`). */
  depth: number | null;
  /** `--full`. */
  full: boolean;
  /** Counts of each program per position. */
  runs: number;
  /** Seconds one of Stockfish's counts may take. */
  timeoutS: number;
}

/**
 * Parses `deno task bench:perft`'s arguments.
 *
 * @param args the command line
 * @param deepest the deepest depth allowed: the perft file's deepest
 *   column (the committed file's 5 when not given)
 * @returns the options
 * @throws {UsageError} naming the flag, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePerftBenchArgs } from "./perft_vs_stockfish.ts";
 * assert.equal(parsePerftBenchArgs(["--depth=3"]).depth, 3);
 * // One rule for 6 and 1e3 alike.
 * for (const depth of ["6", "1e3"]) {
 *   assert.throws(() => parsePerftBenchArgs(["--depth", depth], 5), /--depth must be an integer in 1…5 \(the deepest column of data\/chess\/perft\.txt\), got "/);
 * }
 * assert.equal(parsePerftBenchArgs([]).depth, null);
 * assert.throws(() => parsePerftBenchArgs(["--depth", "5", "--full"]), /--depth and --full/);
 * assert.throws(() => parsePerftBenchArgs(["--runs", "0"]), /--runs must be an integer in 1…100, got "0"/);
 * ```
 */
export function parsePerftBenchArgs(
  args: readonly string[],
  deepest = 5,
): PerftBenchArgs {
  const result: PerftBenchArgs = {
    help: false,
    depth: null,
    full: false,
    runs: 3,
    timeoutS: DEFAULT_TIMEOUT_S,
  };
  const read = readBenchFlags("bench:perft", args, [
    "--depth",
    "--runs",
    "--timeout",
  ]);
  result.help = read.help;
  result.full = read.full;
  for (const [flag, text] of read.values) {
    if (flag === "--depth") {
      result.depth = integerFlag(
        "bench:perft",
        flag,
        text,
        1,
        deepest,
        `the deepest column of ${PERFT_FILE}`,
      );
    } else if (flag === "--runs") {
      result.runs = integerFlag("bench:perft", flag, text, 1, 100);
    } else result.timeoutS = integerFlag("bench:perft", flag, text, 1, 86_400);
  }
  if (result.full && result.depth !== null) {
    throw new UsageError(
      `bench:perft: give --depth and --full not both (--full is the file's deepest column), got --depth ${result.depth} --full`,
    );
  }
  return result;
}

/** One line of the perft file: a position and its counts at depths 1, 2… */
export interface PerftLine {
  /** The position. */
  fen: string;
  /** `counts[d - 1]`: the count at depth d. */
  counts: number[];
}

/**
 * Reads the perft file: `FEN ; d1 ; d2 ; …` a line.
 *
 * @param text the file's text
 * @returns its lines
 * @throws {Error} naming the line that is not of that form
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPerftLines } from "./perft_vs_stockfish.ts";
 * const lines = readPerftLines("8/8/8/8/8/8/8/K6k w - - 0 1 ; 3 ; 9\n");
 * assert.deepEqual(lines, [{ fen: "8/8/8/8/8/8/8/K6k w - - 0 1", counts: [3, 9] }]);
 * assert.throws(() => readPerftLines("x ; y\n"), /line 1: "y" is not a count/);
 * ```
 */
export function readPerftLines(text: string): PerftLine[] {
  const lines: PerftLine[] = [];
  text.split("\n").forEach((raw, i) => {
    if (raw.trim() === "") return;
    const [fen, ...fields] = raw.split(";").map((field) => field.trim());
    if (fields.length === 0) {
      throw new Error(`line ${i + 1}: expected "FEN ; d1 ; d2 ; …"`);
    }
    const counts = fields.map((field) => {
      if (!/^\d{1,15}$/.test(field)) {
        throw new Error(
          `line ${i + 1}: ${JSON.stringify(field)} is not a count`,
        );
      }
      return Number(field);
    });
    lines.push({ fen: fen!, counts });
  });
  return lines;
}

/**
 * Stockfish's count in its `go perft` output: the number of its "Nodes
 * searched: N" line, or null when the line is not that one.
 *
 * @param line one line of Stockfish's output
 * @returns the count, or null
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodesSearched } from "./perft_vs_stockfish.ts";
 * assert.equal(nodesSearched("Nodes searched: 197281"), 197281);
 * assert.equal(nodesSearched("e2e4: 9771"), null);
 * ```
 */
export function nodesSearched(line: string): number | null {
  const match = /^Nodes searched: (\d{1,15})$/.exec(line.trim());
  return match === null ? null : Number(match[1]);
}

/** Stockfish in a subprocess, read line by line, every wait bounded. */
class Stockfish {
  readonly #child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #reader: ReadableStreamDefaultReader<string>;
  #buffer = "";

  constructor(path: string) {
    this.#child = new Deno.Command(path, {
      stdin: "piped",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#reader = this.#child.stdout.pipeThrough(new TextDecoderStream())
      .getReader();
  }

  async send(line: string): Promise<void> {
    await this.#writer.write(new TextEncoder().encode(line + "\n"));
  }

  /** Reads lines until `done` gives a value; throws past `timeoutS` or at the end of output. */
  async until<T>(
    what: string,
    timeoutS: number,
    done: (line: string) => T | null,
  ): Promise<T> {
    const deadline = Date.now() + timeoutS * 1000;
    for (;;) {
      let newline: number;
      while ((newline = this.#buffer.indexOf("\n")) >= 0) {
        const line = this.#buffer.slice(0, newline);
        this.#buffer = this.#buffer.slice(newline + 1);
        const value = done(line);
        if (value !== null) return value;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(
          () => resolve("late"),
          Math.max(0, deadline - Date.now()),
        );
      });
      const read = await Promise.race([this.#reader.read(), late]);
      clearTimeout(timer);
      if (read === "late") {
        throw new Error(
          `stockfish: no answer to ${what} within ${timeoutS} s (--timeout)`,
        );
      }
      if (read.done) {
        throw new Error(`stockfish: ended while answering ${what}`);
      }
      this.#buffer += read.value;
    }
  }

  /** Counts `go perft depth` on `fen`; returns the count and the milliseconds. */
  async perft(
    fen: string,
    depth: number,
    timeoutS: number,
  ): Promise<{ nodes: number; ms: number }> {
    await this.send(`position fen ${fen}`);
    await this.send("isready");
    await this.until("isready", timeoutS, (l) => l === "readyok" || null);
    const start = performance.now();
    await this.send(`go perft ${depth}`);
    const nodes = await this.until(
      `go perft ${depth}`,
      timeoutS,
      nodesSearched,
    );
    return { nodes, ms: performance.now() - start };
  }

  /** Ends the process: `quit`, then a kill if it is still there. */
  async close(): Promise<void> {
    try {
      await this.send("quit");
      await this.#writer.close();
    } catch {
      // It ended already.
    }
    const timer = setTimeout(() => {
      try {
        this.#child.kill("SIGKILL");
      } catch {
        // It ended meanwhile.
      }
    }, 2000);
    await this.#child.status;
    clearTimeout(timer);
    await this.#reader.cancel().catch(() => {});
  }
}

/**
 * A time in milliseconds, written in ms or s (three figures or so).
 *
 * @param ms the time
 * @returns e.g. `7.10 ms`, `1.25 s`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatMs } from "./perft_vs_stockfish.ts";
 * assert.deepEqual([0.0844, 7.1, 1250].map(formatMs), ["0.0844 ms", "7.10 ms", "1.25 s"]);
 * ```
 */
export function formatMs(ms: number): string {
  return ms < 1000
    ? `${ms.toPrecision(3)} ms`
    : `${(ms / 1000).toPrecision(3)} s`;
}

async function main(args: readonly string[]): Promise<number> {
  // The file first: --depth's range is its deepest column.
  let lines: PerftLine[] | Error;
  try {
    lines = readPerftLines(Deno.readTextFileSync(PERFT_FILE));
  } catch (error) {
    lines = error as Error;
  }
  const deepest = lines instanceof Error || lines.length === 0
    ? undefined
    : Math.min(...lines.map((line) => line.counts.length));
  const options = readCommandLine(
    (args: readonly string[]) => parsePerftBenchArgs(args, deepest),
    args,
    HELP,
  );
  if (typeof options === "number") return options;
  if (lines instanceof Error || deepest === undefined) {
    warn(
      `bench:perft: cannot use ${PERFT_FILE}: ${
        lines instanceof Error ? lines.message : "no line"
      }`,
    );
    return 2;
  }
  const timeoutS = options.timeoutS;
  const depth = options.full
    ? deepest
    : options.depth ?? Math.min(DEFAULT_DEPTH, deepest);
  const path = findProgram("stockfish");
  let stockfish: Stockfish | null = null;
  const failures: string[] = [];
  if (path === null) {
    warn("bench:perft: Stockfish is not installed: our times alone");
  } else {
    try {
      stockfish = new Stockfish(path);
      await stockfish.send("uci");
      await stockfish.until("uci", 10, (l) => l === "uciok" || null);
      // The warm-up count: the engine's tables and caches are ready.
      await stockfish.perft(lines[0]!.fen, depth, options.timeoutS);
    } catch (error) {
      failures.push((error as Error).message);
      await stockfish?.close();
      stockfish = null;
    }
  }
  // Ours warmed alike: the compiler has seen every kind of move.
  for (const { fen } of lines) perft(Chess.fromFen(fen), Math.min(depth, 3));
  print(`load average before: ${loadAverage()} (1, 5, 15 min)`);
  print("");
  const header = ["position", "depth", "nodes", "ours"];
  if (stockfish !== null) header.push("stockfish", "ours / stockfish");
  print(`| ${header.join(" | ")} |`);
  print(`| --- | ${header.slice(1).map(() => "---:").join(" | ")} |`);
  let oursTotal = 0, theirsTotal = 0;
  for (const [i, { fen, counts }] of lines.entries()) {
    const expected = counts[depth - 1]!;
    let ours = Infinity, theirs = Infinity;
    const countTheirs = async (): Promise<number> => {
      if (stockfish === null) return Infinity;
      try {
        const { nodes, ms } = await stockfish.perft(
          fen,
          depth,
          timeoutS,
        );
        if (nodes !== expected) {
          failures.push(
            `stockfish: line ${
              i + 1
            } counted ${nodes}, the file says ${expected}`,
          );
        }
        return ms;
      } catch (error) {
        failures.push((error as Error).message);
        await stockfish.close();
        stockfish = null;
        return Infinity;
      }
    };
    for (let run = 0; run < options.runs; run++) {
      // The order turns each run: on a shared machine the one run first
      // may be measured slower.
      const stockfishFirst = run % 2 === 1;
      if (stockfishFirst && stockfish !== null) {
        theirs = Math.min(theirs, await countTheirs());
      }
      // Set up outside the time, as Stockfish's "position fen" is.
      const position = Chess.fromFen(fen);
      const start = performance.now();
      const got = perft(position, depth);
      ours = Math.min(ours, performance.now() - start);
      if (got !== expected) {
        failures.push(
          `ours: line ${i + 1} counted ${got}, the file says ${expected}`,
        );
      }
      if (!stockfishFirst && stockfish !== null) {
        theirs = Math.min(theirs, await countTheirs());
      }
    }
    oursTotal += ours;
    const cells = [`${i + 1}`, `${depth}`, `${expected}`, formatMs(ours)];
    // A Stockfish that failed midway leaves its columns empty ("—").
    if (header.length > 4) {
      theirsTotal += theirs;
      cells.push(
        Number.isFinite(theirs) ? formatMs(theirs) : "—",
        Number.isFinite(theirs) ? `${(ours / theirs).toFixed(2)}×` : "—",
      );
    }
    print(`| ${cells.join(" | ")} |`);
  }
  const total = ["all", `${depth}`, "", formatMs(oursTotal)];
  if (header.length > 4) {
    total.push(
      Number.isFinite(theirsTotal) && theirsTotal > 0
        ? formatMs(theirsTotal)
        : "—",
      Number.isFinite(theirsTotal) && theirsTotal > 0
        ? `${(oursTotal / theirsTotal).toFixed(2)}×`
        : "—",
    );
  }
  print(`| ${total.join(" | ")} |`);
  await stockfish?.close();
  print("");
  print(`load average after: ${loadAverage()} (1, 5, 15 min)`);
  for (const failure of failures) warn(`bench:perft: ${failure}`);
  return failures.length === 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
