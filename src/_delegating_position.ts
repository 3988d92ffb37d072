/**
 * A position that passes every call on to another: the base of the wrappers
 * that watch a searcher's walk (the notebook's recorder, the tests' tracers).
 *
 * @module
 */

import type { Move, Position, Value } from "./position.ts";

/**
 * Hands every call to `inner`; a subclass overrides only the calls it
 * watches or changes, and says what its `clone()` copies.
 *
 * @example Count the leaves a search reads
 * ```ts
 * import assert from "node:assert/strict";
 * import { DelegatingPosition } from "./_delegating_position.ts";
 * import { minimax, TicTacToe, type Value } from "../mod.ts";
 * class Counting extends DelegatingPosition {
 *   leaves = 0;
 *   override evaluate(): Value {
 *     this.leaves++;
 *     return this.inner.evaluate();
 *   }
 *   clone(): this {
 *     return new Counting(this.inner.clone()) as this;
 *   }
 * }
 * const position = new Counting(TicTacToe.parse("XO.XO...."));
 * const result = minimax(position);
 * assert.equal(position.leaves, result.stats.leaves);
 * ```
 */
export abstract class DelegatingPosition<P extends Position = Position>
  implements Position {
  /** The wrapped position, which every call reaches. */
  readonly inner: P;
  /** The wrapped position's `maxMoves`. */
  readonly maxMoves: number;

  /**
   * The wrapped position's `winValue` (undefined when it has none), so that
   * a wrapped chess position's mates are kept in a table as the bare
   * position's are.
   */
  readonly winValue?: number;

  /** Wraps `inner`. */
  constructor(inner: P) {
    this.inner = inner;
    this.maxMoves = inner.maxMoves;
    this.winValue = inner.winValue;
  }
  /** `inner.generateMoves(out)`. */
  generateMoves(out: Int32Array): number {
    return this.inner.generateMoves(out);
  }
  /** `inner.play(move)`. */
  play(move: Move): void {
    this.inner.play(move);
  }
  /** `inner.undo(move)`. */
  undo(move: Move): void {
    this.inner.undo(move);
  }
  /** `inner.isTerminal()`. */
  isTerminal(): boolean {
    return this.inner.isTerminal();
  }
  /** `inner.evaluate()`. */
  evaluate(): Value {
    return this.inner.evaluate();
  }
  /** `inner.turn()`. */
  turn(): 1 | -1 {
    return this.inner.turn();
  }
  /** `inner.key()`. */
  key(): number {
    return this.inner.key();
  }
  /** A copy: each subclass says whether it wraps the copy of `inner`. */
  abstract clone(): this;
}
