/**
 * The options every searcher of lessons 002–003 shares.
 *
 * @module
 */

import type { OrderOption } from "./ordering.ts";
import type { SearchOptions } from "./search_result.ts";
import type { TranspositionTable } from "./transposition_table.ts";

/** Options every searcher of lessons 002–003 accepts. */
export interface DeepSearchOptions extends SearchOptions {
  /**
   * A transposition table (kept between calls: `clear()` it to start
   * afresh). An entry searched at least as deep as a node needs answers it,
   * so a table that holds a deeper search's entries, or a game that reaches
   * one position at several depths, can give a depth-limited search a
   * deeper value than `minimax(position, { depth })`; `exactDepth` prevents
   * that (see {@linkcode alphaBeta} for the whole contract).
   */
  tt?: TranspositionTable;
  /** Move ordering (default `"tt"` with a table, `"natural"` without). */
  order?: OrderOption;
  /** Clamp every result into the node's window (T002.1); default false (fail-soft). */
  failHard?: boolean;
  /**
   * Use a table entry only when it was searched to exactly the depth a node
   * needs (or its subtree ended within it), so that with `depth` the value
   * is always `minimax(position, { depth })`'s, even when a position is
   * reached at different depths (Nim) or the table holds a deeper search's
   * entries. Default false: the engine rule, where any entry at least as
   * deep answers (fewer nodes, and a value that may come from deeper).
   */
  exactDepth?: boolean;
  /**
   * A stop flag another thread may raise (`Atomics.store(flag, 0, 1)`, the
   * flag an `Int32Array` over a `SharedArrayBuffer`): read with the clock
   * every 1,024 nodes, a non-zero first element stops the search as a spent
   * `timeMs` does (`stoppedByBudget`); iterative deepening always finishes
   * depth 1 first, so it has a move. This is how a UCI engine answers
   * `stop` during a long iteration.
   */
  interrupt?: Int32Array;
  /** Size of the history table: moves must be below it (default `position.moveLimit`, else `position.maxMoves`). */
  maxMove?: number;
}
