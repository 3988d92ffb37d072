/**
 * Alpha-beta (course file `000`, rows `T000.*`) — notebook `notebooks/02_alpha_beta.ipynb`. The four move orders on seeded uniform trees, the window walk-through and its tree drawing.
 *
 * @module
 */
export * from "./measure.ts";
export * from "./report.ts";
export * from "./ordering_experiment.ts";
export * from "./walkthrough.ts";
export * from "./tree_diagram.ts";
export * from "./tie_break_check.ts";
