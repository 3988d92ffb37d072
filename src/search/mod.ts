/**
 * Searchers: minimax, negamax and alpha-beta, all returning `{ value, move, pv, stats }`.
 *
 * @module
 */
export * from "./search_result.ts";
export * from "./search_trace.ts";
export * from "./minimax.ts";
export * from "./negamax.ts";
export * from "./alpha_beta.ts";
