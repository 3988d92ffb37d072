/**
 * Connect Four, 7 columns × 6 rows, on bitboards held in 32-bit halves (no
 * BigInt), laid out as in Pascal Pons' tutorial solver: bit `7 · col + row`
 * (row 0 at the bottom, row 6 an always-empty sentinel), columns 0–3 in the
 * low half (bits 0–27), columns 4–6 in the high half (bits 0–20). Splitting
 * at a column boundary keeps each half below 2^30, a small integer in V8, and
 * no addition ever carries from one half into the other.
 *
 * @module
 */

import type { Move, Position, Value } from "../position.ts";
import { Random } from "../random.ts";
import { checkInteger, describe } from "../validate.ts";

/** Columns of the board. */
export const WIDTH = 7;
/** Rows of the board. */
export const HEIGHT = 6;
/** Cells of the board: a game lasts at most this many moves. */
export const CELLS = WIDTH * HEIGHT;

/** Bits of the low half: columns 0–3, seven bits each. */
export const LOW_BITS = 28;
/** The bottom cell of every column of the low half. */
export const BOTTOM_LO = 1 | 1 << 7 | 1 << 14 | 1 << 21;
/** The bottom cell of every column of the high half. */
export const BOTTOM_HI = 1 | 1 << 7 | 1 << 14;
/** Every playable cell of the low half (the sentinel rows excluded). */
export const BOARD_LO = BOTTOM_LO * 63;
/** Every playable cell of the high half. */
export const BOARD_HI = BOTTOM_HI * 63;

/** A column's six cells in the low half (0 for columns 4–6). */
export const COLUMN_LO: Int32Array = Int32Array.from(
  { length: WIDTH },
  (_, col) => col < 4 ? 63 << (7 * col) : 0,
);
/** A column's six cells in the high half (0 for columns 0–3). */
export const COLUMN_HI: Int32Array = Int32Array.from(
  { length: WIDTH },
  (_, col) => col >= 4 ? 63 << (7 * (col - 4)) : 0,
);

/** 2^(7·col + row): a stone's weight in the key. */
const KEY_UNIT = Float64Array.from(
  { length: WIDTH * 7 },
  (_, i) => 2 ** (7 * Math.floor(i / 7) + (i % 7)),
);
/** The same weight for the mirrored column, 6 − col. */
const MIRROR_UNIT = Float64Array.from(
  { length: WIDTH * 7 },
  (_, i) => 2 ** (7 * (WIDTH - 1 - Math.floor(i / 7)) + (i % 7)),
);

/** Where {@linkcode winningCells} leaves its result: `[low half, high half]`. */
export const WIN: Int32Array = new Int32Array(2);

/**
 * The empty cells where `stones` would complete four in a row, written into
 * {@linkcode WIN} (low half, high half); nothing is allocated. This is Pons'
 * `compute_winning_position` with every 49-bit shift done on two halves.
 *
 * @param sl low half of the stones
 * @param sh high half of the stones
 * @param ml low half of the occupied cells
 * @param mh high half of the occupied cells
 *
 * @example The first player has three in the bottom row: only column 7 completes it
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, WIN, winningCells } from "./connect_four.ts";
 * const p = ConnectFour.parse("415263"); // X on columns 4, 5, 6; O on 1, 2, 3
 * winningCells(p.currentLo, p.currentHi, p.maskLo, p.maskHi);
 * // Column 7 is index 6, the third column of the high half: bit 7 · 2 + row 0.
 * assert.ok(WIN[0] === 0 && WIN[1] === 1 << 14);
 * ```
 */
