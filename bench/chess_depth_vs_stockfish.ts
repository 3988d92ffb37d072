/**
 * `deno task bench:depth`: how deep our chess engine searches in a fixed
 * time, beside Stockfish, both as UCI processes (ours is `deno task uci`'s
 * program, started as a user starts it), on middlegame positions of
 * `data/chess/wac.epd`. Depth is printed, never judged. See
 * {@linkcode HELP}.
 *
 * @module
 */

import { findProgram } from "../src/programs.ts";
import { engineCommand, engineOptions } from "../src/uci/engines.ts";
import { UciProcess } from "../src/uci/uci_engine.ts";
import { UsageError } from "../cli/_flags.ts";
import { print, readCommandLine, warn } from "../cli/_output.ts";
import { integerFlag, loadAverage, readBenchFlags } from "./_side_by_side.ts";

/** The positions file. */
export const POSITIONS_FILE = "data/chess/wac.epd";
/** Pieces (kings and pawns included) a position needs to count as a middlegame. */
export const MIN_PIECES = 20;
/** The default `--positions`: CI runs it. */
export const DEFAULT_POSITIONS = 2;
/** The default `--movetime`, in ms. */
export const DEFAULT_MOVETIME_MS = 100;
/** `--full`'s positions and movetime. */
export const FULL = { positions: 10, movetimeMs: 1000 } as const;

/** The text of `deno task bench:depth --help`. */
export const HELP =
  `usage: deno task bench:depth [--positions N] [--movetime MS] | --full

Searches each of N middlegame positions of ${POSITIONS_FILE} (the first N
lines whose position has at least ${MIN_PIECES} pieces, kings and pawns
included) with "go movetime MS" by our engine (deno task uci's program,
cli/uci.ts, as its own process) and by Stockfish (found on PATH or in
/usr/games; Threads 1, Hash 16), one after the other, the one that starts
alternating position by position, each after "ucinewgame". Both are warmed
by one search of the start position first. Prints a Markdown table: each
program's depth (the depth of the last "info" line with a score it printed
before bestmove), nodes and nodes a second of that line ("mate" after the
depth when its score is a mate), then the medians over the positions where
neither program's score was a mate (a mate found ends our search early and
sends Stockfish's to depth 245; those rows are shown, not counted), and
Stockfish's over ours. Without Stockfish, ours alone. The machine's load
average is printed before and after. Depth is printed, never judged.

Flags:
  --positions N   positions, an integer in 1…50 (default ${DEFAULT_POSITIONS})
  --movetime MS   each search's time in ms, an integer in 1…60000 (default ${DEFAULT_MOVETIME_MS})
  --full          ${FULL.positions} positions at ${FULL.movetimeMs} ms (not with the two above)
  -h, --help      this text

Exit status: 0 when every search answered; 1 when an engine failed; 2 on a
bad command line or a positions file that cannot be used.`;

/** What the command line asks for. */
export interface DepthBenchArgs {
  /** `--help`. */
  help: boolean;
  /** Positions searched. */
  positions: number;
  /** Each search's time (ms). */
  movetimeMs: number;
  /** `--full`. */
  full: boolean;
}

/**
 * Parses `deno task bench:depth`'s arguments.
 *
 * @param args the command line
 * @returns the options (`--full` already applied)
 * @throws {UsageError} naming the flag, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDepthBenchArgs } from "./chess_depth_vs_stockfish.ts";
 * assert.equal(parseDepthBenchArgs(["--full"]).movetimeMs, 1000);
 * assert.equal(parseDepthBenchArgs(["--positions=3"]).positions, 3);
 * assert.throws(() => parseDepthBenchArgs(["--full", "--movetime", "5"]), /--movetime and --full/);
 * ```
 */
export function parseDepthBenchArgs(args: readonly string[]): DepthBenchArgs {
  const result: DepthBenchArgs = {
    help: false,
    positions: DEFAULT_POSITIONS,
    movetimeMs: DEFAULT_MOVETIME_MS,
    full: false,
  };
  const read = readBenchFlags("bench:depth", args, [
    "--positions",
    "--movetime",
  ]);
  result.help = read.help;
  result.full = read.full;
  const given = read.values.map(([flag]) => flag);
  for (const [flag, text] of read.values) {
    if (flag === "--positions") {
      result.positions = integerFlag("bench:depth", flag, text, 1, 50);
    } else {
      result.movetimeMs = integerFlag("bench:depth", flag, text, 1, 60_000);
    }
  }
  if (result.full) {
    for (const flag of given) {
      throw new UsageError(
        `bench:depth: give ${flag} and --full not both (--full is ${FULL.positions} positions at ${FULL.movetimeMs} ms)`,
      );
    }
    result.positions = FULL.positions;
    result.movetimeMs = FULL.movetimeMs;
  }
  return result;
}

/** A position of the file. */
export interface BenchPosition {
  /** Its line in the file, from 1. */
  line: number;
  /** Its `id` operation (`WAC.001`), or `line N`. */
  id: string;
  /** Its FEN (the EPD's four fields, then `0 1`). */
  fen: string;
  /** Its pieces, kings and pawns included. */
  pieces: number;
}

