/**
 * Connect Four's openings solved exactly (`deno task openings`): the plan of
 * a run — the position after each legal move from a start position, or the
 * opening book's two-move positions — with mirror images copied from their
 * twins instead of searched, and the plan's solves run here one after the
 * other. Over the workers of a NATS server the same plan runs with
 * `openings_remote.ts`; the book's extension to sensible play is
 * `opening_book.ts`; the lines' file format is `first_moves.ts`.
 *
 * @module
 */

import { ConnectFour } from "../../games/connect_four.ts";
import {
  type ConnectFourSolver,
  type SolveResult,
  type SolveStopReason,
} from "../../games/connect_four_solver.ts";
import {
  mirrorMoves,
  type OpeningLine,
  parseFirstMoves,
} from "./first_moves.ts";

/** One line of a run, before it is solved: searched, or copied from its mirror. */
export interface PlannedLine {
  /** The moves from the empty board. */
  moves: string;
  /** The line (solved earlier in the plan) whose score it copies, or `null` when it is searched. */
  mirrorOf: string | null;
}

/** Which budget stopped a line's solve (lines absent here finished). */
const STOPPED_BY = new WeakMap<OpeningLine, SolveStopReason>();

/**
 * Records which budget stopped the solve of `line` (nothing when `reason`
 * is `null`), for {@linkcode stopReasonOf}.
 *
 * @param line a line just solved
 * @param reason the solve's stop reason
 * @returns `line` itself
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stopReasonOf, withStopReason } from "./openings.ts";
 * const line = withStopReason(
 *   { moves: "4", lower: -2, upper: 2, nodes: 9, seconds: 0, mirrorOf: null },
 *   "maxNodes",
 * );
 * assert.equal(stopReasonOf(line), "maxNodes");
 * ```
 */
export function withStopReason(
  line: OpeningLine,
  reason: SolveStopReason | null,
): OpeningLine {
  if (reason !== null) STOPPED_BY.set(line, reason);
  return line;
}

/**
 * The budget that stopped the solve of a line of this run, or `null` when
 * it finished (or was not solved by this run: read from a file, say).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stopReasonOf } from "./openings.ts";
 * assert.equal(
 *   stopReasonOf({ moves: "4", lower: 1, upper: 1, nodes: 9, seconds: 0, mirrorOf: null }),
 *   null,
 * );
 * ```
 */
export function stopReasonOf(line: OpeningLine): SolveStopReason | null {
  return STOPPED_BY.get(line) ?? null;
}

/**
 * The position after `after`, which must be legal and unfinished.
 *
 * @throws {Error} naming the position when it is illegal or already over
 */
function startPosition(after: string): ConnectFour {
  const start = ConnectFour.parse(after);
  if (start.isTerminal()) {
    throw new Error(`the position ${JSON.stringify(after)} is over`);
  }
  return start;
}

/**
 * The lines of a run from `after`, in the order they are reported: the
 * centre first, then outwards; from a symmetric position a move to column
 * 5, 6 or 7 copies its mirror 3, 2 or 1 (planned before it).
 *
 * @param after the start position's moves
 * @returns one entry per legal move
 * @throws {Error} when `after` is not a legal unfinished position
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openingsPlan } from "./openings.ts";
 * assert.deepEqual(openingsPlan("4").slice(0, 3), [
 *   { moves: "44", mirrorOf: null },
 *   { moves: "43", mirrorOf: null },
 *   { moves: "45", mirrorOf: "43" },
 * ]);
 * assert.throws(() => openingsPlan("4455667"), /openings: the position "4455667" is over/);
 * ```
 */
export function openingsPlan(after: string): PlannedLine[] {
  let start: ConnectFour;
  try {
    start = startPosition(after);
  } catch (error) {
    throw new Error(`openings: ${(error as Error).message}`);
  }
  // The board, not the move order: "4435" and "4453" are one position.
  const symmetric = start.mirroredKey() === start.key();
  const plan: PlannedLine[] = [];
  const planned = new Set<number>();
  // The centre first, then outwards: the most telling results come first.
  for (const column of [4, 3, 5, 2, 6, 1, 7]) {
    if (!start.canPlay(column - 1)) continue;
    const mirror = symmetric && column > 4 && planned.has(8 - column);
    plan.push({
      moves: after + column,
      mirrorOf: mirror ? after + (8 - column) : null,
    });
    planned.add(column);
  }
  return plan;
}

