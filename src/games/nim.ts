/**
 * Nim (lesson 003, T003.6): heaps of counters, a move takes one or more
 * counters from one heap, the player who cannot move loses (normal play).
 *
 * @module
 */

import type { Move, Position, Value } from "../position.ts";
import { checkInteger, describe } from "../validate.ts";

/** A Nim move as a pair: take `take` counters from heap `heap` (heaps counted from 0). */
export interface NimMove {
  /** The heap's index. */
  heap: number;
  /** How many counters to take, at least 1. */
  take: number;
}

/** Largest heap size: heaps are 32-bit integers, and the nim-sum is a 32-bit XOR. */
export const MAX_NIM_HEAP = 2 ** 31 - 1;

/**
 * Most counters a {@linkcode Nim} position may start with (the sum of its
 * heaps): it is the position's `maxMoves`, the length of every move buffer
 * a searcher allocates per ply.
 */
export const MAX_NIM_COUNTERS = 2 ** 16;

/** Checks that `heaps` is an array of integers in 0…MAX_NIM_HEAP. */
function checkHeaps(heaps: readonly number[], where: string): void {
  if (!Array.isArray(heaps)) {
    throw new Error(
      `${where}: heaps must be an array of heap sizes, got ${describe(heaps)}`,
    );
  }
  for (let index = 0; index < heaps.length; index++) {
    if (!(index in heaps)) {
      throw new Error(
        `${where}: heaps[${index}] is a hole in a sparse array: give every heap`,
      );
    }
    checkInteger(where, `heaps[${index}]`, heaps[index], 0, MAX_NIM_HEAP);
  }
}

/** Reads whole numbers apart by blanks or commas; `item` names each in errors. */
function readCounts(where: string, item: string, text: string): number[] {
  if (typeof text !== "string") {
    throw new Error(
      `${where}: expected text such as "3 4 5", got ${describe(text)}`,
    );
  }
  const counts: number[] = [];
  for (const match of text.matchAll(/[^\s,]+/g)) {
    const word = match[0];
    const n = counts.length + 1;
    if (!/^\d{1,10}$/.test(word) || Number(word) > MAX_NIM_HEAP) {
      throw new Error(
        `${where}: column ${
          match.index! + 1
        }: ${item} ${n} must be a whole number 0…${MAX_NIM_HEAP}, got ${
          JSON.stringify(word.length > 20 ? word.slice(0, 20) + "…" : word)
        } (numbers apart by blanks or commas, e.g. "3 4 5")`,
      );
    }
    counts.push(Number(word));
  }
  if (counts.length === 0) {
    throw new Error(
      `${where}: no ${item} in ${
        JSON.stringify(text)
      }: give whole numbers apart by blanks or commas, e.g. "3 4 5"`,
    );
  }
  return counts;
}

/**
 * Reads whole numbers written as text, `"1 3 4"` or `"1, 3, 4"`: heap sizes,
 * a subtraction game's allowed moves. A typo in the text is an error naming
 * its column, where the same typo in an array literal of a notebook cell is
 * a TypeScript syntax error that JupyterLab shows with no message.
 *
 * @param text whole numbers in 0…{@linkcode MAX_NIM_HEAP}, apart by blanks or commas
 * @param item what each number is, for errors (default `"number"`)
 * @returns the numbers, in order
 * @throws {Error} naming the column, the item and the word that is not a
 *   whole number, or saying that the text holds none
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCounts } from "../../mod.ts";
 * assert.deepEqual(parseCounts("1, 3, 4"), [1, 3, 4]);
 * assert.throws(() => parseCounts("1 3x 4", "move"), /column 3: move 2 must be a whole number 0…2147483647, got "3x"/);
 * ```
 */
export function parseCounts(text: string, item: string = "number"): number[] {
  return readCounts("parseCounts", item, text);
}

/**
 * The nim-sum of the heaps: their bitwise XOR. The side to move wins exactly
 * when it is not zero (Bouton's theorem; lesson 003, T003.6).
 *
 * @param heaps heap sizes: an array of integers in 0…{@linkcode MAX_NIM_HEAP} (2^31 − 1)
 * @returns the XOR of all heap sizes
 * @throws {Error} on a non-array, a hole, or a heap that is not an integer
 *   in that range, naming it (`heaps[2]`)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nimSum } from "../../mod.ts";
 * assert.ok(nimSum([3, 4, 5]) === 2);
 * assert.ok(nimSum([1, 2, 3]) === 0);
 * ```
 */
