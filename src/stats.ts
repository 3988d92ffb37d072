/**
 * Search instrumentation: plain integer counters on one fixed-shape object,
 * so counting costs an increment and never changes the object's hidden class.
 *
 * @module
 */

/**
 * What a search counted.
 *
 * `steps` is the project's machine-independent cost measure: the number of
 * lines of the course's reference code (lesson 000, the Python function `ab`
 * and the minimax it is derived from) that the search would execute. A node
 * costs 1 for its terminal/depth test; a leaf 1 more for returning its value;
 * an inner node 3 for choosing its branch, initialising `best` and the loop
 * counter, then per child tried: the loop test, the recursive call, the
 * comparison with `best` (+1 when `best` improves) and the loop increment;
 * alpha-beta adds per child the comparison with its bound (+1 when the bound
 * moves) and the test `alpha >= beta` (a cut returns at once, skipping the
 * increment). A node that runs out of children pays the final loop test and
 * its return. A minimax or negamax search that a budget stopped counts the
 * lines run before the node past the budget. Game code (move generation,
 * win tests) is not charged: steps
 * measure the search's own bookkeeping, which is what makes alpha-beta with
 * the worst move order cost more than minimax (T000.5).
 */
export interface SearchStats {
  /** Positions visited, the root and the leaves included. */
  nodes: number;
  /**
   * Calls of `evaluate()`: terminal positions, positions at the depth limit,
   * a selective search's static evaluations at inner nodes, the root of a
   * search stopped before a move was searched. The probes that complete a
   * principal variation past the search are not counted.
   */
  leaves: number;
  /** Nodes left early because `alpha >= beta`. */
  cutoffs: number;
  /** Lines of the course's reference code executed (see above). */
  steps: number;
}

/**
 * A zeroed {@linkcode SearchStats}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createStats } from "./stats.ts";
 * assert.ok(createStats().nodes === 0);
 * ```
 */
export function createStats(): SearchStats {
  return { nodes: 0, leaves: 0, cutoffs: 0, steps: 0 };
}

/**
 * What the searchers of lessons 002 and 003 count on top of
 * {@linkcode SearchStats}. Their `steps` are charged as for alpha-beta: per
 * node, per child tried, per cut; a transposition-table cut costs the node's
 * test and a return (2); quiescence nodes cost as leaves and children do.
 * Table probes, move scoring and sorting are not charged.
 */
export interface ExtendedStats extends SearchStats {
  /**
   * Searches of a move or a root done again: a PVS null-window test that
   * failed high inside the window (searched again with the window), a
   * late-move-reduced move that beat alpha (searched again at full depth;
   * one re-search however many passes that takes), and an aspiration
   * window's fail-low or fail-high (the root searched again with an open
   * side).
   */
  researches: number;
  /**
   * Root searches: 1 for alphaBeta, pvs and quiescence; the null-window
   * passes of MTD(f) and SSS*; each window searched by aspiration, and by
   * iterative deepening one per iteration plus one per aspiration
   * re-search (`aspirationDelta`), an iteration a budget cut included.
   */
  passes: number;
  /** Nodes settled by a transposition-table entry without searching. */
  ttCutoffs: number;
  /** Nodes visited by quiescence search beyond the depth limit (also counted in `nodes`). */
  quiescenceNodes: number;
  /**
   * Children probed by enhanced transposition cutoffs (`enhancedCutoffs`):
   * each one played, its key read and undone without searching it, so it is
   * not counted in `nodes` (nor charged in `steps`).
   */
  etcProbes: number;
  /** Nodes settled by enhanced transposition cutoffs (also counted in `ttCutoffs`). */
  etcCutoffs: number;
}

/**
 * A zeroed {@linkcode ExtendedStats}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createExtendedStats } from "./stats.ts";
 * assert.ok(createExtendedStats().researches === 0);
 * ```
 */
export function createExtendedStats(): ExtendedStats {
  return {
    nodes: 0,
    leaves: 0,
    cutoffs: 0,
    steps: 0,
    researches: 0,
    passes: 0,
    ttCutoffs: 0,
    quiescenceNodes: 0,
    etcProbes: 0,
    etcCutoffs: 0,
  };
}
