/**
 * Negamax: minimax written once, with every value from the side to move's
 * view, so a child's value is negated on the way up (lesson 004).
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
 * Searches every move to the end (or to `options.depth`) with the single rule
 * value = max over moves of −value(after the move). Same values, nodes,
 * leaves and steps as {@linkcode minimax} (T004.8), also when a budget stops
 * it; only for zero-sum games.
 *
 * Errors: an unknown option key (`{ dept: 1 }`) or a depth that is not an
 * integer in 0…2^30 − 1 is an `Error` naming `negamax`, the option, the value and
 * the rule, before the search starts. A leaf value that is not an integer
 * strictly inside ±{@linkcode VALUE_INFINITE}, a line longer than
 * {@linkcode MAX_PLY} moves, or anything the position throws ends the
 * search with that error after the moves still played are undone.
 *
 * @param position the root; left as it was found, also when the search throws
 * @param options `depth`: plies to search (default: to the end), and the
 *   budgets `maxNodes` and `timeMs`; any other key is an error
 * @returns the value from the side to move's view (exact unless a budget
 *   stopped the search: see {@linkcode BudgetReport}), the first best move,
 *   the principal variation and the counters
 * @throws {Error} on an unknown option or a bad depth, a bad leaf value, a
 *   line deeper than {@linkcode MAX_PLY}, or what the position threw
 *
 * @example Lesson 004's exercise (T004.7): value 5, the second move
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplicitTree, negamax } from "../../mod.ts";
 * const result = negamax(ExplicitTree.from([[4, 7], [6, 5], [2, 9]]));
 * assert.ok(result.value === 5 && result.move === 1);
 * ```
 */
export function negamax(
  position: Position,
  options?: SearchOptions,
): SearchResult & BudgetReport {
  const settings = resolveSearchSettings("negamax", options);
  const depth = settings.depth;
  const context = createContext(position, settings);
  let value: number;
  try {
    // The root is the one node whose leaf test is not made by its parent.
    value = depth === 0 || position.isTerminal()
      ? context.rootLeafValue()
      : negamaxNode(context, 0, depth);
  } catch (error) {
    context.deriveSteps(error === BUDGET_STOP);
    return context.stopped(error, settings.byDefault);
  }
  context.deriveSteps(false);
  return { ...context.result(value), ...finishedReport(depth) };
}

/**
 * The value of the current position from the side to move's view. The
 * caller has already asked `isTerminal()` (false) and the depth is not 0:
 * leaves are valued by their parent, without a call of their own, and
 * `isTerminal()` is still asked once per node.
 */
function negamaxNode(
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
    return context.leafValue();
  }
  let bestValue = -VALUE_INFINITE;
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
        value = 0 - context.checkValue(position.evaluate());
      } else {
        isLeaf = false;
        value = 0 - negamaxNode(context, ply + 1, depth - 1);
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
    if (value > bestValue) {
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