export function nimSum(heaps: readonly number[]): number {
  checkHeaps(heaps, "nimSum");
  let sum = 0;
  for (const heap of heaps) sum ^= heap;
  return sum;
}

/**
 * Every winning move: each move after which the nim-sum is zero. Empty when
 * the nim-sum already is zero (the side to move loses against best play).
 *
 * @param heaps heap sizes: an array of integers in 0…{@linkcode MAX_NIM_HEAP} (2^31 − 1)
 * @returns the winning moves as `{ heap, take }`, in heap order
 * @throws {Error} on a non-array, a hole, or a heap that is not an integer
 *   in that range, naming it (`heaps[2]`)
 *
 * @example Heaps 3, 4, 5: take 2 from the first heap, leaving 1, 4, 5
 * ```ts
 * import assert from "node:assert/strict";
 * import { winningMoves } from "../../mod.ts";
 * const moves = winningMoves([3, 4, 5]);
 * assert.ok(moves.length === 1 && moves[0]!.heap === 0 && moves[0]!.take === 2);
 * ```
 */
export function winningMoves(heaps: readonly number[]): NimMove[] {
  checkHeaps(heaps, "winningMoves");
  let sum = 0;
  for (const heap of heaps) sum ^= heap;
  const moves: NimMove[] = [];
  if (sum === 0) return moves;
  for (let index = 0; index < heaps.length; index++) {
    // Heap h can be reduced to h ^ sum exactly when that is smaller.
    const heap = heaps[index]!;
    const target = heap ^ sum;
    if (target < heap) moves.push({ heap: index, take: heap - target });
  }
  return moves;
}

/**
 * A Nim position as a {@linkcode Position}. A move is the integer
 * `heap * stride + take` (see {@linkcode Nim.moveOf}); moves come in natural
 * order: heap 0 taking 1, 2, … then heap 1, and so on. A finished game (all
 * heaps empty) evaluates to −1: the side to move has lost. An unfinished one
 * evaluates to 0, so only a search to the end knows who wins.
 *
 * @example Negamax agrees with the nim-sum
 * ```ts
 * import assert from "node:assert/strict";
 * import { negamax, Nim, nimSum } from "../../mod.ts";
 * const nim = new Nim([1, 2, 3]);
 * assert.ok(negamax(nim).value === -1 && nimSum(nim.heaps) === 0);
 * ```
 */
export class Nim implements Position {
  /** The sum of the starting heaps: no position has more moves. */
  readonly maxMoves: number;
  /** Multiplier of the heap index in a move: one more than the largest starting heap. */
  readonly stride: number;
  readonly #heaps: Int32Array;
  /** The starting heaps: they fix the stride and the key's place values. */
  readonly #start: readonly number[];
  /** Place value of each heap in the key (mixed radix on the starting sizes). */
  readonly #weights: Float64Array;
  #key = 0;
  #ply = 0;
  /**
   * The moves played, in order (`#ply` of them), so that `undo` can refuse
   * any other move than the last: taking back another heap's counters
   * would give a position no game reaches, with the wrong side to move.
   * Grown by doubling, up to the counters, which bound a game's length.
   */
  #moves: Int32Array;

  /**
   * A Nim game with heaps written as text, `"3 4 5"` or `"3, 4, 5"` (see
   * {@linkcode parseCounts}), the first player to move.
   *
   * @param text the heap sizes
   * @returns the position
   * @throws {Error} naming the column of a heap that is not a whole number,
   *   or a limit of {@linkcode Nim}'s constructor
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Nim } from "../../mod.ts";
   * assert.deepEqual(Nim.parse("3 4 5").heaps, [3, 4, 5]);
   * assert.throws(() => Nim.parse("3 4 five"), /^Error: Nim.parse: column 5: heap 3 must be a whole number/);
   * ```
   */
  static parse(text: string): Nim {
    return new Nim(readCounts("Nim.parse", "heap", text));
  }

