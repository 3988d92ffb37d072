/**
 * The result shape every searcher returns.
 *
 * @module
 */

import type { Move, Value } from "../position.ts";
import type { SearchStats } from "../stats.ts";

/**
 * What a search found.
 *
 * @typeParam S the searcher's statistics: {@linkcode SearchStats} or a richer type
 */
export interface SearchResult<S extends SearchStats = SearchStats> {
  /** The root's value from the side to move's view (a bound when it falls outside the root window). */
  value: Value;
  /** The best move at the root; −1 when the root is terminal or the depth is 0. */
  move: Move;
  /** The principal variation: the moves of best play from the root. */
  pv: Move[];
  /** What the search counted. */
  stats: S;
}

/** Depth and window options shared by the searchers. */
export interface SearchOptions {
  /** Plies to search; at the limit a position is evaluated. Default: to the end of the game or tree. */
  depth?: number;
}

/**
 * What a searcher with a node or time budget (`maxNodes`, `timeMs`) says
 * about its answer, so that a value cut short is never mistaken for the
 * full search's.
 *
 * @example A node budget stops iterative deepening early, and says so
 * ```ts
 * import assert from "node:assert/strict";
 * import { iterativeDeepening, TicTacToe } from "../../mod.ts";
 * const cut = iterativeDeepening(TicTacToe.empty(), { maxNodes: 100 });
 * assert.ok(cut.stoppedByBudget && !cut.exact && cut.completedDepth < 9);
 * const full = iterativeDeepening(TicTacToe.empty());
 * assert.ok(!full.stoppedByBudget && full.exact && full.value === 0);
 * ```
 */
export interface BudgetReport {
  /** True when `maxNodes` or `timeMs` stopped the search before it finished. */
  stoppedByBudget: boolean;
  /**
   * The depth limit of the last root search that finished: the returned
   * value, move and PV are that search's (0 when none finished: then the
   * value is the root's `evaluate()` and the move is −1; `Infinity` after
   * one search without a depth limit, as aspiration with `guess` runs).
   */
  completedDepth: number;
  /**
   * True when the value is the answer the search was asked for: the
   * requested depth (or, without one, the end of every line) was completed.
   * False when a budget cut the search short, so the value is only
   * `completedDepth`'s.
   */
  exact: boolean;
}
