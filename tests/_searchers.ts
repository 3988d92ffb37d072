/**
 * Every exported searcher with the option keys it documents: one table for
 * the tests that check each searcher's options (the robustness and settings
 * tests), so that a new option is named once.
 */
import {
  alphaBeta,
  aspiration,
  iterativeDeepening,
  minimax,
  mtdf,
  negamax,
  type Position,
  pvs,
  quiescence,
  type SearchResult,
  sssStar,
} from "../mod.ts";

/** A searcher as these tests call it. */
export type Searcher = (position: Position, options?: object) => SearchResult;

/** The selective options of the shared deep node (issue 17), all off by default. */
export const SELECTIVE = [
  "nullMove",
  "lateMoveReductions",
  "futility",
  "razoring",
  "reverseFutility",
  "lateMovePruning",
  "exchangePruning",
  "singularExtensions",
  "improving",
  "checkExtensions",
];

/** The options of every searcher built on the shared deep node. */
export const DEEP = [
  "depth",
  "maxNodes",
  "timeMs",
  "tt",
  "order",
  "failHard",
  "maxMove",
  "exactDepth",
  "interrupt",
  ...SELECTIVE,
  "skipLosingCaptures",
  "quiescenceEvasions",
  "quiescenceTable",
  "tableCutoffs",
  "enhancedCutoffs",
];

/** Every exported searcher, its name and the option keys it documents. */
export const SEARCHERS: [string, Searcher, string[]][] = [
  ["minimax", minimax, ["depth", "maxNodes", "timeMs"]],
  ["negamax", negamax, ["depth", "maxNodes", "timeMs"]],
  ["alphaBeta", alphaBeta, [...DEEP, "alpha", "beta", "trace"]],
  ["pvs", pvs, [...DEEP, "alpha", "beta"]],
  ["quiescence", quiescence, [...DEEP, "alpha", "beta"]],
  [
    "iterativeDeepening",
    iterativeDeepening,
    [
      ...DEEP,
      "previous",
      "aspirationDelta",
      "quiescence",
      "pvs",
      "keepCutMove",
      "onIteration",
    ],
  ],
  ["aspiration", aspiration, [...DEEP, "delta", "guess"]],
  ["mtdf", mtdf, [...DEEP, "guess"]],
  ["sssStar", sssStar, DEEP],
];
