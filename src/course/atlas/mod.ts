/**
 * The technique atlas (issue #17, notebook 10): every way to cut the search
 * measured on every game by power, cost and risk, and the decision tree
 * "which technique for which task" derived from the measurements.
 *
 * @module
 */
export * from "./games.ts";
export * from "./techniques.ts";
export * from "./measure.ts";
export * from "./decision_tree.ts";
export * from "./report.ts";
export * from "./elo.ts";
export * from "./leave_one_out.ts";
export * from "./stockfish_elo.ts";
export * from "./engine_rows.ts";
export * from "./engine_order.ts";
export * from "./full_engine_order.ts";
export * from "./null_move_overlap.ts";
export * from "./what_we_see.ts";
export * from "./strength_runs.ts";
