/**
 * Playing strength (issue 10, rows T003.8 and T003.9) — notebook
 * `notebooks/09_strength.ipynb`: move accuracy against perfect play, the
 * Elo grid of depth × evaluation quality with its product and sum fits,
 * MCTS against alpha-beta at equal nodes, on Connect Four.
 *
 * @module
 */
export * from "./least_squares.ts";
export * from "./models.ts";
export * from "./measure.ts";
export * from "./report.ts";
