/**
 * Searchers: minimax, negamax and alpha-beta, all returning `{ value, move, pv, stats }`,
 * and the tools of lessons 002–003: transposition table, move ordering,
 * iterative deepening, aspiration, PVS, MTD(f), SSS*, quiescence.
 *
 * @module
 */
export * from "./search_result.ts";
// The default node budget of a search without depth or budget (docs/budgets.md).
export { DEFAULT_MAX_NODES } from "./_search_context.ts";
export * from "./search_trace.ts";
export * from "./minimax.ts";
export * from "./negamax.ts";
export * from "./alpha_beta.ts";
export * from "./transposition_table.ts";
// The resolved plan (ORDER_* flags, SCORE_* bonuses, resolveOrder) is the searchers' business.
export {
  MOVE_ORDERS,
  type MoveOrder,
  type MoveScorer,
  type OrderOption,
} from "./ordering.ts";
export * from "./deep_search_options.ts";
export * from "./iterative_deepening.ts";
export * from "./aspiration.ts";
export * from "./pvs.ts";
export * from "./mtdf.ts";
export * from "./sss_star.ts";
export * from "./quiescence.ts";
export * from "./mcts.ts";
