/**
 * The chess engine's search setup, shared by the UCI engine (`deno task
 * uci`) and `deno task play chess`, so both play the same engine.
 *
 * @module
 */

import type { Chess, ChessOptions } from "../games/chess/mod.ts";
import { CHESS_MOVE_LIMIT } from "../games/chess/mod.ts";
import type { Move, Position } from "../position.ts";
import {
  type DepthRow,
  iterativeDeepening,
  type IterativeDeepeningOptions,
  type IterativeDeepeningResult,
} from "../search/iterative_deepening.ts";
import type { MoveScorer, OrderOption } from "../search/ordering.ts";
import type { TranspositionTable } from "../search/transposition_table.ts";

/**
 * The options of the positions the engine searches: the engine evaluation
 * (`Chess.fromFen(fen, CHESS_ENGINE_POSITION)`), not the course's.
 *
 * Measured (docs/chess_strength.md): at 20,000 nodes a move, openings of
 * data/chess/games.pgn with both colours, the engine on it against the same
 * search on the course's evaluation 62–17–21 (70.5 %, +151 Elo [77, 226],
 * 100 games), and at 100 ms a move 54–25–21 (66.5 %, +119 [47, 191]); it
 * costs about 40 % of the nodes a second (median 654 k → 391 k on
 * `bench:depth --full`'s ten WAC positions, depth 16 → 14 at 1 s).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess } from "../../mod.ts";
 * import { CHESS_ENGINE_POSITION } from "./_chess_search.ts";
 * assert.equal(Chess.start(CHESS_ENGINE_POSITION).evaluation, "engine");
 * ```
 */
export const CHESS_ENGINE_POSITION: Readonly<ChessOptions> = Object.freeze({
  evaluation: "engine",
});

/**
 * Whether the engine plays with its candidate techniques when nothing says
 * otherwise: the default of the UCI option `Candidates`, of
 * {@linkcode searchChess}'s `candidates`, of `deno task play`'s engine and
 * of `bench:strength --candidates`. True since the leave-one-out run of
 * the engine with them (`deno task atlas-elo --mode leave-one-out
 * --engine candidates --full`) ended: the atlas measures the engine that
 * plays, and that run is the atlas's (`ATLAS_LOO_RUN`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CANDIDATES_BY_DEFAULT } from "./_chess_search.ts";
 * assert.equal(typeof CANDIDATES_BY_DEFAULT, "boolean");
 * ```
 */
export const CANDIDATES_BY_DEFAULT: boolean = true;

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

/** Futility and razoring margins of the engine (centipawns by plies to the horizon). */
const MARGINS = [100, 300];

/**
 * The engine's selective search, on top of the table, quiescence and
 * {@linkcode CHESS_ENGINE_ORDER}: aspiration (±50), PVS, null move with
 * R = 3 + depth/3 (from depth 3, non-PV nodes, at least one ply left),
 * logarithmic late-move reductions after two moves, futility and razoring
 * (100, 300), reverse futility (100 a ply, depth ≤ 6), late-move pruning
 * (3 + depth² quiet moves, depth ≤ 3), check extensions and enhanced
 * transposition cutoffs.
 *
 * Measured (issue 25, item 8; counts, deterministic): `iterativeDeepening`
 * with a fresh 16 MB table and `maxNodes` 1,300,000 (≈ 1 s at this
 * engine's speed) on each of the first 10 WAC positions with at least 20
 * pieces (WAC.001, 003, 004, 007–013), the depth of the last finished
 * iteration, each step adding one technique to the one above:
 *
 * | settings                                   | median depth | per position                  | median nodes to it |
 * | ------------------------------------------ | -----------: | ----------------------------- | -----------------: |
 * | previous engine: table, order, quiescence  |            7 | 6 7 8 7 8 7 7 7 9 8           |            833,988 |
 * | the atlas's full engine (leave-one-out)    |         12.5 | 12 11 15 12 13 14 12 12 16 13 |          1,049,369 |
 * | + PVS                                      |           12 | 12 11 15 12 12 14 12 12 16 13 |          1,072,881 |
 * | + null move R = 3 + d/3 (from depth 3)     |           15 | 18 13 27 13 15 25 15 14 26 15 |          1,015,606 |
 * | + logarithmic LMR after 2 moves            |           17 | 19 16 32 14 15 28 18 16 27 15 |          1,104,064 |
 * | + reverse futility, 100 a ply, depth ≤ 6   |         18.5 | 19 17 32 15 17 29 19 17 27 18 |          1,077,272 |
 * | + late-move pruning 3 + d², depth ≤ 3      |           19 | 20 18 32 16 18 28 20 17 27 18 |            974,463 |
 *
 * Every step chose the same ten moves. PVS alone finishes no deeper; it
 * gives the later techniques their null windows. With the fixed null move
 * (R = 2) instead of the adaptive one, the last row finishes 16.
 *
 * Matches at 20,000 nodes a move (a 65,536-entry table cleared before each
 * move, openings of data/chess/games.pgn each played with both colours,
 * `CHESS_ADJUDICATION`), wins–draws–losses of the first: these settings
 * against the previous engine 29–6–5 (80 %, 40 games) and against the
 * atlas's full engine 15–15–10 (56 %, 40); with late-move pruning against
 * without 16–15–9 (59 %, 40); with reverse futility against without
 * 13–15–12 (51 %, 40); logarithmic LMR against the fixed one 15–16–9
 * (58 %, 40); the adaptive null move against R = 2, both at PVS on the
 * atlas's engine, 27–24–29 (49 %, 80), and in these settings 27–24–29
 * (49 %, 80). So no technique measurably loses games; none but the whole
 * (against the previous engine) is measurably stronger at 40 or 80 games
 * (±~100 Elo); the adaptive null move is kept for its depth (16 → 19), not
 * for a measured gain.
 *
 * @example A depth the previous engine needed many more nodes for
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess, CHESS_MOVE_LIMIT, iterativeDeepening, TranspositionTable } from "../../mod.ts";
 * import { CHESS_ENGINE_ORDER, CHESS_ENGINE_SELECTIVE } from "./_chess_search.ts";
 * const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
 * const search = (options: object) =>
 *   iterativeDeepening(Chess.fromFen(fen), {
 *     depth: 7,
 *     tt: new TranspositionTable({ megabytes: 8 }),
 *     order: CHESS_ENGINE_ORDER,
 *     maxMove: CHESS_MOVE_LIMIT,
 *     quiescence: true,
 *     ...options,
 *   }).stats.nodes;
 * assert.ok(search(CHESS_ENGINE_SELECTIVE) < search({}) / 4);
 * ```
 */
