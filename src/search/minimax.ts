/**
 * Minimax as lesson 004 writes it: two rules, maximum on MAX's levels and
 * minimum on MIN's, with values kept from MAX's view.
 *
 * @module
 */

import { type Position, VALUE_INFINITE } from "../position.ts";
import {
  BUDGET_STOP,
  createContext,
  finishedReport,
  type SearchContext,
} from "./_search_context.ts";
import type {
  BudgetReport,
  SearchOptions,
  SearchResult,
} from "./search_result.ts";
import { resolveSearchSettings } from "./search_settings.ts";

/**
 * Searches every move to the end of the game (or to `options.depth`) and
 * folds the tree with max on MAX's turn and min on MIN's (lesson 004, T004.1).
 * The value is exact, no window and no bound, when the search finishes; a
 * budget (`maxNodes`, `timeMs`) that stops it gives the stopped result of
 * {@linkcode BudgetReport}, which says so (`exact: false`), and
 * `stats.steps` then counts the lines lesson 000's code runs before the node
 * past the budget.
 *
 * Errors: an unknown option key (`{ dept: 1 }`) or a depth that is not an
 * integer in 0…2^30 − 1 is an `Error` naming `minimax`, the option, the value and
 * the rule, before the search starts. A leaf value that is not an integer
 * strictly inside ±{@linkcode VALUE_INFINITE}, a line longer than
 * {@linkcode MAX_PLY} moves, or anything the position throws ends the
 * search with that error after the moves still played are undone.
 *
 * @param position the root; left as it was found, also when the search throws
 * @param options `depth`: plies to search (default: to the end), and the
 *   budgets `maxNodes` and `timeMs`; any other key is an error
 * @returns the value from the side to move's view, the first best move, the
 *   principal variation and the counters
 * @throws {Error} on an unknown option or a bad depth, a bad leaf value, a
 *   line deeper than {@linkcode MAX_PLY}, or what the position threw
 *
 * @example The full tic-tac-toe tree (T004.5)
 * ```ts
 * import assert from "node:assert/strict";
 * import { minimax, TicTacToe } from "../../mod.ts";
 * const result = minimax(TicTacToe.parse("X...O...."));
 * assert.ok(result.value === 0 && result.stats.nodes === 7332);
 * ```
 */
export function minimax(
  position: Position,
  options?: SearchOptions,
): SearchResult & BudgetReport {
  const settings = resolveSearchSettings("minimax", options);
  const depth = settings.depth;
  const context = createContext(position, settings);
  const toRoot = (value: number) => position.turn() === 1 ? value : 0 - value;
  let value: number;
  try {
    // The root is the one node whose leaf test is not made by its parent.
    value = depth === 0 || position.isTerminal()
      ? context.rootLeafValue()
      : toRoot(maxMinNode(context, 0, depth));
  } catch (error) {
    context.deriveSteps(error === BUDGET_STOP);
    return context.stopped(error, settings.byDefault, toRoot);
  }
  context.deriveSteps(false);
  return { ...context.result(value), ...finishedReport(depth) };
}

/**
 * The value of the current position from MAX's view. The caller has already
 * asked `isTerminal()` (false) and the depth is not 0: leaves are valued by
 * their parent, without a call of their own (a leaf is every other node of
 * tic-tac-toe's tree), and `isTerminal()` is still asked once per node.
 */
function maxMinNode(
  context: SearchContext,
  ply: number,
  depth: number,
): number {
  const position = context.position;
  const moves = context.moves[ply]!;
  // The moves below come from `generateMoves` here: see `Position.playGenerated`.
  const trusted = context.trustGenerated;
  // Entered as every node is (see `context.rootLeafValue`); the caller made
  // the leaf test. Counted on the context, the steps derived at the end
  // (`context.deriveSteps`).
  if (--context.remaining <= 0) context.checkBudget();
  const count = trusted
    ? position.generateMoves(moves)
    : context.checkCount(position.generateMoves(moves));
  // The PV row is cleared for a leaf only: with a move, the first child's
  // value (finite) always improves on the starting ±VALUE_INFINITE and
  // sets the row, so a store per node is saved.
  if (count === 0) context.clearLine(ply);
  else if (ply + 1 >= context.plies) context.reach(ply + 1);
  if (count === 0) {
    // To MAX's view with `0 - v`, not `-v`: −0 is not a small integer in V8.
    const value = context.leafValue();
    return position.turn() === 1 ? value : 0 - value;
  }
  const isMax = position.turn() === 1;
  let bestValue = isMax ? -VALUE_INFINITE : VALUE_INFINITE;
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
        // `context.rootLeafValue` counts a leaf root.
        if (--context.remaining <= 0) context.checkBudget();
        context.leafCount++;
        const leaf = context.checkValue(position.evaluate());
        value = position.turn() === 1 ? leaf : 0 - leaf;
      } else {
        isLeaf = false;
        value = maxMinNode(context, ply + 1, depth - 1);
      }
    } catch (error) {
      // Whatever threw below, the caller gets its position back. A budget
      // stop leaves 4 of the steps charged to this node unrun.
      context.stepsNotRun += 4;
      if (trusted) position.undoGenerated!(move);
      else position.undo(move);
      throw error;
    }
    if (trusted) position.undoGenerated!(move);
    else position.undo(move);
    if (isMax ? value > bestValue : value < bestValue) {
      bestValue = value;
      context.improvements++;
      if (isLeaf) context.setPvMove(ply, move);
      else context.updatePv(ply, move);
      if (ply === 0) {
        context.rootMove = move;
        context.rootValue = value;
      }
    }
  }
  return bestValue;
}
