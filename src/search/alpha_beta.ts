/**
 * Alpha-beta as lesson 000 writes it: the window (alpha, beta) travels down,
 * a node stops as soon as alpha >= beta, moves are tried in natural order.
 *
 * ## Options beyond the course's code
 *
 * With no `tt`, `order`, `failHard` or `maxMove` option
 * {@linkcode alphaBeta} is exactly the course's code (golden counts: 18,297
 * nodes on the empty tic-tac-toe board). With them (or `exactDepth`) it runs
 * the shared node of lessons 002–003: the table is probed and filled (cuts
 * by {@linkcode TranspositionTable.cutoff}'s rules), moves are ordered as
 * `order` says, and `failHard: true` clamps every result into its window
 * (T002.1: same root value). The bound contract is the same; fail-hard just
 * returns alpha or beta itself at the ends.
 *
 * The options: `depth` (default: to the end), `alpha` and `beta` (default:
 * ±VALUE_INFINITE), `trace`, `tt`, `order` (default `"tt"` with a table,
 * else `"natural"`), `failHard` (default false), `maxMove` (history table
 * size), `exactDepth` (default false), the budgets `maxNodes`, `timeMs` and
 * `interrupt`, and the selective options of `DeepSearchOptions`; any other
 * key is an error. The
 * result holds the value from the side to move's view, the first move that
 * set it, the principal variation and the counters, `cutoffs` among them
 * (with a new option: {@linkcode ExtendedStats}).
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
 * an entry from a deeper search may answer a shallower node, and alphaBeta
 * returns the value of a search at least `depth` plies deep along every line
 * (each position fewer than `depth` plies from the root expanded, each deeper
 * one evaluated or searched further): the minimax value of one such tree.
 *
 * ## The principal variation
 *
 * `move` is always `pv[0]`. When the value is exact and is fixed-depth
 * minimax's (the cases above), `pv` is a legal line that ends at a finished
 * game or exactly `depth` plies deep, and its end's `evaluate()`, negated
 * once per ply, is the value, with a table of any size: the search's own
 * line, completed where a table cut truncated it by probe searches that read
 * the table without writing it (not counted in `stats`). When a deeper entry
 * answered, the line is probed on past `depth` where it must be (as a deeper
 * search went) to an end whose value is the value, and stops early only if
 * no move's probe confirms the expected value. On a root that fails low
 * (`r <= alpha`) `pv` is the one move `move`. The PV is meaningful when the
 * value is exact.
 *
 * ## Errors
 *
 * An unknown option key, or an option of the wrong type or range (a bad
 * depth, a window without alpha < beta, a bad option value), is an `Error`
 * naming `alphaBeta`, the option, the value and the rule, thrown before the
 * search starts. During the search, a leaf value that is not an integer
 * strictly inside ±{@linkcode VALUE_INFINITE}, a line longer than
 * {@linkcode MAX_PLY}, and anything the position, the `order` scorer or the
 * `trace` throws end the search with that error, and the position is
 * restored first (the moves still played are undone).
 *
 * @example A transposition table on tic-tac-toe: same value, far fewer nodes
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, TicTacToe, TranspositionTable } from "../../mod.ts";
 * const tt = new TranspositionTable({ entries: 1 << 16 });
 * const result = alphaBeta(TicTacToe.empty(), { tt });
 * assert.ok(result.value === 0 && result.stats.nodes < 18297);
 * ```
 *
 * @module
 */

import { type Position, VALUE_INFINITE } from "../position.ts";
import type { SearchTrace } from "./search_trace.ts";
import {
  createContext,
  finishedReport,
  type SearchContext,
} from "./_search_context.ts";
import type { BudgetReport, SearchResult } from "./search_result.ts";
import {
  agreeing,
  DeepContext,
  deepNode,
  oneShotResult,
} from "./_deep_search.ts";
import type { DeepSearchOptions } from "./deep_search_options.ts";
import { resolveSearchSettings } from "./search_settings.ts";

/** Options of {@linkcode alphaBeta}. */
export interface AlphaBetaOptions extends DeepSearchOptions {
  /** Lower end of the root window (default −{@linkcode VALUE_INFINITE}). */
  alpha?: number;
  /** Upper end of the root window (default +{@linkcode VALUE_INFINITE}). */
  beta?: number;
  /**
   * Told every node's window and value, post-order (see
   * {@linkcode TraceRecorder}), after its `begin()`, when it has one, as
   * the search starts; when absent the search pays one null check
   * per node and allocates nothing for it. Works with every other option:
   * with `tt`, a node settled by a table entry is reported with no children
   * and `fromTable` true; with `failHard`, a leaf reports its value clamped
   * into its window (so at alpha or beta it is a bound, though
   * {@linkcode TraceRecorder} labels every leaf exact). The selective
   * options' side searches are not moves of the tree and are not reported:
   * a null move's search, and late-move reductions' shallower null-window
   * test of a move (a move searched again is reported once, with the
   * subtree of its full-window search; a move its test settled, with no
   * children and the test's value, a bound that TraceRecorder labels exact
   * as it does a leaf).
   */
  trace?: SearchTrace;
}

