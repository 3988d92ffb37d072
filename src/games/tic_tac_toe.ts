/**
 * Tic-tac-toe on cells 0–8 in reading order (0 top-left … 8 bottom-right):
 * the game of lesson 004.
 *
 * @module
 */

import type { Move, Position, Value } from "../position.ts";
import { describe } from "../validate.ts";

const EMPTY = 0;
/** In the move history: a parsed stone, whose order is not known. */
const UNKNOWN_MOVE = -1;
const X = 1;
const O = 2;

/** The eight lines, three cells each. */
const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
] as const;

/**
 * For each set of cells as 9 bits, the sum of 3^cell over its cells: a key is
 * `BASE_3[x] + 2 * BASE_3[o]`, two loads when asked, nothing kept per move.
 */
const BASE_3 = Int32Array.from({ length: 512 }, (_, bits) => {
  let sum = 0;
  for (let cell = 0; cell < 9; cell++) if ((bits >> cell) & 1) sum += 3 ** cell;
  return sum;
});

/**
 * For each set of a side's cells as 9 bits (bit i = cell i), 1 when it holds
 * a line: the win test after a move is one load, where scanning the lines
 * through the cell cost a fifth of minimax's time.
 */
const HAS_LINE = Uint8Array.from(
  { length: 512 },
  (_, bits) =>
    LINES.some(([a, b, c]) => {
        const mask = (1 << a) | (1 << b) | (1 << c);
        return (bits & mask) === mask;
      })
      ? 1
      : 0,
);

/** Whether `piece` has a line in `board`. */
function hasLine(board: ArrayLike<number>, piece: number): boolean {
  return LINES.some(([a, b, c]) =>
    board[a] === piece && board[b] === piece && board[c] === piece
  );
}

/**
 * A tic-tac-toe position. X moves first; the value of a finished game is +1
 * for a win of the side to move, −1 for a loss, 0 for a draw (so a finished
 * game, where the side to move has just been beaten, evaluates to −1 or 0).
 * Moves are the empty cells in increasing order. `evaluate()` of an unfinished
 * game is 0: tic-tac-toe is searched to the end.
 *
 * @example The position of lesson 004 (T004.1): X wins
 * ```ts
 * import assert from "node:assert/strict";
 * import { minimax, TicTacToe } from "../../mod.ts";
 * const position = TicTacToe.parse("X.O.O...X");
 * assert.ok(minimax(position).value === 1);
 * ```
 */
export class TicTacToe implements Position {
  readonly maxMoves = 9;
  /** X's and O's cells as bits (bit i = cell i): the board. */
  #xBits = 0;
  #oBits = 0;
  /**
   * X or O when that side has a line, EMPTY otherwise. Only the last
   * position of a line can be over (`play` refuses to go on), so `undo`
   * clears it.
   */
  #winner = EMPTY;
  /**
   * The cell played at each ply, or {@linkcode UNKNOWN_MOVE} for the stones
   * of a parsed position, which have no history: undo can then only check
   * the mark. One load and one compare make undo's test on the hot path.
   */
  readonly #moves = new Int8Array(9);
  #ply = 0;

  private constructor() {}

  /** The empty board, X to move. */
  static empty(): TicTacToe {
    return new TicTacToe();
  }

  /**
   * Reads 9 characters `X`, `O`, `.` in reading order. The side to move is X
   * when the counts are equal, O when X has one more.
   *
   * @throws {Error} on a wrong length, a bad character, impossible counts,
   *   both sides with a line, or a line for the side that is to move
   */
  static parse(cells: string): TicTacToe {
    if (typeof cells !== "string" || cells.length !== 9) {
      throw new Error(
        `TicTacToe.parse expects 9 characters, got ${
          typeof cells === "string" ? cells.length : typeof cells
        } (${describe(cells)})`,
      );
    }
    const board = new Int8Array(9);
    for (let cell = 0; cell < 9; cell++) {
      const c = cells[cell];
      if (c === "X") board[cell] = X;
      else if (c === "O") board[cell] = O;
      else if (c !== ".") {
        throw new Error(
          `TicTacToe.parse: cell ${cell} is "${c}", expected X, O or .`,
        );
      }
    }
    const xs = board.filter((piece) => piece === X).length;
    const os = board.filter((piece) => piece === O).length;
    if (xs !== os && xs !== os + 1) {
      throw new Error(
        `TicTacToe.parse: ${xs} X and ${os} O cannot happen (X moves first, then they alternate)`,
      );
    }
    const xWins = hasLine(board, X);
    const oWins = hasLine(board, O);
    if (xWins && oWins) {
      throw new Error("TicTacToe.parse: both X and O have three in a row");
    }
    if (xWins && xs === os) {
      throw new Error(
        "TicTacToe.parse: X has three in a row but O moved after the game ended",
      );
    }
    if (oWins && xs === os + 1) {
      throw new Error(
        "TicTacToe.parse: O has three in a row but X moved after the game ended",
      );
    }
    const position = new TicTacToe();
    for (let cell = 0; cell < 9; cell++) {
      if (board[cell] === X) position.#xBits |= 1 << cell;
      if (board[cell] === O) position.#oBits |= 1 << cell;
    }
    position.#ply = xs + os;
    position.#moves.fill(UNKNOWN_MOVE, 0, xs + os);
    position.#winner = xWins ? X : oWins ? O : EMPTY;
    return position;
  }

