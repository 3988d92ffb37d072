/**
 * Quiescence search (lesson 003, T003.5): at the depth limit, instead of
 * trusting the static evaluation of a position in the middle of an exchange,
 * play out the noisy moves (captures, checks) until the position is quiet.
 *
 * ## The search
 *
 * {@linkcode quiescence} is alpha-beta to `depth`, then quiescence at the
 * horizon: the side to move may "stand pat" on `evaluate()` (a lower bound:
 * it need not capture) or play one of `generateNoisyMoves()`, recursively,
 * with the same window. Positions without `generateNoisyMoves` stand pat at
 * once, so then this is exactly alpha-beta to `depth` (and without `depth` a
 * search to the end: minimax's value). `stats.quiescenceNodes` counts the
 * nodes past the horizon. The options: `depth`, `alpha`, `beta`, and `tt`,
 * `order`, `failHard`, `maxMove`, the budgets (`maxNodes`, `timeMs`,
 * `interrupt`) and the selective options as for {@linkcode alphaBeta}; any
 * other key is an error.
 *
 * ## Errors
 *
 * An unknown option key or a bad option value is an `Error` naming
 * `quiescence`, the option, the value and the rule, before the search
 * starts; a leaf value that is not an integer strictly inside
 * ±VALUE_INFINITE, a line longer than {@linkcode MAX_PLY}, or a throw from
 * the position or the `order` scorer ends the search with that error, the
 * position restored.
 *
 * @module
 */

import type { Position } from "../position.ts";
import type { ExtendedStats } from "../stats.ts";
import { DeepContext, deepNode, oneShotResult } from "./_deep_search.ts";
import type { DeepSearchOptions } from "./deep_search_options.ts";
import type { BudgetReport, SearchResult } from "./search_result.ts";
import { resolveSearchSettings } from "./search_settings.ts";

/** Options of {@linkcode quiescence}. */
export interface QuiescenceOptions extends DeepSearchOptions {
  /** Lower end of the root window (default −VALUE_INFINITE). */
  alpha?: number;
  /** Upper end of the root window (default +VALUE_INFINITE). */
  beta?: number;
}

/**
 * Quiescence search (T003.5): alpha-beta to `depth`, then at the horizon the
 * side to move may "stand pat" on `evaluate()` (a lower bound: it need not
 * capture) or play one of `generateNoisyMoves()`, recursively, same window.
 * `stats.quiescenceNodes` counts the nodes past the horizon.
 *
 * Bound contract (fail-soft, as {@linkcode alphaBeta}), for the value of the
 * depth-limited tree extended by noisy lines: `r <= alpha` upper bound,
 * `r >= beta` lower bound, exact in between; exact with the default window.
 *
 * @param position the root; left as it was found, also when the search throws
 * @param options `depth`, `alpha`, `beta`, `tt`, `order`, `failHard`, `maxMove`
 * @returns value, best move, principal variation, {@linkcode ExtendedStats}
 * @throws {Error} on an unknown or bad option, a bad leaf value, a line
 *   deeper than {@linkcode MAX_PLY}, or what the position or scorer threw
 *
 * @example Noisy moves on a uniform tree push the horizon out
 * ```ts
 * import assert from "node:assert/strict";
 * import { quiescence, UniformTree } from "../../mod.ts";
 * const tree = new UniformTree({ branching: 3, depth: 8, seed: 3, noisyPercent: 30 });
 * const result = quiescence(tree, { depth: 2 });
 * assert.ok(result.stats.quiescenceNodes > 0);
 * ```
 */
export function quiescence(
  position: Position,
  options?: QuiescenceOptions,
): SearchResult<ExtendedStats> & BudgetReport {
  const settings = resolveSearchSettings("quiescence", options);
  const { alpha, beta, depth } = settings;
  const c = new DeepContext(position, settings);
  c.quiescence = true;
  c.startSearch();
  c.stats.passes = 1;
  const value = deepNode(c, 0, depth, alpha, beta);
  return oneShotResult(
    c,
    value,
    depth,
    alpha < value && value < beta,
    settings.byDefault,
  );
}
