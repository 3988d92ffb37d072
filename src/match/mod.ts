/**
 * Playing strength (issue 10): players with node budgets (alpha-beta with
 * Connect Four evaluations of graded quality, MCTS, the perfect solver, a
 * random player), the tournament runner and Elo ratings by maximum
 * likelihood.
 *
 * @module
 */
export * from "./connect_four_evaluations.ts";
export * from "./player.ts";
export * from "./elo.ts";
export * from "./tournament.ts";
export * from "./player_spec.ts";
// MatchJob/MatchReply are the worker's message protocol, not an API.
export {
  type ParallelRoundRobinOptions,
  roundRobinParallel,
} from "./parallel.ts";
export * from "./accuracy.ts";
export * from "./uci.ts";
export * from "./uci_engine.ts";
export * from "./chess_match.ts";
export * from "./player_mover.ts";
export * from "./sprt.ts";
export * from "./sprt_runner.ts";
