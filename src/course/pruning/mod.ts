/**
 * Pruning (course file `001`, rows `T001.*`) — notebook `notebooks/03_pruning.ipynb`. The window by hand, growth with depth against the theory's curves, the chess arithmetic.
 *
 * @module
 */
export * from "./measure.ts";
export * from "./report.ts";
export * from "./depth_growth.ts";
