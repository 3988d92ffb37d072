/**
 * The chess engine's search setup, shared by the UCI engine (`deno task
 * uci`) and `deno task play chess`, so both play the same engine.
 *
 * @module
 */

import type { Chess } from "../games/chess/mod.ts";
import { CHESS_MOVE_LIMIT } from "../games/chess/mod.ts";
import type { Move, Position } from "../position.ts";
import {
  iterativeDeepening,
  type IterativeDeepeningResult,
} from "../search/iterative_deepening.ts";
import type { MoveScorer, OrderOption } from "../search/ordering.ts";
import type { TranspositionTable } from "../search/transposition_table.ts";

const mvvLva: MoveScorer = (position: Position, move: Move) =>
  (position as Chess).mvvLva(move);

/**
 * The engine's move order, as engines order: the table move, captures by
 * MVV-LVA (a capture that loses material by static exchange after the
 * quiet moves), the two quiet killers of the ply, then the quiet moves by
 * their history (bonus for quiet cut moves, malus for the quiet moves tried
 * before them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, Chess, CHESS_MOVE_LIMIT, TranspositionTable } from "../../mod.ts";
 * import { CHESS_ENGINE_ORDER } from "./_chess_search.ts";
 * const position = Chess.fromFen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3");
 * const tt = new TranspositionTable({ entries: 1 << 12 });
 * const result = alphaBeta(position, { depth: 3, tt, order: CHESS_ENGINE_ORDER, maxMove: CHESS_MOVE_LIMIT });
 * assert.equal(position.moveToSan(result.move), "Qxf7#");
 * ```
 */
export const CHESS_ENGINE_ORDER: OrderOption = Object.freeze(
  [
    "tt",
    "captures",
    mvvLva,
    "quiet-killer",
    "quiet-history",
  ] as const,
);

/** Budgets of one {@linkcode searchChess} call. */
export interface ChessSearchLimits {
  /** Deepest iteration. */
  depth: number;
  /** Node budget (none when absent). */
  maxNodes?: number;
  /** Time budget in milliseconds (none when absent). */
  timeMs?: number;
  /**
   * A flag another thread may set (`Atomics.store(flag, 0, 1)`): while its
   * first element is not 0, the iteration in progress stops within about
   * 1,024 nodes, as a spent time budget stops it (depth 1 always finishes).
   */
  interrupt?: Int32Array;
}

/**
 * Iterative deepening to `limits.depth` with the table, quiescence over
 * captures at the horizon, and {@linkcode CHESS_ENGINE_ORDER}. The caller marks the root
 * (`position.markRoot()`) after playing the game's moves.
 *
 * @example The engine finds the Scholar's mate
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess, TranspositionTable } from "../../mod.ts";
 * import { searchChess } from "./_chess_search.ts";
 * const position = Chess.fromFen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3");
 * position.markRoot();
 * const result = searchChess(position, new TranspositionTable({ megabytes: 1 }), { depth: 2 });
 * assert.equal(position.moveToSan(result.move), "Qxf7#");
 * ```
 */
export function searchChess(
  position: Chess,
  table: TranspositionTable,
  limits: ChessSearchLimits,
): IterativeDeepeningResult {
  return iterativeDeepening(position, {
    depth: limits.depth,
    tt: table,
    order: CHESS_ENGINE_ORDER,
    maxMove: CHESS_MOVE_LIMIT,
    quiescence: true,
    ...(limits.maxNodes === undefined ? {} : { maxNodes: limits.maxNodes }),
    ...(limits.timeMs === undefined ? {} : { timeMs: limits.timeMs }),
    ...(limits.interrupt === undefined ? {} : { interrupt: limits.interrupt }),
  });
}
