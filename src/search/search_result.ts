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

/** Depth and budget options shared by the searchers. */
export interface SearchOptions {
  /**
   * Plies to search, an integer in 0…2^30 − 1; at the limit a position is
   * evaluated. Default: to the end of the game or tree.
   */
  depth?: number;
  /**
   * Node budget (a positive integer, or `Infinity`): the search stops once it
   * has counted more nodes, and says so ({@linkcode BudgetReport}). Without
   * `depth`, without `maxNodes` and without a finite `timeMs`, the default
   * is `DEFAULT_MAX_NODES` (2^25): the one-shot searchers (aspiration with
   * `guess` among them) then throw rather than cut the value silently, the
   * anytime ones (iterative deepening, aspiration without `guess`) report
   * it. `Infinity` is no node limit at all.
   */
  maxNodes?: number;
  /**
   * Time budget in milliseconds (a positive number, or `Infinity`: no time
   * limit, so without `depth` or `maxNodes` the default node budget still
   * applies); the clock is read every 16 to 1,024 nodes, more often while
   * nodes come slowly.
   */
  timeMs?: number;
}

/**
 * What every searcher of `src/search/` except `mcts` (which reports in its
 * `stats`) says about its node or time budget (`maxNodes`, `timeMs`), so
 * that a value cut short is never mistaken for the full search's. A value
 * outside a narrowed root window is a bound even when the search finished
 * (see `exact`).
 *
 * The one-shot searchers (minimax, negamax, alphaBeta, pvs, quiescence,
 * mtdf, sssStar, aspiration with `guess`) when stopped: `completedDepth` 0,
 * `exact` false, and `move` the best root move searched to the end,
 * `value` its value (a lower bound on the root's value with the default
 * window; for mtdf and aspiration the best lower bound proved), `pv` its
 * line; when there is none (and always for sssStar, whose passes prove
 * upper bounds), `move` −1, `pv` empty and `value` the root's
 * `evaluate()`; if that throws (an inner node
 * of an `ExplicitTree` without a value of its own), the search throws an
 * `Error` naming itself, the budget and its value, with the position's
 * error as `cause` and the position restored. When not stopped:
 * `completedDepth` is the depth (`Infinity` without one), `exact` true.
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
   * True when no budget cut the search: the requested depth (or, without
   * one, the end of every line) was completed, and the value is what the
   * searcher's bound contract promises for its root window. With the
   * default window that is the exact value; with a narrower one (`alpha`,
   * `beta` of alphaBeta, pvs and quiescence) a value strictly inside the
   * window is exact, but one at or below alpha is only an upper bound and
   * one at or above beta only a lower bound, though `exact` is true: it
   * says the search finished, not that the value lies inside the window.
   * False when a budget cut the search short, so the value is only
   * `completedDepth`'s (or a bound: see above).
   */
  exact: boolean;
}
