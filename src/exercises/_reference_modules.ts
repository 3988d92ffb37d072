/**
 * Where the course's reference solutions of the exercises live, for the
 * grader: a submission may not import them (`importBreaksRule` in
 * `submissions.ts`), and its subprocess refuses an exercise function that is
 * one of their own functions (`_grade_child.ts`).
 *
 * @module
 */

/**
 * The library's modules that hold an exercise's reference solution (the
 * course's own `minimax`, `alphaBeta`, `mex`, …), relative to the project:
 * the textbook's, and `src/games/grundy.ts`, whose `mex` `mod.ts` exports.
 * A submission may not import the textbook's but `moves.ts` (their types
 * only); the grader's subprocess refuses an exercise function that is one of
 * these modules' own functions, however it was imported.
 */
export const REFERENCE_MODULES: readonly string[] = [
  "src/textbook/mod.ts",
  "src/textbook/alpha_beta.ts",
  "src/textbook/alpha_beta_fail_hard.ts",
  "src/textbook/alpha_beta_negamax.ts",
  "src/textbook/grundy.ts",
  "src/textbook/iterative_deepening.ts",
  "src/textbook/minimax.ts",
  "src/textbook/negamax.ts",
  "src/textbook/order_moves.ts",
  "src/textbook/pvs.ts",
  "src/textbook/quiescence.ts",
  "src/textbook/transposition_table.ts",
  "src/textbook/uct.ts",
  "src/games/grundy.ts",
];
