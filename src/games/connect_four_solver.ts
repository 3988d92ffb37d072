/**
 * A perfect Connect Four solver in the shape of Pascal Pons' tutorial
 * ("Solving Connect 4: how to build a perfect AI"), written for this project:
 * negamax with alpha-beta on two-half bitboards, centre-first order, score
 * bounds from the move count, the project's {@linkcode TranspositionTable}
 * holding lower and upper bounds, null-window searches that narrow the score
 * window (iterative deepening on the window, not on the depth), pruning of
 * moves that lose at once, and threat-count move ordering by insertion into
 * fixed typed arrays. The recursion passes four small integers and allocates
 * nothing.
 *
 * Symmetry: {@linkcode ConnectFour} has mirrored and symmetric keys, and the
 * tests check that mirrored positions score the same; keying the table by
 * the symmetric key changed no node count on either benchmark set (a middle
 * game search seldom meets the mirror image of a position it has seen) and
 * cost time, so the search keys by the plain `stones + occupied` number.
 *
 * Speed: what costs most per node is memory, not arithmetic. A solve uses
 * the first 2^17 entries (1 MiB, which stays in the processor's cache) and
 * doubles them, moving the entries, each time its nodes since the last
 * growth reach the entries in use. Measured in CPU time (the machine was
 * shared), one process, old and new alternated, best of 6: End-Easy 7.6 →
 * 3.1 µs, Middle-Easy 78.8 → 47.8 µs a position; 16 positions of 14 stones
 * (0.2–2 M nodes) 0.77× the time with the same nodes.
 *
 * Scores (the public benchmarks' convention), from the side to move: 0 for a
 * draw; 22 − k when it wins with its k-th stone; −(22 − k) when the opponent
 * wins with its k-th stone.
 *
 * Budgets: an early position can take hours, so a solve takes `maxNodes` and
 * `timeMs`. The node limit costs one integer compare per node (the same
 * compare also schedules the clock, read every {@linkcode CLOCK_INTERVAL}
 * nodes); a stopped solve returns the bounds its finished null-window
 * searches proved, never a guessed score. There is no `AbortSignal` option:
 * the solve is synchronous, so an abort raised on the same thread (a timer,
 * a signal handler) could only be seen after the solve had returned;
 * `timeMs` is the wall-clock limit.
 *
 * @module
 */

import {
  BOUND_OFFSET,
  HASH_MULTIPLIER,
  NO_BEST,
  SOLVER_BYTES_PER_ENTRY,
  SolverTable,
} from "./_solver_table.ts";
import {
  BOARD_HI,
  BOARD_LO,
  BOTTOM_HI,
  BOTTOM_LO,
  CELLS,
  COLUMN_HI,
  COLUMN_LO,
  ConnectFour,
  popcount,
  randomConnectFour,
  WIDTH,
  WIN,
  winningCells,
} from "./connect_four.ts";
import { checkInteger, checkOptions, describe } from "../validate.ts";

export { SolverTable } from "./_solver_table.ts";

/** Feature bit: a transposition table of bounds. */
export const SOLVER_TABLE = 1;
/** Feature bit: null-window searches narrowing [min, max] at the root. */
export const SOLVER_NULL_WINDOW = 2;
/** Feature bit: never play a move that lets the opponent win at once; lose at once to a double threat. */
export const SOLVER_NON_LOSING = 4;
/** Feature bit: try first the moves that leave the most winning cells (threats). */
export const SOLVER_THREAT_ORDER = 8;
/** Every feature: the full solver. */
export const SOLVER_ALL = SOLVER_TABLE | SOLVER_NULL_WINDOW |
  SOLVER_NON_LOSING | SOLVER_THREAT_ORDER;

/**
 * Entries of the default table: 2^23, 64 MiB of 8-byte entries (the
 * solver's own {@linkcode SolverTable}; the reference C++ solver's holds
 * 8,388,617). A solve uses the first 1 MiB and grows into the rest only as
 * its work grows, so memory is touched (and committed) only by long solves.
 */
export const DEFAULT_SOLVER_ENTRIES = 2 ** 23;

/**
 * The largest prime at most `n` (at least 2): table sizes are primes because
 * the keys (stones + occupied cells) are far from random, and a key modulo a
 * power of two, or of a number with small factors, sees only some columns.
 * Measured: 64 MiB as 2,796,202 entries costs 480 nodes per Middle-Easy
 * position, as the prime 2,796,181 entries 449.
 *
 * @param n an integer
 * @returns the largest prime ≤ n, or 2
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { primeAtMost } from "../../mod.ts";
 * assert.ok(primeAtMost(100) === 97 && primeAtMost(2) === 2);
 * ```
 */
export function primeAtMost(n: number): number {
  for (let candidate = Math.floor(n); candidate > 2; candidate--) {
    let prime = candidate % 2 === 1;
    for (let d = 3; prime && d * d <= candidate; d += 2) {
      if (candidate % d === 0) prime = false;
    }
    if (prime) return candidate;
  }
  return 2;
}

/** Centre first: the order in which equal-scored moves are tried. */
const COLUMN_ORDER = Int32Array.from([3, 2, 4, 1, 5, 0, 6]);

