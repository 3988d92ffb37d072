/**
 * Nim (lesson 003, T003.6): heaps of counters, a move takes one or more
 * counters from one heap, the player who cannot move loses (normal play).
 *
 * @module
 */

import type { Move, Position, Value } from "../position.ts";

/** A Nim move as a pair: take `take` counters from heap `heap` (heaps counted from 0). */
export interface NimMove {
  /** The heap's index. */
  heap: number;
  /** How many counters to take, at least 1. */
  take: number;
}

/** Checks that `heaps` is an array of non-negative safe integers. */
function checkHeaps(heaps: readonly number[], where: string): void {
  if (!Array.isArray(heaps)) {
    throw new Error(`${where} expects an array of heap sizes`);
  }
  heaps.forEach((heap, index) => {
    if (!Number.isSafeInteger(heap) || heap < 0) {
      throw new Error(
        `${where}: heap ${index} is ${heap}, expected a non-negative integer`,
      );
    }
  });
}

/**
 * The nim-sum of the heaps: their bitwise XOR. The side to move wins exactly
 * when it is not zero (Bouton's theorem; lesson 003, T003.6).
 *
 * @param heaps heap sizes (non-negative integers below 2^31)
 * @returns the XOR of all heap sizes
 * @throws {Error} on a heap that is not a non-negative integer
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
 * @param heaps heap sizes (non-negative integers below 2^31)
 * @returns the winning moves as `{ heap, take }`, in heap order
 * @throws {Error} on a heap that is not a non-negative integer
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
  const sum = nimSum(heaps);
  const moves: NimMove[] = [];
  if (sum === 0) return moves;
  heaps.forEach((heap, index) => {
    // Heap h can be reduced to h ^ sum exactly when that is smaller.
    const target = heap ^ sum;
    if (target < heap) moves.push({ heap: index, take: heap - target });
  });
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
   * A Nim game with these heaps, the first player to move.
   *
   * @param heaps the starting heap sizes
   * @throws {Error} on a heap that is not a non-negative integer, or heaps
   *   so large that the key would reach 2^53
   */
  constructor(heaps: readonly number[]) {
    checkHeaps(heaps, "Nim");
    this.#heaps = Int32Array.from(heaps);
    this.#start = Array.from(heaps);
    this.maxMoves = Math.max(
      1,
      heaps.reduce((sum, heap) => sum + heap, 0),
    );
    this.stride = Math.max(...heaps, 0) + 1;
    this.#weights = new Float64Array(heaps.length);
    let weight = 1;
    heaps.forEach((heap, index) => {
      this.#weights[index] = weight;
      this.#key += heap * weight;
      weight *= heap + 1;
    });
    if (weight > 2 ** 53) {
      throw new Error(
        `Nim: ${heaps.length} heaps this large have more than 2^53 positions`,
      );
    }
  }

  /** The current heap sizes (a copy). */
  get heaps(): number[] {
    return Array.from(this.#heaps);
  }

  /**
   * The integer move for taking `take` counters from heap `heap`.
   *
   * @param heap the heap's index
   * @param take counters to take (1 … the starting size of the heap)
   * @returns `heap * stride + take`
   */
  moveOf(heap: number, take: number): Move {
    return heap * this.stride + take;
  }

  /**
   * The heap and count of an integer move.
   *
   * @param move a move from {@linkcode Nim.generateMoves} or {@linkcode Nim.moveOf}
   * @returns the move as `{ heap, take }`
   */
  decodeMove(move: Move): NimMove {
    return { heap: Math.floor(move / this.stride), take: move % this.stride };
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
   * @throws {Error} when the heap does not exist or has fewer counters
   */
  play(move: Move): void {
    const heap = Math.floor(move / this.stride);
    const take = move % this.stride;
    const size = this.#heaps[heap];
    if (size === undefined || take < 1 || take > size) {
      throw new Error(
        `Nim.play: cannot take ${take} from heap ${heap} (it has ${
          size ?? "no such heap"
        })`,
      );
    }
    this.#heaps[heap] = size - take;
    this.#key -= take * this.#weights[heap]!;
    this.#ply++;
  }

  /** Puts back the counters of `move`. */
  undo(move: Move): void {
    const heap = Math.floor(move / this.stride);
    const take = move % this.stride;
    this.#heaps[heap] = this.#heaps[heap]! + take;
    this.#key += take * this.#weights[heap]!;
    this.#ply--;
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
    return copy as this;
  }

  /** The heaps, e.g. `"Nim(3, 4, 5)"`. */
  toString(): string {
    return `Nim(${this.heaps.join(", ")})`;
  }
}
