/**
 * Connect Four evaluations of graded quality for depth-limited alpha-beta
 * (issue 10, lesson 003's "strength ≈ depth × quality of the evaluation"):
 *
 * - **poor**: {@linkcode connectFourCentreEvaluation}, the centre-column count;
 * - **medium**: {@linkcode connectFourLinesEvaluation}, open twos and threes;
 * - **good**: {@linkcode connectFourThreatEvaluation}, the medium count plus
 *   threats graded by row parity (Allis 1988, "A Knowledge-based Approach of
 *   Connect-Four", §3.3 odd and even threats, §4 control of zugzwang) and
 *   the threats that decide the next two plies.
 *
 * {@linkcode EvaluatedConnectFour} makes any of them a {@linkcode Position}
 * that the project's searchers walk.
 *
 * ## Scale
 *
 * An evaluation returns an integer from the side to move's view within
 * ±{@linkcode HEURISTIC_LIMIT} (999). {@linkcode EvaluatedConnectFour}
 * scores a finished game as the solver's score times {@linkcode WIN_SCALE}
 * (1000): a loss by the opponent's k-th stone is −(22 − k)·1000, at most
 * −1000; a full board 0. So every win or loss found by the search dominates
 * every heuristic value, faster wins still score higher, `value / 1000` of a
 * solved line is the solver's score, and everything stays far inside
 * ±`VALUE_INFINITE` (10^6).
 *
 * @module
 */

import {
  BOARD_HI,
  BOARD_LO,
  BOTTOM_HI,
  BOTTOM_LO,
  CELLS,
  COLUMN_HI,
  COLUMN_LO,
  ConnectFour,
  popcount,
  WIDTH,
  WIN,
  winningCells,
} from "./connect_four.ts";
import type { Move, Position, Value } from "../position.ts";
import { describe } from "../validate.ts";

/** A Connect Four evaluation: an integer within ±{@linkcode HEURISTIC_LIMIT}, from the side to move's view, of an unfinished game. */
export type ConnectFourEvaluation = (board: ConnectFour) => Value;

/** The largest heuristic value in absolute terms; evaluations are clamped to it. */
export const HEURISTIC_LIMIT = 999;

/** A finished game scores the solver's score times this (at least 1000 in absolute terms for a win or loss). */
export const WIN_SCALE = 1000;

/** Rows 1, 3, 5 of the board (0, 2, 4 from 0): the first player's good threats. */
const ODD_ROWS_LO = BOTTOM_LO * 0b010101;
const ODD_ROWS_HI = BOTTOM_HI * 0b010101;

/**
 * **Poor.** The side to move's stones in the centre column minus the
 * opponent's (−6…6). The centre belongs to the most lines, so this is a
 * classical first guess; it sees no line, threat or tactic.
 *
 * @param board an unfinished game
 * @returns the difference, from the side to move's view
 *
 * @example Two centre stones against one
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, connectFourCentreEvaluation } from "../../mod.ts";
 * // X holds two centre stones, O one; X is to move.
 * assert.equal(connectFourCentreEvaluation(ConnectFour.parse("4144")), 1);
 * ```
 */
export function connectFourCentreEvaluation(board: ConnectFour): Value {
  const mine = board.currentLo & COLUMN_LO[3]!;
  const theirs = (board.currentLo ^ board.maskLo) & COLUMN_LO[3]!;
  return popcount(mine) - popcount(theirs);
}

/** Bit steps of the four line directions: up, up-left, right, up-right. */
const DIRECTIONS = Int32Array.from([1, 6, 7, 8]);

/**
 * The open-line score of one side (2 per window of four cells holding two
 * of its stones and none of the other side's, 5 per window holding three),
 * all 69 windows at once: a window is named by its first cell p and holds
 * p, p + d, p + 2d, p + 3d; shifting the boards right by d, 2d, 3d lines
 * its cells up on p, and a bit-sliced adder counts the stones. Windows that
 * leave the board meet the empty sentinel row or the end of the high half,
 * which `free` excludes.
 *
 * @param sl low half of the side's stones
 * @param sh high half of the side's stones
 * @param fl low half of the cells the other side does not hold
 * @param fh high half of the same
 */
