/**
 * The one negamax alpha-beta node that the searchers of lessons 002 and 003
 * share: transposition table, move ordering, fail-hard or fail-soft, PVS
 * null-window tests, quiescence at the horizon, node and time budgets.
 * `alphaBeta` with no new option keeps its own plain node (golden counts).
 *
 * Bound contract of {@linkcode deepNode} for a window (alpha, beta) and true
 * value v (fail-soft): `r <= alpha` means v <= r; `r >= beta` means v >= r;
 * in between r = v. Fail-hard clamps r into [alpha, beta], keeping the same
 * meaning at the ends.
 *
 * @module
 */

import { NO_MOVE, type Position, VALUE_INFINITE } from "../position.ts";
import { createExtendedStats, type ExtendedStats } from "../stats.ts";
import { resolveDepth, SearchContext } from "./_search_context.ts";
import { checkInteger, describe } from "../validate.ts";
import {
  HISTORY_LIMIT,
  type MoveScorer,
  ORDER_HISTORY,
  ORDER_KILLER,
  ORDER_PV,
  ORDER_TT,
  resolveOrder,
  SCORE_KILLER_1,
  SCORE_KILLER_2,
  SCORE_PV,
  SCORE_TT,
} from "./ordering.ts";
import type { SearchResult } from "./search_result.ts";
import type { DeepSearchOptions } from "./deep_search_options.ts";
export type { DeepSearchOptions };
import {
  boundOf,
  DEPTH_END,
  tableDepth,
  TranspositionTable,
} from "./transposition_table.ts";

/** The per-search state of the shared node. */
export class DeepContext extends SearchContext<ExtendedStats> {
  tt: TranspositionTable | null;
  flags: number;
  scorer: MoveScorer | null;
  failHard: boolean;
  /** Set when a table entry settled the node just left (told to the trace, then cleared). */
  tableCut = false;
  /** Null-window tests for all but the first move (PVS). */
  pvs = false;
  /** Quiescence search at the depth limit. */
  quiescence = false;
  readonly hasNoisy: boolean;
  readonly scores: Int32Array[] = [];
  killers: Int32Array;
  readonly history: Int32Array;
  /** A line to search first (iterative deepening's previous PV). */
  pvLine: Int32Array = new Int32Array(0);
  pvLineLength = 0;
  followPv = false;
  nodeLimit = Infinity;
  deadline = Infinity;
  aborted = false;
  /**
   * Leaves evaluated because the depth limit was reached in a live position,
   * plus table cuts by entries that were not searched to the end (monotonic:
   * reset it by hand).
   */
  horizonLeaves = 0;

  constructor(
    position: Position,
    depth: number,
    options: DeepSearchOptions,
    where = "search",
  ) {
    super(position, createExtendedStats(), depth + 1, where);
    const tt = options.tt;
    if (tt !== undefined && !(tt instanceof TranspositionTable)) {
      throw new Error(
        `${where}: tt must be a TranspositionTable, got ${describe(tt)}`,
      );
    }
    this.tt = tt ?? null;
    const plan = resolveOrder(options.order, this.tt !== null, where);
    this.flags = plan.flags;
    this.scorer = plan.scorer;
    this.failHard = options.failHard === true;
    if (
      options.failHard !== undefined && typeof options.failHard !== "boolean"
    ) {
      throw new Error(
        `${where}: failHard must be a boolean, got ${
          describe(options.failHard)
        }`,
      );
    }
    const maxMove = options.maxMove === undefined
      ? position.maxMoves
      : checkInteger(where, "maxMove", options.maxMove, 1, 1 << 24);
    this.history = new Int32Array(maxMove);
    this.killers = new Int32Array(2 * this.plies).fill(NO_MOVE);
    this.hasNoisy = typeof position.generateNoisyMoves === "function";
    for (let ply = 0; ply < this.plies; ply++) {
      this.scores.push(new Int32Array(this.maxMoves));
    }
  }

  override reach(ply: number): void {
    if (ply < this.plies) return;
    super.reach(ply);
    while (this.scores.length < this.plies) {
      this.scores.push(new Int32Array(this.maxMoves));
    }
    const killers = new Int32Array(2 * this.plies).fill(NO_MOVE);
    killers.set(this.killers);
    this.killers = killers;
  }

