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

import { BOUND_LOWER, BOUND_UPPER, NO_MOVE } from "../position.ts";
import {
  BYTES_PER_ENTRY,
  DEPTH_END,
  TranspositionTable,
} from "../search/transposition_table.ts";
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
  WIDTH,
  WIN,
  winningCells,
} from "./connect_four.ts";
import { checkInteger, checkOptions, describe } from "../validate.ts";

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
 * Entries of the default table: the largest prime whose entries (24 bytes) fit in
 * 16 MiB (a prime spreads the structured keys over the slots). Measured against
 * 64 MiB: the same mean nodes on End-Easy (51.3) and Middle-Easy (449.3), 2% more
 * on 12-stone positions, and 5–12% less time on all three, as fewer probes miss
 * the processor's cache.
 */
export const DEFAULT_SOLVER_ENTRIES = 699_037;

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
 * import { DEFAULT_SOLVER_ENTRIES, primeAtMost } from "../../mod.ts";
 * assert.ok(primeAtMost(100) === 97 && primeAtMost(DEFAULT_SOLVER_ENTRIES) === DEFAULT_SOLVER_ENTRIES);
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

/** 2^28: the place value of the high half in a key. */
const HIGH_PLACE = 2 ** 28;

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
  /** Entries of the transposition table (default {@linkcode DEFAULT_SOLVER_ENTRIES}, 16 MiB). */
  entries?: number;
  /** The table's size in MiB instead of `entries` (the largest prime number of entries that fits). */
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
 * A reusable solver: owns a transposition table (allocated once) and the
 * per-ply move buffers.
 *
 * @example Solve a benchmark position and one step of the tutorial
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, ConnectFourSolver, SOLVER_TABLE } from "../../mod.ts";
 * const position = ConnectFour.parse("2252576253462244111563365343671351441");
 * const full = new ConnectFourSolver({ entries: 1 << 16 });
 * const early = new ConnectFourSolver({ entries: 1 << 16, features: SOLVER_TABLE });
 * const a = full.solve(position), b = early.solve(position);
 * assert.ok(a.score === -1 && b.score === -1 && a.nodes < b.nodes);
 * ```
 */
export class ConnectFourSolver {
  /** The transposition table (cleared by each {@linkcode ConnectFourSolver.solve}). */
  readonly table: TranspositionTable;
  /** The `SOLVER_*` bits in use. */
  readonly features: number;
  /** Nodes of the current or last solve. */
  nodes = 0;
  /** The node count at which the next budget check runs (Infinity: none). */
  #checkAt = Infinity;
  #maxNodes = Infinity;
  #deadline = Infinity;
  #stopReason: SolveStopReason | null = null;
  /** Move sorter, 8 slots per ply: the move's two halves and its score. */
  readonly #sortLo = new Int32Array((CELLS + 1) * 8);
  readonly #sortHi = new Int32Array((CELLS + 1) * 8);
  readonly #sortScore = new Int32Array((CELLS + 1) * 8);

  /**
   * A solver with its own table, allocated and emptied here.
   *
   * @param options table size (`entries` or `megabytes`) and `features`
   * @throws {Error} on a bad table size or feature mask
   */
  constructor(options?: ConnectFourSolverOptions) {
    checkOptions("new ConnectFourSolver", options, SOLVER_OPTIONS);
    const features = options?.features ?? SOLVER_ALL;
    if (!Number.isInteger(features) || (features & ~SOLVER_ALL) !== 0) {
      throw new Error(
        `new ConnectFourSolver: features must be an OR of SOLVER_* bits, got ${
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
        `new ConnectFourSolver: megabytes must be a number in (0, 4096], got ${
          describe(megabytes)
        }`,
      );
    }
    if (megabytes !== undefined && options?.entries !== undefined) {
      throw new Error(
        "new ConnectFourSolver: give entries or megabytes, not both",
      );
    }
    this.table = new TranspositionTable({
      entries: megabytes !== undefined
        ? primeAtMost(Math.floor(megabytes * 2 ** 20 / BYTES_PER_ENTRY))
        : options?.entries ?? DEFAULT_SOLVER_ENTRIES,
    });
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
   * const solver = new ConnectFourSolver({ entries: 1 << 16 });
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
    this.table.clear();
    this.nodes = 0;
    const n = position.moveCount;
    let score: number;
    // The score is known to lie in min…max; a stop leaves them as proven.
    let min: number;
    let max: number;
    let stopped = false;
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
        this.#maxNodes = budget.maxNodes;
        if (budget.timeMs === Infinity) {
          this.#deadline = Infinity;
          this.#checkAt = budget.maxNodes;
        } else {
          this.#deadline = performance.now() + budget.timeMs;
          // The first node reads the clock, so timeMs: 0 stops at once.
          this.#checkAt = 0;
        }
        this.#stopReason = null;
        try {
          if ((this.features & SOLVER_NULL_WINDOW) !== 0) {
            while (min < max) {
              // Probe the middle, pulled towards 0 where most scores lie.
              let med = min + ((max - min) >> 1);
              if (med <= 0 && Math.trunc(min / 2) < med) {
                med = Math.trunc(min / 2);
              } else if (med >= 0 && (max >> 1) > med) med = max >> 1;
              const r = this.#node(cl, ch, ml, mh, n, med, med + 1);
              if (r <= med) max = r;
              else min = r;
            }
          } else {
            min = max = this.#node(cl, ch, ml, mh, n, min, max);
          }
        } catch (error) {
          if (error !== BUDGET_STOP) throw error;
          stopped = true;
        } finally {
          this.#checkAt = Infinity;
          this.#maxNodes = Infinity;
          this.#deadline = Infinity;
        }
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
        stopReason: this.#stopReason,
        nodes: this.nodes,
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
      nodes: this.nodes,
    };
  }

  /** Runs when the node count reaches #checkAt: stops, or schedules the next check. */
  #checkBudget(): void {
    if (this.nodes >= this.#maxNodes) {
      this.#stopReason = "maxNodes";
      throw BUDGET_STOP;
    }
    if (performance.now() >= this.#deadline) {
      this.#stopReason = "timeMs";
      throw BUDGET_STOP;
    }
    this.#checkAt = this.#deadline === Infinity
      ? this.#maxNodes
      : Math.min(this.#maxNodes, this.nodes + CLOCK_INTERVAL);
  }

  /**
   * Negamax with alpha-beta on the position given by the side to move's
   * stones (cl, ch) and the occupied cells (ml, mh), n stones played. The
   * side to move cannot win with its next stone (the caller checked, or the
   * non-losing pruning of the parent guarantees it).
   *
   * Bound contract for the window (alpha, beta) and true score v: the
   * result r is v when alpha < v < beta; when v <= alpha, v <= r <= alpha
   * (an upper bound); when v >= beta, beta <= r <= v (a lower bound).
   */
  #node(
    cl: number,
    ch: number,
    ml: number,
    mh: number,
    n: number,
    alpha: number,
    beta: number,
  ): number {
    // One compare per node covers both budgets: #checkAt is maxNodes, or the
    // next clock reading, or Infinity without a budget.
    if (this.nodes >= this.#checkAt) this.#checkBudget();
    this.nodes++;
    const features = this.features;
    // Step 1. The cells that can be played: one per column that has room.
    let pl = (ml + BOTTOM_LO) & BOARD_LO;
    let ph = (mh + BOTTOM_HI) & BOARD_HI;
    let min: number;
    if ((features & SOLVER_NON_LOSING) !== 0) {
      // Step 2. Moves that do not lose at once: block the opponent's
      // playable winning cell (two of them: lost), never play under one.
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
      // The opponent cannot win with its next stone either.
      min = 0 - ((CELLS - 2 - n) >> 1);
    } else {
      // Step 2'. Win at once if we can.
      winningCells(cl, ch, ml, mh);
      if (((WIN[0]! & pl) | (WIN[1]! & ph)) !== 0) return (CELLS + 1 - n) >> 1;
      if (n === CELLS) return 0;
      min = 0 - ((CELLS - n) >> 1);
    }
    // Step 3. Score bounds from the move count: we cannot win with our next
    // stone, so at best with the one after.
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
    const key = useTable ? (ch + mh) * HIGH_PLACE + (cl + ml) : 0;
    const entry = useTable ? table.probe(key) : -1;
    if (entry >= 0) {
      const value = table.value(entry);
      const bound = table.bound(entry);
      if ((bound & BOUND_LOWER) !== 0 && alpha < value) {
        alpha = value;
        if (alpha >= beta) return alpha;
      }
      if ((bound & BOUND_UPPER) !== 0 && beta > value) {
        beta = value;
        if (alpha >= beta) return beta;
      }
    }
    // Step 5. Order the moves: insertion into this ply's slots by score,
    // centre-first among equals (added edges first, taken from the end).
    const sortLo = this.#sortLo, sortHi = this.#sortHi;
    const sortScore = this.#sortScore;
    const base = n << 3;
    let end = base;
    // One move (a forced block, say) needs no scores: they cannot change the order.
    const threats = (features & SOLVER_THREAT_ORDER) !== 0 &&
      popcount(pl) + popcount(ph) > 1;
    for (let k = WIDTH - 1; k >= 0; k--) {
      const col = COLUMN_ORDER[k]!;
      const bl = pl & COLUMN_LO[col]!, bh = ph & COLUMN_HI[col]!;
      if ((bl | bh) === 0) continue;
      let score = 0;
      if (threats) {
        winningCells(cl | bl, ch | bh, ml, mh);
        score = popcount(WIN[0]!) + popcount(WIN[1]!);
      }
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
      const score = 0 - this.#node(
        cl ^ ml,
        ch ^ mh,
        ml | sortLo[at]!,
        mh | sortHi[at]!,
        n + 1,
        0 - beta,
        0 - alpha,
      );
      if (score >= beta) {
        if (useTable) table.store(key, score, DEPTH_END, NO_MOVE, BOUND_LOWER);
        return score;
      }
      if (score > alpha) alpha = score;
    }
    if (useTable) table.store(key, alpha, DEPTH_END, NO_MOVE, BOUND_UPPER);
    return alpha;
  }
}

let defaultSolver: ConnectFourSolver | null = null;

/**
 * Solves a Connect Four position perfectly with the full solver and a
 * 16 MiB table (made at the first call, cleared at each). Under the
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
