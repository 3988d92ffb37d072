/**
 * Exercises checked against the engine: the student writes an algorithm
 * of the course (minimax, negamax, alpha-beta fail-soft and fail-hard, move
 * ordering, mex and Grundy numbers, iterative deepening, a transposition
 * table with bounds, quiescence, one UCT iteration) and one call,
 * {@linkcode checkExercise}, checks it on seeded cases of growing size. On success it says what was checked; on
 * failure it shows the smallest counterexample, the student's value beside
 * the right one, and where the two searches part, with a stepper through
 * both. `deno task grade DIR` runs the same checks over a folder of
 * handed-in notebooks and modules, each in a sandboxed subprocess.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta } from "../textbook/mod.ts";
 * import { checkExercise, EXERCISES } from "./mod.ts";
 * assert.ok(EXERCISES.some((exercise) => exercise.id === "alphaBeta"));
 * assert.ok(checkExercise("alphaBeta", alphaBeta).passed);
 * ```
 *
 * @module
 */
export * from "./check.ts";
export { EXERCISES } from "./registry.ts";
export type {
  ExerciseInfo,
  ExerciseReport,
  FailedCheck,
  Failure,
  StudentFunction,
  WalkComparison,
} from "./exercise.ts";
export type { DrawnNode, DrawnTree } from "./drawn_tree.ts";
export type { NodePath, Parting } from "./walk.ts";
export { reportText } from "./report_text.ts";
export { reportHtml, walkStepperHtml } from "./report_html.ts";
export {
  gradeFolder,
  type GradeOptions,
  type GradeRow,
  gradeTable,
  type Verdict,
} from "./grade.ts";
