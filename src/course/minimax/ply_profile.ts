/**
 * Where a search spends its nodes: a counting wrapper around a position, so
 * any searcher can be profiled by ply without touching its code.
 *
 * @module
 */

import type { Move, Position, Value } from "../../position.ts";

/** A position that counts, per ply, the positions a search enters. */
class PlyCounter implements Position {
  readonly maxMoves: number;
  readonly counts: number[] = [1];
  #inner: Position;
  #ply = 0;

  constructor(inner: Position) {
    this.#inner = inner;
    this.maxMoves = inner.maxMoves;
  }

  generateMoves(out: Int32Array): number {
    return this.#inner.generateMoves(out);
  }
  play(move: Move): void {
    this.#inner.play(move);
    this.#ply++;
    this.counts[this.#ply] = (this.counts[this.#ply] ?? 0) + 1;
  }
  undo(move: Move): void {
    this.#inner.undo(move);
    this.#ply--;
  }
  isTerminal(): boolean {
    return this.#inner.isTerminal();
  }
  evaluate(): Value {
    return this.#inner.evaluate();
  }
  turn(): 1 | -1 {
    return this.#inner.turn();
  }
  key(): number {
    return this.#inner.key();
  }
  clone(): this {
    throw new Error(
      "A ply profile counts one search: clone the position before profiling instead",
    );
  }
}

/**
 * Nodes a search visits at each ply below `position` (index 0 is the root).
 * For a search that plays every move it enters, these add up to `stats.nodes`.
 *
 * @param position the root; left as it was found
 * @param search any searcher, e.g. `minimax` or `alphaBeta`
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, TicTacToe } from "../../../mod.ts";
 * import { nodesPerPly } from "./ply_profile.ts";
 * const perPly = nodesPerPly(TicTacToe.empty(), alphaBeta);
 * assert.ok(perPly.reduce((a, b) => a + b) === 18297);
 * ```
 */
export function nodesPerPly(
  position: Position,
  search: (position: Position) => unknown,
): number[] {
  const counter = new PlyCounter(position);
  search(counter);
  return counter.counts;
}
