/**
 * The transposition-table exercise (lesson 003, T003.4): alpha-beta in
 * negamax form that probes a table before searching and stores what it
 * found after, with the depth and the kind of bound. Checked on tic-tac-toe
 * positions (full of transpositions) by a sequence of calls sharing one
 * table, deeper and deeper, with narrow windows among them: every result
 * must keep the window contract for the engine's value at its depth — which
 * a bound stored as exact, or an entry from a shallower search used for a
 * deeper one, breaks — and the same call made twice must be answered by the
 * table at the root.
 *
 * @module
 */

import fc from "fast-check";
import { negamax as engineNegamax } from "../search/negamax.ts";
import * as textbook from "../textbook/mod.ts";
import {
  type BoardCase,
  boardCases,
  boardPosition,
  boardText,
} from "./cases.ts";
import { describeThrown, describeValue } from "./describe.ts";
import { contractBreak } from "./search_judge.ts";
import { valueText } from "./drawn_tree.ts";
import type { Exercise, Failure, StudentFunction } from "./exercise.ts";
import { nodeName, WalkError, WalkingPosition } from "./walk.ts";

/** One call of a sequence. */
export interface TableCall {
  depth: number;
  alpha: number;
  beta: number;
}

/** One case: a board and the calls made on it with one table, by growing depth. */
export interface TableCase {
  board: BoardCase;
  calls: TableCall[];
}

/** The depth that searches tic-tac-toe to the end. */
const FULL = 9;

function end(value: number): string {
  return value === Infinity
    ? "Infinity"
    : value === -Infinity
    ? "-Infinity"
    : String(value);
}

function callText(c: TableCall): string {
  return `alphaBetaWithTable(board, ${c.depth}, ${end(c.alpha)}, ${
    end(c.beta)
  }, table)`;
}

function ordinal(k: number): string {
  return k === 1 ? "1st" : k === 2 ? "2nd" : k === 3 ? "3rd" : `${k}th`;
}

function judgeTable(fn: StudentFunction, testCase: TableCase): Failure | null {
  const { board, calls } = testCase;
  const position = boardPosition(board);
  const keyBefore = position.key();
  const table = new Map<unknown, unknown>();
  const setup = `const board = TicTacToe.parse(${
    JSON.stringify(board.cells)
  }); const table = new Map();`;
  // A full search of a board with 7 empty cells enters fewer than 10,000 nodes.
  const walking = () =>
    new WalkingPosition(position, "alphaBetaWithTable", 200_000);
  // The first call is made twice in a row: with a table that held nothing
  // before it, the root's entry answers the second at once.
  const sequence = [calls[0]!, ...calls];
  const history = (k: number) =>
    ` after ${sequence.slice(0, k).map(callText).join(", then ")}`;
  let firstEntered = 0;
  for (let k = 0; k < sequence.length; k++) {
    const c = sequence[k]!;
    const repeat = k === 1;
    const call = callText(c);
    const exact = engineNegamax(boardPosition(board), { depth: c.depth })
      .value;
    const walker = walking();
    const fail = (
      check: Failure["check"],
      message: string,
      yours: string,
    ): Failure => ({
      check,
      message,
      call,
      yours,
      right: valueText(exact),
      setup,
      board: boardText(board),
    });
    const what = repeat
      ? `the same call again, ${call},`
      : k === 0
      ? call
      : `the ${ordinal(k + 1)} call with one table, ${call}${history(k)},`;
    let value: unknown;
    try {
      value = fn(walker, c.depth, c.alpha, c.beta, table);
    } catch (error) {
      if (error instanceof WalkError) {
        return fail("walk", error.message, "stopped");
      }
      const thrown = describeThrown(error);
      return fail("threw", `${what} threw ${thrown}`, `threw ${thrown}`);
    }
    if (typeof value !== "number" || Number.isNaN(value)) {
      const shown = describeValue(value);
      return fail(
        "returned",
        `${what} returned ${shown}, not a number`,
        shown,
      );
    }
    const left = walker.movesPlayed();
    if (left.length > 0 || position.key() !== keyBefore) {
      return fail(
        "position",
        `${what} left the position changed (it stands on ${
          nodeName(walker.path)
        }): every move played must be undone before the search returns, ` +
          `an answer from the table or a cut included`,
        valueText(value),
      );
    }
    const broken = contractBreak(value, exact, c.alpha, c.beta, false);
    if (broken !== null) {
      return fail(
        "table",
        `${what} returned ${valueText(value)}, ${broken}: an entry answers ` +
          `a search only as deep as its own, and a value stored as a bound ` +
          `(lower when the search failed high, upper when it failed low) ` +
          `only as that bound`,
        valueText(value),
      );
    }
    if (k === 0) firstEntered = walker.walk.entered.length;
    if (repeat && walker.walk.entered.length > 1) {
      return fail(
        "table",
        `${call}, made again right after the same call on a fresh table, ` +
          `entered ${walker.walk.entered.length - 1} nodes below the root; ` +
          `the table should answer it at the root: store every ` +
          `result with its depth and bound (exact, or lower when it failed ` +
          `high, upper when it failed low), and probe the table before ` +
          `searching`,
        valueText(value),
      );
    }
  }
  return belowRoot(calls[0]!, firstEntered);

  /**
   * The failure of a table used at the root only (the first call's answer
   * kept under its arguments, which the call made again hits): on a fresh
   * table, where the course's table search enters fewer nodes than
   * alpha-beta without one (a position reached again by another order of
   * moves, a transposition, is answered from the table), the student's
   * search must enter fewer too.
   */
  function belowRoot(c: TableCall, entered: number): Failure | null {
    const plain = new WalkingPosition(
      boardPosition(board),
      "alpha-beta without a table",
      200_000,
    );
    textbook.alphaBetaNegamax(plain, c.depth, c.alpha, c.beta);
    const course = new WalkingPosition(
      boardPosition(board),
      "the course's alphaBetaWithTable",
      200_000,
    );
    textbook.alphaBetaWithTable(course, c.depth, c.alpha, c.beta, new Map());
    const without = plain.walk.entered.length;
    const right = course.walk.entered.length;
    if (right >= without || entered < without) return null;
    return {
      check: "table",
      message: `${callText(c)} on a fresh table entered ${entered} nodes, ` +
        `${entered === without ? "as many as" : "more than"} alpha-beta ` +
        `without a table (${without}); the course's alphaBetaWithTable ` +
        `enters ${right}: a position that the search reaches again by ` +
        `another order of moves (a transposition) should be answered from ` +
        `the table, so probe it and store in it at every node, not only at ` +
        `the root`,
      call: callText(c),
      yours: `${entered} nodes`,
      right: `${right} nodes`,
      setup,
      board: boardText(board),
    };
  }
}