export function winningCells(
  sl: number,
  sh: number,
  ml: number,
  mh: number,
): void {
  // Vertical: three below. Never crosses a half: a column's sentinel stops it.
  let rl = (sl << 1) & (sl << 2) & (sl << 3);
  let rh = (sh << 1) & (sh << 2) & (sh << 3);
  // Horizontal (7) and the two diagonals (6, 8), unrolled so every shift is
  // a constant. A left shift by s of the 49-bit number hi·2^28 + lo is
  // lo << s and (hi << s) | (lo >>> (28 − s)); bits pushed past a half's end
  // are garbage that the final mask removes.
  {
    const al = sl << 7, ah = (sh << 7) | (sl >>> 21);
    const bl = sl << 14, bh = (sh << 14) | (sl >>> 14);
    const cl = sl << 21, ch = (sh << 21) | (sl >>> 7);
    const el = (sl >>> 7) | (sh << 21), eh = sh >>> 7;
    const fl = (sl >>> 14) | (sh << 14), fh = sh >>> 14;
    const gl = (sl >>> 21) | (sh << 7), gh = sh >>> 21;
    // Two to one side, and the third beyond them or one on the other side;
    // then the mirror image.
    rl |= (al & bl & (cl | el)) | (el & fl & (al | gl));
    rh |= (ah & bh & (ch | eh)) | (eh & fh & (ah | gh));
  }
  {
    const al = sl << 6, ah = (sh << 6) | (sl >>> 22);
    const bl = sl << 12, bh = (sh << 12) | (sl >>> 16);
    const cl = sl << 18, ch = (sh << 18) | (sl >>> 10);
    const el = (sl >>> 6) | (sh << 22), eh = sh >>> 6;
    const fl = (sl >>> 12) | (sh << 16), fh = sh >>> 12;
    const gl = (sl >>> 18) | (sh << 10), gh = sh >>> 18;
    // Two to one side, and the third beyond them or one on the other side;
    // then the mirror image.
    rl |= (al & bl & (cl | el)) | (el & fl & (al | gl));
    rh |= (ah & bh & (ch | eh)) | (eh & fh & (ah | gh));
  }
  {
    const al = sl << 8, ah = (sh << 8) | (sl >>> 20);
    const bl = sl << 16, bh = (sh << 16) | (sl >>> 12);
    const cl = sl << 24, ch = (sh << 24) | (sl >>> 4);
    const el = (sl >>> 8) | (sh << 20), eh = sh >>> 8;
    const fl = (sl >>> 16) | (sh << 12), fh = sh >>> 16;
    const gl = (sl >>> 24) | (sh << 4), gh = sh >>> 24;
    // Two to one side, and the third beyond them or one on the other side;
    // then the mirror image.
    rl |= (al & bl & (cl | el)) | (el & fl & (al | gl));
    rh |= (ah & bh & (ch | eh)) | (eh & fh & (ah | gh));
  }
  WIN[0] = rl & (BOARD_LO ^ ml);
  WIN[1] = rh & (BOARD_HI ^ mh);
}

/** Whether `stones` (two halves) hold four in a row. */
function hasFour(sl: number, sh: number): boolean {
  for (let d = 1; d <= 8; d = d === 1 ? 6 : d + 1) {
    // m: a stone with another d further on; m & (m >> 2d): four in a row.
    const ml = sl & ((sl >>> d) | (sh << (LOW_BITS - d)));
    const mh = sh & (sh >>> d);
    const d2 = d + d;
    const fl = ml & ((ml >>> d2) | (mh << (LOW_BITS - d2)));
    const fh = mh & (mh >>> d2);
    if (((fl & BOARD_LO) | (fh & BOARD_HI)) !== 0) return true;
  }
  return false;
}

