/**
 * SSS* (lesson 002, T002.3) in Plaat's MT-SSS* form: Stockman's best-first
 * search rewritten as a sequence of null-window alpha-beta passes from +∞
 * downwards over a transposition table, with the same leaves expanded and
 * no OPEN list.
 *
 * ## The passes
 *
 * {@linkcode sssStar} is MT-SSS* (Plaat, Schaeffer, Pijls, de Bruin 1996):
 * g = +∞; repeat γ = g, g = null-window search (γ − 1, γ) until g = γ. Each
 * pass lowers the upper bound on the root; the table keeps every proved
 * bound, so a pass re-expands nothing it has settled. The moves are tried in
 * natural order by default (the table is used for bounds, not for ordering),
 * which is what makes it expand a subset of the leaves alpha-beta expands
 * with the same order, as Stockman proved for SSS* — provided the table
 * holds the whole searched tree (a colliding table keeps the value right and
 * costs nodes). A fresh table of {@linkcode DEFAULT_TABLE_ENTRIES} entries is
 * made when `tt` is not given. The options: `depth`, and `tt`, `exactDepth`,
 * `order` (default `"natural"`), `maxMove` as for {@linkcode alphaBeta};
 * `failHard` only as false (its passes must be fail-soft, see Errors).
 * `stats.passes` counts the null-window passes.
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
 * an entry from a deeper search may answer a shallower node, and sssStar
 * returns the value of a search at least `depth` plies deep along every line
 * (each position fewer than `depth` plies from the root expanded, each deeper
 * one evaluated or searched further): a value between the smallest and the
 * largest minimax value of such trees (the passes combine bounds that
 * different entries proved).
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
 * no move's probe confirms the expected value. The probes are
 * capped, all of them together, at 64 times the search's nodes plus
 * 100,000, and are outside `maxNodes`: on a line the probes cannot re-prove
 * within that, `pv` ends early, short of those promises, and `move` and
 * `value` are unaffected. That happens on forced lines of hundreds of plies
 * whatever the table's size (the probe at each ply re-proves the rest of
 * the line, so the work grows with the square of its length: a chain of
 * 1,000 single moves gets 262 plies with 2^16 entries).
 *
 * ## Errors
 *
 * An unknown or bad option is an `Error` naming `sssStar`, the option, the
 * value and the rule; so is `failHard: true` (a fail-hard pass returns only
 * beta − 1 or beta, so the bound would creep by one per pass). A bad leaf
 * value, a line deeper than {@linkcode MAX_PLY}, or a throw from the
 * position or scorer ends the search with that error, the position restored.
 *
 * @example Nim: a deeper table entry answers a shallower node, unless exactDepth
 * ```ts
 * import assert from "node:assert/strict";
 * import { minimax, Nim, sssStar } from "../../mod.ts";
 * // Heaps are reached again after one move or after two: entries from
 * // deeper searches see that heaps 3 and 3 are lost (−1), depth 5 alone not.
 * assert.equal(minimax(new Nim([3, 3]), { depth: 5 }).value, 0);
 * assert.equal(sssStar(new Nim([3, 3]), { depth: 5 }).value, -1);
 * const exact = sssStar(new Nim([3, 3]), { depth: 5, exactDepth: true });
 * assert.ok(exact.value === 0 && exact.move === exact.pv[0]);
 * ```
 *
 * @module
 */

import { NO_MOVE, type Position, VALUE_INFINITE } from "../position.ts";
import type { ExtendedStats } from "../stats.ts";
import { DeepContext, deepNode } from "./_deep_search.ts";
import { defaultBudgetError, finishedReport } from "./_search_context.ts";
import type { DeepSearchOptions } from "./deep_search_options.ts";
import type { BudgetReport, SearchResult } from "./search_result.ts";
import { resolveSearchSettings } from "./search_settings.ts";

/**
 * SSS* as MT-SSS* (T002.3; Plaat et al. 1996): g = +∞; repeat γ = g,
 * g = null-window search (γ − 1, γ) until g = γ, over a transposition table
 * (a fresh one without `tt`). Why no more leaves than alpha-beta: module doc.
 *
 * Bound contract: the value is γ of the first pass that fails high (it
 * proves a value ≥ γ after an earlier pass proved ≤ γ), so it is exact and
 * equals minimax's (to `depth` when given, under the module doc's table
 * contract).
 *
 * @param position the root; left as it was found, also when the search throws
 * @param options `depth`, `tt`, `exactDepth`, `order` (default `"natural"`), …
 * @returns value, best move (`pv[0]`), PV, {@linkcode ExtendedStats} (`passes`)
 * @throws {Error} on a bad option, `failHard: true`, a bad leaf value, a line
 *   deeper than {@linkcode MAX_PLY}, or what the position or scorer threw
 *
 * @example Alpha-beta's value on tic-tac-toe in three passes and far fewer nodes
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, sssStar, TicTacToe } from "../../mod.ts";
 * const best = sssStar(TicTacToe.empty()), ab = alphaBeta(TicTacToe.empty());
 * assert.equal(best.value, ab.value);
 * assert.ok(best.stats.nodes < ab.stats.nodes / 3);
 * ```
 */
export function sssStar(
  position: Position,
  options?: DeepSearchOptions,
): SearchResult<ExtendedStats> & BudgetReport {
  // A fresh table without `tt`, natural order without `order`; failHard
  // and tableCutoffs false refused.
  const settings = resolveSearchSettings("sssStar", options);
  const { depth, byDefault } = settings;
  const c = new DeepContext(position, settings);
  let g = VALUE_INFINITE;
  let gamma: number;
  let move = NO_MOVE;
  do {
    gamma = g;
    c.startSearch();
    c.stats.passes++;
    g = deepNode(c, 0, depth, gamma - 1, gamma);
    if (c.aborted) {
      if (c.stoppedByDefault(byDefault)) throw defaultBudgetError("sssStar");
      // Every pass so far failed low: only upper bounds are known.
      c.rootMove = NO_MOVE;
      return c.stoppedResult();
    }
    if (g >= gamma) move = c.rootMove;
    // Stop on any fail-high: with consistent bounds it returns gamma itself,
    // but a deeper table entry can make it return more, and restarting from
    // that higher gamma could cycle for ever (Nim [1, 4, 2], depth 6, three
    // entries). The value is proved >= gamma and was proved <= gamma before.
  } while (g < gamma);
  c.rootMove = move;
  return {
    ...c.deepResult(gamma, depth, true, false),
    ...finishedReport(depth),
  };
}