/** The largest score magnitude: a win with the 4th stone scores 22 − 4 = 18; every score lies in −18…18. */
export const MAX_SCORE = 18;

/** Nodes between two readings of the clock when `timeMs` is given. */
export const CLOCK_INTERVAL = 4096;

/** Which budget stopped a solve. */
export type SolveStopReason = "maxNodes" | "timeMs";

/**
 * What {@linkcode solveConnectFour} and {@linkcode ConnectFourSolver.solve}
 * return. Every field is from the side to move; in weak mode every number
 * but `nodes` is a sign (−1, 0, 1).
 *
 * - Solved (`exact`): `score` is the score and `lower === upper === score`.
 * - Stopped by a budget (`stoppedByBudget`): `score` is `null` and the score
 *   is proven to lie in `lower`…`upper` (`lower < upper`): the bounds the
 *   root's finished null-window searches established, or the bounds from
 *   the move count when none finished.
 */
export interface SolveResult {
  /** The score when `exact`, otherwise `null`. */
  score: number | null;
  /** A proven lower bound on the score (the score itself when `exact`). */
  lower: number;
  /** A proven upper bound on the score (the score itself when `exact`). */
  upper: number;
  /** True when `score` is the position's score: the solve finished. */
  exact: boolean;
  /** True when `maxNodes` or `timeMs` stopped the solve (then `exact` is false). */
  stoppedByBudget: boolean;
  /** The budget that stopped the solve, or `null` when it finished. */
  stopReason: SolveStopReason | null;
  /** Positions searched (calls of the negamax node; the root's checks count none); at most `maxNodes`. */
  nodes: number;
}

/** A {@linkcode SolveResult} of a solve that finished: what a solve without a budget returns. */
export interface ExactSolveResult extends SolveResult {
  /** The score from the side to move (only its sign in weak mode: −1, 0, 1). */
  score: number;
  /** Always true. */
  exact: true;
  /** Always false. */
  stoppedByBudget: false;
  /** Always `null`. */
  stopReason: null;
}

/** Options of {@linkcode ConnectFourSolver}. */
export interface ConnectFourSolverOptions {
  /**
   * Entries of the transposition table (default
   * {@linkcode DEFAULT_SOLVER_ENTRIES}, 64 MiB): an integer in 1…2^29,
   * rounded down to a power of two, at least 2^17 (1 MiB).
   */
  entries?: number;
  /** The table's size in MiB instead of `entries` (8 bytes an entry, rounded down to a power of two, at least 1 MiB). */
  megabytes?: number;
  /** OR of `SOLVER_*` bits (default {@linkcode SOLVER_ALL}): fewer bits give the tutorial's earlier steps. */
  features?: number;
}

/** Options of {@linkcode ConnectFourSolver.solve} and {@linkcode solveConnectFour}. */
export interface SolveOptions {
  /** Only the sign of the score: win (1), draw (0) or loss (−1); faster. */
  weak?: boolean;
  /**
   * Stop before searching more than this many nodes (an integer ≥ 0): the
   * result then has `nodes === maxNodes` and `stopReason: "maxNodes"`. The
   * same position and options always stop at the same node.
   */
  maxNodes?: number;
  /**
   * Stop after about this many milliseconds (a number ≥ 0; the clock is read
   * at the first node and then every {@linkcode CLOCK_INTERVAL} nodes, so
   * `0` stops at the first node). Where it stops depends on the machine.
   */
  timeMs?: number;
}

/** {@linkcode SolveOptions} without a budget: the solve always finishes. */
export type UnlimitedSolveOptions = SolveOptions & {
  /** Absent: no node limit. */
  maxNodes?: undefined;
  /** Absent: no time limit. */
  timeMs?: undefined;
};

const SOLVE_OPTIONS = ["weak", "maxNodes", "timeMs"] as const;
const SOLVER_OPTIONS = ["entries", "megabytes", "features"] as const;

/** What the budget checks need, read once per solve. */
interface Budget {
  weak: boolean;
  maxNodes: number;
  timeMs: number;
}

/** Checks a solve's arguments once, before anything is searched. */
function checkSolve(
  where: string,
  position: unknown,
  options: SolveOptions | undefined,
): Budget {
  if (!ConnectFour.isConnectFour(position)) {
    throw new Error(
      `${where}: position must be a ConnectFour (from ConnectFour.parse or ConnectFour.empty), got ${
        describe(position)
      }`,
    );
  }
  checkOptions(where, options, SOLVE_OPTIONS);
  const weak = options?.weak;
  if (weak !== undefined && typeof weak !== "boolean") {
    throw new Error(
      `${where}: weak must be true or false, got ${describe(weak)}`,
    );
  }
  const maxNodes = options?.maxNodes === undefined ? Infinity : checkInteger(
    where,
    "maxNodes",
    options.maxNodes,
    0,
    Number.MAX_SAFE_INTEGER,
  );
  const timeMs = options?.timeMs;
  if (
    timeMs !== undefined && (typeof timeMs !== "number" || !(timeMs >= 0))
  ) {
    throw new Error(
      `${where}: timeMs must be a number ≥ 0 (milliseconds), got ${
        describe(timeMs)
      }`,
    );
  }
  return { weak: weak === true, maxNodes, timeMs: timeMs ?? Infinity };
}