/**
 * The book's 49 lines in the order they are reported: the seven moves
 * after each first move 4, 3, 2 and 1 (after 4 the mirrored ones copy their
 * twins), each batch after 3, 2 and 1 followed by its mirror images after
 * 5, 6 and 7 — 25 searched.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bookPlan } from "./openings.ts";
 * const plan = bookPlan();
 * assert.equal(plan.length, 49);
 * assert.equal(plan.filter((line) => line.mirrorOf === null).length, 25);
 * ```
 */
export function bookPlan(): PlannedLine[] {
  const plan: PlannedLine[] = [];
  for (const first of [4, 3, 2, 1]) {
    const batch = openingsPlan(String(first));
    plan.push(...batch);
    if (first === 4) continue;
    for (const line of sortedByMoves(batch)) {
      plan.push({
        moves: mirrorMoves(line.moves),
        mirrorOf: line.mirrorOf ?? line.moves,
      });
    }
  }
  return plan;
}

/**
 * The lines sorted by their moves, the order of the files.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sortedByMoves } from "./openings.ts";
 * assert.deepEqual(
 *   sortedByMoves([{ moves: "45" }, { moves: "41" }]).map((l) => l.moves),
 *   ["41", "45"],
 * );
 * ```
 */
export function sortedByMoves<T extends { moves: string }>(
  lines: readonly T[],
): T[] {
  return [...lines].sort((a, b) => a.moves.localeCompare(b.moves));
}

/**
 * A mirror line: its twin's score, nodes and seconds under its own moves.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mirrorLine } from "./openings.ts";
 * const twin = { moves: "43", lower: 1, upper: 1, nodes: 9, seconds: 2, mirrorOf: null };
 * assert.deepEqual(mirrorLine(twin, { moves: "45", mirrorOf: "43" }), {
 *   ...twin, moves: "45", mirrorOf: "43",
 * });
 * ```
 */
export function mirrorLine(twin: OpeningLine, entry: PlannedLine): OpeningLine {
  const line = { ...twin, moves: entry.moves, mirrorOf: entry.mirrorOf };
  return withStopReason(line, stopReasonOf(twin));
}

/**
 * The moves a plan searches (its lines that copy no mirror), in its order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bookPlan, searchedMoves } from "./openings.ts";
 * assert.equal(searchedMoves(bookPlan()).length, 25);
 * ```
 */
export function searchedMoves(plan: readonly PlannedLine[]): string[] {
  return plan.filter((entry) => entry.mirrorOf === null)
    .map((entry) => entry.moves);
}

/**
 * Runs a plan here, one solve after the other, reporting progress through
 * `log` and each line through `done` as soon as it is known; a mirror line
 * copies its twin (planned before it) instead of a search.
 *
 * @param solver the solver (its table is cleared for each solve)
 * @param plan the lines, in the order they are reported
 * @param timeMs a budget per solve, or `undefined`
 * @param log receives progress text: each root probe with its bounds
 * @param done receives each line as soon as it is known
 * @param maxNodes a node budget per solve, or `undefined`
 * @returns every line, sorted by moves
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFourSolver } from "../../../mod.ts";
 * import { openingsPlan, solvePlan } from "./openings.ts";
 * const solver = new ConnectFourSolver({ entries: 1 << 16, threads: 1 });
 * const lines = solvePlan(solver, openingsPlan("4444443355"), undefined, () => {}, () => {}, undefined);
 * solver.close();
 * assert.equal(lines.length, 6);
 * assert.equal(lines.filter((line) => line.mirrorOf !== null).length, 3);
 * ```
 */
export function solvePlan(
  solver: ConnectFourSolver,
  plan: readonly PlannedLine[],
  timeMs: number | undefined,
  log: (text: string) => void,
  done: (line: OpeningLine) => void,
  maxNodes: number | undefined,
): OpeningLine[] {
  const lines = new Map<string, OpeningLine>();
  for (const entry of plan) {
    let line: OpeningLine;
    if (entry.mirrorOf !== null) {
      line = mirrorLine(lines.get(entry.mirrorOf)!, entry);
    } else {
      const moves = entry.moves;
      const clock = performance.now();
      const seconds = () => (performance.now() - clock) / 1000;
      log(`${moves}: solving`);
      const result: SolveResult = solver.solve(ConnectFour.parse(moves), {
        timeMs,
        maxNodes,
        onProbe: ({ probe, lower, upper, nodes }) =>
          log(
            `${moves}: probe ${probe}: score in ${lower}..${upper}, ${nodes} nodes, ${
              seconds().toFixed(1)
            } s`,
          ),
      });
      line = withStopReason({
        moves,
        lower: result.lower,
        upper: result.upper,
        nodes: result.nodes,
        seconds: seconds(),
        mirrorOf: null,
      }, result.stopReason);
    }
    lines.set(entry.moves, line);
    done(line);
  }
  return sortedByMoves([...lines.values()]);
}

