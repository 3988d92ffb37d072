/**
 * The lessons `deno task figures` recomputes, in the course's reading order
 * (`docs/course.md`): minimax, alpha-beta, pruning, deepening, Grundy and
 * Nim, enhancements, then the project's Connect Four, chess, strength and
 * the technique atlas.
 *
 * @module
 */

import { LESSON_000 } from "./alpha_beta/report.ts";
import { LESSON_001 } from "./pruning/report.ts";
import { LESSON_002 } from "./enhancements/report.ts";
import { LESSON_003 } from "./deepening/report.ts";
import { LESSON_003_GRUNDY } from "./grundy/measure.ts";
import { CONNECT_FOUR } from "./connect_four/connect_four_steps.ts";
import { LESSON_004 } from "./minimax/report.ts";
import type { LessonEntry } from "./report.ts";
import { CHESS_LESSON } from "./chess/report.ts";
import { STRENGTH } from "./strength/report.ts";
import { ATLAS } from "./atlas/report.ts";

/** Every lesson with a report. */
export const LESSONS: readonly LessonEntry[] = [
  LESSON_004,
  LESSON_000,
  LESSON_001,
  LESSON_003,
  LESSON_003_GRUNDY,
  LESSON_002,
  CONNECT_FOUR,
  CHESS_LESSON,
  STRENGTH,
  ATLAS,
];