/**
 * The first `count` positions of an EPD text with at least `minPieces`
 * pieces.
 *
 * @param text the EPD file's text
 * @param count how many
 * @param minPieces the fewest pieces a position may have
 * @returns the positions, in the file's order
 * @throws {Error} naming the line that is not EPD, or saying how many
 *   positions qualify when fewer than `count` do
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { middlegames } from "./chess_depth_vs_stockfish.ts";
 * const epd = 'k7/8/8/8/8/8/8/K7 w - - bm Ka2; id "a";\n' +
 *   'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "start";\n';
 * assert.deepEqual(middlegames(epd, 1, 20).map((p) => [p.id, p.pieces]), [["start", 32]]);
 * assert.throws(() => middlegames(epd, 2, 20), /only 1 position/);
 * ```
 */
export function middlegames(
  text: string,
  count: number,
  minPieces: number,
): BenchPosition[] {
  const found: BenchPosition[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length && found.length < count; i++) {
    const raw = lines[i]!.trim();
    if (raw === "" || raw.startsWith("#")) continue;
    const fields = raw.split(/\s+/);
    if (
      fields.length < 4 || !/^[1-8pnbrqkPNBRQK/]+$/.test(fields[0]!) ||
      !/^[wb]$/.test(fields[1]!)
    ) {
      throw new Error(
        `line ${
          i + 1
        }: expected an EPD position (board, side, castling, en passant), got ${
          JSON.stringify(raw.slice(0, 80))
        }`,
      );
    }
    const pieces = fields[0]!.replace(/[^a-zA-Z]/g, "").length;
    if (pieces < minPieces) continue;
    const id = /\bid "([^"]*)"/.exec(raw)?.[1] ?? `line ${i + 1}`;
    found.push({
      line: i + 1,
      id,
      fen: `${fields.slice(0, 4).join(" ")} 0 1`,
      pieces,
    });
  }
  if (found.length < count) {
    throw new Error(
      `only ${found.length} position(s) with at least ${minPieces} pieces, ${count} asked for`,
    );
  }
  return found;
}

/** What one search reported. */
export interface SearchReport {
  /** The depth of its last scored `info` line, or null when it printed none. */
  depth: number | null;
  /** That line's nodes, or null. */
  nodes: number | null;
  /** That line's nodes a second (its `nps`, else nodes over `time`), or null. */
  nps: number | null;
  /** Whether that line's score is a mate (`score mate N`). */
  mate: boolean;
}

/**
 * Reads an engine's last scored `info` line.
 *
 * @param line the line, or null when the engine printed none
 * @returns its depth, nodes and nodes a second (each null when absent),
 *   and whether its score is a mate
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchReport } from "./chess_depth_vs_stockfish.ts";
 * assert.deepEqual(
 *   searchReport("info depth 7 score cp 20 nodes 5000 time 250 pv e2e4"),
 *   { depth: 7, nodes: 5000, nps: 20000, mate: false },
 * );
 * assert.equal(searchReport("info depth 3 score mate 2 nodes 9 nps 90 pv g3g6").mate, true);
 * assert.deepEqual(searchReport(null), { depth: null, nodes: null, nps: null, mate: false });
 * ```
 */
export function searchReport(line: string | null): SearchReport {
  const field = (name: string): number | null => {
    const match = line === null
      ? null
      : new RegExp(`(?:^| )${name} (\\d{1,15})(?: |$)`).exec(line);
    return match === null ? null : Number(match[1]);
  };
  const nodes = field("nodes");
  const time = field("time");
  const nps = field("nps") ??
    (nodes !== null && time !== null && time > 0
      ? Math.round(nodes / time * 1000)
      : null);
  const mate = line !== null && / score mate -?\d/.test(line);
  return { depth: field("depth"), nodes, nps, mate };
}

/**
 * The median of some numbers (the mean of the middle two for an even
 * count), or null when there is none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { median } from "./chess_depth_vs_stockfish.ts";
 * assert.equal(median([3, 1, 2]), 2);
 * assert.equal(median([4, 1, 2, 3]), 2.5);
 * assert.equal(median([]), null);
 * ```
 */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[half]!
    : (sorted[half - 1]! + sorted[half]!) / 2;
}

/** A cell: the number, or `—`. */
function cell(value: number | null): string {
  return value === null ? "—" : String(value);
}

/** Starts an engine by name as `deno task match` starts it. */
function startEngine(
  name: "ours" | "stockfish",
  table: Map<string, string>,
  movetimeMs: number,
): Promise<UciProcess> {
  return UciProcess.start(engineCommand(name, table), {
    name,
    options: engineOptions(name, {}),
    // A search answers well within its time; the margin is for a loaded machine.
    timeoutMs: movetimeMs + 30_000,
    handshakeTimeoutMs: 30_000,
  });
}

