/**
 * Players: what chooses a move in a game (alpha-beta with Connect Four
 * evaluations of graded quality, MCTS, the perfect solver, a random
 * player), each with a node or time budget, and player specs, the same
 * players as data that a job or a command line can carry.
 *
 * @module
 */
export * from "./player.ts";
export * from "./player_spec.ts";