/**
 * Solves the position after each legal move from `after`
 * ({@linkcode openingsPlan}), reporting progress through `log` and each
 * finished line through `done`.
 *
 * @param solver the solver (its table is cleared for each move)
 * @param after the start position's moves
 * @param timeMs a budget per solve, or `undefined`
 * @param log receives progress text
 * @param done receives each line as soon as it is known
 * @param maxNodes a node budget per solve, or `undefined`
 * @returns every line, in column order; from a symmetric position, a move
 *   to column 5, 6 or 7 copies its mirror 3, 2 or 1 instead of a search
 * @throws {Error} when `after` is not a legal unfinished position
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFourSolver } from "../../../mod.ts";
 * import { solveOpenings } from "./openings.ts";
 * const solver = new ConnectFourSolver({ entries: 1 << 16, threads: 1 });
 * const lines = solveOpenings(solver, "4443332255", undefined, () => {}, () => {});
 * solver.close();
 * assert.equal(lines.map((line) => line.moves.slice(-1)).join(""), "1234567");
 * assert.ok(lines.every((line) => line.lower === line.upper));
 * ```
 */
export function solveOpenings(
  solver: ConnectFourSolver,
  after: string,
  timeMs: number | undefined,
  log: (text: string) => void,
  done: (line: OpeningLine) => void,
  maxNodes?: number,
): OpeningLine[] {
  return solvePlan(solver, openingsPlan(after), timeMs, log, done, maxNodes);
}

/**
 * Solves every position after two moves ({@linkcode bookPlan}): 25 solves
 * for 49 positions.
 *
 * @param solver the solver (its table is cleared for each position)
 * @param timeMs a budget per solve, or `undefined`
 * @param log receives progress text
 * @param done receives each line as soon as it is known
 * @param maxNodes a node budget per solve, or `undefined`
 * @returns the 49 lines
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFourSolver } from "../../../mod.ts";
 * import { solveBook } from "./openings.ts";
 * const solver = new ConnectFourSolver({ entries: 1 << 16, threads: 1 });
 * // A budget of no nodes: every line is bounds only, at once.
 * const lines = solveBook(solver, undefined, () => {}, () => {}, 0);
 * solver.close();
 * assert.equal(lines.length, 49);
 * ```
 */
export function solveBook(
  solver: ConnectFourSolver,
  timeMs: number | undefined,
  log: (text: string) => void,
  done: (line: OpeningLine) => void,
  maxNodes?: number,
): OpeningLine[] {
  return solvePlan(solver, bookPlan(), timeMs, log, done, maxNodes);
}

/**
 * The proven lines of the book file a `--book` run extends (none when the
 * file is absent); a line a budget stopped is left out, to be searched
 * again.
 *
 * @param file the book's path
 * @throws {Error} when the file exists but cannot be read or parsed
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readBookLines } from "./openings.ts";
 * assert.deepEqual(readBookLines("/nonexistent/book.txt"), []);
 * ```
 */
export function readBookLines(file: string): OpeningLine[] {
  let text: string;
  try {
    text = Deno.readTextFileSync(file);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
  return parseFirstMoves(text).filter((line) => line.lower === line.upper);
}

/**
 * One line of `deno task openings`' standard output: `<moves> <score>
 * <nodes> <seconds>`, `<lower>..<upper>` and `stopped:<budget>` when a
 * budget stopped the solve, `<moves> <score> mirror:<moves>` for a copy.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openingLineText, withStopReason } from "./openings.ts";
 * const line = { moves: "43", lower: 1, upper: 1, nodes: 9, seconds: 2, mirrorOf: null };
 * assert.equal(openingLineText(line), "43 1 9 2.0");
 * assert.equal(openingLineText({ ...line, moves: "45", mirrorOf: "43" }), "45 1 mirror:43");
 * const cut = withStopReason({ ...line, lower: -3, upper: 5 }, "timeMs");
 * assert.equal(openingLineText(cut), "43 -3..5 9 2.0 stopped:timeMs");
 * ```
 */
export function openingLineText(line: OpeningLine): string {
  const score = line.lower === line.upper
    ? String(line.lower)
    : `${line.lower}..${line.upper}`;
  if (line.mirrorOf !== null) {
    return `${line.moves} ${score} mirror:${line.mirrorOf}`;
  }
  return `${line.moves} ${score} ${line.nodes} ${line.seconds.toFixed(1)}${
    line.lower === line.upper
      ? ""
      : ` stopped:${stopReasonOf(line) ?? "budget"}`
  }`;
}