  /** Sets the line to search first (kept for later searches with this context). */
  setPvLine(line: readonly number[]): void {
    if (this.pvLine.length < line.length) {
      this.pvLine = new Int32Array(line.length);
    }
    this.pvLine.set(line);
    this.pvLineLength = line.length;
  }

  /** Clears the per-search flags before a new root search. */
  startSearch(): void {
    this.aborted = false;
    this.followPv = (this.flags & ORDER_PV) !== 0 && this.pvLineLength > 0;
    this.rootMove = NO_MOVE;
    this.pvLength[0] = 0;
  }

  /**
   * The PV found by the last root search, extended from the table's best
   * moves where a table cut truncated it (the moves are replayed and checked
   * legal; `exactOnly` walks exact entries only).
   */
  pvWithTable(depth: number, exactOnly: boolean): number[] {
    const pv = Array.from(this.pv.subarray(0, this.pvLength[0]!));
    const tt = this.tt;
    if (tt === null) return pv;
    const position = this.position;
    const moves = new Int32Array(this.maxMoves);
    let played = 0;
    try {
      for (const move of pv) {
        position.play(move);
        played++;
      }
      const limit = Math.min(depth, 256);
      while (pv.length < limit && !position.isTerminal()) {
        const i = tt.probe(position.key());
        if (i < 0 || (exactOnly && tt.bound(i) !== 3)) break;
        const move = tt.move(i);
        const count = position.generateMoves(moves);
        if (!moves.subarray(0, count).includes(move)) break;
        position.play(move);
        played++;
        pv.push(move);
      }
    } finally {
      // The position's own code may throw: undo what was played either way.
      for (let k = played - 1; k >= 0; k--) position.undo(pv[k]!);
    }
    return pv;
  }

  /** The result object; the PV completed from the table. */
  deepResult(
    value: number,
    depth: number,
    exactOnly = true,
  ): SearchResult<ExtendedStats> {
    return {
      value,
      move: this.rootMove,
      pv: this.pvWithTable(depth, exactOnly),
      stats: this.stats,
    };
  }
}

/** Reads the common options and builds a context; errors name `where`. */
export function createDeepContext(
  position: Position,
  options: DeepSearchOptions | undefined,
  where = "search",
): [DeepContext, number] {
  const depth = resolveDepth(options, where);
  return [new DeepContext(position, depth, options ?? {}, where), depth];
}

/** Fail-hard clamp (identity for fail-soft). */
function clamp(
  c: DeepContext,
  value: number,
  alpha: number,
  beta: number,
): number {
  if (!c.failHard) return value;
  return value < alpha ? alpha : value > beta ? beta : value;
}

/** Scores the moves of ply `ply` and insertion-sorts them, best first, stable. */
function orderMoves(
  c: DeepContext,
  ply: number,
  moves: Int32Array,
  count: number,
  ttMove: number,
): void {
  const flags = c.flags;
  const scores = c.scores[ply]!;
  const pvMove = (flags & ORDER_PV) !== 0 && c.followPv && ply < c.pvLineLength
    ? c.pvLine[ply]!
    : NO_MOVE;
  const killer1 = (flags & ORDER_KILLER) !== 0 ? c.killers[2 * ply]! : NO_MOVE;
  const killer2 = (flags & ORDER_KILLER) !== 0
    ? c.killers[2 * ply + 1]!
    : NO_MOVE;
  const history = (flags & ORDER_HISTORY) !== 0 ? c.history : null;
  const scorer = c.scorer;
  const position = c.position;
  for (let i = 0; i < count; i++) {
    const move = moves[i]!;
    let score = 0;
    if (move === ttMove && (flags & ORDER_TT) !== 0) score += SCORE_TT;
    if (move === pvMove) score += SCORE_PV;
    if (move === killer1) score += SCORE_KILLER_1;
    else if (move === killer2) score += SCORE_KILLER_2;
    if (history !== null && move < history.length) score += history[move]!;
    if (scorer !== null) score += checkScore(c, scorer(position, move, ply));
    let j = i;
    while (j > 0 && scores[j - 1]! < score) {
      scores[j] = scores[j - 1]!;
      moves[j] = moves[j - 1]!;
      j--;
    }
    scores[j] = score;
    moves[j] = move;
  }
}