  /** Why `play(cell)` is refused (cold: only called when it is). */
  #playError(cell: unknown): Error {
    if (!((cell as number) >>> 0 === cell && cell < 9)) {
      return new Error(
        `TicTacToe.play: cell ${describe(cell)} is not an integer 0–8`,
      );
    }
    if (this.#at(cell) !== EMPTY) {
      return new Error(`TicTacToe.play: cell ${cell} is occupied`);
    }
    return new Error(
      `TicTacToe.play: the game is over, cannot play cell ${cell}`,
    );
  }

  /**
   * Throws unless `cell` may be undone though it is not the recorded last
   * move: a parsed stone (no history) of the side that moved last (cold:
   * only called when the recorded move differs).
   */
  #checkUnknownUndo(cell: unknown): void {
    const ply = this.#ply;
    if (
      ply === 0 || this.#moves[ply - 1] !== UNKNOWN_MOVE ||
      !((cell as number) >>> 0 === cell && cell < 9) ||
      this.#at(cell) !== ((ply & 1) === 1 ? X : O)
    ) {
      throw this.#undoError(cell);
    }
    // The last move cannot be one the side played after its own line was
    // complete: without that stone the game would already have been over.
    const mover = (ply & 1) === 1 ? this.#xBits : this.#oBits;
    if (HAS_LINE[mover & ~(1 << cell)] === 1) {
      throw new Error(
        `TicTacToe.undo: cell ${cell} cannot have been the last move: ${
          (ply & 1) === 1 ? "X" : "O"
        } has three in a row without it, so the game was over before it`,
      );
    }
  }

  /** Why `undo(cell)` is refused (cold: only called when it is). */
  #undoError(cell: unknown): Error {
    const ply = this.#ply;
    return ply > 0 && this.#moves[ply - 1] !== UNKNOWN_MOVE
      ? new Error(
        `TicTacToe.undo: the last move played was cell ${
          this.#moves[ply - 1]
        }, got ${describe(cell)}`,
      )
      : new Error(
        `TicTacToe.undo: cell ${
          describe(cell)
        } does not hold the last move's mark`,
      );
  }

  /** X, O or EMPTY on `cell` (0–8). */
  #at(cell: number): number {
    return ((this.#xBits >> cell) & 1) !== 0
      ? X
      : ((this.#oBits >> cell) & 1) !== 0
      ? O
      : EMPTY;
  }

  /** Stones on the board. */
  get ply(): number {
    return this.#ply;
  }

  /** `"X"` or `"O"` when a side has three in a row, `null` otherwise. */
  winner(): "X" | "O" | null {
    const winner = this.#winner;
    return winner === X ? "X" : winner === O ? "O" : null;
  }

  /**
   * Empty cells that would complete a line for `side`: its threats. Two at
   * once is the double threat of lesson 004 (T004.9).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { TicTacToe } from "../../mod.ts";
   * assert.ok(TicTacToe.parse("X.O.O.X.X").threats("X").join() === "3,7");
   * ```
   */
  threats(side: "X" | "O"): number[] {
    if (side !== "X" && side !== "O") {
      throw new Error(
        `TicTacToe.threats: side must be "X" or "O", got ${describe(side)}`,
      );
    }
    const piece = side === "X" ? X : O;
    const cells = new Set<number>();
    for (const line of LINES) {
      const own = line.filter((cell) => this.#at(cell) === piece).length;
      const empty = line.filter((cell) => this.#at(cell) === EMPTY);
      if (own === 2 && empty.length === 1) cells.add(empty[0]!);
    }
    return [...cells].sort((a, b) => a - b);
  }

  /**
   * Writes the empty cells in increasing order, or none once the game is
   * over (a line made, or the board full): the legal moves, as `play`
   * takes them. The searchers test `isTerminal` first, so on their path
   * the test for a line is always false.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { TicTacToe } from "../../mod.ts";
   * const moves = new Int32Array(9);
   * assert.equal(TicTacToe.parse("XX.OO....").generateMoves(moves), 5);
   * assert.equal(TicTacToe.parse("XXXOO....").generateMoves(moves), 0);
   * ```
   */
  generateMoves(out: Int32Array): number {
    if (this.#winner !== EMPTY) return 0;
    let count = 0;
    let free = ~(this.#xBits | this.#oBits) & 0x1ff;
    while (free !== 0) {
      // The lowest empty cell first: increasing order.
      const low = free & -free;
      out[count++] = 31 - Math.clz32(low);
      free ^= low;
    }
    return count;
  }

  /**
   * Puts the side to move's mark on `cell`.
   *
   * @throws {Error} on a cell outside 0–8, an occupied cell, or a finished game
   */
  play(cell: Move): void {
    // One test on the hot path; the message is made out of line, so that
    // play stays small enough for the searchers' JIT to inline it.
    // `>>> 0` keeps exactly the integers 0…2^32−1 (not NaN, 1.5, "3").
    if (
      !((cell >>> 0) === cell && cell < 9) ||
      (((this.#xBits | this.#oBits) >> cell) & 1) !== 0 ||
      this.#winner !== EMPTY || this.#ply === 9
    ) {
      throw this.#playError(cell);
    }
    this.playGenerated(cell);
  }

  /**
   * `play(cell)` without its legality test, for a cell that
   * {@linkcode TicTacToe.generateMoves} has just written for this position
   * (the searchers' entry: see `Position.playGenerated`): the same change,
   * the history included, so a later `undo(cell)` is checked as after
   * `play(cell)`. Any other cell leaves the board wrong: use `play`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { TicTacToe } from "../../mod.ts";
   * const position = TicTacToe.empty();
   * const moves = new Int32Array(position.maxMoves);
   * position.generateMoves(moves);
   * position.playGenerated(moves[4]!);
   * assert.equal(position.toString(), "....X....");
   * position.undo(4);
   * assert.equal(position.toString(), ".........");
   * ```
   */
  playGenerated(cell: Move): void {
    const piece = (this.#ply & 1) === 0 ? X : O;
    this.#moves[this.#ply] = cell;
    this.#ply++;
    let own: number;
    if (piece === X) own = this.#xBits |= 1 << cell;
    else own = this.#oBits |= 1 << cell;
    this.#winner = HAS_LINE[own] === 1 ? piece : EMPTY;
  }

  /**
   * Takes back `cell`, which must be the last move played (for a parsed
   * position's own stones, which have no history: a cell holding the mark of
   * the side that moved last).
   *
   * @throws {Error} when `cell` is not that move; the position is unchanged
   */
  undo(cell: Move): void {
    const ply = this.#ply;
    // At ply 0 the load is undefined: never a cell, so the cold path refuses
    // it; `cell < 0` sends UNKNOWN_MOVE itself there too.
    if (this.#moves[ply - 1] !== cell || cell < 0) {
      this.#checkUnknownUndo(cell);
    }
    this.undoGenerated(cell);
  }

  /**
   * `undo(cell)` without its test that `cell` is the last move, for the cell
   * that {@linkcode TicTacToe.playGenerated} (or `play`) played last (the
   * searchers' entry: see `Position.undoGenerated`): the same change. Any
   * other cell leaves the board wrong: use `undo`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { TicTacToe } from "../../mod.ts";
   * const position = TicTacToe.parse("X........");
   * position.playGenerated(4);
   * position.undoGenerated(4);
   * assert.equal(position.toString(), "X........");
   * ```
   */
  undoGenerated(cell: Move): void {
    const ply = this.#ply;
    if ((ply & 1) === 1) this.#xBits &= ~(1 << cell);
    else this.#oBits &= ~(1 << cell);
    this.#winner = EMPTY;
    this.#ply = ply - 1;
  }

  isTerminal(): boolean {
    return this.#winner !== EMPTY || this.#ply === 9;
  }

  evaluate(): Value {
    // Only the side that just moved can have a line: the side to move has lost.
    return this.#winner !== EMPTY ? -1 : 0;
  }

  turn(): 1 | -1 {
    return (this.#ply & 1) === 0 ? 1 : -1;
  }

  /** Base-3 number of the board (X = 1, O = 2): below 3^9. */
  key(): number {
    return BASE_3[this.#xBits]! + 2 * BASE_3[this.#oBits]!;
  }

  clone(): this {
    const copy = new TicTacToe();
    copy.#xBits = this.#xBits;
    copy.#oBits = this.#oBits;
    copy.#winner = this.#winner;
    copy.#moves.set(this.#moves);
    copy.#ply = this.#ply;
    return copy as this;
  }

  /** The board as 9 characters `X`, `O`, `.`, as `parse` reads it. */
  toString(): string {
    let cells = "";
    for (let cell = 0; cell < 9; cell++) cells += ".XO"[this.#at(cell)];
    return cells;
  }
}