/** One search of `fen`; the report, or null after a failure (recorded). */
async function search(
  engine: UciProcess,
  fen: string,
  movetimeMs: number,
): Promise<SearchReport> {
  await engine.newGame();
  const { lastInfo } = await engine.go({ fen }, `movetime ${movetimeMs}`);
  return searchReport(lastInfo);
}

async function main(args: readonly string[]): Promise<number> {
  const options = readCommandLine(parseDepthBenchArgs, args, HELP);
  if (typeof options === "number") return options;
  const { movetimeMs } = options;
  let positions: BenchPosition[];
  try {
    positions = middlegames(
      Deno.readTextFileSync(POSITIONS_FILE),
      options.positions,
      MIN_PIECES,
    );
  } catch (error) {
    warn(
      `bench:depth: cannot use ${POSITIONS_FILE}: ${(error as Error).message}`,
    );
    return 2;
  }
  const table = new Map<string, string>();
  const stockfishPath = findProgram("stockfish");
  if (stockfishPath !== null) table.set("stockfish", stockfishPath);
  const failures: string[] = [];
  const engines: { ours: UciProcess | null; stockfish: UciProcess | null } = {
    ours: null,
    stockfish: null,
  };
  const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  for (const name of ["ours", "stockfish"] as const) {
    if (name === "stockfish" && stockfishPath === null) {
      warn("bench:depth: Stockfish is not installed: ours alone");
      continue;
    }
    try {
      const engine = await startEngine(name, table, movetimeMs);
      engines[name] = engine;
      // The warm-up: ours is compiled as it runs.
      await search(engine, start, movetimeMs);
    } catch (error) {
      failures.push(`${name}: ${(error as Error).message}`);
      await engines[name]?.kill();
      engines[name] = null;
    }
  }
  const withStockfish = stockfishPath !== null;
  print(
    `${positions.length} positions: the first ${positions.length} of ${POSITIONS_FILE} with at least ${MIN_PIECES} pieces; go movetime ${movetimeMs} each${
      withStockfish ? "; Stockfish with Threads 1, Hash 16" : ""
    }`,
  );
  print(`load average before: ${loadAverage()} (1, 5, 15 min)`);
  print("");
  const header = ["position", "pieces", "ours depth", "ours nodes", "ours nps"];
  if (withStockfish) {
    header.push("stockfish depth", "stockfish nodes", "stockfish nps");
  }
  print(`| ${header.join(" | ")} |`);
  print(`| --- | ${header.slice(1).map(() => "---:").join(" | ")} |`);
  const columns: Record<"ours" | "stockfish", SearchReport[]> = {
    ours: [],
    stockfish: [],
  };
  for (const [i, position] of positions.entries()) {
    const order = i % 2 === 0
      ? ["ours", "stockfish"] as const
      : ["stockfish", "ours"] as const;
    const got: Partial<Record<"ours" | "stockfish", SearchReport>> = {};
    for (const name of order) {
      const engine = engines[name];
      if (engine === null) continue;
      try {
        got[name] = await search(engine, position.fen, movetimeMs);
      } catch (error) {
        failures.push(`${name}: ${position.id}: ${(error as Error).message}`);
        await engine.kill();
        engines[name] = null;
      }
    }
    const cells = [position.id, String(position.pieces)];
    const names = withStockfish
      ? ["ours", "stockfish"] as const
      : ["ours"] as const;
    for (const name of names) {
      const report = got[name];
      cells.push(
        `${cell(report?.depth ?? null)}${report?.mate ? " mate" : ""}`,
        cell(report?.nodes ?? null),
        cell(report?.nps ?? null),
      );
    }
    print(`| ${cells.join(" | ")} |`);
    // A row counts when no program found a mate in it.
    if (!names.some((name) => got[name]?.mate)) {
      for (const name of names) {
        if (got[name] !== undefined) columns[name].push(got[name]!);
      }
    }
  }
  const medians = (name: "ours" | "stockfish") =>
    (["depth", "nodes", "nps"] as const).map((key) =>
      median(
        columns[name].map((r) => r[key]).filter((v): v is number => v !== null),
      )
    );
  const ours = medians("ours");
  const theirs = medians("stockfish");
  const counted = Math.max(columns.ours.length, columns.stockfish.length);
  const total = [`median of ${counted}`, "", ...ours.map(cell)];
  if (withStockfish) total.push(...theirs.map(cell));
  print(`| ${total.join(" | ")} |`);
  if (withStockfish) {
    const ratio = ours.map((value, k) => {
      const other = theirs[k] ?? null;
      return value === null || other === null || value === 0
        ? "—"
        : `${(other / value).toFixed(2)}×`;
    });
    print(`| stockfish / ours | | | | | ${ratio.join(" | ")} |`);
  }
  for (const engine of [engines.ours, engines.stockfish]) await engine?.close();
  print("");
  print(`load average after: ${loadAverage()} (1, 5, 15 min)`);
  for (const failure of failures) warn(`bench:depth: ${failure}`);
  return failures.length === 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