function openLines(sl: number, sh: number, fl: number, fh: number): number {
  let score = 0;
  for (let k = 0; k < 4; k++) {
    const d = DIRECTIONS[k]!, d2 = d + d, d3 = d2 + d;
    // A 49-bit right shift by s on two halves: (lo >>> s) | (hi << (28 − s)).
    const freeLo = fl & ((fl >>> d) | (fh << (28 - d))) &
      ((fl >>> d2) | (fh << (28 - d2))) & ((fl >>> d3) | (fh << (28 - d3)));
    const freeHi = fh & (fh >>> d) & (fh >>> d2) & (fh >>> d3);
    if ((freeLo | freeHi) === 0) continue;
    const bl = (sl >>> d) | (sh << (28 - d)), bh = sh >>> d;
    const cl = (sl >>> d2) | (sh << (28 - d2)), ch = sh >>> d2;
    const el = (sl >>> d3) | (sh << (28 - d3)), eh = sh >>> d3;
    // Count a + b + c + e per bit: ones, twos and fours digits.
    const x1l = sl ^ bl, y1l = sl & bl, x2l = cl ^ el, y2l = cl & el;
    const x1h = sh ^ bh, y1h = sh & bh, x2h = ch ^ eh, y2h = ch & eh;
    const onesLo = x1l ^ x2l, carryLo = x1l & x2l;
    const onesHi = x1h ^ x2h, carryHi = x1h & x2h;
    const twosLo = y1l ^ y2l ^ carryLo;
    const twosHi = y1h ^ y2h ^ carryHi;
    const foursLo = (y1l & y2l) | (carryLo & (y1l ^ y2l));
    const foursHi = (y1h & y2h) | (carryHi & (y1h ^ y2h));
    const twoLo = freeLo & twosLo & ~onesLo & ~foursLo;
    const twoHi = freeHi & twosHi & ~onesHi & ~foursHi;
    const threeLo = freeLo & twosLo & onesLo & ~foursLo;
    const threeHi = freeHi & twosHi & onesHi & ~foursHi;
    score += 2 * (popcount(twoLo) + popcount(twoHi)) +
      5 * (popcount(threeLo) + popcount(threeHi));
  }
  return score;
}

/** Open twos and threes of the side to move minus the opponent's (two: 2, three: 5). */
function linesScore(cl: number, ch: number, ol: number, oh: number): number {
  return openLines(cl, ch, BOARD_LO ^ ol, BOARD_HI ^ oh) -
    openLines(ol, oh, BOARD_LO ^ cl, BOARD_HI ^ ch);
}

/**
 * **Medium.** Open lines: over the 69 windows of four cells, 2 for every
 * window holding two of the side to move's stones and no opponent stone,
 * 5 for three, and the same subtracted for the opponent. It sees where
 * lines can still be made, but not which empty cell will be filled first,
 * nor who is forced to play under a threat.
 *
 * @param board an unfinished game
 * @returns the open-line score, from the side to move's view (within ±345)
 *
 * @example Two X stones side by side open three windows
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, connectFourLinesEvaluation } from "../../mod.ts";
 * // X (to move) has 4 and 5 on the bottom row: three windows of two (+6);
 * // O two stones on column 1: one vertical window of two (−2).
 * assert.equal(connectFourLinesEvaluation(ConnectFour.parse("4151")), 4);
 * ```
 */
export function connectFourLinesEvaluation(board: ConnectFour): Value {
  const cl = board.currentLo, ch = board.currentHi;
  return linesScore(cl, ch, cl ^ board.maskLo, ch ^ board.maskHi);
}

/** Where {@linkcode usefulThreats} leaves its result: `[low half, high half]`. */
const USEFUL = new Int32Array(2);

/**
 * The lowest cell of `threats` in each column where it lies below every
 * cell of `other` in that column (a threat above an opponent's threat in
 * the same column is useless: the lower one is played out first).
 */
function usefulThreats(tl: number, th: number, ol: number, oh: number): void {
  let rl = 0, rh = 0;
  for (let col = 0; col < WIDTH; col++) {
    const cl = COLUMN_LO[col]!, chm = COLUMN_HI[col]!;
    const mine = col < 4 ? tl & cl : th & chm;
    if (mine === 0) continue;
    const lowest = mine & -mine;
    const theirs = col < 4 ? ol & cl : oh & chm;
    if (theirs !== 0 && (theirs & -theirs) < lowest) continue;
    if (col < 4) rl |= lowest;
    else rh |= lowest;
  }
  USEFUL[0] = rl;
  USEFUL[1] = rh;
}

