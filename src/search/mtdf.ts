/**
 * MTD(f) (lesson 002, T002.3): the minimax value found by null-window
 * alpha-beta passes alone, each pass narrowing [lower, upper] around the
 * value, with a transposition table carrying the work from pass to pass.
 *
 * @module
 */

import { NO_MOVE, type Position, VALUE_INFINITE } from "../position.ts";
import type { ExtendedStats } from "../stats.ts";
import { checkInteger, checkOptions } from "../validate.ts";
import {
  createDeepContext,
  deepNode,
  type DeepSearchOptions,
} from "./_deep_search.ts";
import { DEEP_SEARCH_OPTION_KEYS } from "./_search_context.ts";
import type { SearchResult } from "./search_result.ts";
import { TranspositionTable } from "./transposition_table.ts";

/** Entries of the table made when the caller passes none. */
export const DEFAULT_TABLE_ENTRIES = 1 << 16;

/** Options of {@linkcode mtdf}. */
export interface MtdfOptions extends DeepSearchOptions {
  /** First guess f (default 0). */
  guess?: number;
}

/**
 * MTD(f) (Plaat et al.): starting from the guess, repeats null-window
 * alpha-beta passes with beta = g (or g + 1 when g is the lower bound),
 * lowering `upper` on a fail-low and raising `lower` on a fail-high, until
 * they meet. `stats.passes` counts the passes. Needs a transposition table:
 * a fresh one of {@linkcode DEFAULT_TABLE_ENTRIES} entries when `tt` is not
 * given. The PV is read from the table's best moves (MTD(f) has no window in
 * which a PV is exact, as lesson 002 says), so it may be short.
 *
 * Bound contract: the passes stop only when lower = upper, so the value is
 * always exact and equals minimax's (to `depth` when given).
 *
 * @param position the root; left as it was found
 * @param options `guess`, `depth`, and `tt`, `order`, `failHard`, `maxMove`
 *   as for {@linkcode alphaBeta}
 * @returns value, best move (from the last pass that failed high), a PV from
 *   the table, {@linkcode ExtendedStats}
 * @throws {Error} on an unknown or bad option (naming `mtdf`, the option,
 *   the value and the rule), or `failHard: true` (a fail-hard pass returns
 *   only beta − 1 or beta, so the bound would creep by one per pass); a bad
 *   leaf value, a line deeper than {@linkcode MAX_PLY}, or a throw from the
 *   position or scorer ends the search with that error, the position restored
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { minimax, mtdf, UniformTree } from "../../mod.ts";
 * const tree = new UniformTree({ branching: 3, depth: 5, seed: 7 });
 * const result = mtdf(tree, { guess: 50 });
 * assert.ok(result.value === minimax(tree).value && result.stats.passes >= 2);
 * ```
 */
export function mtdf(
  position: Position,
  options?: MtdfOptions,
): SearchResult<ExtendedStats> {
  checkOptions("mtdf", options, [...DEEP_SEARCH_OPTION_KEYS, "guess"]);
  const guess = options?.guess === undefined ? 0 : checkInteger(
    "mtdf",
    "guess",
    options.guess,
    1 - VALUE_INFINITE,
    VALUE_INFINITE - 1,
  );
  if (options?.failHard === true) {
    throw new Error(
      "mtdf: MTD(f) needs fail-soft passes: with failHard each pass moves its bound by one, so it is refused",
    );
  }
  const tt = options?.tt === undefined
    ? new TranspositionTable({ entries: DEFAULT_TABLE_ENTRIES })
    : options.tt;
  const [c, depth] = createDeepContext(position, { ...options, tt }, "mtdf");
  let g = guess;
  let lower = -VALUE_INFINITE;
  let upper = VALUE_INFINITE;
  let move = NO_MOVE;
  while (lower < upper) {
    const beta = g === lower ? g + 1 : g;
    c.startSearch();
    c.stats.passes++;
    g = deepNode(c, 0, depth, beta - 1, beta);
    if (g < beta) {
      upper = g;
    } else {
      lower = g;
      move = c.rootMove;
    }
  }
  c.rootMove = move;
  c.pvLength[0] = 0;
  const result = c.deepResult(g, depth, false);
  return result;
}