/** A scorer's value when it is an integer within ±2^24; an `Error` otherwise. */
function checkScore(c: DeepContext, score: number): number {
  if ((score | 0) !== score || score > 1 << 24 || score < -(1 << 24)) {
    throw new Error(
      `${c.where}: the order scorer must return an integer within ±16777216 (2^24), got ${
        describe(score)
      }`,
    );
  }
  return score;
}

/** Killer and history updates after `move` caused a cut at `ply`. */
function rememberCut(
  c: DeepContext,
  ply: number,
  depth: number,
  move: number,
): void {
  if ((c.flags & ORDER_KILLER) !== 0) {
    const k = 2 * ply;
    if (c.killers[k] !== move) {
      c.killers[k + 1] = c.killers[k]!;
      c.killers[k] = move;
    }
  }
  if ((c.flags & ORDER_HISTORY) !== 0 && move < c.history.length) {
    const d = depth > 64 ? 64 : depth;
    const history = c.history;
    history[move] = history[move]! + d * d;
    if (history[move]! > HISTORY_LIMIT) {
      for (let m = 0; m < history.length; m++) history[m] = history[m]! >> 1;
    }
  }
}

/**
 * The value of the current position from the side to move's view, under
 * the bound contract above, searching `depth` more plies.
 */
export function deepNode(
  c: DeepContext,
  ply: number,
  depth: number,
  alpha: number,
  beta: number,
): number {
  const position = c.position;
  const stats = c.stats;
  stats.nodes++;
  stats.steps++;
  c.pvLength[ply] = 0;
  if (
    stats.nodes > c.nodeLimit ||
    ((stats.nodes & 1023) === 0 && c.deadline !== Infinity &&
      performance.now() > c.deadline)
  ) {
    c.aborted = true;
    return 0;
  }
  if (position.isTerminal()) {
    stats.leaves++;
    stats.steps++;
    return clamp(c, c.checkValue(position.evaluate()), alpha, beta);
  }
  if (depth === 0) {
    c.horizonLeaves++;
    if (c.quiescence) return quiesce(c, ply, alpha, beta);
    stats.leaves++;
    stats.steps++;
    return clamp(c, c.checkValue(position.evaluate()), alpha, beta);
  }
  // Step 1. Transposition table: a deep enough entry may settle the node.
  // A subtree that meets no horizon is stored as searched to the end.
  const horizonBefore = c.horizonLeaves;
  const alphaOrig = alpha;
  const tt = c.tt;
  const key = tt !== null ? position.key() : 0;
  const ttDepth = tableDepth(depth);
  let ttMove = NO_MOVE;
  if (tt !== null) {
    const i = tt.probe(key);
    if (i >= 0) {
      ttMove = tt.move(i);
      if (ply > 0 && tt.cutoff(i, ttDepth, alpha, beta)) {
        stats.ttCutoffs++;
        stats.steps++;
        if (c.trace !== null) c.tableCut = true;
        if (tt.depth(i) !== DEPTH_END) c.horizonLeaves++;
        return clamp(c, tt.value(i), alpha, beta);
      }
    }
  }
  // Step 2. Moves, ordered.
  const moves = c.moves[ply]!;
  const count = position.generateMoves(moves);
  if (count === 0) {
    stats.leaves++;
    stats.steps++;
    return clamp(c, c.checkValue(position.evaluate()), alpha, beta);
  }
  c.reach(ply + 1);
  if (c.flags !== 0 || c.scorer !== null) {
    orderMoves(c, ply, moves, count, ttMove);
  }
  // Step 3. The move loop.
  let bestValue = -VALUE_INFINITE;
  let bestMove = NO_MOVE;
  stats.steps += 3;
  for (let i = 0; i < count; i++) {
    const move = moves[i]!;
    position.play(move);
    let value: number;
    try {
      if (c.pvs && i > 0) {
        // Null-window test: can this move beat alpha at all?
        value = 0 - deepNode(c, ply + 1, depth - 1, 0 - alpha - 1, 0 - alpha);
        if (value > alpha && value < beta && !c.aborted) {
          stats.researches++;
          value = 0 - deepNode(c, ply + 1, depth - 1, 0 - beta, 0 - alpha);
        }
      } else {
        value = 0 - deepNode(c, ply + 1, depth - 1, 0 - beta, 0 - alpha);
      }
    } catch (error) {
      // Whatever threw below (see SearchContext), the caller gets its position back.
      position.undo(move);
      throw error;
    }
    position.undo(move);
    c.followPv = false;
    if (c.aborted) return 0;
    if (c.trace !== null) {
      c.trace.node(ply + 1, move, 0 - beta, 0 - alpha, 0 - value, c.tableCut);
      c.tableCut = false;
    }
    stats.steps += 5;
    if (value > bestValue) {
      bestValue = value;
      bestMove = move;
      stats.steps++;
      if (ply === 0) c.rootMove = move;
    }
    if (bestValue > alpha) {
      alpha = bestValue;
      stats.steps++;
      c.updatePv(ply, move);
    }
    if (alpha >= beta) {
      stats.cutoffs++;
      stats.steps++;
      rememberCut(c, ply, depth, move);
      break;
    }
    stats.steps++;
  }
  if (alpha < beta) stats.steps += 2;
  // Step 4. Store the result with its bound type.
  const result = clamp(c, bestValue, alphaOrig, beta);
  if (tt !== null) {
    tt.store(
      key,
      result,
      c.horizonLeaves === horizonBefore ? DEPTH_END : ttDepth,
      bestMove,
      boundOf(result, alphaOrig, beta),
    );
  }
  return result;
}