  /**
   * A Nim game with these heaps, the first player to move.
   *
   * @param heaps the starting heap sizes: integers in 0…{@linkcode MAX_NIM_HEAP},
   *   together at most {@linkcode MAX_NIM_COUNTERS} counters (every move
   *   buffer holds that many moves); the product of (heap + 1) below 2^53 (the
   *   key), and heap count × stride at most 2^31 (a move `heap * stride + take`
   *   is a 32-bit integer)
   * @throws {Error} naming the heap or the limit that is broken
   */
  constructor(heaps: readonly number[]) {
    checkHeaps(heaps, "new Nim");
    let counters = 0;
    let positions = 1;
    let largest = 0;
    for (const heap of heaps) {
      counters += heap;
      positions *= heap + 1;
      if (heap > largest) largest = heap;
    }
    if (counters > MAX_NIM_COUNTERS) {
      throw new Error(
        `new Nim: heaps hold ${counters} counters, more than MAX_NIM_COUNTERS (${MAX_NIM_COUNTERS}): the sum of the heaps is the length of every move buffer`,
      );
    }
    if (positions > 2 ** 53) {
      throw new Error(
        `new Nim: ${heaps.length} heaps this large have ${positions} positions, more than 2^53 keys`,
      );
    }
    if (heaps.length * (largest + 1) > 2 ** 31) {
      throw new Error(
        `new Nim: ${heaps.length} heaps with stride ${
          largest + 1
        } give moves past 2^31 − 1: heap count × (largest heap + 1) must be at most 2^31`,
      );
    }
    this.#heaps = Int32Array.from(heaps);
    this.#moves = new Int32Array(Math.min(counters, 16));
    this.#start = Array.from(heaps);
    this.maxMoves = Math.max(
      1,
      heaps.reduce((sum, heap) => sum + heap, 0),
    );
    this.stride = largest + 1;
    this.#weights = new Float64Array(heaps.length);
    let weight = 1;
    heaps.forEach((heap, index) => {
      this.#weights[index] = weight;
      this.#key += heap * weight;
      weight *= heap + 1;
    });
  }

