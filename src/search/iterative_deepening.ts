/**
 * Iterative deepening (lesson 003, T003.1–T003.3): search depth 1, 2, …,
 * each iteration trying the previous one's best move (or whole PV) first,
 * and stop on a depth, node or time budget with the result of the last
 * finished depth: an answer at any moment, and ordering hints for free.
 *
 * @module
 */

import {
  type Move,
  NO_MOVE,
  type Position,
  VALUE_INFINITE,
} from "../position.ts";
import type { ExtendedStats } from "../stats.ts";
import {
  createDeepContext,
  type DeepContext,
  deepNode,
  type DeepSearchOptions,
} from "./_deep_search.ts";
import { UNLIMITED_DEPTH } from "./_search_context.ts";
import { ORDER_PV } from "./ordering.ts";
import type { SearchResult } from "./search_result.ts";

/** What the previous iteration passes on: nothing, its best move, or its whole principal variation. */
export type PreviousHint = "none" | "move" | "pv";

/** Options of {@linkcode iterativeDeepening}. */
export interface IterativeDeepeningOptions extends DeepSearchOptions {
  /** Stop starting iterations after this many nodes in all; an iteration cut short is discarded. */
  maxNodes?: number;
  /** Stop after this many milliseconds (the clock is read every 1,024 nodes); same rule. */
  timeMs?: number;
  /** What each iteration searches first (default `"move"`: the previous best move). */
  previous?: PreviousHint;
  /**
   * Aspiration half-width: iterations after the first search the window
   * (v − delta, v + delta) around the previous value v and re-search with an
   * open side on a fail-low or fail-high. Default: no aspiration (full window).
   */
  aspirationDelta?: number;
  /**
   * Quiescence at the horizon, as the `quiescence` searcher does: each
   * iteration plays out `generateNoisyMoves()` past its depth (default false).
   */
  quiescence?: boolean;
}

/** One finished iteration. */
export interface DepthRow {
  /** The iteration's depth limit. */
  depth: number;
  /** Its value, from the side to move at the root. */
  value: number;
  /** Its best move. */
  move: Move;
  /** Its principal variation. */
  pv: Move[];
  /** Nodes of this iteration (re-searches included). */
  nodes: number;
  /** Nodes of all iterations so far. */
  cumulativeNodes: number;
  /** Leaves of this iteration. */
  leaves: number;
  /** Re-searches of this iteration (aspiration). */
  researches: number;
}

/** The result of {@linkcode iterativeDeepening}: the last finished depth's, with one row per depth. */
export interface IterativeDeepeningResult extends SearchResult<ExtendedStats> {
  /** One row per finished iteration. */
  rows: DepthRow[];
  /** Depth of the last finished iteration. */
  depth: number;
  /** True when the last iteration reached the end of every line (no budget or depth limit cut it). */
  solved: boolean;
  /** True when a node or time budget stopped the deepening. */
  stoppedByBudget: boolean;
}

function positiveOrUndefined(name: string, value: unknown): number {
  if (value === undefined) return Infinity;
  if (typeof value !== "number" || !(value > 0) || Number.isNaN(value)) {
    throw new Error(
      `Search option ${name} must be a positive number, got ${String(value)}`,
    );
  }
  return value;
}

/**
 * Searches depths 1, 2, … up to `depth` (default: until an iteration reaches
 * the end of every line), with the shared alpha-beta node of
 * {@linkcode alphaBeta}'s options. Depth 1 always finishes; later iterations
 * cut short by `maxNodes` or `timeMs` are discarded (anytime: the result is
 * the last finished depth's).
 *
 * Bound contract: the full root window is used, so the value is exact for
 * the last finished depth and equals `minimax(position, { depth })` when that
 * depth is the requested one (and minimax's to-the-end value without `depth`).
 * With `aspirationDelta` the failed windows are re-searched, so the same holds.
 *
 * @param position the root; left as it was found
 * @param options `depth`, `maxNodes`, `timeMs`, `previous`, `aspirationDelta`,
 *   and `tt`, `order`, `failHard`, `maxMove` as for {@linkcode alphaBeta}
 * @returns the last finished iteration's value, move and PV, the summed
 *   counters (`passes` = iterations run), and one row per depth
 * @throws {Error} on a bad option
 *
 * @example Tic-tac-toe, one row per depth, the last one exact
 * ```ts
 * import assert from "node:assert/strict";
 * import { iterativeDeepening, TicTacToe } from "../../mod.ts";
 * const result = iterativeDeepening(TicTacToe.parse("X...O...."));
 * assert.ok(result.value === 0 && result.solved);
 * assert.ok(result.rows.at(-1)!.cumulativeNodes === result.stats.nodes);
 * ```
 */