/**
 * Quiescence at the horizon (lesson 003, T003.5): the side to move may stand
 * pat on the static evaluation or play a noisy move; same bound contract.
 * The horizon node itself was counted by the caller.
 */
function quiesce(
  c: DeepContext,
  ply: number,
  alpha: number,
  beta: number,
): number {
  const position = c.position;
  const stats = c.stats;
  const alphaOrig = alpha;
  stats.leaves++;
  stats.steps++;
  const standPat = c.checkValue(position.evaluate());
  if (standPat >= beta || !c.hasNoisy) return clamp(c, standPat, alpha, beta);
  let bestValue = standPat;
  if (bestValue > alpha) alpha = bestValue;
  const moves = c.moves[ply]!;
  const count = position.generateNoisyMoves!(moves);
  if (count !== 0) c.reach(ply + 1);
  stats.steps += 3;
  for (let i = 0; i < count; i++) {
    const move = moves[i]!;
    position.play(move);
    let value: number;
    try {
      value = 0 - quiescenceNode(c, ply + 1, 0 - beta, 0 - alpha);
    } catch (error) {
      position.undo(move);
      throw error;
    }
    position.undo(move);
    if (c.aborted) return 0;
    stats.steps += 5;
    if (value > bestValue) {
      bestValue = value;
      stats.steps++;
      if (ply === 0) c.rootMove = move;
    }
    if (bestValue > alpha) {
      alpha = bestValue;
      stats.steps++;
      c.updatePv(ply, move);
    }
    if (alpha >= beta) {
      stats.cutoffs++;
      stats.steps++;
      return clamp(c, bestValue, alphaOrig, beta);
    }
    stats.steps++;
  }
  stats.steps += 2;
  return clamp(c, bestValue, alphaOrig, beta);
}

/** A node below the horizon: counted, then terminal test, then quiescence. */
function quiescenceNode(
  c: DeepContext,
  ply: number,
  alpha: number,
  beta: number,
): number {
  const stats = c.stats;
  stats.nodes++;
  stats.quiescenceNodes++;
  stats.steps++;
  c.pvLength[ply] = 0;
  if (stats.nodes > c.nodeLimit) {
    c.aborted = true;
    return 0;
  }
  if (c.position.isTerminal()) {
    stats.leaves++;
    stats.steps++;
    return clamp(c, c.checkValue(c.position.evaluate()), alpha, beta);
  }
  return quiesce(c, ply, alpha, beta);
}
