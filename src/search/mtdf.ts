/**
 * MTD(f) (lesson 002, T002.3): the minimax value found by null-window
 * alpha-beta passes alone, each pass narrowing [lower, upper] around the
 * value, with a transposition table carrying the work from pass to pass.
 *
 * ## The passes
 *
 * {@linkcode mtdf} (Plaat et al.): starting from the guess, repeats
 * null-window alpha-beta passes with beta = g (or g + 1 when g is the lower
 * bound), lowering `upper` on a fail-low and raising `lower` on a fail-high,
 * until they meet. `stats.passes` counts the passes. Needs a transposition
 * table: a fresh one of {@linkcode DEFAULT_TABLE_ENTRIES} entries when `tt`
 * is not given. The options: `guess`, `depth`, and `tt`, `exactDepth`,
 * `order`, `maxMove` as for {@linkcode alphaBeta}; `failHard` only as
 * false (its passes must be fail-soft, see Errors).
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
 * an entry from a deeper search may answer a shallower node, and mtdf
 * returns the value of a search at least `depth` plies deep along every line
 * (each position fewer than `depth` plies from the root expanded, each deeper
 * one evaluated or searched further): a value between the smallest and the
 * largest minimax value of such trees (the passes combine bounds that
 * different entries proved).
 *
 * ## The principal variation
 *
 * MTD(f) has no window in which a PV is exact (lesson 002), so the PV is
 * rebuilt after the passes, starting from the move of the last pass that
 * failed high. `move` is always `pv[0]`. When the value is exact and is
 * fixed-depth minimax's (the cases above), `pv` is a legal line that ends at
 * a finished game or exactly `depth` plies deep, and its end's `evaluate()`,
 * negated once per ply, is the value, with a table of any size: the search's
 * own line, completed where a table cut truncated it by probe searches that
 * read the table without writing it (not counted in `stats`). When a deeper
 * entry answered, the line is probed on past `depth` where it must be (as a
 * deeper search went) to an end whose value is the value, and stops early
 * only if no move's probe confirms the expected value. The probes are
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
 * An unknown or bad option is an `Error` naming `mtdf`, the option, the
 * value and the rule; so is `failHard: true` (a fail-hard pass returns only
 * beta − 1 or beta, so the bound would creep by one per pass). A bad leaf
 * value, a line deeper than {@linkcode MAX_PLY}, or a throw from the
 * position or scorer ends the search with that error, the position restored.
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

// Entries of the table made when the caller passes none.
export { DEFAULT_TABLE_ENTRIES } from "./search_settings.ts";

/** Options of {@linkcode mtdf}. */
export interface MtdfOptions extends DeepSearchOptions {
  /** First guess f (default 0). */
  guess?: number;
}

/**
 * MTD(f) (T002.3; Plaat et al.): from the guess, null-window passes (beta = g,
 * or g + 1 when g is the lower bound) lower `upper` on a fail-low and raise
 * `lower` on a fail-high until they meet, over a transposition table.
 *
 * Bound contract: passes stop when lower ≥ upper. In the equality cases of the
 * module doc's table contract every bound is on one value, so they meet: the
 * value is exact, minimax's (to `depth` when given). Else (a deeper entry
 * answered) passes may prove crossing bounds: the last one's, in its range.
 *
 * @param position the root; left as it was found, also when the search throws
 * @param options `guess`, `depth`, `tt` (default: a fresh one), `order`, …
 * @returns value, best move (`pv[0]`), PV, {@linkcode ExtendedStats} (`passes`)
 * @throws {Error} on a bad option, `failHard: true`, a bad leaf value, a line
 *   deeper than {@linkcode MAX_PLY}, or what the position or scorer threw
 *
 * @example On a random tree: minimax's value in two passes or more
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
): SearchResult<ExtendedStats> & BudgetReport {
  // A fresh table without `tt`; failHard and tableCutoffs false refused.
  const settings = resolveSearchSettings("mtdf", options);
  const { depth, byDefault } = settings;
  const c = new DeepContext(position, settings);
  let g = settings.guess ?? 0;
  let lower = -VALUE_INFINITE;
  let upper = VALUE_INFINITE;
  let move = NO_MOVE;
  while (lower < upper) {
    const beta = g === lower ? g + 1 : g;
    c.startSearch();
    c.stats.passes++;
    g = deepNode(c, 0, depth, beta - 1, beta);
    if (c.aborted) {
      if (c.stoppedByDefault(byDefault)) throw defaultBudgetError("mtdf");
      // The best lower bound proved so far, with the move that proved it.
      c.rootMove = move;
      c.rootValue = lower;
      c.clearLine(0);
      return c.stoppedResult();
    }
    if (g < beta) {
      upper = g;
    } else {
      lower = g;
      move = c.rootMove;
    }
  }
  c.rootMove = move;
  return { ...c.deepResult(g, depth, true, false), ...finishedReport(depth) };
}