const WINDOW = fc.option(
  fc.tuple(fc.integer({ min: -2, max: 1 }), fc.integer({ min: 1, max: 2 })),
  { nil: null },
);

function tableCases(minEmpty: number, maxEmpty: number) {
  return fc.record({
    board: boardCases(minEmpty, maxEmpty),
    calls: fc.array(
      fc.record({
        // Shrinks to the full depth.
        depth: fc.constantFrom(FULL, 1, 2, 3),
        window: WINDOW,
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }).map(({ board, calls }): TableCase => ({
    board,
    // Deeper and deeper: an entry is then never deeper than the search that
    // finds it (on one board a position's ply is fixed), so that the right
    // table gives exactly the engine's value at each depth.
    calls: calls.map(({ depth, window }) => ({
      depth,
      alpha: window === null ? -Infinity : window[0],
      beta: window === null ? Infinity : window[0] + window[1],
    })).sort((a, b) => a.depth - b.depth),
  }));
}

/** Alpha-beta with a transposition table that stores bounds (lesson 003, T003.4). */
export const ALPHA_BETA_WITH_TABLE: Exercise<TableCase> = {
  id: "alphaBetaWithTable",
  lesson: "Deepening, tables and quiescence (003)",
  title: "Transposition table with bounds",
  signature:
    "function alphaBetaWithTable(position: Position, depth: number, alpha: number, beta: number, table: Map<number, Entry>): number // side to move, fail-soft; Entry is yours",
  checks: [
    "the window contract of every call of a sequence sharing one table, deeper and deeper",
    "a call made twice on a fresh table answered by it at the root the second time",
    "the table used below the root: where the course's table search enters fewer nodes than plain alpha-beta on a fresh table, the first call does too",
    "position left as found",
  ],
  phases: [
    { min: 2, max: 5, runs: 60 },
    { min: 5, max: 7, runs: 30 },
  ].map(({ min, max, runs }) => ({
    what: "tic-tac-toe positions",
    upTo: `${max} empty cells, 3 calls each`,
    runs,
    cases: tableCases(min, max),
  })),
  judge: judgeTable,
};