/** Thrown from the recursion when a budget runs out; caught by `solve`. */
class BudgetStop extends Error {}
const BUDGET_STOP = new BudgetStop("Connect Four solve stopped by a budget");

/**
 * The table grows (doubles its entries in use) each time the nodes since
 * the last growth reach this many times its entries in use.
 */
const GROW_AFTER = 1;

/**
 * Enhanced transposition cutoffs at nodes with fewer stones than this (all
 * of them). Measured against none: nodes −19% on 16 positions of 14 stones
 * (8.30 → 6.74 M), −6% on Middle-Easy (447 → 420), −2% on End-Easy; time
 * 0.57–0.70× the old solver's with it, 0.62–0.91× without. Below 30 or 36
 * stones only: fewer nodes saved (7.33 M, 6.82 M), no time gained.
 */
const ETC_BELOW = CELLS;

/** Column by rank in the move keys (rank 6 is the centre, tried first among equals). */
const RANK_COLUMN = Int32Array.from([6, 0, 5, 1, 4, 2, 3]);

/**
 * How many winning cells `stones` (two halves) would have on the empty
 * cells: {@linkcode winningCells} and a popcount in one, without writing
 * {@linkcode WIN}. The move sorter calls it once per candidate move.
 */
function threatCount(sl: number, sh: number, ml: number, mh: number): number {
  let rl = (sl << 1) & (sl << 2) & (sl << 3);
  let rh = (sh << 1) & (sh << 2) & (sh << 3);
  {
    const al = sl << 7, ah = (sh << 7) | (sl >>> 21);
    const bl = sl << 14, bh = (sh << 14) | (sl >>> 14);
    const cl = sl << 21, ch = (sh << 21) | (sl >>> 7);
    const el = (sl >>> 7) | (sh << 21), eh = sh >>> 7;
    const fl = (sl >>> 14) | (sh << 14), fh = sh >>> 14;
    const gl = (sl >>> 21) | (sh << 7), gh = sh >>> 21;
    rl |= (al & bl & (cl | el)) | (el & fl & (al | gl));
    rh |= (ah & bh & (ch | eh)) | (eh & fh & (ah | gh));
  }
  {
    const al = sl << 6, ah = (sh << 6) | (sl >>> 22);
    const bl = sl << 12, bh = (sh << 12) | (sl >>> 16);
    const cl = sl << 18, ch = (sh << 18) | (sl >>> 10);
    const el = (sl >>> 6) | (sh << 22), eh = sh >>> 6;
    const fl = (sl >>> 12) | (sh << 16), fh = sh >>> 12;
    const gl = (sl >>> 18) | (sh << 10), gh = sh >>> 18;
    rl |= (al & bl & (cl | el)) | (el & fl & (al | gl));
    rh |= (ah & bh & (ch | eh)) | (eh & fh & (ah | gh));
  }
  {
    const al = sl << 8, ah = (sh << 8) | (sl >>> 20);
    const bl = sl << 16, bh = (sh << 16) | (sl >>> 12);
    const cl = sl << 24, ch = (sh << 24) | (sl >>> 4);
    const el = (sl >>> 8) | (sh << 20), eh = sh >>> 8;
    const fl = (sl >>> 16) | (sh << 12), fh = sh >>> 16;
    const gl = (sl >>> 24) | (sh << 4), gh = sh >>> 24;
    rl |= (al & bl & (cl | el)) | (el & fl & (al | gl));
    rh |= (ah & bh & (ch | eh)) | (eh & fh & (ah | gh));
  }
  return popcount(rl & (BOARD_LO ^ ml)) + popcount(rh & (BOARD_HI ^ mh));
}

/**
 * The search itself, apart from the public class so that its fields are
 * plain properties (no private-name brand checks in the recursion) and a
 * worker can run one over the same shared table.
 */
class SolverEngine {
  /** Nodes of the current or last search. */
  nodes = 0;
  /** The node count at which the next budget check runs (Infinity: none). */
  checkAt = Infinity;
  maxNodes = Infinity;
  deadline = Infinity;
  stopReason: SolveStopReason | null = null;
  /** When set (threads), a nonzero word 0 asks this search to stop. */
  stopFlag: Int32Array | null = null;
  readonly features: number;
  readonly table: SolverTable;
  /** The table's words, mask, shifts and generation, copied from it by {@linkcode SolverEngine.sync}. */
  words: Int32Array = new Int32Array(0);
  mask = 0;
  keyShift = 0;
  hashShift = 0;
  generation = 1;
  /** The node count at which the table grows (Infinity: at its size). */
  growAt = Infinity;
  /** Move keys, 8 slots per ply: threat count << 3 | rank, plus 512 for the table's move. */
  readonly moves = new Int32Array((CELLS + 1) * 8);
  /** The generic path's sorter (feature subsets only). */
  readonly sortLo = new Int32Array((CELLS + 1) * 8);
  readonly sortHi = new Int32Array((CELLS + 1) * 8);
  readonly sortScore = new Int32Array((CELLS + 1) * 8);

  constructor(table: SolverTable, features: number) {
    this.table = table;
    this.features = features;
    this.words = table.words;
    this.sync();
  }