/**
 * Number of set bits of a 32-bit integer (a branch-free SWAR count).
 *
 * @param x an integer; only its low 32 bits count
 * @returns how many of them are 1
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { popcount } from "./connect_four.ts";
 * assert.ok(popcount(0b1011) === 3 && popcount(-1) === 32);
 * ```
 */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * A Connect Four position: 7 columns, 6 rows, the first player ("X") first.
 * Moves are column indices 0–6 (the digits of {@linkcode ConnectFour.parse}
 * minus one), generated left to right. Scores follow the public benchmarks'
 * convention: a finished game evaluates, for the side to move (who has just
 * lost), to −(22 − the winner's stone count), a full board without four to
 * 0; an unfinished game to 0 (a search must reach the end). So plain negamax
 * to the end gives the same score as {@linkcode solveConnectFour}.
 *
 * @example Four moves, then the first player to move: it wins with its fourth stone (18)
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, negamax } from "../../mod.ts";
 * const position = ConnectFour.parse("4455");
 * assert.ok(position.moveCount === 4 && position.turn() === 1);
 * assert.ok(position.canPlay(3) && !position.isWinningMove(3));
 * assert.ok(position.toString() === "4455");
 * ```
 */
export class ConnectFour implements Position {
  /** At most 7 moves: one per column. */
  readonly maxMoves: number = WIDTH;
  /** Stones of the first player. */
  #firstLo = 0;
  #firstHi = 0;
  /** Occupied cells. */
  #maskLo = 0;
  #maskHi = 0;
  #moves = 0;
  #won = false;
  #key = 0;
  #mirrorKey = 0;
  readonly #heights = new Int8Array(WIDTH);
  readonly #history = new Int8Array(CELLS);

  private constructor() {}

  /**
   * Whether `value` is a position made by this class (`parse`, `empty`,
   * `clone`): a brand check on its private state, so an object that only
   * looks like one (or has the prototype without the state) is refused.
   *
   * @param value anything
   * @returns true for a real {@linkcode ConnectFour}
   *
   * @example A look-alike without the private state is refused
   * ```ts
   * import assert from "node:assert/strict";
   * import { ConnectFour } from "../../mod.ts";
   * assert.ok(ConnectFour.isConnectFour(ConnectFour.parse("44")));
   * assert.ok(!ConnectFour.isConnectFour(Object.create(ConnectFour.prototype)));
   * ```
   */
  static isConnectFour(value: unknown): value is ConnectFour {
    return typeof value === "object" && value !== null && #moves in value;
  }

  /** The empty board, first player to move. */
  static empty(): ConnectFour {
    return new ConnectFour();
  }

  /**
   * Plays a string of column digits 1–7 from the empty board, the first
   * player first: `"4453"` is four moves. A string whose last move wins is
   * accepted (the game is then over).
   *
   * @param moves the column digits, 1 being the leftmost column
   * @returns the position after those moves
   * @throws {Error} naming the index in the string (from 0) and why: a
   *   character that is not a digit 1–7, a full column, or a move after the
   *   game was already won
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ConnectFour } from "../../mod.ts";
   * try {
   *   ConnectFour.parse("4408");
   * } catch (error) {
   *   assert.ok(String(error).includes('"0" at index 2 is not a column digit 1…7'));
   * }
   * ```
   */
  static parse(moves: string): ConnectFour {
    if (typeof moves !== "string") {
      throw new Error(
        `ConnectFour.parse: moves must be a string of column digits 1…7 (1 the leftmost column), got ${
          describe(moves)
        }`,
      );
    }
    const position = new ConnectFour();
    for (let i = 0; i < moves.length; i++) {
      const char = moves[i]!;
      const col = char.charCodeAt(0) - 49;
      if (!(col >= 0 && col < WIDTH) || char.length !== 1) {
        throw new Error(
          `ConnectFour.parse: "${char}" at index ${i} is not a column digit 1…7`,
        );
      }
      if (position.#won) {
        throw new Error(
          `ConnectFour.parse: the game was already won before the move at index ${i} (column ${
            col + 1
          })`,
        );
      }
      if (!position.canPlay(col)) {
        throw new Error(
          `ConnectFour.parse: column ${col + 1} is full at index ${i}`,
        );
      }
      position.play(col);
    }
    return position;
  }

  /** Stones on the board. */
  get moveCount(): number {
    return this.#moves;
  }

  /** Low half of the side to move's stones. */
  get currentLo(): number {
    return (this.#moves & 1) === 0
      ? this.#firstLo
      : this.#firstLo ^ this.#maskLo;
  }

  /** High half of the side to move's stones. */
  get currentHi(): number {
    return (this.#moves & 1) === 0
      ? this.#firstHi
      : this.#firstHi ^ this.#maskHi;
  }

  /** Low half of the occupied cells. */
  get maskLo(): number {
    return this.#maskLo;
  }

  /** High half of the occupied cells. */
  get maskHi(): number {
    return this.#maskHi;
  }

  /** Whether the player who moved last has four in a row. */
  get won(): boolean {
    return this.#won;
  }

  /**
   * Stones in column `col`.
   *
   * @param col a column 0–6
   * @returns 0–6
   * @throws {Error} when `col` is not an integer 0–6 (`"3"` would have
   *   read column 3, and 9 undefined)
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ConnectFour } from "../../mod.ts";
   * const position = ConnectFour.parse("4434");
   * assert.ok(position.height(3) === 3 && position.height(2) === 1);
   * assert.throws(() => position.height(7), /ConnectFour.height: col must be a column index in 0…6 \(0 the leftmost\), got 7/);
   * ```
   */
  height(col: number): number {
    if (!(Number.isInteger(col) && col >= 0 && col < WIDTH)) {
      throw new Error(
        `ConnectFour.height: col must be a column index in 0…6 (0 the leftmost), got ${
          describe(col)
        }`,
      );
    }
    return this.#heights[col]!;
  }

  /**
   * Whether column `col` has room (the game may still be over).
   *
   * @param col a column 0–6
   * @returns true when the column holds fewer than 6 stones
   */
  canPlay(col: number): boolean {
    // An integer test first: "3" would index the heights as 3 does.
    return (col >>> 0) === col && col < WIDTH && this.#heights[col]! < HEIGHT;
  }

  /**
   * Whether the side to move completes four in a row by playing `col`.
   *
   * @param col a column 0–6
   * @returns true when the move is legal and wins
   */
  isWinningMove(col: number): boolean {
    if (!this.canPlay(col) || this.isTerminal()) return false;
    winningCells(this.currentLo, this.currentHi, this.#maskLo, this.#maskHi);
    const row = this.#heights[col]!;
    return col < 4
      ? (WIN[0]! & (1 << (7 * col + row))) !== 0
      : (WIN[1]! & (1 << (7 * (col - 4) + row))) !== 0;
  }

  generateMoves(out: Int32Array): number {
    if (this.#won) return 0;
    let count = 0;
    for (let col = 0; col < WIDTH; col++) {
      if (this.#heights[col]! < HEIGHT) out[count++] = col;
    }
    return count;
  }

  /**
   * Drops the side to move's stone into column `move`.
   *
   * @throws {Error} on a column outside 0–6, a full column or a finished game
   */
  play(move: Move): void {
    if (!this.canPlay(move) || this.#won) {
      throw new Error(
        this.#won
          ? `ConnectFour.play: the game is over, cannot play column ${
            describe(move)
          } (a column index 0…6)`
          : `ConnectFour.play: move must be a column index in 0…6 (0 the leftmost; parse's digits are 1…7) with room, got ${
            describe(move)
          }${
            Number.isInteger(move) && move >= 0 && move < WIDTH
              ? " (a full column)"
              : ""
          }`,
      );
    }
    const row = this.#heights[move]!;
    const first = (this.#moves & 1) === 0;
    const cell = 7 * move + row;
    if (move < 4) {
      const bit = 1 << cell;
      this.#maskLo |= bit;
      if (first) this.#firstLo |= bit;
    } else {
      const bit = 1 << (cell - LOW_BITS);
      this.#maskHi |= bit;
      if (first) this.#firstHi |= bit;
    }
    // Key: column c contributes (first player's stones + occupied cells) · 2^(7c).
    const weight = first ? 2 : 1;
    this.#key += weight * KEY_UNIT[cell]!;
    this.#mirrorKey += weight * MIRROR_UNIT[cell]!;
    this.#heights[move] = row + 1;
    this.#history[this.#moves] = move;
    this.#moves++;
    this.#won = first
      ? hasFour(this.#firstLo, this.#firstHi)
      : hasFour(this.#firstLo ^ this.#maskLo, this.#firstHi ^ this.#maskHi);
  }

  /**
   * Takes back the last stone, which must be in column `move`.
   *
   * @throws {Error} when the last move was not in that column (or no move
   *   has been played), naming both
   */
  undo(move: Move): void {
    if (this.#moves === 0 || this.#history[this.#moves - 1] !== move) {
      throw this.#undoError(move);
    }
    this.#moves--;
    const row = this.#heights[move]! - 1;
    this.#heights[move] = row;
    const cell = 7 * move + row;
    const first = (this.#moves & 1) === 0;
    if (move < 4) {
      const bit = ~(1 << cell);
      this.#maskLo &= bit;
      this.#firstLo &= bit;
    } else {
      const bit = ~(1 << (cell - LOW_BITS));
      this.#maskHi &= bit;
      this.#firstHi &= bit;
    }
    const weight = first ? 2 : 1;
    this.#key -= weight * KEY_UNIT[cell]!;
    this.#mirrorKey -= weight * MIRROR_UNIT[cell]!;
    // No move is allowed after a win, so the position before was not won.
    this.#won = false;
  }

  /** Why `undo(move)` is refused (cold: only called when it is). */
  #undoError(move: unknown): Error {
    return new Error(
      `ConnectFour.undo: column ${
        describe(move)
      } is not the last move played: ${
        this.#moves === 0
          ? "no move has been played"
          : `the last move played was column ${this.#history[this.#moves - 1]}`
      }, and moves are taken back last first (column indices 0…6, 0 the leftmost)`,
    );
  }

  isTerminal(): boolean {
    return this.#won || this.#moves === CELLS;
  }

  evaluate(): Value {
    // The winner moved last and has placed (moves + 1) >> 1 stones.
    return this.#won ? ((this.#moves + 1) >> 1) - 22 : 0;
  }

  turn(): 1 | -1 {
    return (this.#moves & 1) === 0 ? 1 : -1;
  }

  /**
   * A perfect key below 2^49: column c contributes (the first player's
   * stones + the occupied cells of the column) · 2^(7c).
   */
  key(): number {
    return this.#key;
  }

  /**
   * The key of the mirrored position (column c played as 6 − c).
   *
   * @returns `ConnectFour.parse(mirror of the moves).key()`, without building it
   */
  mirroredKey(): number {
    return this.#mirrorKey;
  }

  /**
   * A key shared by a position and its mirror image: the smaller of the two keys.
   *
   * @returns `Math.min(key(), mirroredKey())`
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ConnectFour } from "../../mod.ts";
   * const a = ConnectFour.parse("4312"), b = ConnectFour.parse("4576");
   * assert.ok(a.symmetricKey() === b.symmetricKey() && a.key() !== b.key());
   * ```
   */
  symmetricKey(): number {
    return Math.min(this.#key, this.#mirrorKey);
  }

  /**
   * The position with every column mirrored (column c becomes 6 − c).
   *
   * @returns a new position; scores are the same by symmetry
   */
  mirrored(): ConnectFour {
    return ConnectFour.parse(
      Array.from(
        this.#history.subarray(0, this.#moves),
        (col) => String(WIDTH - col),
      ).join(""),
    );
  }

  clone(): this {
    const copy = new ConnectFour();
    copy.#firstLo = this.#firstLo;
    copy.#firstHi = this.#firstHi;
    copy.#maskLo = this.#maskLo;
    copy.#maskHi = this.#maskHi;
    copy.#moves = this.#moves;
    copy.#won = this.#won;
    copy.#key = this.#key;
    copy.#mirrorKey = this.#mirrorKey;
    copy.#heights.set(this.#heights);
    copy.#history.set(this.#history);
    return copy as this;
  }

  /** The moves played, as the column digits 1–7 that `parse` reads. */
  toString(): string {
    return Array.from(
      this.#history.subarray(0, this.#moves),
      (col) => String(col + 1),
    ).join("");
  }

  /** The board as 6 lines of `X`, `O`, `.`, top row first. */
  toBoard(): string {
    const lines: string[] = [];
    for (let row = HEIGHT - 1; row >= 0; row--) {
      let line = "";
      for (let col = 0; col < WIDTH; col++) {
        const bit = col < 4 ? 1 << (7 * col + row) : 1 << (7 * (col - 4) + row);
        const mask = col < 4 ? this.#maskLo : this.#maskHi;
        const first = col < 4 ? this.#firstLo : this.#firstHi;
        line += (mask & bit) === 0 ? "." : (first & bit) !== 0 ? "X" : "O";
      }
      lines.push(line);
    }
    return lines.join("\n");
  }
}

/**
 * A position reached by seeded random legal play: `stones` moves from the
 * empty board, none of which ends the game (a game that runs into a forced
 * end is replayed with the next numbers of the same generator). The same
 * seed gives the same position on every machine.
 *
 * @param stones moves to play, 0–41
 * @param seed a 32-bit integer, signed or unsigned: −2^31…2^32 − 1, as
 *   `Random`'s (−1 and 2^32 − 1, the same bits, give the same position)
 * @returns an unfinished position with `stones` stones
 * @throws {Error} when `stones` is not an integer from 0 to 41, or `seed`
 *   not one in its range, naming it
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { randomConnectFour } from "../../mod.ts";
 * const position = randomConnectFour(30, 7);
 * assert.ok(position.moveCount === 30 && !position.isTerminal());
 * assert.ok(randomConnectFour(30, 7).toString() === position.toString());
 * ```
 */
export function randomConnectFour(stones: number, seed: number): ConnectFour {
  checkInteger("randomConnectFour", "stones", stones, 0, CELLS - 1);
  checkInteger("randomConnectFour", "seed", seed, -(2 ** 31), 2 ** 32 - 1);
  const random = new Random(seed);
  const moves = new Int32Array(WIDTH);
  for (;;) {
    const position = ConnectFour.empty();
    while (position.moveCount < stones) {
      // Only moves that leave the game unfinished.
      let count = 0;
      for (let col = 0; col < WIDTH; col++) {
        if (position.canPlay(col) && !position.isWinningMove(col)) {
          moves[count++] = col;
        }
      }
      if (count === 0 || position.moveCount === CELLS - 1) break;
      position.play(moves[random.int(0, count - 1)]!);
    }
    if (position.moveCount === stones) return position;
  }
}
