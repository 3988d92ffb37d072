/**
 * Aspiration windows (lesson 002, T002.2): search a narrow window around a
 * guess and pay a re-search only when the value falls outside it.
 *
 * @module
 */

import { type Position, VALUE_INFINITE } from "../position.ts";
import type { ExtendedStats } from "../stats.ts";
import {
  createDeepContext,
  deepNode,
  type DeepSearchOptions,
} from "./_deep_search.ts";
import {
  iterativeDeepening,
  type IterativeDeepeningOptions,
} from "./iterative_deepening.ts";
import type { SearchResult } from "./search_result.ts";

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
  /** Node budget, as for {@linkcode iterativeDeepening} (without `guess`). */
  maxNodes?: number;
  /** Time budget, as for {@linkcode iterativeDeepening} (without `guess`). */
  timeMs?: number;
}

/**
 * Aspiration search: a window of half-width `delta` around a guess; on a
 * fail-low the lower side is opened (alpha = −∞), on a fail-high the upper
 * side, and the search is repeated (`stats.researches`; `stats.passes`
 * counts every root search). Without `guess`, iterative deepening supplies
 * the previous depth's value as the guess at each depth.
 *
 * Bound contract: re-searches continue until the value lies strictly inside
 * the window or on an open side, so the value is always exact and equals
 * minimax's (to `depth` when given, under the table contract below).
 *
 * Table contract (lesson 003: an entry keeps value, depth and bound type,
 * and answers a node only if it was searched at least as deep as the node
 * needs; the default rule). Without `depth` the value is always minimax's. With `depth` it is
 * `minimax(position, { depth })`'s when `exactDepth` is true (an entry is
 * used only at exactly the needed depth, or if its subtree ended within
 * it), or when the table starts empty and no position is reached at two
 * different depths from the root (tic-tac-toe, Connect Four, trees: the
 * position fixes its ply). Otherwise (Nim, where taking two
 * counters at once or one twice reaches the same heaps; or a table kept from
 * a deeper search) an entry from a deeper search may answer a shallower
 * node, and aspiration (its last window's search) returns the value of a search at least `depth` plies deep
 * along every line (each position fewer than `depth` plies from the root
 * expanded, each deeper one evaluated or searched further):
 * the minimax value of one such tree.
 *
 * The PV (`move` is always `pv[0]`): when the value is exact and is
 * fixed-depth minimax's (the cases above), `pv` is a legal line that ends at
 * a finished game or exactly `depth` plies deep, and its end's `evaluate()`,
 * negated once per ply, is the value, with a table of any size: the search's
 * own line, completed where a table cut truncated it by probe searches that
 * read the table without writing it (not counted in `stats`). When a
 * deeper entry answered, the line is probed on past `depth` where it must
 * be (as a deeper search went) to an end whose value is the value, and
 * stops early only if no move's probe confirms the expected value.
 *
 * @param position the root; left as it was found
 * @param options `delta`, `guess`, `depth`, `maxNodes`, `timeMs`, and `tt`,
 *   `exactDepth`, `order`, `failHard`, `maxMove` as for {@linkcode alphaBeta}
 * @returns value, best move, principal variation and {@linkcode ExtendedStats}
 * @throws {Error} on a bad option
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
): SearchResult<ExtendedStats> {
  const delta = options?.delta ?? 1;
  if (!Number.isInteger(delta) || delta < 1 || delta >= VALUE_INFINITE) {
    throw new Error(
      `Aspiration delta must be a positive integer, got ${String(delta)}`,
    );
  }
  const guess = options?.guess;
  if (guess === undefined) {
    const { delta: _delta, guess: _guess, ...rest } = options ?? {};
    const idOptions: IterativeDeepeningOptions = {
      ...rest,
      aspirationDelta: delta,
    };
    const result = iterativeDeepening(position, idOptions);
    return {
      value: result.value,
      move: result.move,
      pv: result.pv,
      stats: result.stats,
    };
  }
  if (!Number.isInteger(guess) || Math.abs(guess) >= VALUE_INFINITE) {
    throw new Error(
      `Aspiration guess must be an integer within ±${VALUE_INFINITE}, got ${
        String(guess)
      }`,
    );
  }
  const [c, depth] = createDeepContext(position, options);
  let alpha = Math.max(-VALUE_INFINITE, guess - delta);
  let beta = Math.min(VALUE_INFINITE, guess + delta);
  for (;;) {
    c.startSearch();
    c.stats.passes++;
    const value = deepNode(c, 0, depth, alpha, beta);
    if (value <= alpha && alpha > -VALUE_INFINITE) alpha = -VALUE_INFINITE;
    else if (value >= beta && beta < VALUE_INFINITE) beta = VALUE_INFINITE;
    else return c.deepResult(value, depth, true);
    c.stats.researches++;
  }
}