  /** Copies the table's state into the fields the search reads, and schedules its growth. */
  sync(): void {
    const table = this.table;
    this.words = table.words;
    this.mask = 2 ** table.bits - 1;
    this.keyShift = table.bits;
    this.hashShift = 32 - table.bits;
    this.generation = table.generation;
    this.growAt = table.bits < table.maxBits
      ? this.nodes + GROW_AFTER * 2 ** table.bits
      : Infinity;
  }

  /**
   * Stores the bound bits of an entry in the slot found at the node's
   * entry, or, when the table grew since (the generation moved on), in
   * the key's new slot.
   */
  put(
    slot: number,
    check: number,
    generation: number,
    keyLo: number,
    keyHi: number,
    bits: number,
  ): void {
    if (generation !== this.generation) {
      check = keyHi | ((keyLo >>> this.keyShift) << 21);
      slot = ((keyLo ^
        (Math.imul(check, HASH_MULTIPLIER) >>> this.hashShift)) &
        this.mask) << 1;
    }
    const data = this.generation << 16 | bits;
    this.words[slot + 1] = data;
    this.words[slot] = check ^ data;
  }

  /** Runs when the node count reaches checkAt: stops, or schedules the next check. */
  checkBudget(): void {
    if (this.nodes >= this.growAt) {
      this.table.grow();
      this.sync();
    }
    if (this.nodes >= this.maxNodes) {
      this.stopReason = "maxNodes";
      throw BUDGET_STOP;
    }
    if (this.stopFlag !== null && Atomics.load(this.stopFlag, 0) !== 0) {
      this.stopReason = null;
      throw BUDGET_STOP;
    }
    if (this.deadline !== Infinity && performance.now() >= this.deadline) {
      this.stopReason = "timeMs";
      throw BUDGET_STOP;
    }
    this.checkAt = Math.min(
      this.maxNodes,
      this.growAt,
      this.deadline === Infinity && this.stopFlag === null
        ? Infinity
        : this.nodes + CLOCK_INTERVAL,
    );
  }

