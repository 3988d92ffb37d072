/**
 * Aspiration windows (lesson 002, T002.2): search a narrow window around a
 * guess and pay a re-search only when the value falls outside it.
 *
 * ## The search
 *
 * {@linkcode aspiration} searches a window of half-width `delta` around a
 * guess; on a fail-low the lower side is opened (alpha = −∞), on a fail-high
 * the upper side, and the search is repeated (`stats.researches`;
 * `stats.passes` counts every root search). Without `guess`, iterative
 * deepening supplies the previous depth's value as the guess at each depth.
 * The options: `delta`, `guess`, `depth`, `maxNodes`, `timeMs`, and `tt`,
 * `exactDepth`, `order`, `failHard`, `maxMove`, `interrupt` and the
 * selective options as for {@linkcode alphaBeta}; any other key is an error.
 *
 * ## Table contract
 *
 * Lesson 003: an entry keeps value, depth and bound type, and answers a node
 * only if it was searched at least as deep as the node needs; the default
 * rule. Without `depth` the value is always minimax's. With `depth` it is
 * `minimax(position, { depth })`'s when `exactDepth` is true (an entry is
 * used only at exactly the needed depth if a fixed-depth search like this
 * one stored it, never one of a default-rule, quiescence or selective
 * search, or if its subtree ended within it), or when the table starts
 * empty and no position is reached at two different depths from the root
 * (tic-tac-toe, Connect Four, trees: the position fixes its ply). Otherwise (Nim, where taking two counters at once
 * or one twice reaches the same heaps; or a table kept from a deeper search)
 * an entry from a deeper search may answer a shallower node, and aspiration
 * (its last window's search) returns the value of a search at least `depth`
 * plies deep along every line (each position fewer than `depth` plies from
 * the root expanded, each deeper one evaluated or searched further): the
 * minimax value of one such tree.
 *
 * ## The principal variation
 *
 * `move` is always `pv[0]`. When the value is exact and is fixed-depth
 * minimax's (the cases above), `pv` is a legal line that ends at a finished
 * game or exactly `depth` plies deep, and its end's `evaluate()`, negated
 * once per ply, is the value, with a table of any size: the search's own
 * line, completed where a table cut truncated it by probe searches that read
 * the table without writing it (not counted in `stats`). When a deeper entry
 * answered, the line is probed on past `depth` where it must be (as a deeper
 * search went) to an end whose value is the value, and stops early only if
 * no move's probe confirms the expected value.
 *
 * ## Budgets
 *
 * The result carries a budget report ({@linkcode BudgetReport}). Without
 * `guess` the search is iterative deepening's, an anytime one: when
 * `maxNodes` or `timeMs` (without `depth` or either, `DEFAULT_MAX_NODES`
 * nodes) stops it, `stoppedByBudget` is true, the value, move and PV are
 * the last finished depth's (`completedDepth`, at least 1: depth 1 always
 * finishes), and `exact` is false.
 *
 * With `guess` it is one search and its re-searches, a one-shot search as
 * {@linkcode alphaBeta} is. Stopped by the caller's `maxNodes` or `timeMs`
 * (or `interrupt`), `stoppedByBudget` is true, `completedDepth` 0, `exact`
 * false, and `move` is the root move that proved the best lower bound of
 * the root's value, `value` that bound, `pv` its line (or the move alone):
 * a move the stopped pass finished above its alpha (its value, a lower
 * bound of the move's), or the move of an earlier pass that failed high
 * (that pass's value), whichever is higher. With neither, `move` is −1,
 * `pv` empty and the value the root's `evaluate()` (if that throws, an
 * `Error` naming `aspiration` and the budget). Stopped by
 * the default budget (no `depth`, no `maxNodes`, no finite `timeMs`), it
 * throws an `Error` naming `aspiration` and `DEFAULT_MAX_NODES`, as the
 * one-shot searchers do: the caller set no budget, so asked for the exact
 * value, and the root's static value is not that.
 *
 * `exact` is true only when the requested depth (or the end of every line)
 * was completed.
 *
 * ## Errors
 *
 * An unknown option key or a bad option value (`delta` an integer in
 * 1…999,999, `guess` an integer strictly inside ±VALUE_INFINITE, budgets
 * positive, …) is an `Error` naming `aspiration`, the option, the value and
 * the rule, before the search starts; a bad leaf value, a line longer than
 * {@linkcode MAX_PLY}, or a throw from the position or the `order` scorer
 * ends the search with that error, the position restored.
 *
 * @example A node budget that runs out is reported, never silent
 * ```ts
 * import assert from "node:assert/strict";
 * import { aspiration, TicTacToe } from "../../mod.ts";
 * const result = aspiration(TicTacToe.empty(), { maxNodes: 500 });
 * assert.ok(result.stoppedByBudget && !result.exact);
 * assert.ok(result.completedDepth >= 1 && result.completedDepth < 9);
 * ```
 *
 * @module
 */

import { NO_MOVE, type Position, VALUE_INFINITE } from "../position.ts";
import type { ExtendedStats } from "../stats.ts";
import { DeepContext, deepNode } from "./_deep_search.ts";
import { defaultBudgetError, UNLIMITED_DEPTH } from "./_search_context.ts";
import type { DeepSearchOptions } from "./deep_search_options.ts";
import { iterativeDeepening } from "./iterative_deepening.ts";
import type { BudgetReport, SearchResult } from "./search_result.ts";
import { handOn, resolveSearchSettings } from "./search_settings.ts";

