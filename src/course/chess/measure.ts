/**
 * Every chess measurement of issue 9 in one run, as plain data: a small
 * default (seconds, for CI and the notebook) and the full run (all games,
 * more positions, deeper). Counts only (nodes, positions solved); the one
 * timing, nodes per second, is kept apart as machine-dependent.
 *
 * @module
 */

import { Chess } from "../../games/chess/mod.ts";
import { alphaBeta } from "../../search/mod.ts";
import { type GamePositions, loadGames } from "./_games.ts";
import {
  type BranchingSummary,
  type EffectiveBranching,
  effectiveBranching,
  type LeafArithmetic,
  leafArithmetic,
  legalMoveCounts,
  summariseBranching,
} from "./branching.ts";
import {
  type DeepeningOverhead,
  deepeningOverhead,
  measurePosition,
  type PositionCounts,
} from "./deepening.ts";
import { findHorizonExamples, type HorizonExample } from "./horizon.ts";
import { type Phase, PHASES } from "./phase.ts";
import { type SampledPosition, sampleMiddlegames } from "./samples.ts";
import { loadWac, solveRates, type SolveRow } from "./wac.ts";

/** Sizes of a run. */
export interface ChessRunSettings {
  /** "small" (default) or "full". */
  run: "small" | "full";
  /** Games of games.pgn read (from the first). */
  games: number;
  /** Middlegame positions sampled for the search measurements. */
  positions: number;
  /** Seed of the sample. */
  seed: number;
  /** Depth of the search measurements. */
  depth: number;
  /** WAC positions (from the first). */
  wacPositions: number;
  /** Deepest WAC depth. */
  wacDepth: number;
  /** Horizons of the horizon-error search. */
  horizons: number[];
}

/** The small default: seconds. */
export const SMALL_RUN: ChessRunSettings = {
  run: "small",
  games: 40,
  positions: 3,
  seed: 1,
  depth: 4,
  wacPositions: 30,
  wacDepth: 3,
  horizons: [1, 2],
};

/** The full run of the committed figures. */
export const FULL_RUN: ChessRunSettings = {
  run: "full",
  games: 1000,
  positions: 60,
  seed: 1,
  depth: 5,
  wacPositions: 300,
  wacDepth: 6,
  horizons: [1, 2, 3],
};

/** Positions with a given number of legal moves, per phase (the histogram). */
export interface HistogramBin {
  moves: number;
  phase: Phase;
  positions: number;
}

/** Everything one run measures. */
export interface ChessResults {
  settings: ChessRunSettings;
  /** Games and positions actually read. */
  gamesRead: number;
  positionsCounted: number;
  branching: BranchingSummary[];
  histogram: HistogramBin[];
  /** The course's arithmetic at b = 35, then with the measured mean b (all positions). */
  leaves: { course: LeafArithmetic; measured: LeafArithmetic };
  sample: SampledPosition[];
  /** Mean legal moves of the sample. */
  sampleMeanB: number;
  effective: EffectiveBranching;
  counts: PositionCounts[];
  overhead: DeepeningOverhead[];
  solve: SolveRow[];
  horizon: HorizonExample[];
  /** Machine-dependent: plain alpha-beta's nodes per second on the sample (natural order, to `depth`). */
  timing: { nodes: number; seconds: number; nodesPerSecond: number };
}

/**
 * Runs every measurement with `settings` (default {@linkcode SMALL_RUN}).
 *
 * @example A tiny run
 * ```ts ignore
 * import { measureChess, SMALL_RUN } from "./measure.ts";
 * const results = measureChess({ ...SMALL_RUN, positions: 1, depth: 2 });
 * ```
 */
export function measureChess(
  settings: ChessRunSettings = SMALL_RUN,
  progress?: (message: string) => void,
  games: GamePositions[] = loadGames(settings.games),
): ChessResults {
  const read = games.slice(0, settings.games);
  const moves = legalMoveCounts(read);
  const branching = summariseBranching(moves);
  progress?.(
    `legal moves: ${moves.length} positions of ${read.length} games, mean ${
      branching[0]!.mean.toFixed(2)
    }`,
  );
  const bins = new Map<string, HistogramBin>();
  for (const m of moves) {
    const key = `${m.phase} ${m.moves}`;
    const bin = bins.get(key) ??
      { moves: m.moves, phase: m.phase, positions: 0 };
    bin.positions++;
    bins.set(key, bin);
  }
  const histogram = [...bins.values()].sort((a, b) =>
    a.moves - b.moves || PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase)
  );
  const sample = sampleMiddlegames(read, settings.positions, settings.seed);
  const sampleMeanB = sample.reduce((s, p) => s + p.moves, 0) / sample.length;
  const effective = effectiveBranching(
    sample.map((s) => Chess.fromFen(s.fen)),
    settings.depth,
    progress,
  );
  const counts: PositionCounts[] = [];
  for (const [i, s] of sample.entries()) {
    counts.push(measurePosition(s.fen, settings.depth));
    progress?.(`deepening and ordering: position ${i + 1}/${sample.length}`);
  }
  const overhead = deepeningOverhead(counts, sampleMeanB);
  const wac = loadWac().slice(0, settings.wacPositions);
  const solve = solveRates(wac, settings.wacDepth, progress);
  const horizon = findHorizonExamples(wac, settings.horizons, progress);
  let nodes = 0;
  const started = performance.now();
  for (const s of sample) {
    nodes += alphaBeta(Chess.fromFen(s.fen), { depth: settings.depth })
      .stats.nodes;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    settings,
    gamesRead: read.length,
    positionsCounted: moves.length,
    branching,
    histogram,
    leaves: {
      course: leafArithmetic(35, 8),
      measured: leafArithmetic(branching[0]!.mean, 8),
    },
    sample,
    sampleMeanB,
    effective,
    counts,
    overhead,
    solve,
    horizon,
    timing: { nodes, seconds, nodesPerSecond: nodes / seconds },
  };
}
