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
