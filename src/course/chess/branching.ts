/**
 * T001.3 on real games: legal moves per position over every position of a
 * set of games, summarised overall and by phase, the course's depth-8 leaf
 * arithmetic redone with the measured b, and the effective branching factor
 * of alpha-beta (natural order against ordered) on real positions.
 *
 * @module
 */

import { Chess, CHESS_MOVE_LIMIT } from "../../games/chess/mod.ts";
import { alphaBeta } from "../../search/mod.ts";
import type { GamePositions } from "./_games.ts";
import { type Phase, phaseOf, PHASES } from "./phase.ts";
import { CAPTURES_FIRST } from "./orders.ts";

/** One position of a game: where it stands and how many legal moves it has. */
export interface MoveCount {
  game: number;
  ply: number;
  phase: Phase;
  moves: number;
}

/**
 * Legal moves of every position at which a player had to move (the final
 * position of each game is left out), counted by the project's generator.
 *
 * @example The first two positions of a game
 * ```ts
 * import assert from "node:assert/strict";
 * import { legalMoveCounts } from "./branching.ts";
 * const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
 * const e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
 * const counts = legalMoveCounts([{ game: 1, fens: [start, e4, e4] }]);
 * assert.deepEqual(counts.map((c) => c.moves), [20, 20]);
 * ```
 */
export function legalMoveCounts(games: readonly GamePositions[]): MoveCount[] {
  const out = new Int32Array(256);
  const counts: MoveCount[] = [];
  for (const { game, fens } of games) {
    for (let ply = 0; ply < fens.length - 1; ply++) {
      const fen = fens[ply]!;
      counts.push({
        game,
        ply,
        phase: phaseOf(ply, fen),
        moves: Chess.fromFen(fen).generateMoves(out),
      });
    }
  }
  return counts;
}

/** Summary of a set of move counts. */
export interface BranchingSummary {
  /** "all" or a phase. */
  set: string;
  positions: number;
  mean: number;
  median: number;
  /** exp(mean ln b) over positions with moves: the b whose powers count leaves. */
  geometricMean: number;
  min: number;
  max: number;
}

function summary(set: string, values: readonly number[]): BranchingSummary {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n === 0
    ? NaN
    : n % 2 === 1
    ? sorted[(n - 1) / 2]!
    : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  const positive = sorted.filter((v) => v > 0);
  return {
    set,
    positions: n,
    mean: n === 0 ? NaN : sorted.reduce((s, v) => s + v, 0) / n,
    median,
    geometricMean: Math.exp(
      positive.reduce((s, v) => s + Math.log(v), 0) / positive.length,
    ),
    min: sorted[0] ?? NaN,
    max: sorted[n - 1] ?? NaN,
  };
}

/**
 * Mean, median, geometric mean, min and max of the move counts: all
 * positions, then each phase.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { summariseBranching } from "./branching.ts";
 * const rows = summariseBranching([
 *   { game: 1, ply: 0, phase: "opening", moves: 20 },
 *   { game: 1, ply: 30, phase: "middlegame", moves: 40 },
 * ]);
 * assert.equal(rows[0]!.mean, 30);
 * assert.equal(rows[0]!.median, 30);
 * assert.equal(rows[2]!.mean, 40);
 * ```
 */
export function summariseBranching(
  counts: readonly MoveCount[],
): BranchingSummary[] {
  return [
    summary("all", counts.map((c) => c.moves)),
    ...PHASES.map((phase) =>
      summary(
        phase,
        counts.filter((c) => c.phase === phase).map((c) => c.moves),
      )
    ),
  ];
}

/** Leaves of a depth-`depth` tree of branching `b`: no pruning, random order, perfect order. */
export interface LeafArithmetic {
  b: number;
  depth: number;
  /** b^d. */
  minimax: number;
  /** b^(3d/4), the course's random-order estimate. */
  randomOrder: number;
  /** b^(d/2), the course's perfect-order figure (Knuth–Moore: b^⌈d/2⌉ + b^⌊d/2⌋ − 1 ≈ 2 b^(d/2)). */
  perfectOrder: number;
}

/**
 * The course's arithmetic for T001.3: with b = 35 and d = 8 it prints
 * 2.25e12 / 1.84e9 / 1.50e6, that is b^8, b^6 and b^4.
 *
 * @example The course's numbers
 * ```ts
 * import assert from "node:assert/strict";
 * import { leafArithmetic } from "./branching.ts";
 * const a = leafArithmetic(35, 8);
 * assert.equal(a.minimax.toPrecision(3), "2.25e+12");
 * assert.equal(a.randomOrder.toPrecision(3), "1.84e+9");
 * assert.equal(a.perfectOrder.toPrecision(3), "1.50e+6");
 * ```
 */
export function leafArithmetic(b: number, depth = 8): LeafArithmetic {
  return {
    b,
    depth,
    minimax: b ** depth,
    randomOrder: b ** (3 * depth / 4),
    perfectOrder: b ** (depth / 2),
  };
}

/** Nodes of alpha-beta to each depth, natural order and ordered, summed over positions. */
export interface EffectiveBranching {
  positions: number;
  /** depth 1…D */
  depths: number[];
  natural: number[];
  ordered: number[];
}

/**
 * Nodes of plain alpha-beta to depths 1…`depth` (separate searches, no
 * table) on each position, in natural generator order and ordered by
 * captures first (MVV-LVA) with killer and history moves; summed over the
 * positions. The effective branching factor is the ratio of successive sums.
 *
 * @example Two plies from the start
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess } from "../../games/chess/mod.ts";
 * import { effectiveBranching } from "./branching.ts";
 * const e = effectiveBranching([Chess.start()], 1);
 * assert.deepEqual(e.natural, [21]);
 * ```
 */
export function effectiveBranching(
  positions: readonly Chess[],
  depth: number,
  progress?: (message: string) => void,
): EffectiveBranching {
  const depths = Array.from({ length: depth }, (_, i) => i + 1);
  const natural = depths.map(() => 0);
  const ordered = depths.map(() => 0);
  for (const [i, position] of positions.entries()) {
    for (const d of depths) {
      natural[d - 1]! += alphaBeta(position, { depth: d }).stats.nodes;
      ordered[d - 1]! += alphaBeta(position, {
        depth: d,
        order: ["killer", "history", CAPTURES_FIRST],
        maxMove: CHESS_MOVE_LIMIT,
      }).stats.nodes;
    }
    progress?.(`effective branching: position ${i + 1}/${positions.length}`);
  }
  return { positions: positions.length, depths, natural, ordered };
}

/**
 * The effective branching factor at the deepest depth D from node sums:
 * sqrt(N(D) / N(D − 2)), over two plies so that the odd–even swing of
 * alpha-beta cancels (N(D)/N(D − 1) with D < 3).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ebf } from "./branching.ts";
 * assert.equal(ebf([1, 10, 100]), 10);
 * ```
 */
export function ebf(nodes: readonly number[]): number {
  const n = nodes.length;
  if (n >= 3) return Math.sqrt(nodes[n - 1]! / nodes[n - 3]!);
  if (n === 2) return nodes[1]! / nodes[0]!;
  return nodes[0] ?? NaN;
}
