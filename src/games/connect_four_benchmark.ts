/**
 * The benchmark protocol of Pons' test sets: solve every position of a file
 * with the table cleared before each, and report mean time, mean nodes and
 * nodes per second (and any score that disagrees with the file's).
 *
 * @module
 */

import { CELLS, ConnectFour } from "./connect_four.ts";
import {
  ConnectFourSolver,
  MAX_SCORE,
  type SolveOptions,
  type SolveProgress,
  type SolveResult,
} from "./connect_four_solver.ts";

/** One line of a position file: the moves and, when the file gives it, the expected score. */
export interface PositionLine {
  /** The position's moves (column digits 1–7). */
  moves: string;
  /** The expected score, or `null` when the line has none. */
  expected: number | null;
}

/** A {@linkcode PositionLine} checked and parsed by {@linkcode parsePositionLine}. */
export interface ParsedPositionLine extends PositionLine {
  /** The position the moves lead to. */
  position: ConnectFour;
}

/**
 * The position a line's moves lead to. The empty board has no moves to
 * write: "-" names it (not a blank line, which a stray one in a file would
 * make a solve of many minutes).
 */
function parseMoves(moves: string): ConnectFour {
  return ConnectFour.parse(moves === "-" ? "" : moves);
}

/**
 * Reads one line of a position file, `<moves> [score]`: the moves must be a
 * legal game (checked by {@linkcode ConnectFour.parse}) and the optional
 * score an integer in −18…18 ({@linkcode MAX_SCORE}); a line with more
 * fields is an error, so that `44 55` (two positions on one line, or a typo)
 * is not read as position `44` with score 55.
 *
 * A line starting with `#` is a comment, and `-` is the empty board (its
 * `moves` stay `"-"`), as in the commented files of `data/connect4/`.
 *
 * @param text the line, without its newline (surrounding blanks are ignored)
 * @returns the parsed line, or `null` for a blank line or a comment
 * @throws {Error} saying what is wrong (without a line number: the caller adds it)
 *
 * @example Blank lines are skipped; a second field must be a score
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePositionLine } from "../../mod.ts";
 * assert.ok(parsePositionLine("  ") === null && parsePositionLine("# a note") === null);
 * assert.equal(parsePositionLine("- 1")!.position.moveCount, 0);
 * assert.ok(parsePositionLine("4455 18")!.expected === 18);
 * assert.throws(() => parsePositionLine("44 55"), /score "55" must be an integer in -18…18/);
 * assert.throws(() => parsePositionLine("4".repeat(50)), /50 moves: a game has at most 42/);
 * ```
 */
export function parsePositionLine(text: string): ParsedPositionLine | null {
  const fields = text.trim().split(/\s+/);
  const moves = fields[0]!;
  if (moves === "" || moves.startsWith("#")) return null;
  if (fields.length > 2) {
    throw new Error(
      `expected "<moves> [score]", got ${fields.length} fields`,
    );
  }
  if (moves.length > CELLS) {
    throw new Error(
      `${moves.length} moves: a game has at most ${CELLS} (one per cell)`,
    );
  }
  const position = parseMoves(moves);
  const score = fields[1];
  if (score === undefined) return { moves, expected: null, position };
  const value = /^[+-]?\d+$/.test(score) ? Number(score) : NaN;
  if (!(Math.abs(value) <= MAX_SCORE)) {
    throw new Error(
      `score ${
        JSON.stringify(score)
      } must be an integer in -${MAX_SCORE}…${MAX_SCORE} (the second field is the expected score)`,
    );
  }
  return { moves, expected: value, position };
}

/**
 * Reads a position file: one `<moves> [score]` per line (see
 * {@linkcode parsePositionLine}), blank lines and `#` comments skipped.
 *
 * @param text the file's text
 * @returns the lines, in order
 * @throws {Error} starting `line N:` (from 1) at the first bad line
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPositionLines } from "../../mod.ts";
 * const lines = readPositionLines("4455 18\n\n112 \n");
 * assert.ok(lines.length === 2 && lines[0]!.expected === 18 && lines[1]!.expected === null);
 * assert.throws(() => readPositionLines("4455\n44x"), /^Error: line 2: ConnectFour.parse: "x" at index 2/);
 * ```
 */
