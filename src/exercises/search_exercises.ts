/**
 * The exercises where the student writes a searcher over the
 * `Position` interface: minimax, negamax, alpha-beta fail-soft and
 * fail-hard, and quiescence, each judged as `search_judge.ts` says.
 *
 * @module
 */

import { alphaBeta as engineAlphaBeta } from "../search/alpha_beta.ts";
import { minimax as engineMinimax } from "../search/minimax.ts";
import { negamax as engineNegamax } from "../search/negamax.ts";
import { quiescence as engineQuiescence } from "../search/quiescence.ts";
import * as textbook from "../textbook/mod.ts";
import type { Exercise } from "./exercise.ts";
import {
  alphaBetaExplainer,
  fullWidthExplainer,
  quiesceExplainer,
} from "./explain_walks.ts";
import { forView, type SearchCase, searchExercise } from "./search_judge.ts";

export type { SearchCase } from "./search_judge.ts";

const CHECKS_PLAIN = [
  "values",
  "nodes entered (every node to the depth limit, in move order)",
  "position left as found",
] as const;

/** Minimax, from MAX's view (lesson 004). */
export const MINIMAX: Exercise<SearchCase> = searchExercise({
  id: "minimax",
  lesson: "Minimax (004)",
  title: "Minimax",
  signature:
    "function minimax(position: Position, depth: number): number // from MAX's view",
  checks: CHECKS_PLAIN,
  view: "max",
  window: "none",
  hasDepth: true,
  boards: true,
  noisy: false,
  referenceName: "the course's minimax",
  valueName: "minimax value (MAX's view)",
  reference: (p, depth) => textbook.minimax(p, depth),
  explainer: (_at, depth) => fullWidthExplainer("minimax", depth),
  engine: (p, depth) => forView("max", p, engineMinimax(p, { depth }).value),
  call: (fn, p, depth) => fn(p, depth),
});

/** Negamax, from the side to move's view (lesson 004). */
export const NEGAMAX: Exercise<SearchCase> = searchExercise({
  id: "negamax",
  lesson: "Minimax (004)",
  title: "Negamax",
  signature:
    "function negamax(position: Position, depth: number): number // for the side to move",
  checks: CHECKS_PLAIN,
  view: "mover",
  window: "none",
  hasDepth: true,
  boards: true,
  noisy: false,
  referenceName: "the course's negamax",
  valueName: "negamax value (for the side to move)",
  reference: (p, depth) => textbook.negamax(p, depth),
  explainer: (_at, depth) => fullWidthExplainer("negamax", depth),
  engine: (p, depth) => engineNegamax(p, { depth }).value,
  call: (fn, p, depth) => fn(p, depth),
});

/** Alpha-beta, fail-soft, from MAX's view: the course's `ab` (lesson 000). */
export const ALPHA_BETA: Exercise<SearchCase> = searchExercise({
  id: "alphaBeta",
  lesson: "Alpha-beta (000)",
  title: "Alpha-beta (fail-soft)",
  signature:
    "function alphaBeta(position: Position, depth: number, alpha: number, beta: number): number // MAX's view, fail-soft",
  checks: [
    "values with the full window",
    "the fail-soft value and window contract on narrow windows",
    "nodes entered (exactly those of the course's ab, in order)",
    "position left as found",
  ],
  view: "max",
  window: "soft",
  hasDepth: true,
  boards: true,
  noisy: false,
  referenceName: "the course's ab",
  valueName: "minimax value (MAX's view)",
  reference: (p, depth, alpha, beta) =>
    textbook.alphaBeta(p, depth, alpha, beta),
  explainer: (at, depth, alpha, beta) =>
    alphaBetaExplainer(at, depth, alpha, beta, "the course's ab"),
  engine: (p, depth) => forView("max", p, engineAlphaBeta(p, { depth }).value),
  call: (fn, p, depth, alpha, beta) => fn(p, depth, alpha, beta),
});

/** Alpha-beta, fail-hard, from MAX's view (lesson 002). */
export const ALPHA_BETA_FAIL_HARD: Exercise<SearchCase> = searchExercise({
  id: "alphaBetaFailHard",
  lesson: "Enhancements (002)",
  title: "Alpha-beta (fail-hard)",
  signature:
    "function alphaBetaFailHard(position: Position, depth: number, alpha: number, beta: number): number // MAX's view, in [alpha, beta]",
  checks: [
    "values with the full window",
    "results inside [alpha, beta] and the fail-hard contract on narrow windows",
    "nodes entered (exactly those of the course's ab, in order)",
    "position left as found",
  ],
  view: "max",
  window: "hard",
  hasDepth: true,
  boards: true,
  noisy: false,
  referenceName: "the course's fail-hard alpha-beta",
  valueName: "minimax value (MAX's view)",
  reference: (p, depth, alpha, beta) =>
    textbook.alphaBetaFailHard(p, depth, alpha, beta),
  explainer: (at, depth, alpha, beta) =>
    alphaBetaExplainer(
      at,
      depth,
      alpha,
      beta,
      "the course's fail-hard alpha-beta",
    ),
  engine: (p, depth) => forView("max", p, engineAlphaBeta(p, { depth }).value),
  call: (fn, p, depth, alpha, beta) => fn(p, depth, alpha, beta),
});

/** Quiescence search at the horizon, fail-soft, for the side to move (lesson 003). */
export const QUIESCE: Exercise<SearchCase> = searchExercise({
  id: "quiesce",
  lesson: "Deepening, tables and quiescence (003)",
  title: "Quiescence search",
  signature:
    "function quiesce(position: Position, alpha: number, beta: number): number // side to move, fail-soft; noisy moves from position.generateNoisyMoves",
  checks: [
    "values with the full window",
    "the fail-soft value and window contract on narrow windows",
    "nodes entered (stand pat, then noisy moves only, exactly those of the course's quiesce)",
    "position left as found",
  ],
  view: "mover",
  window: "soft",
  hasDepth: false,
  boards: false,
  noisy: true,
  referenceName: "the course's quiesce",
  valueName: "quiescent value (for the side to move)",
  reference: (p, _depth, alpha, beta) => textbook.quiesce(p, alpha, beta),
  explainer: (at, _depth, alpha, beta) => quiesceExplainer(at, alpha, beta),
  engine: (p) => engineQuiescence(p, { depth: 0 }).value,
  call: (fn, p, _depth, alpha, beta) => fn(p, alpha, beta),
});