  /**
   * The full solver's node (every feature): negamax with alpha-beta on
   * the position given by the side to move's stones (cl, ch) and the
   * occupied cells (ml, mh), n stones played. The side to move cannot win
   * with its next stone (the caller checked, or the non-losing pruning of
   * the parent guarantees it).
   *
   * Bound contract for the window (alpha, beta) and true score v: the
   * result r is v when alpha < v < beta; when v <= alpha, v <= r <= alpha
   * (an upper bound); when v >= beta, beta <= r <= v (a lower bound).
   */
  search(
    cl: number,
    ch: number,
    ml: number,
    mh: number,
    n: number,
    alpha: number,
    beta: number,
  ): number {
    if (this.nodes >= this.checkAt) this.checkBudget();
    this.nodes++;
    let pl = (ml + BOTTOM_LO) & BOARD_LO;
    let ph = (mh + BOTTOM_HI) & BOARD_HI;
    // Moves that do not lose at once: block the opponent's playable
    // winning cell (two of them: lost), never play under one.
    winningCells(cl ^ ml, ch ^ mh, ml, mh);
    const tl = WIN[0]!, th = WIN[1]!;
    const fl = pl & tl, fh = ph & th;
    if ((fl | fh) !== 0) {
      if (
        (fl & (fl - 1)) !== 0 || (fh & (fh - 1)) !== 0 ||
        (fl !== 0 && fh !== 0)
      ) {
        return 0 - ((CELLS - n) >> 1);
      }
      pl = fl;
      ph = fh;
    }
    pl &= ~(tl >>> 1);
    ph &= ~(th >>> 1);
    if ((pl | ph) === 0) return 0 - ((CELLS - n) >> 1);
    // Two stones or fewer left and nobody can win with them: a draw.
    if (n >= CELLS - 2) return 0;
    // Bounds from the move count: the opponent cannot win with its next
    // stone, we cannot win with ours.
    const min = 0 - ((CELLS - 2 - n) >> 1);
    if (alpha < min) {
      alpha = min;
      if (alpha >= beta) return alpha;
    }
    const max = (CELLS - 1 - n) >> 1;
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    // The table: both bounds narrow the window, the best move goes first.
    const keyLo = cl + ml, keyHi = ch + mh;
    const generation = this.generation;
    const check = keyHi | ((keyLo >>> this.keyShift) << 21);
    const slot = ((keyLo ^
      (Math.imul(check, HASH_MULTIPLIER) >>> this.hashShift)) &
      this.mask) << 1;
    const words = this.words;
    const old = words[slot + 1]!;
    let lower = -BOUND_OFFSET, upper = BOUND_OFFSET - 1, best = NO_BEST;
    if ((words[slot]! ^ old) === check && old >>> 16 === generation) {
      lower = (old & 63) - BOUND_OFFSET;
      upper = ((old >>> 6) & 63) - BOUND_OFFSET;
      best = (old >>> 12) & 7;
      if (alpha < lower) {
        alpha = lower;
        if (alpha >= beta) return alpha;
      }
      if (beta > upper) {
        beta = upper;
        if (alpha >= beta) return beta;
      }
    }
    const alpha0 = alpha;
    let bestMove = best;
    const several = (pl & (pl - 1)) !== 0 || (ph & (ph - 1)) !== 0 ||
      (pl !== 0 && ph !== 0);
    // Enhanced transposition cutoff: a child whose stored upper bound is
    // low enough proves this node's fail-high without a search.
    if (n < ETC_BELOW && several) {
      const ol = cl ^ ml, oh = ch ^ mh;
      for (let col = 0; col < WIDTH; col++) {
        const bl = pl & COLUMN_LO[col]!, bh = ph & COLUMN_HI[col]!;
        if ((bl | bh) === 0) continue;
        const cLo = ol + (ml | bl), cHi = oh + (mh | bh);
        const cCheck = cHi | ((cLo >>> this.keyShift) << 21);
        const cSlot = ((cLo ^
          (Math.imul(cCheck, HASH_MULTIPLIER) >>> this.hashShift)) &
          this.mask) << 1;
        const d = words[cSlot + 1]!;
        if ((words[cSlot]! ^ d) === cCheck && d >>> 16 === generation) {
          const score = BOUND_OFFSET - ((d >>> 6) & 63);
          if (score >= beta) {
            this.put(
              slot,
              check,
              generation,
              keyLo,
              keyHi,
              col << 12 | (upper + BOUND_OFFSET) << 6 |
                (score + BOUND_OFFSET),
            );
            return score;
          }
        }
      }
    }
    // The table's best move first, before the others are scored: when it
    // cuts, their threat counts were never needed.
    let skip = NO_BEST;
    if (best !== NO_BEST && several) {
      const bl = pl & COLUMN_LO[best]!, bh = ph & COLUMN_HI[best]!;
      if ((bl | bh) !== 0) {
        skip = best;
        const score = 0 - this.search(
          cl ^ ml,
          ch ^ mh,
          ml | bl,
          mh | bh,
          n + 1,
          0 - beta,
          0 - alpha,
        );
        if (score >= beta) {
          this.put(
            slot,
            check,
            generation,
            keyLo,
            keyHi,
            best << 12 | (upper + BOUND_OFFSET) << 6 | (score + BOUND_OFFSET),
          );
          return score;
        }
        if (score > alpha) alpha = score;
      }
    }
    // Order the other moves: insertion of keys (threats << 3 | rank) into
    // this ply's slots, largest first; one move needs no scores.
    const moves = this.moves;
    const base = n << 3;
    let end = base;
    for (let rank = 0; rank < WIDTH; rank++) {
      const col = RANK_COLUMN[rank]!;
      const bl = pl & COLUMN_LO[col]!, bh = ph & COLUMN_HI[col]!;
      if ((bl | bh) === 0 || col === skip) continue;
      let key = rank;
      if (several) key |= threatCount(cl | bl, ch | bh, ml, mh) << 3;
      let at = end++;
      while (at > base && moves[at - 1]! < key) {
        moves[at] = moves[at - 1]!;
        at--;
      }
      moves[at] = key;
    }
    for (let at = base; at < end; at++) {
      const col = RANK_COLUMN[moves[at]! & 7]!;
      const score = 0 - this.search(
        cl ^ ml,
        ch ^ mh,
        ml | (pl & COLUMN_LO[col]!),
        mh | (ph & COLUMN_HI[col]!),
        n + 1,
        0 - beta,
        0 - alpha,
      );
      if (score >= beta) {
        this.put(
          slot,
          check,
          generation,
          keyLo,
          keyHi,
          col << 12 | (upper + BOUND_OFFSET) << 6 | (score + BOUND_OFFSET),
        );
        return score;
      }
      if (score > alpha) {
        alpha = score;
        bestMove = col;
      }
    }
    // Inside the window the score is exact; at or below it, an upper bound.
    if (alpha > alpha0) lower = alpha;
    this.put(
      slot,
      check,
      generation,
      keyLo,
      keyHi,
      bestMove << 12 | (alpha + BOUND_OFFSET) << 6 | (lower + BOUND_OFFSET),
    );
    return alpha;
  }

