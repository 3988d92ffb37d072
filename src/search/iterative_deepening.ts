/**
 * Iterative deepening (lesson 003, T003.1–T003.3): search depth 1, 2, …,
 * each iteration trying the previous one's best move (or whole PV) first,
 * and stop on a depth, node or time budget with the result of the last
 * finished depth: an answer at any moment, and ordering hints for free.
 *
 * ## The search
 *
 * {@linkcode iterativeDeepening} searches depths 1, 2, … up to `depth`
 * (default: until an iteration reaches the end of every line), with the
 * shared alpha-beta node of {@linkcode alphaBeta}'s options. Depth 1 always
 * finishes; later iterations cut short by `maxNodes` or `timeMs` are
 * discarded (anytime: the result is the last finished depth's), unless
 * `keepCutMove` keeps a better root move the cut iteration had finished
 * (see Budgets). The options:
 * `depth`, `maxNodes`, `timeMs`, `previous`, `aspirationDelta`,
 * `quiescence`, `pvs`, `keepCutMove`, `onIteration`, and `tt`, `exactDepth`, `order`,
 * `failHard`, `maxMove`, `interrupt` and the selective options as for
 * {@linkcode alphaBeta}; any other key is an error. The result is the
 * last finished iteration's value, move and PV, the summed counters
 * (`passes` = root searches: one per iteration, a cut one included, plus
 * one per aspiration re-search; `researches` = aspiration, PVS and
 * late-move-reduction re-searches, see {@linkcode ExtendedStats}), one row
 * per depth, and the budget report.
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
 * empty (the iterations share it: an earlier iteration's entries are
 * shallower and never answer a later one) and no
 * position is reached at two different depths from the root (tic-tac-toe,
 * Connect Four, trees: the position fixes its ply). Otherwise (Nim, where
 * taking two counters at once or one twice reaches the same heaps; or a
 * table kept from a deeper search) an entry from a deeper search may answer
 * a shallower node, and each iteration (its last window's search) returns
 * the value of a search at least `depth` plies deep along every line (each
 * position fewer than `depth` plies from the root expanded, each deeper one
 * evaluated or searched further): the minimax value of one such tree.
 *
 * ## The principal variation
 *
 * `move` is always `pv[0]`. When the value is exact and is fixed-depth
 * minimax's (the cases above), `pv` is a legal line that ends at a finished
 * game or exactly the iteration's depth, and its end's `evaluate()`, negated
 * once per ply, is the value, with a table of any size: the search's own
 * line, completed where a table cut truncated it by probe searches that read
 * the table without writing it (not counted in `stats`). When a deeper entry
 * answered, the line is probed on past `depth` where it must be (as a deeper
 * search went) to an end whose value is the value, and stops early only if
 * no move's probe confirms the expected value. Each row's `pv` is its
 * iteration's, by the same rule; a solved iteration's line runs to the end
 * of the game.
 *
 * ## Budgets
 *
 * The budget report ({@linkcode BudgetReport}): `stoppedByBudget` says
 * whether `maxNodes` or `timeMs` cut the deepening (without `depth`,
 * `maxNodes` and `timeMs`, the budget is `DEFAULT_MAX_NODES` nodes, reported
 * the same way: pass `maxNodes: Infinity` to deepen without a limit),
 * `completedDepth` (= `depth`) is the last finished iteration, and `exact`
 * is true only when that iteration is the requested depth or reached the end
 * of every line, so a value cut short by a budget is never taken for the
 * full search's.
 *
 * With `keepCutMove` (default false), a cut iteration d is not thrown away
 * whole: if its cut pass, after searching the last finished iteration's
 * move, finished the search of another root move that raised the pass's
 * alpha, that move (the last one to do so) is the result's `move`, with
 * `pv` the pass's line from it and `value` its exact value at depth d (a
 * move that raises alpha stays below the pass's beta, or the pass would
 * have ended on it; exact as any in-window value, under the table
 * contract), which (without selective pruning) is strictly above the
 * previous move's value at depth d, and a lower bound of the root's; `cutMove` says so. `depth`,
 * `completedDepth`, `rows` and `exact` stay the finished iterations'
 * (`exact` is false), `stoppedByBudget` is true. A move that only failed
 * low, or a pass that finished none, changes nothing; `move` is `pv[0]`
 * always.
 *
 * ## Errors
 *
 * An unknown option key or a bad option value (`maxNodes` a positive
 * integer, `timeMs` a positive number, `aspirationDelta` an integer in
 * 1…999,999, …) is an `Error` naming `iterativeDeepening`, the option, the
 * value and the rule, before the search starts; a bad leaf value, a line
 * longer than {@linkcode MAX_PLY}, or a throw from the position or the
 * `order` scorer ends the search with that error, the position restored.
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
import { DeepContext, deepNode } from "./_deep_search.ts";
import { UNLIMITED_DEPTH } from "./_search_context.ts";
import type { DeepSearchOptions } from "./deep_search_options.ts";
import { ORDER_PV } from "./ordering.ts";
import type { BudgetReport, SearchResult } from "./search_result.ts";
import { resolveSearchSettings } from "./search_settings.ts";

/** What the previous iteration passes on: nothing, its best move, or its whole principal variation. */
export type PreviousHint = "none" | "move" | "pv";

