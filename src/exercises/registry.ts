/**
 * Every exercise, in the order of the course: the function the student
 * writes, the lesson that teaches it, its signature and what is checked.
 *
 * @module
 */

import { describe } from "../validate.ts";
import type { Exercise, ExerciseInfo } from "./exercise.ts";
import {
  ALPHA_BETA,
  ALPHA_BETA_FAIL_HARD,
  MINIMAX,
  NEGAMAX,
  QUIESCE,
} from "./search_exercises.ts";
import { GRUNDY, MEX } from "./grundy_exercises.ts";
import { ITERATIVE_DEEPENING } from "./deepening_exercise.ts";
import { ALPHA_BETA_WITH_TABLE } from "./table_exercise.ts";
import { ORDER_MOVES } from "./ordering_exercise.ts";
import { UCT_ITERATION } from "./uct_exercise.ts";

/** Every exercise with its checks, in the course's order. */
export const ALL_EXERCISES: readonly Exercise<unknown>[] = [
  MINIMAX,
  NEGAMAX,
  ALPHA_BETA,
  ORDER_MOVES,
  ALPHA_BETA_FAIL_HARD,
  MEX,
  GRUNDY,
  ITERATIVE_DEEPENING,
  ALPHA_BETA_WITH_TABLE,
  QUIESCE,
  UCT_ITERATION,
];

/**
 * The exercises, by the name of the function each asks for: the lesson,
 * the signature to implement and what is checked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EXERCISES } from "./registry.ts";
 * assert.deepEqual(EXERCISES.map((e) => e.id).slice(0, 4), ["minimax", "negamax", "alphaBeta", "orderMoves"]);
 * assert.match(EXERCISES[2]!.signature, /^function alphaBeta\(position: Position, depth: number, alpha: number, beta: number\): number/);
 * ```
 */
export const EXERCISES: readonly ExerciseInfo[] = ALL_EXERCISES;

/**
 * The exercise whose function is called `id`.
 *
 * @throws {Error} naming the id and every exercise there is
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exerciseById } from "./registry.ts";
 * assert.equal(exerciseById("alphaBeta").lesson, "Alpha-beta (000)");
 * assert.throws(() => exerciseById("alphabeta"), /no exercise "alphabeta"; the exercises are minimax, negamax/);
 * ```
 */
export function exerciseById(id: string): Exercise<unknown> {
  const found = ALL_EXERCISES.find((exercise) => exercise.id === id);
  if (found === undefined) {
    throw new Error(
      `checkExercise: no exercise ${describe(id)}; the exercises are ${
        EXERCISES.map((exercise) => exercise.id).join(", ")
      }`,
    );
  }
  return found;
}