/** Options of {@linkcode aspiration}. */
export interface AspirationOptions extends DeepSearchOptions {
  /** Half-width of the window (default 1: the window holds the guess alone). */
  delta?: number;
  /**
   * The guess: one search with the window (guess − delta, guess + delta).
   * Without it, iterative deepening guesses each depth's value from the
   * previous depth (the usual way).
   */
  guess?: number;
  /**
   * Node budget, as for {@linkcode iterativeDeepening}. With `guess` it
   * bounds the one search and its re-searches: when it runs out, the result
   * is the best lower bound proved, with its move, or the root's
   * `evaluate()` and move −1 when none was, with `completedDepth` 0 and
   * `exact` false (module doc, Budgets).
   * With `guess` and without `depth`, `maxNodes` or a finite `timeMs`, the
   * default budget (`DEFAULT_MAX_NODES`) running out is an error, as for
   * {@linkcode alphaBeta} (module doc, Budgets).
   */
  maxNodes?: number;
  /** Time budget in milliseconds; same rules as `maxNodes`. */
  timeMs?: number;
}

/** The result of {@linkcode aspiration}: a search result with its budget report. */
export interface AspirationResult
  extends SearchResult<ExtendedStats>, BudgetReport {}

/**
 * Aspiration search (T002.2): a window of half-width `delta` around a guess,
 * re-searched with the failing side opened; without `guess`, iterative
 * deepening guesses each depth's value from the previous depth's.
 *
 * Bound contract: re-searches continue until the value lies strictly inside
 * the window or on an open side, so the value is always exact and equals
 * minimax's (to `depth` when given, under the module doc's table contract).
 * Only a budget breaks it: without `guess`, the value is exact for the last
 * finished depth; with `guess`, a stop by the caller's budget gives a lower
 * bound (or the root's `evaluate()` with move −1), and a stop by the
 * default one an error (module doc, Budgets).
 *
 * @param position the root; left as it was found, also when the search throws
 * @param options `delta`, `guess`, `depth`, budgets, alphaBeta's deep options
 * @returns value, best move, PV, {@linkcode ExtendedStats}, budget report
 * @throws {Error} on a bad option or leaf value, a line deeper than
 *   {@linkcode MAX_PLY}, what the position or scorer threw, or (with
 *   `guess`, without `depth` or a budget) when the default budget
 *   `DEFAULT_MAX_NODES` stops the search
 *
 * @example A good guess costs one narrow search; a bad one a re-search
 * ```ts
 * import assert from "node:assert/strict";
 * import { aspiration, TicTacToe } from "../../mod.ts";
 * const good = aspiration(TicTacToe.empty(), { guess: 0 });
 * const bad = aspiration(TicTacToe.empty(), { guess: 1 });
 * assert.ok(good.value === 0 && good.stats.researches === 0);
 * assert.ok(bad.value === 0 && bad.stats.researches === 1);
 * ```
 */
export function aspiration(
  position: Position,
  options?: AspirationOptions,
): AspirationResult {
  const settings = resolveSearchSettings("aspiration", options);
  const guess = settings.guess;
  if (guess === null) {
    const result = iterativeDeepening(position, handOn(settings));
    return {
      value: result.value,
      move: result.move,
      pv: result.pv,
      stats: result.stats,
      stoppedByBudget: result.stoppedByBudget,
      completedDepth: result.completedDepth,
      exact: result.exact,
    };
  }
  // Budgets (DEFAULT_MAX_NODES without depth or budget) armed, and reported.
  const c = new DeepContext(position, settings);
  const depth = settings.depth;
  const delta = settings.aspirationDelta!;
  let alpha = Math.max(-VALUE_INFINITE, guess - delta);
  let beta = Math.min(VALUE_INFINITE, guess + delta);
  // The lower bound a finished pass proved by failing high, with its move.
  let provedMove = NO_MOVE;
  let provedValue = -VALUE_INFINITE;
  for (;;) {
    c.startSearch();
    c.stats.passes++;
    const value = deepNode(c, 0, depth, alpha, beta);
    if (c.aborted) {
      // One search, no depth finished: nothing proved to report as a value
      // the caller, who set no budget, asked for exactly (as alphaBeta).
      if (c.stoppedByDefault(settings.byDefault)) {
        throw defaultBudgetError("aspiration");
      }
      // A root move the cut pass finished above alpha is worth at least its
      // value; one at or below alpha only at most (fail-soft), so it proves
      // nothing. Report the better lower bound, the cut pass's or an
      // earlier fail-high's, as the one-shot searchers report theirs.
      const raised = c.rootMove !== NO_MOVE && c.rootValue > alpha;
      if (!raised || c.rootValue < provedValue) {
        c.rootMove = provedMove;
        c.rootValue = provedValue;
        c.clearLine(0);
      }
      return c.stoppedResult();
    }
    if (value <= alpha && alpha > -VALUE_INFINITE) alpha = -VALUE_INFINITE;
    else if (value >= beta && beta < VALUE_INFINITE) {
      beta = VALUE_INFINITE;
      provedMove = c.rootMove;
      provedValue = value;
    } else {
      return {
        ...c.deepResult(value, depth, true),
        stoppedByBudget: false,
        completedDepth: depth === UNLIMITED_DEPTH ? Infinity : depth,
        exact: true,
      };
    }
    c.stats.researches++;
  }
}
