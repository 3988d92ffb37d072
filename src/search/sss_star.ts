/**
 * SSS* (lesson 002, T002.3) in Plaat's MT-SSS* form: Stockman's best-first
 * search rewritten as a sequence of null-window alpha-beta passes from +∞
 * downwards over a transposition table, with the same leaves expanded and
 * no OPEN list.
 *
 * @module
 */

import { NO_MOVE, type Position, VALUE_INFINITE } from "../position.ts";
import type { ExtendedStats } from "../stats.ts";
import { checkOptions } from "../validate.ts";
import {
  createDeepContext,
  deepNode,
  type DeepSearchOptions,
} from "./_deep_search.ts";
import { DEEP_SEARCH_OPTION_KEYS } from "./_search_context.ts";
import { DEFAULT_TABLE_ENTRIES } from "./mtdf.ts";
import type { SearchResult } from "./search_result.ts";
import { TranspositionTable } from "./transposition_table.ts";

/**
 * SSS* as MT-SSS* (Plaat, Schaeffer, Pijls, de Bruin 1996): g = +∞; repeat
 * γ = g, g = null-window search (γ − 1, γ) until g = γ. Each pass lowers the
 * upper bound on the root; the table keeps every proved bound, so a pass
 * re-expands nothing it has settled. The moves are tried in natural order
 * by default (the table is used for bounds, not for ordering), which is what
 * makes it expand a subset of the leaves alpha-beta expands with the same
 * order, as Stockman proved for SSS* — provided the table holds the whole
 * searched tree (a colliding table keeps the value right and costs nodes).
 * A fresh table of {@linkcode DEFAULT_TABLE_ENTRIES} entries is made when
 * `tt` is not given.
 *
 * Bound contract: the value is exact (the last pass proves g ≥ γ after an
 * earlier pass proved g ≤ γ) and equals minimax's (to `depth` when given).
 *
 * @param position the root; left as it was found
 * @param options `depth`, and `tt`, `order` (default `"natural"`), `failHard`,
 *   `maxMove` as for {@linkcode alphaBeta}
 * @returns value, best move, a PV from the table, {@linkcode ExtendedStats}
 *   (`passes`: null-window passes)
 * @throws {Error} on an unknown or bad option (naming `sssStar`, the option,
 *   the value and the rule), or `failHard: true` (a fail-hard pass returns
 *   only beta − 1 or beta, so the bound would creep by one per pass); a bad
 *   leaf value, a line deeper than {@linkcode MAX_PLY}, or a throw from the
 *   position or scorer ends the search with that error, the position restored
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
): SearchResult<ExtendedStats> {
  checkOptions("sssStar", options, DEEP_SEARCH_OPTION_KEYS);
  if (options?.failHard === true) {
    throw new Error(
      "sssStar: SSS* needs fail-soft passes: with failHard each pass moves its bound by one, so it is refused",
    );
  }
  const tt = options?.tt === undefined
    ? new TranspositionTable({ entries: DEFAULT_TABLE_ENTRIES })
    : options.tt;
  const [c, depth] = createDeepContext(position, {
    ...options,
    tt,
    order: options?.order === undefined ? "natural" : options.order,
  }, "sssStar");
  let g = VALUE_INFINITE;
  let gamma: number;
  let move = NO_MOVE;
  do {
    gamma = g;
    c.startSearch();
    c.stats.passes++;
    g = deepNode(c, 0, depth, gamma - 1, gamma);
    if (g >= gamma) move = c.rootMove;
  } while (g !== gamma);
  c.rootMove = move;
  c.pvLength[0] = 0;
  return c.deepResult(g, depth, false);
}