/**
 * Alpha-beta in negamax form with the course's fail-soft rule (lesson 000,
 * T000.9; lesson 001, T001.1): the best value found is returned even when it
 * falls outside the window. Table contract, PV, errors: the module doc.
 *
 * Bound contract, for the root window (alpha, beta) and true value v:
 * a returned value `r <= alpha` means v <= r (an upper bound); `r >= beta`
 * means v >= r (a lower bound); `alpha < r < beta` means r = v (exact). With
 * the default window the value is always exact and equals minimax's (T000.9).
 *
 * @param position the root; left as it was found, also when the search throws
 * @param options `depth`, `alpha`, `beta`, `trace`, `tt`, `order`, `failHard`, …
 * @returns value, first move that set it, PV (meaningful when exact), counters
 * @throws {Error} on a bad option or leaf value, a line deeper than
 *   {@linkcode MAX_PLY}, or what the position, scorer or trace threw
 *
 * @example Lesson 001's tree (T001.1): value 3, seven of nine leaves
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, ExplicitTree } from "../../mod.ts";
 * const tree = ExplicitTree.from([[3, 12, 8], [2, 4, 6], [14, 5, 2]]);
 * const result = alphaBeta(tree);
 * assert.ok(result.value === 3 && tree.visitedLeaves.join() === "3,12,8,2,14,5,2");
 * ```
 */
export function alphaBeta(
  position: Position,
  options?: AlphaBetaOptions,
): SearchResult & BudgetReport {
  const settings = resolveSearchSettings("alphaBeta", options);
  const { alpha, beta, depth } = settings;
  // A trace kept from an earlier search drops what it left (see
  // SearchTrace.begin): that search may have stopped before its root.
  settings.trace?.begin?.();
  // Any option beyond the plain search's own (depth, budgets, window,
  // trace) is read by the shared deep node: every one of them goes there,
  // so a new deep option can never be ignored here.
  if (!settings.plain) {
    const context = new DeepContext(position, settings);
    context.startSearch();
    const value = deepNode(context, 0, depth, alpha, beta);
    if (!context.aborted) context.trace?.node(0, -1, alpha, beta, value);
    context.stats.passes = 1;
    return oneShotResult(
      context,
      value,
      depth,
      alpha < value && value < beta,
      settings.byDefault,
    );
  }
  const context = createContext(position, settings);
  let value: number;
  try {
    // The root is the one node whose leaf test is not made by its parent.
    value = depth === 0 || position.isTerminal()
      ? context.rootLeafValue()
      : alphaBetaNode(context, 0, depth, alpha, beta);
  } catch (error) {
    return context.stopped(error, settings.byDefault);
  }
  context.trace?.node(0, -1, alpha, beta, value);
  return { ...agreeing(context.result(value)), ...finishedReport(depth) };
}

/**
 * The value of the current position from the side to move's view, under the
 * bound contract of {@linkcode alphaBeta} for the window (alpha, beta). The
 * caller has already asked `isTerminal()` (false) and the depth is not 0:
 * leaves are valued by their parent, without a call of their own, and
 * `isTerminal()` is still asked once per node.
 */
function alphaBetaNode(
  context: SearchContext,
  ply: number,
  depth: number,
  alpha: number,
  beta: number,
): number {
  const position = context.position;
  const stats = context.stats;
  const moves = context.moves[ply]!;
  // The moves below come from `generateMoves` here: see `Position.playGenerated`.
  const trusted = context.trustGenerated;
  // Entered as every node is (see `context.rootLeafValue`); the caller made
  // the leaf test.
  stats.nodes++;
  stats.steps++;
  if (stats.nodes >= context.nextCheck) context.checkBudget();
  context.clearLine(ply);
  const count = trusted
    ? position.generateMoves(moves)
    : context.checkCount(position.generateMoves(moves));
  if (count !== 0 && ply + 1 >= context.plies) context.reach(ply + 1);
  if (count === 0) {
    return context.leafValue();
  }
  let bestValue = -VALUE_INFINITE;
  // Steps of this node in a local, added once when it returns.
  let steps = 3;
  for (let i = 0; i < count; i++) {
    const move = moves[i]!;
    if (trusted) position.playGenerated!(move);
    else position.play(move);
    let value: number;
    // A leaf child has no line of its own: see `context.setPvMove`.
    let isLeaf: boolean;
    try {
      if (depth === 1 || position.isTerminal()) {
        isLeaf = true;
        // A leaf entered here, without a call of its own, counted as
        // `context.rootLeafValue` counts a leaf root: two steps in all.
        if (++stats.nodes >= context.nextCheck) context.checkBudget();
        stats.leaves++;
        stats.steps += 2;
        value = 0 - context.checkValue(position.evaluate());
      } else {
        isLeaf = false;
        value = 0 -
          alphaBetaNode(context, ply + 1, depth - 1, 0 - beta, 0 - alpha);
      }
    } catch (error) {
      // Whatever threw below, the caller gets its position back.
      if (trusted) position.undoGenerated!(move);
      else position.undo(move);
      throw error;
    }
    if (trusted) position.undoGenerated!(move);
    else position.undo(move);
    if (context.trace !== null) {
      context.trace.node(ply + 1, move, 0 - beta, 0 - alpha, 0 - value);
    }
    steps += 5;
    if (value > bestValue) {
      bestValue = value;
      steps++;
      if (ply === 0) {
        context.rootMove = move;
        context.rootValue = value;
      }
    }
    if (bestValue > alpha) {
      alpha = bestValue;
      steps++;
      if (isLeaf) context.setPvMove(ply, move);
      else context.updatePv(ply, move);
    }
    if (alpha >= beta) {
      stats.cutoffs++;
      stats.steps += steps + 1;
      return bestValue;
    }
    steps++;
  }
  stats.steps += steps + 2;
  return bestValue;
}
