/**
 * A transposition table (lesson 003, T003.4): remember what a search found
 * about a position, with the depth it searched and which kind of bound the
 * value is, so that a transposition is not searched twice. Storing a bound
 * as if it were exact is the course's trap; the `bound` field is the cure.
 *
 * @module
 */

import type { Position, Value } from "../position.ts";
import { legalMoves } from "./moves.ts";
import { checkArguments } from "./_check.ts";

/** What one search found about a position. */
export interface TableEntry {
  /** How deep the position was searched. */
  depth: number;
  /** The value for the side to move, read by `bound`. */
  value: Value;
  /** `"exact"`, or `"lower"`/`"upper"` when the search failed high/low. */
  bound: "exact" | "lower" | "upper";
}

/** A table as a map from position keys to entries. */
export type Table = Map<number, TableEntry>;

/**
 * Alpha-beta (negamax, fail-soft) that probes `table` before searching a
 * position and stores what it found after.
 *
 * Bound contract: as alpha-beta's — r <= alpha means v <= r, r >= beta
 * means v >= r, exact in between — for games whose values do not depend on
 * the path to a position.
 *
 * @param position the root; every move played is undone,
 *   also when an error ends the search
 * @param depth plies to search (default: to the end of the game)
 * @param alpha lower end of the window (default −∞)
 * @param beta upper end of the window (default +∞)
 * @param table the table, shared by every call (default: a new one)
 * @returns the value for the side to move, read by the bound contract
 * @throws {RangeError} when depth is not an integer ≥ 0 or Infinity, or
 *   alpha ≥ beta
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../../mod.ts";
 * import { alphaBetaWithTable } from "./mod.ts";
 * const table = new Map();
 * assert.equal(alphaBetaWithTable(TicTacToe.empty(), Infinity, -Infinity, Infinity, table), 0);
 * assert.ok(table.size > 0);
 * ```
 */
export function alphaBetaWithTable(
  position: Position,
  depth = Infinity,
  alpha = -Infinity,
  beta = Infinity,
  table: Table = new Map(),
): Value {
  checkArguments("alphaBetaWithTable", { depth, alpha, beta });
  // Probe: an entry searched at least as deep answers or narrows the window.
  const entry = table.get(position.key());
  if (entry !== undefined && entry.depth >= depth) {
    if (entry.bound === "exact") return entry.value;
    if (entry.bound === "lower") alpha = Math.max(alpha, entry.value);
    if (entry.bound === "upper") beta = Math.min(beta, entry.value);
    if (alpha >= beta) return entry.value;
  }
  if (depth === 0 || position.isTerminal()) return position.evaluate();
  const alphaOriginal = alpha;
  let bestValue = -Infinity;
  for (const move of legalMoves(position)) {
    position.play(move);
    let value: Value;
    try {
      value = 0 - alphaBetaWithTable(
        position,
        depth - 1,
        -beta,
        -alpha,
        table,
      );
    } finally {
      position.undo(move); // also when the search below throws
    }
    bestValue = Math.max(bestValue, value);
    alpha = Math.max(alpha, bestValue);
    if (alpha >= beta) break;
  }
  // Store: outside the window the value is only a bound, and says which.
  const bound = bestValue <= alphaOriginal
    ? "upper"
    : bestValue >= beta
    ? "lower"
    : "exact";
  table.set(position.key(), { depth, value: bestValue, bound });
  return bestValue;
}
