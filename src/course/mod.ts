/**
 * The course's tables, recomputed as data: one module per lesson. The
 * notebooks and `deno task figures` both call these.
 *
 * @module
 */
export * from "./rows.ts";
export * from "./ply_profile.ts";
export * from "./lesson_004.ts";
export * from "./report.ts";
export * from "./lesson_004_report.ts";
export * from "./lesson_003.ts";
export * from "./lesson_003_report.ts";
export * from "./lesson_002.ts";
export * from "./lesson_002_report.ts";
export * from "./lessons.ts";
export * from "./distribution.ts";
export * from "./ordering_experiment.ts";
export * from "./depth_growth.ts";
export * from "./walkthrough.ts";
export * from "./tree_diagram.ts";
export * from "./lesson_000.ts";
export * from "./lesson_001.ts";
export * from "./lesson_000_report.ts";
export * from "./lesson_001_report.ts";
export * from "./lesson_003_grundy.ts";
export * from "./connect_four_steps.ts";
export * from "./tie_break_check.ts";
export * from "./strength/mod.ts";
