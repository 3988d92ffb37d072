/**
 * Principal variation search, also called NegaScout (lesson 002, T002.3):
 * the first move gets the full window, every other move first a null-window
 * test "can it beat alpha?", and only a move that passes is searched again.
 *
 * ## The search
 *
 * {@linkcode pvs} runs over the shared alpha-beta node: at every node, moves
 * after the first are tested with the null window (alpha, alpha + 1); a test
 * that returns a value strictly inside (alpha, beta) is re-searched with the
 * full window (`stats.researches`). The options: `depth`, `alpha`, `beta`,
 * and `tt`, `exactDepth`, `order`, `failHard`, `maxMove`, the budgets
 * (`maxNodes`, `timeMs`, `interrupt`) and the selective options as for
 * {@linkcode alphaBeta}; any other key is an error.
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
 * an entry from a deeper search may answer a shallower node, and pvs returns
 * the value of a search at least `depth` plies deep along every line (each
 * position fewer than `depth` plies from the root expanded, each deeper one
 * evaluated or searched further): the minimax value of one such tree.
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
 * ## Errors
 *
 * An unknown option key or a bad option value is an `Error` naming `pvs`,
 * the option, the value and the rule, before the search starts; a leaf value
 * that is not an integer strictly inside ±VALUE_INFINITE, a line longer than
 * {@linkcode MAX_PLY}, or a throw from the position or the `order` scorer
 * ends the search with that error, the position restored.
 *
 * @module
 */

import type { Position } from "../position.ts";
import type { ExtendedStats } from "../stats.ts";
import { DeepContext, deepNode, oneShotResult } from "./_deep_search.ts";
import type { DeepSearchOptions } from "./deep_search_options.ts";
import type { BudgetReport, SearchResult } from "./search_result.ts";
import { resolveSearchSettings } from "./search_settings.ts";

/** Options of {@linkcode pvs}. */
export interface PvsOptions extends DeepSearchOptions {
  /** Lower end of the root window (default −VALUE_INFINITE). */
  alpha?: number;
  /** Upper end of the root window (default +VALUE_INFINITE). */
  beta?: number;
}

/**
 * Principal variation search, or NegaScout (T002.3): each move after the
 * first is tested with the null window (alpha, alpha + 1) and re-searched
 * with the full window only if the test lands strictly inside (alpha, beta).
 *
 * Bound contract (fail-soft, as {@linkcode alphaBeta}): for the root window
 * (alpha, beta), `r <= alpha` is an upper bound, `r >= beta` a lower bound,
 * in between exact; with the default window the value is exact and equals
 * minimax's (to `depth` when given, under the module doc's table contract).
 *
 * @param position the root; left as it was found, also when the search throws
 * @param options `depth`, `alpha`, `beta`, `tt`, `exactDepth`, `order`, …
 * @returns value, best move, principal variation and {@linkcode ExtendedStats}
 * @throws {Error} on an unknown or bad option, a bad leaf value, a line
 *   deeper than {@linkcode MAX_PLY}, or what the position or scorer threw
 *
 * @example Same value as alpha-beta on a best-first tree, re-searches counted
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, pvs, UniformTree } from "../../mod.ts";
 * const tree = new UniformTree({ branching: 3, depth: 6, seed: 1, order: "best-first" });
 * const result = pvs(tree);
 * assert.ok(result.value === alphaBeta(tree).value && result.stats.researches === 0);
 * ```
 */
export function pvs(
  position: Position,
  options?: PvsOptions,
): SearchResult<ExtendedStats> & BudgetReport {
  const settings = resolveSearchSettings("pvs", options);
  const { alpha, beta, depth } = settings;
  const c = new DeepContext(position, settings);
  c.pvs = true;
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