export const CHESS_ENGINE_SELECTIVE: Readonly<IterativeDeepeningOptions> =
  Object.freeze({
    aspirationDelta: 50,
    pvs: true,
    nullMove: Object.freeze({ reduction: 3, minDepth: 3, depthDivisor: 3 }),
    lateMoveReductions: Object.freeze({ formula: "log", fullMoves: 2 }),
    futility: Object.freeze({ margins: Object.freeze(MARGINS) }),
    razoring: Object.freeze({ margins: Object.freeze(MARGINS) }),
    reverseFutility: Object.freeze({ margin: 100, maxDepth: 6 }),
    lateMovePruning: Object.freeze({ maxDepth: 3, baseMoves: 3 }),
    checkExtensions: true,
    skipLosingCaptures: true,
    enhancedCutoffs: true,
  });

/**
 * The position options of the engine with its candidate techniques
 * ({@linkcode CHESS_ENGINE_CANDIDATES}): {@linkcode CHESS_ENGINE_POSITION},
 * the pawn-threat term of the evaluation (`pawnThreats`), mobility that
 * leaves out the squares enemy pawns attack (`safeMobility`), the
 * kings' distances to the passed pawns in the endgame (`passerKings`).
 * Not `pieceThreats`: it gained in self-play but not against Stockfish
 * skill 6 (docs/chess_strength.md).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess } from "../../mod.ts";
 * import { CHESS_CANDIDATE_POSITION } from "./_chess_search.ts";
 * const position = Chess.start(CHESS_CANDIDATE_POSITION);
 * assert.ok(position.pawnThreats && position.safeMobility && position.passerKings);
 * ```
 */
export const CHESS_CANDIDATE_POSITION: Readonly<ChessOptions> = Object.freeze({
  evaluation: "engine",
  pawnThreats: true,
  safeMobility: true,
  passerKings: true,
});

/**
 * Techniques measured as gains at equal time after the atlas's first
 * leave-one-out run, so not in {@linkcode CHESS_ENGINE_SELECTIVE}: laid over
 * it (with positions of {@linkcode CHESS_CANDIDATE_POSITION}) when
 * {@linkcode searchChess} is asked for `candidates`, as the UCI engine's
 * `Candidates` option asks (on by default, {@linkcode CANDIDATES_BY_DEFAULT};
 * their own leave-one-out run is the atlas's). The table in quiescence; null move reduced by
 * another ply per 200 centipawns of the static value above beta (at most
 * 3); exchange pruning within 6 plies (quiet moves losing more than 60 a
 * ply, captures more than 100); "improving"; late-move reductions one ply
 * less for killers and by quiet history (one ply per 6,144); and no
 * enhanced transposition cutoffs: at equal depth they save 4% of the
 * nodes and cost a fifth of the time (their probes are random reads of
 * the table). The measurements are in docs/chess_strength.md.
 *
 * @example Deeper in the same nodes (the same evaluation for both: the
 * candidate terms of the evaluation cost nodes of their own)
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess, TranspositionTable } from "../../mod.ts";
 * import { CHESS_ENGINE_POSITION, searchChess } from "./_chess_search.ts";
 * const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
 * const depth = (candidates: boolean) => {
 *   const position = Chess.fromFen(fen, CHESS_ENGINE_POSITION);
 *   position.markRoot();
 *   const table = new TranspositionTable({ megabytes: 8 });
 *   return searchChess(position, table, { depth: 64, maxNodes: 200_000, candidates }).depth;
 * };
 * assert.ok(depth(true) >= depth(false));
 * ```
 */
