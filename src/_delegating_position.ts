/**
 * A position that passes every call on to another: the base of the wrappers
 * that watch a searcher's walk (the notebook's recorder, the tests' tracers).
 *
 * @module
 */

import type { Move, Position, Value } from "./position.ts";

/**
 * The optional {@linkcode Position} methods a wrapper forwards when its
 * `inner` has them. They are game knowledge: without `generateNoisyMoves`
 * quiescence sees no captures, without `isCheck` no extension fires, so a
 * wrapper that dropped them was searched as another game. Left out on
 * purpose: `playGenerated`/`undoGenerated`, which exist to skip the checks
 * of `play`/`undo`; forwarded, they would also skip a subclass's `play`
 * and `undo`, which is where wrappers watch the walk (searchers use `play`
 * and `undo` when a position lacks them).
 */
export const FORWARDED_OPTIONAL_METHODS = [
  "generateNoisyMoves",
  "isCheck",
  "isQuiet",
  "staticExchange",
  "losesExchange",
  "playNull",
  "undoNull",
  "nullMoveAllowed",
  "markRoot",
] as const satisfies readonly (keyof Position)[];

/**
 * Hands every call to `inner`: the required {@linkcode Position} methods,
 * `maxMoves`, `moveLimit` and `winValue`, and each optional method of
 * {@linkcode FORWARDED_OPTIONAL_METHODS} that `inner` has (and only those,
 * so that a searcher asking whether the position has one gets the bare
 * position's answer). Not `playGenerated`/`undoGenerated`: a wrapper is
 * played through its own `play` and `undo`. A subclass overrides only the
 * calls it watches or changes (an optional method it defines is kept, not
 * replaced by the forwarded one), and says what its `clone()` copies. The
 * forwarded methods call `inner` directly: a subclass watching `play` does
 * not see `playNull`.
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
 *
 * @example The game's own optional methods come along: quiescence sees the captures
 * ```ts
 * import assert from "node:assert/strict";
 * import { DelegatingPosition } from "./_delegating_position.ts";
 * import { ExplicitTree, quiescence } from "../mod.ts";
 * class Plain extends DelegatingPosition {
 *   clone(): this {
 *     return new Plain(this.inner.clone()) as this;
 *   }
 * }
 * const tree = ExplicitTree.from({ value: 0, children: [
 *   { value: 1, children: [1, 1] },
 *   { value: 3, children: [{ value: -5, noisy: true }, 3] },
 * ] });
 * const wrapped = new Plain(tree.clone());
 * assert.ok(wrapped.generateNoisyMoves !== undefined && !("playGenerated" in wrapped));
 * assert.equal(quiescence(wrapped, { depth: 1 }).move, quiescence(tree, { depth: 1 }).move);
 * ```
 */
export abstract class DelegatingPosition<P extends Position = Position>
  implements Position {
  /** The wrapped position, which every call reaches. */
  readonly inner: P;
  /** The wrapped position's `maxMoves`. */
  readonly maxMoves: number;
  /** The wrapped position's `moveLimit` (absent when it has none). */
  readonly moveLimit?: number;

  /**
   * The wrapped position's `winValue` (undefined when it has none), so that
   * a wrapped chess position's mates are kept in a table as the bare
   * position's are.
   */
  readonly winValue?: number;

  /** `inner.generateNoisyMoves(out)`, when `inner` has it. */
  generateNoisyMoves?(out: Int32Array): number;
  /** `inner.isCheck()`, when `inner` has it. */
  isCheck?(): boolean;
  /** `inner.isQuiet(move)`, when `inner` has it. */
  isQuiet?(move: Move): boolean;
  /** `inner.staticExchange(move)`, when `inner` has it. */
  staticExchange?(move: Move): number;
  /** `inner.losesExchange(move)`, when `inner` has it. */
  losesExchange?(move: Move): boolean;
  /** `inner.playNull()`, when `inner` has it. */
  playNull?(): void;
  /** `inner.undoNull()`, when `inner` has it. */
  undoNull?(): void;
  /** `inner.nullMoveAllowed()`, when `inner` has it. */
  nullMoveAllowed?(): boolean;
  /** `inner.markRoot()`, when `inner` has it. */
  markRoot?(): void;

  /** Wraps `inner`. */
  constructor(inner: P) {
    this.inner = inner;
    this.maxMoves = inner.maxMoves;
    if (inner.moveLimit !== undefined) this.moveLimit = inner.moveLimit;
    this.winValue = inner.winValue;
    const self = this as Record<string, unknown>;
    for (const name of FORWARDED_OPTIONAL_METHODS) {
      const method = inner[name] as ((...args: never[]) => unknown) | undefined;
      // A subclass's own method (already on the prototype here) wins.
      if (method !== undefined && self[name] === undefined) {
        self[name] = method.bind(inner);
      }
    }
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
