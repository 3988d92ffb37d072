/**
 * The course's algorithms as a reader would write them: each a page or
 * less, plain recursion over the {@linkcode Position} interface, no
 * counters, fast paths, budgets or tracing. The notebooks show these first
 * and then the instrumented searchers of `src/search/` they measure;
 * `tests/textbook_test.ts` proves both give the same values (and, where the
 * course counts them, the same nodes).
 *
 * What they leave out, and the engine's searchers have: typed move buffers
 * per ply (no allocation per node), node budgets and clocks, move ordering,
 * principal variations, statistics. Bad input is not left out: each
 * function's first line checks its depth, window or count and throws a
 * `RangeError` naming the function, the argument, the value and the rule
 * (a depth of −1 would otherwise be searched as "to the end", and a window
 * with alpha ≥ beta would return a value its contract does not cover).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, TicTacToe } from "../../mod.ts";
 * import * as textbook from "./mod.ts";
 * const position = TicTacToe.parse("XO.......");
 * assert.equal(textbook.alphaBeta(position), alphaBeta(position).value);
 * ```
 *
 * @module
 */

export type { Move, Position, Value } from "../position.ts";
export * from "./moves.ts";
export * from "./minimax.ts";
export * from "./negamax.ts";
export * from "./alpha_beta.ts";
export * from "./alpha_beta_fail_hard.ts";
export * from "./alpha_beta_negamax.ts";
export * from "./order_moves.ts";
export * from "./iterative_deepening.ts";
export * from "./pvs.ts";
export * from "./transposition_table.ts";
export * from "./quiescence.ts";
export * from "./grundy.ts";
export * from "./uct.ts";