export const CHESS_ENGINE_CANDIDATES: Readonly<IterativeDeepeningOptions> =
  Object.freeze({
    quiescenceTable: true,
    nullMove: Object.freeze({
      reduction: 3,
      minDepth: 3,
      depthDivisor: 3,
      evalDivisor: 200,
    }),
    exchangePruning: Object.freeze({
      quietMargin: 60,
      captureMargin: 100,
      maxDepth: 6,
    }),
    improving: true,
    lateMoveReductions: Object.freeze({
      formula: "log",
      fullMoves: 2,
      historyDivisor: 6144,
    }),
    enhancedCutoffs: false,
  });

/**
 * The position options the engine searches with, with or without its
 * candidates: {@linkcode CHESS_CANDIDATE_POSITION} or
 * {@linkcode CHESS_ENGINE_POSITION}.
 *
 * @param candidates with the candidates (default {@linkcode CANDIDATES_BY_DEFAULT})
 * @returns the options to make the engine's positions with
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CHESS_CANDIDATE_POSITION, CHESS_ENGINE_POSITION, chessPositionOptions } from "./_chess_search.ts";
 * assert.equal(chessPositionOptions(true), CHESS_CANDIDATE_POSITION);
 * assert.equal(chessPositionOptions(false), CHESS_ENGINE_POSITION);
 * ```
 */
export function chessPositionOptions(
  candidates: boolean = CANDIDATES_BY_DEFAULT,
): Readonly<ChessOptions> {
  return candidates ? CHESS_CANDIDATE_POSITION : CHESS_ENGINE_POSITION;
}

/** The selective search with the candidates laid over it, merged once. */
const WITH_CANDIDATES: Readonly<IterativeDeepeningOptions> = Object.freeze({
  ...CHESS_ENGINE_SELECTIVE,
  ...CHESS_ENGINE_CANDIDATES,
});

/**
 * The searcher options of the engine's selective search, with or without
 * its candidates: {@linkcode CHESS_ENGINE_SELECTIVE}, with
 * {@linkcode CHESS_ENGINE_CANDIDATES} laid over it when `candidates`.
 *
 * @param candidates with the candidates (default {@linkcode CANDIDATES_BY_DEFAULT})
 * @returns the options (not the budget, order, table or quiescence)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CHESS_ENGINE_SELECTIVE, chessEngineOptions } from "./_chess_search.ts";
 * assert.deepEqual(chessEngineOptions(false), CHESS_ENGINE_SELECTIVE);
 * assert.deepEqual(chessEngineOptions(true).nullMove, { reduction: 3, minDepth: 3, depthDivisor: 3, evalDivisor: 200 });
 * assert.equal(chessEngineOptions(true).enhancedCutoffs, false);
 * ```
 */
export function chessEngineOptions(
  candidates: boolean = CANDIDATES_BY_DEFAULT,
): Readonly<IterativeDeepeningOptions> {
  return candidates ? WITH_CANDIDATES : CHESS_ENGINE_SELECTIVE;
}

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
  /** Each finished iteration, as it finishes; `true` stops the deepening there (`iterativeDeepening`'s option). */
  onIteration?: (row: DepthRow) => boolean | void;
  /** Play a better root move of an iteration the budget cut (`iterativeDeepening`'s option; default false). */
  keepCutMove?: boolean;
  /**
   * Search with {@linkcode CHESS_ENGINE_CANDIDATES} too (default
   * {@linkcode CANDIDATES_BY_DEFAULT}); the position should then be made
   * with {@linkcode CHESS_CANDIDATE_POSITION}
   * ({@linkcode chessPositionOptions} gives the one to use).
   */
  candidates?: boolean;
}

/**
 * Iterative deepening to `limits.depth` with the table, quiescence over
 * captures at the horizon, {@linkcode CHESS_ENGINE_ORDER} and the selective
 * search of {@linkcode CHESS_ENGINE_SELECTIVE}, on the position's own
 * evaluation (the engine's callers make their positions with
 * {@linkcode CHESS_ENGINE_POSITION}). The caller marks the root
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
    ...chessEngineOptions(limits.candidates),
    ...(limits.maxNodes === undefined ? {} : { maxNodes: limits.maxNodes }),
    ...(limits.timeMs === undefined ? {} : { timeMs: limits.timeMs }),
    ...(limits.interrupt === undefined ? {} : { interrupt: limits.interrupt }),
    ...(limits.onIteration === undefined
      ? {}
      : { onIteration: limits.onIteration }),
    ...(limits.keepCutMove === undefined
      ? {}
      : { keepCutMove: limits.keepCutMove }),
  });
}
