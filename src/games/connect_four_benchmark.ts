/**
 * The benchmark protocol of Pons' test sets: solve every position of a file
 * with the table cleared before each, and report mean time, mean nodes and
 * nodes per second (and any score that disagrees with the file's).
 *
 * @module
 */

import { ConnectFour } from "./connect_four.ts";
import {
  ConnectFourSolver,
  type SolveOptions,
  type SolveResult,
} from "./connect_four_solver.ts";

/** One line of a position file: the moves and, when the file gives it, the expected score. */
export interface PositionLine {
  /** The position's moves (column digits 1–7). */
  moves: string;
  /** The expected score, or `null` when the line has none. */
  expected: number | null;
}

/**
 * Reads a position file: one `<moves> [score]` per line, blank lines skipped.
 *
 * @param text the file's text
 * @returns the lines, in order
 * @throws {Error} naming the line number of a score that is not an integer
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPositionLines } from "../../mod.ts";
 * const lines = readPositionLines("4455 18\n\n112 \n");
 * assert.ok(lines.length === 2 && lines[0]!.expected === 18 && lines[1]!.expected === null);
 * ```
 */
export function readPositionLines(text: string): PositionLine[] {
  const lines: PositionLine[] = [];
  text.split("\n").forEach((raw, index) => {
    const fields = raw.trim().split(/\s+/);
    if (fields[0] === "") return;
    const score = fields[1];
    if (score !== undefined && !/^-?\d+$/.test(score)) {
      throw new Error(
        `Line ${index + 1}: score "${score}" is not an integer`,
      );
    }
    lines.push({
      moves: fields[0]!,
      expected: score === undefined ? null : Number(score),
    });
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
  /** Positions whose score differs from the file's (the sign only, in weak mode). */
  wrong: string[];
}

/**
 * Solves every position with `solver`, the table cleared before each (out
 * of the timed part, as the reference protocol does), and times each solve
 * with `performance.now()`.
 *
 * @param lines positions, e.g. from {@linkcode readPositionLines}
 * @param solver the solver (default: the full solver with a 16 MiB table)
 * @param options `weak`: compare and report signs only
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
  options?: SolveOptions,
): BenchmarkSummary {
  const weak = options?.weak === true;
  const positions = lines.map(({ moves }) => ConnectFour.parse(moves));
  const wrong: string[] = [];
  let nodes = 0;
  let time = 0;
  positions.forEach((position, i) => {
    // Cleared before the clock starts, as the reference protocol resets its
    // table outside the timing; solve() then finds it empty.
    solver.table.clear();
    const start = performance.now();
    const result: SolveResult = solver.solve(position, options);
    time += performance.now() - start;
    nodes += result.nodes;
    const expected = lines[i]!.expected;
    if (
      expected !== null &&
      result.score !== (weak ? Math.sign(expected) : expected)
    ) {
      wrong.push(`${lines[i]!.moves} ${expected} (solver: ${result.score})`);
    }
  });
  const count = positions.length;
  return {
    positions: count,
    meanNodes: count === 0 ? 0 : nodes / count,
    meanMicroseconds: count === 0 ? 0 : 1000 * time / count,
    nodesPerSecond: time === 0 ? 0 : nodes / (time / 1000),
    wrong,
  };
}