/**
 * **Good.** The medium open-line score plus what threats mean in Connect
 * Four. A threat is an empty cell that would complete four; the side that
 * must play under an opponent's threat loses it. Allis (1988) shows that
 * parity decides who is forced to: when the board fills up column by
 * column (the second player answering in the same column, Allis's
 * "claimeven"), the first player ends up with the odd rows (1, 3, 5 from
 * the bottom) and the second with the even rows, so the first player's odd
 * threats and the second player's even threats are the ones that tend to
 * win. This evaluation scores a simplification of his rules of thumb (his
 * full rule set, baseinverse, aftereven and the rest, decides many more
 * positions): a first-player odd threat takes control of zugzwang even
 * against a second-player even threat in another column, and within a
 * column only the lower threat counts. Scored, from the first player's view
 * and then turned to the side to move's:
 *
 * - 900 when the side to move can win at once (a playable threat), −800
 *   when the opponent has two playable threats and the side to move none;
 * - ±300 for control of zugzwang: the first player holds a useful odd
 *   threat (+), else the second player holds a useful even threat (−);
 * - per useful threat (not playable yet, the lowest of its column, below
 *   the opponent's):
 *   ±40 with the right parity, ±10 with the wrong one;
 * - the medium score, and the result clamped to ±{@linkcode HEURISTIC_LIMIT}.
 *
 * @param board an unfinished game
 * @returns the score, from the side to move's view
 *
 * @example Two odd threats on row 3 give the first player control of zugzwang
 * ```ts
 * import assert from "node:assert/strict";
 * import {
 *   ConnectFour,
 *   connectFourLinesEvaluation,
 *   connectFourThreatEvaluation,
 *   solveConnectFour,
 * } from "../../mod.ts";
 * // X (to move) holds d3, e3, f3: c3 and g3 complete four, neither playable yet.
 * const board = ConnectFour.parse("457645564461");
 * assert.equal(connectFourLinesEvaluation(board), 14);
 * assert.equal(connectFourThreatEvaluation(board), 394);
 * assert.ok(solveConnectFour(board).score > 0); // and X does win
 * ```
 */
export function connectFourThreatEvaluation(board: ConnectFour): Value {
  const ml = board.maskLo, mh = board.maskHi;
  const cl = board.currentLo, ch = board.currentHi;
  const ol = cl ^ ml, oh = ch ^ mh;
  const playLo = (ml + BOTTOM_LO) & BOARD_LO;
  const playHi = (mh + BOTTOM_HI) & BOARD_HI;
  // Step 1. Tactics of the next two plies.
  winningCells(cl, ch, ml, mh);
  const myLo = WIN[0]!, myHi = WIN[1]!;
  if (((myLo & playLo) | (myHi & playHi)) !== 0) return 900;
  winningCells(ol, oh, ml, mh);
  const theirLo = WIN[0]!, theirHi = WIN[1]!;
  if (popcount(theirLo & playLo) + popcount(theirHi & playHi) >= 2) {
    return -800;
  }
  // Step 2. Lasting threats (a playable one is blocked at once), useful
  // ones, by player: X is the first player.
  const firstToMove = (board.moveCount & 1) === 0;
  const aLo = myLo & ~playLo, aHi = myHi & ~playHi;
  const bLo = theirLo & ~playLo, bHi = theirHi & ~playHi;
  const xLo = firstToMove ? aLo : bLo, xHi = firstToMove ? aHi : bHi;
  const oLo = firstToMove ? bLo : aLo, oHi = firstToMove ? bHi : aHi;
  usefulThreats(xLo, xHi, oLo, oHi);
  const uxLo = USEFUL[0]!, uxHi = USEFUL[1]!;
  usefulThreats(oLo, oHi, xLo, xHi);
  const uoLo = USEFUL[0]!, uoHi = USEFUL[1]!;
  const xOdd = popcount(uxLo & ODD_ROWS_LO) + popcount(uxHi & ODD_ROWS_HI);
  const xEven = popcount(uxLo) + popcount(uxHi) - xOdd;
  const oOdd = popcount(uoLo & ODD_ROWS_LO) + popcount(uoHi & ODD_ROWS_HI);
  const oEven = popcount(uoLo) + popcount(uoHi) - oOdd;
  // Step 3. Zugzwang control and threat weights, first player's view.
  let score = 40 * (xOdd - oEven) + 10 * (xEven - oOdd);
  if (xOdd > 0) score += 300;
  else if (oEven > 0) score -= 300;
  if (!firstToMove) score = 0 - score;
  score += linesScore(cl, ch, ol, oh);
  return score > HEURISTIC_LIMIT
    ? HEURISTIC_LIMIT
    : score < -HEURISTIC_LIMIT
    ? -HEURISTIC_LIMIT
    : score;
}

/**
 * The three evaluations by quality, poorest first.
 *
 * @example The three evaluations of one board
 * ```ts
 * import assert from "node:assert/strict";
 * import { CONNECT_FOUR_EVALUATIONS, ConnectFour } from "../../mod.ts";
 * const board = ConnectFour.parse("4151");
 * const values = Object.values(CONNECT_FOUR_EVALUATIONS).map((f) => f(board));
 * assert.deepEqual(Object.keys(CONNECT_FOUR_EVALUATIONS), ["poor", "medium", "good"]);
 * assert.deepEqual(values, [1, 4, 4]);
 * ```
 */
export const CONNECT_FOUR_EVALUATIONS: Readonly<
  Record<"poor" | "medium" | "good", ConnectFourEvaluation>
> = Object.freeze({
  poor: connectFourCentreEvaluation,
  medium: connectFourLinesEvaluation,
  good: connectFourThreatEvaluation,
});

