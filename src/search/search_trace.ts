/**
 * What alpha-beta did at each node, recorded while it searches: the window
 * each node was entered with, the value it returned, and which children it
 * never visited. The walkthrough diagrams of lessons 000 and 001 (T000.1,
 * T000.8, T001.1, T001.2) are drawn from this record, not by hand.
 *
 * @module
 */

import type { Move, Value } from "../position.ts";
import { describe } from "../validate.ts";

/**
 * The hook {@linkcode alphaBeta} calls when `options.trace` is given: once per
 * node, when the node has returned (post-order, so a node is reported after
 * all its children). Window and value are from the view of the side to move
 * at that node, as the negamax recursion sees them. It is called with every
 * other option of `alphaBeta` too (`tt`, `order`, `failHard`, `maxMove`); with
 * a table, a node settled by an entry is reported without children and with
 * `fromTable` true. If `node` throws, the search stops with that error and
 * the position is restored.
 *
 * A search may end before its root is reported: a budget stops it, or the
 * position, an order scorer or the trace itself throws. What the trace was
 * told of that search is then incomplete; `begin`, when the trace has it, is
 * called at the entry of every search (before any `node`), so that a trace
 * kept from one search to the next can drop what an unfinished one left.
 */
export interface SearchTrace {
  /**
   * Optional: a new search starts (called once, at its entry, before any
   * `node`; also when the last search did not finish). If it throws, the
   * search stops with that error before touching the position.
   */
  begin?(): void;
  /**
   * A node at `ply` (0 = the root), reached by `move` (−1 for the root), was
   * entered with the window (alpha, beta) and returned `value`; `fromTable`
   * is true when a transposition-table entry settled it without a search
   * (its value is then a bound unless it lies inside the window).
   */
  node(
    ply: number,
    move: Move,
    alpha: Value,
    beta: Value,
    value: Value,
    fromTable?: boolean,
  ): void;
}

/** One node of a recorded search, values from MAX's (the root mover's) view. */
export interface TracedNode {
  /** Plies from the root. */
  ply: number;
  /** The move that led here from the parent (−1 at the root). */
  move: Move;
  /** Whether MAX (the root's mover) is to move here. */
  isMax: boolean;
  /** Lower end of the window when the node was entered, from MAX's view. */
  alpha: Value;
  /** Upper end of the window when the node was entered, from MAX's view. */
  beta: Value;
  /** The value the node returned, from MAX's view. */
  value: Value;
  /**
   * What `value` means: `"exact"` inside the window, `"upper"` (the true
   * value is ≤ value) when it fell at or below alpha, `"lower"` (≥ value)
   * at or above beta — the fail-soft bound contract. A leaf is exact; a node
   * settled by a table entry is read against its window like an inner node.
   */
  bound: "exact" | "upper" | "lower";
  /** Whether the node stopped early because alpha ≥ beta (an inner node only). */
  cut: boolean;
  /** The children the search entered, in the order it entered them. */
  children: TracedNode[];
}

/**
 * Records an alpha-beta search as a tree of {@linkcode TracedNode}s. Each
 * search starts the record afresh ({@linkcode TraceRecorder.begin}), so one
 * recorder may serve many searches, also after one that a budget stopped or
 * an error ended: {@linkcode TraceRecorder.root} then shows the last search
 * if it finished, and throws otherwise.
 *
 * @example Lesson 001's tree (T001.1): node C is cut after its first leaf
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, ExplicitTree, TraceRecorder } from "../../mod.ts";
 * const trace = new TraceRecorder();
 * alphaBeta(ExplicitTree.from([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), { trace });
 * const [b, c, d] = trace.root().children;
 * assert.ok(b!.value === 3 && b!.bound === "exact");
 * assert.ok(c!.cut && c!.children.length === 1 && c!.alpha === 3);
 * assert.ok(d!.cut && d!.children.length === 3); // T001.2: cut too late
 * ```
 */