  /**
   * The tutorial's earlier steps (a subset of the features): the same
   * search with each step switched by its bit; the table keeps only the
   * bound each result proves.
   */
  node(
    cl: number,
    ch: number,
    ml: number,
    mh: number,
    n: number,
    alpha: number,
    beta: number,
  ): number {
    if (this.nodes >= this.checkAt) this.checkBudget();
    this.nodes++;
    const features = this.features;
    // Step 1. The cells that can be played: one per column that has room.
    let pl = (ml + BOTTOM_LO) & BOARD_LO;
    let ph = (mh + BOTTOM_HI) & BOARD_HI;
    let min: number;
    if ((features & SOLVER_NON_LOSING) !== 0) {
      // Step 2. Moves that do not lose at once.
      winningCells(cl ^ ml, ch ^ mh, ml, mh);
      const tl = WIN[0]!, th = WIN[1]!;
      const fl = pl & tl, fh = ph & th;
      if ((fl | fh) !== 0) {
        if (
          (fl & (fl - 1)) !== 0 || (fh & (fh - 1)) !== 0 ||
          (fl !== 0 && fh !== 0)
        ) {
          return 0 - ((CELLS - n) >> 1);
        }
        pl = fl;
        ph = fh;
      }
      pl &= ~(tl >>> 1);
      ph &= ~(th >>> 1);
      if ((pl | ph) === 0) return 0 - ((CELLS - n) >> 1);
      if (n >= CELLS - 2) return 0;
      min = 0 - ((CELLS - 2 - n) >> 1);
    } else {
      // Step 2'. Win at once if we can.
      winningCells(cl, ch, ml, mh);
      if (((WIN[0]! & pl) | (WIN[1]! & ph)) !== 0) return (CELLS + 1 - n) >> 1;
      if (n === CELLS) return 0;
      min = 0 - ((CELLS - n) >> 1);
    }
    // Step 3. Score bounds from the move count.
    if (alpha < min) {
      alpha = min;
      if (alpha >= beta) return alpha;
    }
    const max = (CELLS - 1 - n) >> 1;
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }
    // Step 4. Transposition table: a stored bound narrows the window.
    const table = this.table;
    const useTable = (features & SOLVER_TABLE) !== 0;
    const keyLo = cl + ml, keyHi = ch + mh;
    const entry = useTable ? table.probe(keyLo, keyHi) : -1;
    let lower = -BOUND_OFFSET, upper = BOUND_OFFSET - 1;
    if (entry >= 0) {
      lower = SolverTable.lower(entry);
      upper = SolverTable.upper(entry);
      if (alpha < lower) {
        alpha = lower;
        if (alpha >= beta) return alpha;
      }
      if (beta > upper) {
        beta = upper;
        if (alpha >= beta) return beta;
      }
    }
    // Step 5. Order the moves: by threats, centre-first among equals.
    const sortLo = this.sortLo, sortHi = this.sortHi;
    const sortScore = this.sortScore;
    const base = n << 3;
    let end = base;
    const threats = (features & SOLVER_THREAT_ORDER) !== 0 &&
      popcount(pl) + popcount(ph) > 1;
    for (let k = WIDTH - 1; k >= 0; k--) {
      const col = COLUMN_ORDER[k]!;
      const bl = pl & COLUMN_LO[col]!, bh = ph & COLUMN_HI[col]!;
      if ((bl | bh) === 0) continue;
      const score = threats ? threatCount(cl | bl, ch | bh, ml, mh) : 0;
      let at = end++;
      while (at > base && sortScore[at - 1]! > score) {
        sortLo[at] = sortLo[at - 1]!;
        sortHi[at] = sortHi[at - 1]!;
        sortScore[at] = sortScore[at - 1]!;
        at--;
      }
      sortLo[at] = bl;
      sortHi[at] = bh;
      sortScore[at] = score;
    }
    // Step 6. Search the moves, best first.
    for (let at = end - 1; at >= base; at--) {
      const score = 0 - this.node(
        cl ^ ml,
        ch ^ mh,
        ml | sortLo[at]!,
        mh | sortHi[at]!,
        n + 1,
        0 - beta,
        0 - alpha,
      );
      if (score >= beta) {
        if (useTable) table.store(keyLo, keyHi, score, upper, NO_BEST);
        return score;
      }
      if (score > alpha) alpha = score;
    }
    if (useTable) table.store(keyLo, keyHi, lower, alpha, NO_BEST);
    return alpha;
  }

  /**
   * Narrows [min, max] at the root (null-window probes nearer zero first,
   * as Pons does, or one full-window search without that feature) until
   * they meet or a budget throws; the proven bounds are left in
   * `this.min`, `this.max` either way.
   */
  root(
    cl: number,
    ch: number,
    ml: number,
    mh: number,
    n: number,
    min: number,
    max: number,
  ): void {
    this.min = min;
    this.max = max;
    const full = this.features === SOLVER_ALL;
    if ((this.features & SOLVER_NULL_WINDOW) !== 0) {
      while (this.min < this.max) {
        // Probe the middle, pulled towards 0 where most scores lie.
        min = this.min;
        max = this.max;
        let med = min + ((max - min) >> 1);
        if (med <= 0 && Math.trunc(min / 2) < med) {
          med = Math.trunc(min / 2);
        } else if (med >= 0 && (max >> 1) > med) med = max >> 1;
        const r = full
          ? this.search(cl, ch, ml, mh, n, med, med + 1)
          : this.node(cl, ch, ml, mh, n, med, med + 1);
        if (r <= med) this.max = r;
        else this.min = r;
      }
    } else {
      const r = this.node(cl, ch, ml, mh, n, min, max);
      this.min = this.max = r;
    }
  }

  /** The root's proven bounds (see {@linkcode SolverEngine.root}). */
  min = 0;
  max = 0;
}

/**
 * A reusable solver: owns a transposition table (allocated once) and the
 * per-ply move buffers.
 *
 * @example Solve a benchmark position and one step of the tutorial
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, ConnectFourSolver, SOLVER_TABLE } from "../../mod.ts";
 * const position = ConnectFour.parse("2252576253462244111563365343671351441");
 * const full = new ConnectFourSolver({ entries: 1 << 17 });
 * const early = new ConnectFourSolver({ entries: 1 << 17, features: SOLVER_TABLE });
 * const a = full.solve(position), b = early.solve(position);
 * assert.ok(a.score === -1 && b.score === -1 && a.nodes < b.nodes);
 * ```
 */
