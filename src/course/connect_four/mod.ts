/**
 * Connect Four (the project's own, rows `C4.*`) — notebook `notebooks/07_connect_four.ipynb`. The perfect solver built step by step on the benchmark sets, and the first moves solved exactly (`first_moves.ts`).
 *
 * @module
 */
export * from "./connect_four_steps.ts";
export * from "./first_moves.ts";