export function iterativeDeepening(
  position: Position,
  options?: IterativeDeepeningOptions,
): IterativeDeepeningResult {
  const [c, maxDepth] = createDeepContext(position, options);
  const maxNodes = positiveOrUndefined("maxNodes", options?.maxNodes);
  const timeMs = positiveOrUndefined("timeMs", options?.timeMs);
  const previous = options?.previous ?? "move";
  if (!["none", "move", "pv"].includes(previous)) {
    throw new Error(
      `Search option previous must be "none", "move" or "pv", got ${
        String(previous)
      }`,
    );
  }
  const delta = options?.aspirationDelta;
  if (
    delta !== undefined &&
    (!Number.isInteger(delta) || delta < 1 || delta >= VALUE_INFINITE)
  ) {
    throw new Error(
      `Search option aspirationDelta must be a positive integer, got ${
        String(delta)
      }`,
    );
  }
  if (previous !== "none") c.flags |= ORDER_PV;
  c.quiescence = options?.quiescence === true;
  const deadline = timeMs === Infinity ? Infinity : performance.now() + timeMs;
  const rows: DepthRow[] = [];
  let value = 0;
  let move = NO_MOVE;
  let pv: Move[] = [];
  let solved = false;
  let stoppedByBudget = false;
  let finished = 0;
  const last = maxDepth === UNLIMITED_DEPTH ? UNLIMITED_DEPTH : maxDepth;
  for (let depth = maxDepth === 0 ? 0 : 1; depth <= last; depth++) {
    c.nodeLimit = depth <= 1 ? Infinity : maxNodes;
    c.deadline = depth <= 1 ? Infinity : deadline;
    const before = { ...c.stats };
    c.horizonLeaves = 0;
    const iterationValue = searchIteration(
      c,
      depth,
      rows.length > 0 ? value : null,
      delta,
    );
    if (c.aborted) {
      stoppedByBudget = true;
      break;
    }
    value = iterationValue;
    move = c.rootMove;
    pv = c.pvWithTable(depth, true);
    finished = depth;
    const nodes = c.stats.nodes - before.nodes;
    rows.push({
      depth,
      value,
      move,
      pv,
      nodes,
      cumulativeNodes: c.stats.nodes,
      leaves: c.stats.leaves - before.leaves,
      researches: c.stats.researches - before.researches,
    });
    solved = c.horizonLeaves === 0;
    if (solved) break;
    if (previous !== "none") c.setPvLine(previous === "pv" ? pv : [move]);
  }
  // Nodes of a discarded iteration were spent: they stay in stats, not in rows.
  return {
    value,
    move,
    pv,
    stats: c.stats,
    rows,
    depth: finished,
    solved,
    stoppedByBudget,
  };
}

/** One iteration: full window, or an aspiration window with re-searches. */
function searchIteration(
  c: DeepContext,
  depth: number,
  guess: number | null,
  delta: number | undefined,
): number {
  c.stats.passes++;
  let alpha = -VALUE_INFINITE;
  let beta = VALUE_INFINITE;
  if (guess !== null && delta !== undefined) {
    alpha = Math.max(-VALUE_INFINITE, guess - delta);
    beta = Math.min(VALUE_INFINITE, guess + delta);
  }
  for (;;) {
    c.startSearch();
    const value = deepNode(c, 0, depth, alpha, beta);
    if (c.aborted) return value;
    if (value <= alpha && alpha > -VALUE_INFINITE) {
      alpha = -VALUE_INFINITE;
    } else if (value >= beta && beta < VALUE_INFINITE) {
      beta = VALUE_INFINITE;
    } else {
      return value;
    }
    c.stats.researches++;
    c.stats.passes++;
  }
}