export class ConnectFourSolver {
  /** The transposition table (cleared by each {@linkcode ConnectFourSolver.solve}). */
  readonly table: SolverTable;
  /** The `SOLVER_*` bits in use. */
  readonly features: number;
  readonly #engine: SolverEngine;

  /**
   * A solver with its own table, allocated and emptied here.
   *
   * @param options table size (`entries` or `megabytes`) and `features`
   * @throws {Error} on a bad table size or feature mask
   */
  constructor(options?: ConnectFourSolverOptions) {
    const where = "new ConnectFourSolver";
    checkOptions(where, options, SOLVER_OPTIONS);
    const features = options?.features ?? SOLVER_ALL;
    if (!Number.isInteger(features) || (features & ~SOLVER_ALL) !== 0) {
      throw new Error(
        `${where}: features must be an OR of SOLVER_* bits, got ${
          describe(features)
        }`,
      );
    }
    this.features = features;
    const megabytes = options?.megabytes;
    if (
      megabytes !== undefined &&
      !(typeof megabytes === "number" && megabytes > 0 && megabytes <= 4096)
    ) {
      throw new Error(
        `${where}: megabytes must be a number in (0, 4096], got ${
          describe(megabytes)
        }`,
      );
    }
    if (megabytes !== undefined && options?.entries !== undefined) {
      throw new Error(`${where}: give entries or megabytes, not both`);
    }
    const entries = megabytes !== undefined
      ? Math.floor(megabytes * 2 ** 20 / SOLVER_BYTES_PER_ENTRY)
      : options?.entries === undefined
      ? DEFAULT_SOLVER_ENTRIES
      : checkInteger(where, "entries", options.entries, 1, 2 ** 29);
    this.table = new SolverTable(entries);
    this.#engine = new SolverEngine(this.table, features);
  }

  /** Nodes of the current or last solve. */
  get nodes(): number {
    return this.#engine.nodes;
  }

  /**
   * Warms the search up: solves built-in positions (seeded random games of
   * 20–36 stones, each cut at 20,000 nodes) so that the JIT compiles the
   * hot paths before the first position that is timed. Through
   * `deno task solve`, the first End-Easy positions took 1–12 ms each for
   * a few dozen nodes before it; the table is left empty.
   *
   * @param weak warm the weak solve (what the caller will run)
   * @returns the nodes searched
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ConnectFour, ConnectFourSolver } from "../../mod.ts";
   * const solver = new ConnectFourSolver();
   * assert.ok(solver.warmUp() > 0);
   * assert.equal(solver.solve(ConnectFour.parse("4455")).score, 18);
   * ```
   */
  warmUp(weak = false): number {
    let nodes = 0;
    for (let round = 0; round < 3; round++) {
      for (let stones = 36; stones >= 20; stones -= 4) {
        for (let seed = 1; seed <= 6; seed++) {
          const position = randomConnectFour(stones, 97 * stones + seed);
          nodes += this.solve(position, {
            weak,
            maxNodes: 20_000,
            timeMs: undefined,
          }).nodes;
        }
      }
    }
    this.table.clear();
    return nodes;
  }