export class TraceRecorder implements SearchTrace {
  /** Nodes reported but not yet attached to their parent, deepest last. */
  readonly #pending: TracedNode[] = [];
  #root: TracedNode | null = null;
  readonly #rootTurn: 1 | -1;

  /**
   * An empty recorder, for one search at a time (each search replaces the last).
   *
   * @param rootTurn the root position's `turn()`: +1 (default) when MAX
   *   moves at the root, so that values are shown from MAX's view
   * @throws {Error} when `rootTurn` is neither 1 nor −1
   */
  constructor(rootTurn: 1 | -1 = 1) {
    if (rootTurn !== 1 && rootTurn !== -1) {
      throw new Error(
        `new TraceRecorder: rootTurn must be 1 or -1, got ${
          describe(rootTurn)
        }`,
      );
    }
    this.#rootTurn = rootTurn;
  }

  /**
   * Forgets everything recorded so far: the search that calls it starts a
   * new record (see {@linkcode SearchTrace.begin}). A search that a budget
   * stopped, or an error ended, leaves nodes never filed under a root, and
   * its root unreported; without this they would hang under the next
   * search's nodes, and `root()` would show the search before.
   *
   * @example A stopped search, then a full one: the same record as a fresh recorder's
   * ```ts
   * import assert from "node:assert/strict";
   * import { alphaBeta, ExplicitTree, TraceRecorder } from "../../mod.ts";
   * const tree = ExplicitTree.from([[3, 12, 8], [2, 4, 6], [14, 5, 2]]);
   * const kept = new TraceRecorder();
   * alphaBeta(tree, { trace: kept });
   * alphaBeta(tree, { trace: kept, maxNodes: 8 });     // stopped in its third root move
   * assert.throws(() => kept.root(), /no finished search/);
   * alphaBeta(tree, { trace: kept });
   * const fresh = new TraceRecorder();
   * alphaBeta(tree, { trace: fresh });
   * assert.deepEqual(kept.root(), fresh.root());
   * ```
   */
  begin(): void {
    this.#pending.length = 0;
    this.#root = null;
  }

  /** Files a node reported by the search under its parent (see {@linkcode SearchTrace.node}). */
  node(
    ply: number,
    move: Move,
    alpha: Value,
    beta: Value,
    value: Value,
    fromTable = false,
  ): void {
    const sign = (ply & 1) === 0 ? this.#rootTurn : 0 - this.#rootTurn;
    // The children of this node are the pending nodes one ply deeper.
    let first = this.#pending.length;
    while (first > 0 && this.#pending[first - 1]!.ply === ply + 1) first--;
    const children = this.#pending.splice(first);
    const traced: TracedNode = {
      ply,
      move,
      isMax: sign === 1,
      alpha: sign === 1 ? alpha : 0 - beta,
      beta: sign === 1 ? beta : 0 - alpha,
      value: sign * value,
      bound: children.length === 0 && !fromTable
        ? "exact"
        : value <= alpha
        ? "upper"
        : value >= beta
        ? "lower"
        : "exact",
      // Fail-soft alpha-beta leaves a node early exactly when its best value
      // reaches beta (alpha starts below beta and only rises to the best).
      cut: children.length > 0 && value >= beta,
      children,
    };
    // A bound is about the side to move; seen from MIN's node it flips.
    if (sign === -1 && traced.bound !== "exact") {
      traced.bound = traced.bound === "upper" ? "lower" : "upper";
    }
    if (ply === 0) this.#root = traced;
    else this.#pending.push(traced);
  }

  /**
   * The recorded root.
   *
   * @throws {Error} when the last search with this recorder did not finish
   *   (a budget stopped it, or it threw), or none has run
   */
  root(): TracedNode {
    if (this.#root === null) {
      throw new Error(
        "TraceRecorder has no finished search to show: the last search with it was stopped or failed, or none has run",
      );
    }
    return this.#root;
  }
}