/** Options of {@linkcode iterativeDeepening} (`maxNodes` and `timeMs` as in `SearchOptions`). */
export interface IterativeDeepeningOptions extends DeepSearchOptions {
  /** Stop starting iterations after this many nodes in all; an iteration cut short is discarded (but see `keepCutMove`). */
  maxNodes?: number;
  /** Stop after this many milliseconds (the clock is read every 16 to 1,024 nodes, more often while nodes come slowly); same rule. */
  timeMs?: number;
  /**
   * What each iteration searches first (default `"move"`: the previous best
   * move). `"none"` passes nothing on, so an `order` with `"pv"` is then
   * refused: it would order nothing.
   */
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
  /**
   * Principal variation search in every iteration (default false): the
   * first move of a node gets the node's window, each later one a null
   * window first and, if it fails high inside the window, a re-search with
   * it (with aspiration too). A node whose window is a null window is a
   * non-PV node, where reverse futility, late-move pruning and the
   * depth-adaptive null move prune; without `pvs` nearly every node has a
   * wide window and they seldom apply. Contract: sound, the same value as
   * without it (more nodes only where the order is poor).
   */
  pvs?: boolean;
  /**
   * Keep the root move of an iteration cut short by a budget (`maxNodes`,
   * `timeMs`, `interrupt`) when it beat the last finished iteration's move
   * (default false: a cut iteration is discarded whole). Within each pass
   * the previous move is searched first (or, whatever the order, a move
   * counts only once that one was searched), so a later move whose search
   * finished and raised the pass's alpha is better at the cut depth, as
   * engines reason. The result's `move` is then that move (the last such
   * one of the cut pass), `pv` the cut pass's line from it, `value` its
   * value there and `cutMove` true; `depth`, `completedDepth` and `rows`
   * stay the finished iterations', and `stoppedByBudget` is true. A move
   * that only failed low, or a cut pass that finished no such move,
   * changes nothing.
   *
   * Contract: the value is the move's exact value at the cut depth (a move
   * that raises alpha is below the pass's beta, or the pass would have ended
   * on it: an aspiration fail high is re-searched with beta open), under the
   * module doc's table contract, so without `tt` or selective pruning it is
   * `-minimax(child, { depth: d − 1 })` of the move's child, strictly above
   * the previous move's; a lower bound of the root's value at that depth.
   *
   * @example A budget cuts depth 2 after it finished a better move than depth 1's
   * ```ts
   * import assert from "node:assert/strict";
   * import { iterativeDeepening, UniformTree } from "../../mod.ts";
   * const tree = new UniformTree({ branching: 4, depth: 3, seed: 0 });
   * const options = { depth: 2, maxNodes: 19 };
   * const kept = iterativeDeepening(tree, { ...options, keepCutMove: true });
   * assert.ok(kept.cutMove && kept.completedDepth === 1 && kept.stoppedByBudget);
   * assert.ok(kept.move === 1 && kept.rows[0]!.move === 3 && kept.pv[0] === 1);
   * assert.equal(kept.value, iterativeDeepening(tree, { depth: 2 }).value);
   * const discarded = iterativeDeepening(tree, options);
   * assert.ok(discarded.move === 3 && !discarded.cutMove);
   * ```
   */
  keepCutMove?: boolean;
  /**
   * Called with each finished iteration's row as soon as it is finished
   * (never inside the recursion), e.g. to print a UCI `info` line while the
   * search goes on. Returning `true` stops the deepening there: the result
   * is that iteration's (`stoppedByBudget` stays false). What it throws
   * leaves the search, the position restored.
   */
  onIteration?: (row: DepthRow) => boolean | void;
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
  /**
   * Re-searches of this iteration, as {@linkcode ExtendedStats.researches}
   * counts them: its aspiration window's (`aspirationDelta`), its PVS
   * null-window tests that failed high inside the window (`pvs`), and its
   * late-move-reduced moves searched again at full depth.
   */
  researches: number;
}

/** The result of {@linkcode iterativeDeepening}: the last finished depth's, with one row per depth. */
export interface IterativeDeepeningResult
  extends SearchResult<ExtendedStats>, BudgetReport {
  /** One row per finished iteration. */
  rows: DepthRow[];
  /** Depth of the last finished iteration (the same as `completedDepth`). */
  depth: number;
  /** True when the last iteration reached the end of every line (no budget or depth limit cut it). */
  solved: boolean;
  /** True when a node or time budget stopped the deepening. */
  stoppedByBudget: boolean;
  /**
   * True when `keepCutMove` kept the cut iteration's move: `move`, `pv` and
   * `value` are that iteration's (depth `depth + 1`), not the last row's.
   * Always false without `keepCutMove`.
   */
  cutMove: boolean;
}