  /**
   * Solves `position` from an empty table: the exact score, or its sign with
   * `weak`. With {@linkcode SOLVER_NULL_WINDOW} the root narrows [min, max]
   * by null-window searches (the probe nearer zero first, as Pons does);
   * without it, one search with the full window. With `maxNodes` or
   * `timeMs` it may stop early and return proven bounds instead of the
   * score (see {@linkcode SolveResult}).
   *
   * @param position the position; never changed, also when the solve stops or throws
   * @param options `weak`, `maxNodes`, `timeMs`
   * @returns the score (or bounds) and the nodes searched
   * @throws {Error} when `position` is not a {@linkcode ConnectFour}, or on
   *   an unknown or bad option
   *
   * @example A budget too small to finish gives proven bounds, not a score
   * ```ts
   * import assert from "node:assert/strict";
   * import { ConnectFour, ConnectFourSolver } from "../../mod.ts";
   * const solver = new ConnectFourSolver({ entries: 1 << 17 });
   * const position = ConnectFour.parse("4455");
   * const full = solver.solve(position);
   * assert.ok(full.exact && full.score === 18);
   * const cut = solver.solve(position, { maxNodes: 2 });
   * assert.ok(cut.stoppedByBudget && cut.stopReason === "maxNodes" && cut.score === null);
   * assert.ok(cut.nodes === 2 && cut.lower <= 18 && 18 <= cut.upper);
   * ```
   */
  solve(
    position: ConnectFour,
    options?: UnlimitedSolveOptions,
  ): ExactSolveResult;
  /**
   * Solves `position` within the budgets of `options`.
   *
   * @param position the position; never changed
   * @param options `weak`, `maxNodes`, `timeMs`
   * @returns the score when the solve finished, proven bounds otherwise
   */
  solve(position: ConnectFour, options?: SolveOptions): SolveResult;
  solve(position: ConnectFour, options?: SolveOptions): SolveResult {
    const budget = checkSolve("ConnectFourSolver.solve", position, options);
    const weak = budget.weak;
    const engine = this.#engine;
    this.table.clear();
    engine.nodes = 0;
    engine.sync();
    const n = position.moveCount;
    let score: number;
    // The score is known to lie in min…max; a stop leaves them as proven.
    let min: number;
    let max: number;
    let stopped = false;
    let stopReason: SolveStopReason | null = null;
    if (position.won) {
      score = min = max = position.evaluate();
    } else if (n === CELLS) {
      score = min = max = 0;
    } else {
      const cl = position.currentLo, ch = position.currentHi;
      const ml = position.maskLo, mh = position.maskHi;
      winningCells(cl, ch, ml, mh);
      if (
        ((WIN[0]! & (ml + BOTTOM_LO)) | (WIN[1]! & (mh + BOTTOM_HI))) !== 0
      ) {
        // The side to move wins with its next stone.
        score = min = max = (CELLS + 1 - n) >> 1;
      } else {
        min = 0 - ((CELLS - n) >> 1);
        max = (CELLS + 1 - n) >> 1;
        if (weak) {
          min = -1;
          max = 1;
        }
        engine.maxNodes = budget.maxNodes;
        if (budget.timeMs === Infinity) {
          engine.deadline = Infinity;
          engine.checkAt = Math.min(budget.maxNodes, engine.growAt);
        } else {
          engine.deadline = performance.now() + budget.timeMs;
          // The first node reads the clock, so timeMs: 0 stops at once.
          engine.checkAt = 0;
        }
        engine.stopReason = null;
        try {
          engine.root(cl, ch, ml, mh, n, min, max);
        } catch (error) {
          if (error !== BUDGET_STOP) throw error;
          stopped = true;
          stopReason = engine.stopReason;
        } finally {
          engine.checkAt = Infinity;
          engine.maxNodes = Infinity;
          engine.deadline = Infinity;
        }
        min = engine.min;
        max = engine.max;
        // In weak mode a probe may prove more than the sign (min above 1).
        score = min;
      }
    }
    if (stopped) {
      // The move-count bounds of an early position exceed ±18, the largest
      // score there is (a win with the 4th stone): report the tighter one.
      min = Math.max(min, -MAX_SCORE);
      max = Math.min(max, MAX_SCORE);
      return {
        score: null,
        lower: weak ? Math.sign(min) : min,
        upper: weak ? Math.sign(max) : max,
        exact: false,
        stoppedByBudget: true,
        stopReason,
        nodes: engine.nodes,
      };
    }
    if (weak) score = Math.sign(score);
    return {
      score,
      lower: score,
      upper: score,
      exact: true,
      stoppedByBudget: false,
      stopReason: null,
      nodes: engine.nodes,
    };
  }
}

let defaultSolver: ConnectFourSolver | null = null;

/**
 * Solves a Connect Four position perfectly with the full solver and a
 * 64 MiB table (made at the first call, cleared at each; a solve touches only what its work needs). Under the
 * benchmarks' convention: 0 for a draw, 22 − k when the side to move wins
 * with its k-th stone, −(22 − k) when the opponent does; `weak` gives only
 * the sign (−1, 0, 1), faster. A finished game scores as the loss it is for
 * the side to move. Early positions can take hours: `maxNodes` and `timeMs`
 * stop the solve and return proven bounds (see {@linkcode SolveResult}).
 *
 * @param position the position; never changed, also when the solve stops or throws
 * @param options `weak`: only the sign; `maxNodes`, `timeMs`: budgets
 * @returns `{ score, lower, upper, exact, stoppedByBudget, stopReason, nodes }`
 * @throws {Error} when `position` is not a {@linkcode ConnectFour}, or on an
 *   unknown or bad option
 *
 * @example The first player wins with its 4th stone after "4455"
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, solveConnectFour } from "../../mod.ts";
 * assert.ok(solveConnectFour(ConnectFour.parse("4455")).score === 18);
 * assert.ok(solveConnectFour(ConnectFour.parse("4455"), { weak: true }).score === 1);
 * const early = solveConnectFour(ConnectFour.parse("44"), { maxNodes: 10_000 });
 * assert.ok(early.stoppedByBudget && early.score === null && early.lower < early.upper);
 * assert.throws(() => solveConnectFour(ConnectFour.parse("4"), { maxNode: 5 } as object), /unknown option "maxNode"/);
 * ```
 */
export function solveConnectFour(
  position: ConnectFour,
  options?: UnlimitedSolveOptions,
): ExactSolveResult;
/**
 * Solves a Connect Four position within the budgets of `options`.
 *
 * @param position the position; never changed
 * @param options `weak`, `maxNodes`, `timeMs`
 * @returns the score when the solve finished, proven bounds otherwise
 */
export function solveConnectFour(
  position: ConnectFour,
  options?: SolveOptions,
): SolveResult;
export function solveConnectFour(
  position: ConnectFour,
  options?: SolveOptions,
): SolveResult {
  // Checked here too, so that the error names the function the user called.
  checkSolve("solveConnectFour", position, options);
  defaultSolver ??= new ConnectFourSolver();
  return defaultSolver.solve(position, options);
}