  /** The current heap sizes (a copy). */
  get heaps(): number[] {
    return Array.from(this.#heaps);
  }

  /**
   * The integer move for taking `take` counters from heap `heap`.
   *
   * @param heap the heap's index
   * @param take counters to take (1 … stride − 1; legal up to the heap's size)
   * @returns `heap * stride + take`
   * @throws {Error} when `heap` is not a heap's index or `take` is outside
   *   1 … stride − 1 (it would name a move of another heap), or when every
   *   heap started empty (no move exists)
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Nim } from "../../mod.ts";
   * const nim = new Nim([3, 4, 5]);
   * assert.ok(nim.moveOf(1, 2) === 1 * 6 + 2);
   * assert.throws(() => nim.moveOf(1, 6), /Nim.moveOf: take must be an integer in 1…5, got 6/);
   * ```
   */
  moveOf(heap: number, take: number): Move {
    checkInteger("Nim.moveOf", "heap", heap, 0, this.#start.length - 1);
    if (this.stride === 1) {
      // take 1…0: 1 would be heap + 1's move of 0 counters.
      throw new Error(
        `Nim.moveOf: every heap started empty (${this}), so no move takes ${
          describe(take)
        } counters from heap ${heap}`,
      );
    }
    checkInteger("Nim.moveOf", "take", take, 1, this.stride - 1);
    return heap * this.stride + take;
  }

  /**
   * The heap and count of an integer move.
   *
   * @param move a move from {@linkcode Nim.generateMoves} or
   *   {@linkcode Nim.moveOf}: `heap * stride + take` with heap a heap's index
   *   and take in 1 … stride − 1 (legal or not in the current position)
   * @returns the move as `{ heap, take }`
   * @throws {Error} on anything else, naming the move and the rule
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Nim } from "../../mod.ts";
   * const nim = new Nim([3, 4]);
   * assert.deepEqual(nim.decodeMove(nim.moveOf(1, 2)), { heap: 1, take: 2 });
   * assert.throws(() => nim.decodeMove(5), /Nim.decodeMove: move 5 takes 0 counters/);
   * ```
   */
  decodeMove(move: Move): NimMove {
    const stride = this.stride;
    const limit = this.#start.length * stride - 1;
    if (!Number.isInteger(move) || move < 1 || move > limit) {
      throw new Error(
        `Nim.decodeMove: move must be an integer in 1…${limit} ` +
          `(heap * ${stride} + take, heap 0…${this.#start.length - 1}, take 1…${
            stride - 1
          }), got ${describe(move)}`,
      );
    }
    const heap = Math.floor(move / stride), take = move % stride;
    if (take === 0) {
      throw new Error(
        `Nim.decodeMove: move ${move} takes 0 counters from heap ${heap}: ` +
          `a move is heap * ${stride} + take with take 1…${stride - 1}`,
      );
    }
    return { heap, take };
  }

  generateMoves(out: Int32Array): number {
    let count = 0;
    const heaps = this.#heaps;
    for (let heap = 0; heap < heaps.length; heap++) {
      const size = heaps[heap]!;
      for (let take = 1; take <= size; take++) {
        out[count++] = heap * this.stride + take;
      }
    }
    return count;
  }

  /**
   * Takes the counters of `move`.
   *
   * @throws {Error} when `move` is not an integer, the heap does not exist
   *   or has fewer counters; the position is unchanged
   */
  play(move: Move): void {
    const heap = Math.floor(move / this.stride);
    const take = move % this.stride;
    const size = this.#heaps[heap];
    // `(move | 0) !== move` also rejects NaN and non-numbers.
    if ((move | 0) !== move || size === undefined || take < 1 || take > size) {
      throw new Error(
        `Nim.play: move ${
          describe(move)
        } cannot take ${take} from heap ${heap} (it has ${
          size ?? "no such heap"
        }): moves are heap * ${this.stride} + take, 1 ≤ take ≤ the heap`,
      );
    }
    if (this.#ply === this.#moves.length) this.#grow();
    this.#heaps[heap] = size - take;
    this.#key -= take * this.#weights[heap]!;
    this.#moves[this.#ply++] = move;
  }

  /** Doubles the history (cold: a game of n counters grows it log n times). */
  #grow(): void {
    const moves = new Int32Array(Math.max(16, 2 * this.#moves.length));
    moves.set(this.#moves);
    this.#moves = moves;
  }

  /**
   * Puts back the counters of `move`, which must be the last move played
   * and not yet taken back.
   *
   * @throws {Error} when `move` is not that move (or no move has been
   *   played), naming both; the position is unchanged
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Nim } from "../../mod.ts";
   * const nim = new Nim([3]);
   * nim.play(nim.moveOf(0, 2));
   * assert.throws(() => nim.undo(nim.moveOf(0, 1)), /the last move played was 2/);
   * nim.undo(nim.moveOf(0, 2));
   * assert.ok(nim.heaps[0] === 3 && nim.turn() === 1);
   * ```
   */
  undo(move: Move): void {
    const ply = this.#ply;
    if (ply === 0 || this.#moves[ply - 1] !== move) {
      throw this.#undoError(move);
    }
    // The last move played, so legal when played: its numbers are sound.
    const heap = Math.floor(move / this.stride);
    const take = move % this.stride;
    this.#heaps[heap] = this.#heaps[heap]! + take;
    this.#key += take * this.#weights[heap]!;
    this.#ply = ply - 1;
  }

  /** Why `undo(move)` is refused (cold: only called when it is). */
  #undoError(move: unknown): Error {
    const ply = this.#ply;
    if (ply === 0) {
      return new Error(
        `Nim.undo: move ${
          describe(move)
        } cannot be taken back: no move has been played`,
      );
    }
    const last = this.#moves[ply - 1]!;
    const { heap, take } = this.decodeMove(last);
    return new Error(
      `Nim.undo: move ${describe(move)} is not the last move played: ` +
        `the last move played was ${last} (take ${take} from heap ${heap}), ` +
        `and moves are taken back last first`,
    );
  }

  isTerminal(): boolean {
    return this.#key === 0;
  }

  evaluate(): Value {
    return this.#key === 0 ? -1 : 0;
  }

  turn(): 1 | -1 {
    return (this.#ply & 1) === 0 ? 1 : -1;
  }

  /** The heaps as a mixed-radix number on the starting sizes: below 2^53. */
  key(): number {
    return this.#key;
  }

  clone(): this {
    // Built on the same starting heaps, so moves and keys mean the same.
    const copy = new Nim(this.#start);
    copy.#heaps.set(this.#heaps);
    copy.#key = this.#key;
    copy.#ply = this.#ply;
    copy.#moves = this.#moves.slice();
    return copy as this;
  }

  /** The heaps, e.g. `"Nim(3, 4, 5)"`. */
  toString(): string {
    return `Nim(${this.heaps.join(", ")})`;
  }
}