/** Centre first: the order {@linkcode EvaluatedConnectFour} generates moves in. */
const CENTRE_FIRST = Int32Array.from([3, 2, 4, 1, 5, 0, 6]);

/**
 * A Connect Four game seen through an evaluation: a {@linkcode Position}
 * that plays on `board` (moves go to the board itself, so the board is
 * changed while a search runs and restored by its undos) and whose
 * `evaluate()` is exact at the end of the game (the solver's score times
 * {@linkcode WIN_SCALE}) and the evaluation's value, clamped to
 * ±{@linkcode HEURISTIC_LIMIT}, before (an evaluation that returns a
 * fraction, NaN or ±Infinity is an error, named). Moves are generated centre first
 * (4, 3, 5, 2, 6, 1, 7 in the board's digits), the order that lets
 * alpha-beta cut most where the table has no move yet.
 *
 * One class with the evaluation in a field, so the searchers' call sites
 * see one position class whatever the evaluation.
 *
 * @example Depth-4 alpha-beta with the good evaluation
 * ```ts
 * import assert from "node:assert/strict";
 * import {
 *   alphaBeta,
 *   ConnectFour,
 *   connectFourThreatEvaluation,
 *   EvaluatedConnectFour,
 *   TranspositionTable,
 * } from "../../mod.ts";
 * const board = ConnectFour.parse("415263"); // X wins at once in column 7
 * const position = new EvaluatedConnectFour(board, connectFourThreatEvaluation);
 * const tt = new TranspositionTable({ entries: 1 << 12 });
 * const result = alphaBeta(position, { depth: 4, tt });
 * assert.ok(result.move === 6 && result.value === 18_000);
 * assert.ok(board.toString() === "415263");
 * ```
 */
export class EvaluatedConnectFour implements Position {
  /** At most 7 moves. */
  readonly maxMoves: number = WIDTH;
  /** The game, played on in place. */
  readonly board: ConnectFour;
  /** The evaluation of unfinished positions. */
  readonly evaluation: ConnectFourEvaluation;

  /**
   * Wraps `board` (not a copy).
   *
   * @param board the game
   * @param evaluation one of the evaluations above, or any function of the same contract
   * @throws {Error} when `board` is not a {@linkcode ConnectFour} or
   *   `evaluation` is not a function
   */
  constructor(board: ConnectFour, evaluation: ConnectFourEvaluation) {
    if (!ConnectFour.isConnectFour(board)) {
      throw new Error(
        `new EvaluatedConnectFour: board must be a ConnectFour, got ${
          describe(board)
        }`,
      );
    }
    if (typeof evaluation !== "function") {
      throw new Error(
        `new EvaluatedConnectFour: evaluation must be a function, got ${typeof evaluation}`,
      );
    }
    this.board = board;
    this.evaluation = evaluation;
  }

  generateMoves(out: Int32Array): number {
    const board = this.board;
    if (board.won) return 0;
    let count = 0;
    for (let k = 0; k < WIDTH; k++) {
      const col = CENTRE_FIRST[k]!;
      if (board.canPlay(col)) out[count++] = col;
    }
    return count;
  }

  play(move: Move): void {
    this.board.play(move);
  }

  undo(move: Move): void {
    this.board.undo(move);
  }

  isTerminal(): boolean {
    return this.board.isTerminal();
  }

  evaluate(): Value {
    const board = this.board;
    if (board.won) return board.evaluate() * WIN_SCALE;
    if (board.moveCount === CELLS) return 0;
    const value = this.evaluation(board);
    // An int32 (the evaluations' own values) passes the one test; anything
    // else is checked out of line: an integer beyond int32 is clamped, a
    // fraction, NaN or ±Infinity refused (`| 0` made 3e9 −999, NaN 0).
    if ((value | 0) !== value) return this.#outOfInt32(value);
    return value > HEURISTIC_LIMIT
      ? HEURISTIC_LIMIT
      : value < -HEURISTIC_LIMIT
      ? -HEURISTIC_LIMIT
      : value | 0;
  }

  /** evaluate()'s cold path: a value that is not an int32. */
  #outOfInt32(value: unknown): Value {
    if (typeof value !== "number" || !Number.isInteger(value)) {
      const name = this.evaluation.name || "(anonymous)";
      throw new Error(
        `EvaluatedConnectFour.evaluate: the evaluation ${name} must return a finite integer, got ${
          describe(value)
        } on "${this.board}"`,
      );
    }
    return value > 0 ? HEURISTIC_LIMIT : -HEURISTIC_LIMIT;
  }

  turn(): 1 | -1 {
    return this.board.turn();
  }

  key(): number {
    return this.board.key();
  }

  clone(): this {
    return new EvaluatedConnectFour(
      this.board.clone(),
      this.evaluation,
    ) as this;
  }
}