/**
 * Iterative deepening (T003.1–T003.3): depths 1, 2, … up to `depth` (default:
 * until one reaches the end of every line); an iteration cut short by a
 * budget is discarded, so the result is the last finished depth's (with
 * `keepCutMove`, but for a better root move the cut iteration finished).
 *
 * Bound contract: the full root window is used, so the value is exact for the
 * last finished depth: `minimax(position, { depth })`'s when that is the
 * requested depth (without `depth`, minimax's to the end), under the module
 * doc's table contract, also with `aspirationDelta` (failed windows re-searched).
 *
 * @param position the root; left as it was found, also when the search throws
 * @param options `depth`, budgets, `previous`, `aspirationDelta`, … (module doc)
 * @returns the last finished depth's result, one row per depth, budget report
 * @throws {Error} on a bad option or leaf value, a line deeper than
 *   {@linkcode MAX_PLY}, or what the position or scorer threw
 *
 * @example Tic-tac-toe, one row per depth, the last one exact
 * ```ts
 * import assert from "node:assert/strict";
 * import { iterativeDeepening, TicTacToe } from "../../mod.ts";
 * const result = iterativeDeepening(TicTacToe.parse("X...O...."));
 * assert.ok(result.value === 0 && result.solved);
 * assert.ok(result.rows.at(-1)!.cumulativeNodes === result.stats.nodes);
 * ```
 *
 * @example Each iteration reported as it finishes, the deepening stopped at a mate
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess, CHESS_MATE, iterativeDeepening } from "../../mod.ts";
 * const lines: string[] = [];
 * const result = iterativeDeepening(Chess.fromFen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), {
 *   depth: 8,
 *   onIteration: (row) => {
 *     lines.push(`depth ${row.depth} value ${row.value}`);
 *     return row.value >= CHESS_MATE - 100; // a mate found: deeper changes nothing
 *   },
 * });
 * assert.deepEqual(lines, [`depth 1 value ${CHESS_MATE - 1}`]);
 * assert.ok(result.depth === 1 && !result.stoppedByBudget);
 * ```
 */
export function iterativeDeepening(
  position: Position,
  options?: IterativeDeepeningOptions,
): IterativeDeepeningResult {
  // Aspiration without a guess hands its own settings on: errors name it.
  const settings = resolveSearchSettings("iterativeDeepening", options);
  // Without depth or budget, DEFAULT_MAX_NODES applies: reported, as any budget.
  const c = new DeepContext(position, settings);
  const maxDepth = settings.depth;
  const maxNodes = c.nodeLimit;
  const deadline = c.deadline;
  const interrupt = c.interrupt;
  const previous = settings.previous;
  const delta = settings.aspirationDelta;
  if (previous !== "none") c.flags |= ORDER_PV;
  c.pvs = settings.pvs;
  const keepCutMove = settings.keepCutMove;
  let cutMove = false;
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
    c.interrupt = depth <= 1 ? null : interrupt;
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
      // The cut pass searched the previous move and then finished a better
      // one (deepNode records only those): keep it, with its line.
      if (keepCutMove && c.raisedMove !== NO_MOVE && c.raisedMove !== move) {
        move = c.raisedMove;
        value = c.raisedValue;
        const line = c.line(0);
        pv = line[0] === move ? line : [move];
        cutMove = true;
      }
      break;
    }
    value = iterationValue;
    // A solved iteration's value is the game's: its line may run past
    // `depth` where an entry from a longer line answered.
    pv = c.principalVariation(
      value,
      c.horizonLeaves === 0 ? UNLIMITED_DEPTH : depth,
      true,
    );
    move = pv.length > 0 ? pv[0]! : c.rootMove;
    finished = depth;
    const nodes = c.stats.nodes - before.nodes;
    const row: DepthRow = {
      depth,
      value,
      move,
      pv,
      nodes,
      cumulativeNodes: c.stats.nodes,
      leaves: c.stats.leaves - before.leaves,
      researches: c.stats.researches - before.researches,
    };
    rows.push(row);
    solved = c.horizonLeaves === 0;
    if (solved) {
      settings.onIteration?.(row);
      break;
    }
    if (settings.onIteration?.(row) === true) break;
    if (previous !== "none") c.setPvLine(previous === "pv" ? pv : [move]);
    if (keepCutMove) c.keepAfter = move;
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
    cutMove,
    completedDepth: finished,
    exact: solved || finished === maxDepth,
  };
}

/** One iteration: full window, or an aspiration window with re-searches. */
function searchIteration(
  c: DeepContext,
  depth: number,
  guess: number | null,
  delta: number | null,
): number {
  c.stats.passes++;
  let alpha = -VALUE_INFINITE;
  let beta = VALUE_INFINITE;
  if (guess !== null && delta !== null) {
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