export function readPositionLines(text: string): PositionLine[] {
  const lines: PositionLine[] = [];
  text.split("\n").forEach((raw, index) => {
    let line: ParsedPositionLine | null;
    try {
      line = parsePositionLine(raw);
    } catch (error) {
      throw new Error(
        `line ${index + 1}: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
    if (line !== null) {
      lines.push({ moves: line.moves, expected: line.expected });
    }
  });
  return lines;
}

/** What {@linkcode benchmarkConnectFour} measured over a set. */
export interface BenchmarkSummary {
  /** Positions solved. */
  positions: number;
  /** Mean nodes per position. */
  meanNodes: number;
  /** Mean time per position, in microseconds (the solve only, not the parse). */
  meanMicroseconds: number;
  /** Total nodes over total time. */
  nodesPerSecond: number;
  /**
   * Positions whose score differs from the file's (the sign only, in weak
   * mode), and those a budget stopped with proven bounds that exclude it:
   * `<moves> <expected> (solver: <score>)`, `… (solver: bounds a…b)`.
   */
  wrong: string[];
  /**
   * Positions a budget (`maxNodes`, `timeMs`) stopped before their score,
   * bounds consistent with the file's or no score to compare:
   * `<moves> <expected or -> (stopped by <reason>: bounds a…b)`.
   */
  stopped: string[];
}

/** {@linkcode benchmarkConnectFour}'s options: a solve's, `onSlow` told which position runs long. */
export interface BenchmarkOptions extends Omit<SolveOptions, "onSlow"> {
  /**
   * Called once for a position whose solve has run `slowMs` and goes on
   * ({@linkcode SolveOptions.onSlow}), with its index in `lines`: a file of
   * early positions would otherwise run for hours without a word.
   */
  onSlow?: (progress: SolveProgress, index: number) => void;
}

/**
 * Solves every position with `solver` (each solve clears its table; the
 * wipe due every 255 clears is done before the clock starts, as the
 * reference protocol resets its table outside the timing) and times each
 * solve with `performance.now()`. With a budget, a position stopped before
 * its score is listed in `stopped`, not `wrong`, unless its bounds exclude
 * the expected score.
 *
 * @param lines positions, e.g. from {@linkcode readPositionLines}
 * @param solver the solver (default: the full solver with its default
 *   table, `DEFAULT_SOLVER_ENTRIES` = 2^26 entries of 8 bytes,
 *   512 MiB, used from 1 MiB as the work grows)
 * @param options `weak`: compare and report signs only; the solve's
 *   options besides (`onSlow` also gets the position's index)
 * @returns means, nodes per second and the positions scored wrongly
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { benchmarkConnectFour, ConnectFourSolver, readPositionLines } from "../../mod.ts";
 * const lines = readPositionLines("2252576253462244111563365343671351441 -1\n4455 18");
 * const summary = benchmarkConnectFour(lines, new ConnectFourSolver({ entries: 1 << 16 }));
 * assert.ok(summary.positions === 2 && summary.wrong.length === 0);
 * ```
 */
export function benchmarkConnectFour(
  lines: readonly PositionLine[],
  solver: ConnectFourSolver = new ConnectFourSolver(),
  options?: BenchmarkOptions,
): BenchmarkSummary {
  const weak = options?.weak === true;
  const positions = lines.map(({ moves }) => parseMoves(moves));
  const wrong: string[] = [];
  const stopped: string[] = [];
  let nodes = 0;
  let time = 0;
  // One options object for every solve, made before any is timed; its
  // onSlow names the position under way.
  const onSlow = options?.onSlow;
  let current = 0;
  const solveOptions: SolveOptions | undefined = onSlow === undefined
    ? options as SolveOptions | undefined
    : { ...options, onSlow: (progress) => onSlow(progress, current) };
  positions.forEach((position, i) => {
    current = i;
    // solve() clears its table (a new generation, nothing to pay); the
    // wipe that every 255th clear does (15-27 us) is done here, before the
    // clock starts, as the reference protocol resets its table outside the
    // timing. Clearing here too advanced the generation by two a position
    // and put the wipes inside the timed solves.
    solver.table.wipeIfDue();
    const start = performance.now();
    const result: SolveResult = solver.solve(position, solveOptions);
    time += performance.now() - start;
    nodes += result.nodes;
    const { moves, expected } = lines[i]!;
    const want = expected === null
      ? null
      : weak
      ? Math.sign(expected)
      : expected;
    if (result.score === null) {
      const note = `bounds ${result.lower}…${result.upper}`;
      if (want !== null && (want < result.lower || want > result.upper)) {
        wrong.push(`${moves} ${expected} (solver: ${note})`);
      } else {
        stopped.push(
          `${moves || "-"} ${
            expected ?? "-"
          } (stopped by ${result.stopReason}: ${note})`,
        );
      }
    } else if (want !== null && result.score !== want) {
      wrong.push(`${moves} ${expected} (solver: ${result.score})`);
    }
  });
  const count = positions.length;
  return {
    positions: count,
    meanNodes: count === 0 ? 0 : nodes / count,
    meanMicroseconds: count === 0 ? 0 : 1000 * time / count,
    nodesPerSecond: time === 0 ? 0 : nodes / (time / 1000),
    wrong,
    stopped,
  };
}
