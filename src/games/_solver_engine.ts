/**
 * The Connect Four solver's search, apart from the public class so that a
 * worker thread can run it over a shared table: the node (every feature,
 * and the tutorial's earlier steps), the root's null-window loop, budgets.
 *
 * @module
 */

import {
  BOUND_OFFSET,
  HASH_MULTIPLIER,
  NO_BEST,
  putEntry,
  SolverTable,
  tagShift,
} from "./_solver_table.ts";
import { threats, winHi, winLo } from "./_solver_bits.ts";
import {
  HELP_SETTLE_WINDOWS,
  HELP_WATCH_MS,
  helpVerdict,
} from "./_solver_help.ts";
import { SPLIT_PLIES, splitSearch } from "./_solver_split.ts";
import {
  BOARD_HI,
  BOARD_LO,
  BOTTOM_HI,
  BOTTOM_LO,
  CELLS,
  COLUMN_HI,
  COLUMN_LO,
  popcount,
  WIDTH,
  WIN,
  winningCells,
} from "./connect_four.ts";

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

/** Centre first: the order in which equal-scored moves are tried. */
const COLUMN_ORDER = Int32Array.from([3, 2, 4, 1, 5, 0, 6]);

/** Nodes between two readings of the clock when `timeMs` is given. */
export const CLOCK_INTERVAL = 4096;

/** Which budget stopped a solve. */
export type SolveStopReason = "maxNodes" | "timeMs";

/**
 * The control words threads share (an `Int32Array` on a
 * `SharedArrayBuffer`): the job's number and position, the root's proven
 * bounds, the last job told to stop, and how many helpers work (words 5
 * and 15 are unused).
 */
export const CONTROL_WORDS = 16;
/** Job counter: a helper waits on it and takes the job it moves to. */
export const JOB = 0;
/** The last job told to stop (helpers leave when it reaches theirs). */
export const STOPPED = 1;
/** Helpers inside a job. */
export const ACTIVE = 2;
/** The root's proven lower bound. */
export const MIN = 3;
/** The root's proven upper bound. */
export const MAX = 4;
/** The table's generation and entries in use (log2) for the job. */
export const GENERATION = 6;
export const BITS = 7;
/** The job's position: stones of the side to move, occupied cells, stones played. */
export const POSITION = 8;
/** Nonzero: the solver was closed; helpers leave their loop and close. */
export const SHUTDOWN = 13;
/** Helpers that have finished their own warm-up and wait for jobs. */
export const READY = 14;

/** Raises control[i] to at least `value`. */
function atomicMax(control: Int32Array, i: number, value: number): void {
  let old = Atomics.load(control, i);
  while (old < value) {
    const seen = Atomics.compareExchange(control, i, old, value);
    if (seen === old) return;
    old = seen;
  }
}

/** Lowers control[i] to at most `value`. */
function atomicMin(control: Int32Array, i: number, value: number): void {
  let old = Atomics.load(control, i);
  while (old > value) {
    const seen = Atomics.compareExchange(control, i, old, value);
    if (seen === old) return;
    old = seen;
  }
}

/**
 * Nodes a thread claims at a time from a threaded solve's shared node
 * budget: a thread searches only nodes it has claimed, so the threads
 * together never pass `maxNodes`. Claims cost one compare-exchange each
 * (every 1,024 nodes); a thread that leaves a job returns what it did not
 * search.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, ConnectFourSolver, NODE_CLAIM } from "../../mod.ts";
 * const solver = new ConnectFourSolver({ entries: 1 << 17, threads: 2 });
 * try {
 *   const cut = solver.solve(ConnectFour.parse("4"), { maxNodes: 300_000 });
 *   assert.ok(cut.nodes <= 300_000 && cut.nodes >= 300_000 - NODE_CLAIM);
 * } finally {
 *   solver.close();
 * }
 * ```
 */
export const NODE_CLAIM = 1024;

/**
 * A threaded solve's shared node budget (a `BigInt64Array` of 2 on a
 * `SharedArrayBuffer`): word {@linkcode CLAIMED} counts the nodes the
 * threads have claimed (minus what they returned), word
 * {@linkcode LIMIT} is `maxNodes`, or −1 for none.
 */
export const BUDGET_WORDS = 2;
/** Nodes claimed so far by every thread of the solve. */
export const CLAIMED = 0;
/** The solve's `maxNodes`, or −1 when it has none. */
export const LIMIT = 1;

/**
 * Claims up to {@linkcode NODE_CLAIM} nodes of the shared budget; returns
 * how many (0 when it is spent).
 */
export function claimNodes(budget: BigInt64Array): number {
  const limit = Atomics.load(budget, LIMIT);
  let claimed = Atomics.load(budget, CLAIMED);
  for (;;) {
    if (claimed >= limit) return 0;
    const left = limit - claimed;
    const grant = left < BigInt(NODE_CLAIM) ? left : BigInt(NODE_CLAIM);
    const seen = Atomics.compareExchange(
      budget,
      CLAIMED,
      claimed,
      claimed + grant,
    );
    if (seen === claimed) return Number(grant);
    claimed = seen;
  }
}

/**
 * Thrown when another thread's result made the current root probe useless,
 * or when the helpers join and the probe under way is searched again with
 * them; the root's loop catches it and probes anew.
 */
const PROBE_STALE = new Error(
  "Connect Four root probe settled elsewhere or shared anew",
);

/** Thrown from the recursion when a budget runs out; caught by `solve`. */
export class BudgetStop extends Error {}
export const BUDGET_STOP = new BudgetStop(
  "Connect Four solve stopped by a budget",
);

/**
 * The table grows (doubles its entries in use) each time the nodes since
 * the last growth reach this many times its entries in use.
 */
const GROW_AFTER = 1;

/**
 * Enhanced transposition cutoffs at nodes with fewer stones than this: all
 * that can have one. A node of 39 stones has children of 40, and a node of
 * 40 or more returns before the table, so no entry of 40 stones exists: the
 * up to 7 probes of those children (random lines of the table, End-Easy's
 * most frequent nodes) always missed. Measured against none: nodes −19% on
 * 16 positions of 14 stones (8.30 → 6.74 M), −6% on Middle-Easy (447 →
 * 420), −2% on End-Easy; time 0.57–0.70× the old solver's with it,
 * 0.62–0.91× without. Below 30 or 36 stones only: fewer nodes saved (7.33
 * M, 6.82 M), no time gained.
 */
export const ETC_BELOW = 39;

/**
 * The search itself, apart from the public class so that its fields are
 * plain properties (no private-name brand checks in the recursion) and a
 * worker can run one over the same shared table.
 */
export class SolverEngine {
  /** Nodes of the current or last search. */
  nodes = 0;
  /** The node count at which the next budget check runs (Infinity: none). */
  checkAt = Infinity;
  /** The node count at which this engine stops, or claims more of the shared budget. */
  maxNodes = Infinity;
  /**
   * A threaded solve's shared node budget (see {@linkcode BUDGET_WORDS})
   * while it has a `maxNodes`, else null: `maxNodes` is then the end of
   * this engine's claims.
   */
  budget: BigInt64Array | null = null;
  deadline = Infinity;
  /**
   * When to call {@linkcode SolverEngine.onSlow} (a `performance.now()`
   * time; Infinity: never; −1: `slowMs` after the first clock reading, so
   * that a solve which ends before it reads no clock).
   */
  slowAt = Infinity;
  /** The milliseconds after the first clock reading when `slowAt` is −1. */
  slowMs = 0;
  /** Called once when the clock passes `slowAt`; the search goes on. */
  onSlow: (() => void) | null = null;
  stopReason: SolveStopReason | null = null;
  /** The shared control words while threads work on this solve (see {@linkcode CONTROL_WORDS}), else null. */
  control: Int32Array | null = null;
  /** The job this engine works on (threads). */
  job = 0;
  /**
   * The threads' shared table of children being searched (see
   * `_solver_split.ts`), or null with one thread.
   */
  busy: Int32Array | null = null;
  /** Nodes of fewer stones are shared out between the threads (see `_solver_split.ts`); 0 when the probe is not. */
  splitBelow = 0;
  /** The null window's value being probed at the root (stale when the shared bounds leave it behind). */
  probe = 0;
  /** The node count at which the main thread wakes its helpers (Infinity: none). */
  helpAt = Infinity;
  /**
   * Called when nodes reach helpAt (`"start"`: the solver publishes the job
   * to its helpers), when the table must grow while they work (`"grow"`:
   * it stops them, grows the table and publishes the job again), and when
   * they slow this thread down (`"stop"`: they leave the solve).
   */
  onHelp: ((action: "start" | "grow" | "stop") => void) | null = null;
  /** The node count at which the main thread reads the clock to time its rate alone (Infinity: none). */
  rateAt = Infinity;
  /** The time and nodes at `rateAt`. */
  rateTime = 0;
  rateNodes = 0;
  /** The main thread's nodes per ms alone, from `rateAt` to `helpAt` (0: not watching). */
  soloRate = 0;
  /** The start of the current window of the main thread's rate with helpers, and that window's number (1 first: see {@linkcode helpVerdict}). */
  watchTime = 0;
  watchWindow = 0;
  /** The time and nodes at the end of the last unjudged window, from which the rate with helpers is judged. */
  judgeTime = 0;
  judgeNodes = 0;
  /** Called after each finished root probe (main thread only): `(probe, min, max)`; never inside the search. */
  onProbe: ((probe: number, min: number, max: number) => void) | null = null;
  readonly features: number;
  /** The table searched: the solver's own, or the one shared with helpers while they work. */
  table: SolverTable;
  /** The table's words, mask, shifts and generation, copied from it by {@linkcode SolverEngine.sync}. */
  words: Int32Array = new Int32Array(0);
  mask = 0;
  keyShift = 0;
  hashShift = 0;
  /** Where a key's low half is cut for the data word's tag (see {@linkcode tagShift}). */
  tagShift = 28;
  generation = 1;
  /** The node count at which the table grows (Infinity: at its size). */
  growAt = Infinity;
  /** Move keys, 8 slots per ply: threat count << 3 | rank. */
  readonly moves = new Int32Array((CELLS + 1) * 8);
  /** The winning cells each move leaves its player (8 slots per ply, by rank; −1: not counted). */
  readonly movesLo = new Int32Array((CELLS + 1) * 8);
  readonly movesHi = new Int32Array((CELLS + 1) * 8);
  /** The split search's moves of each ply in the order tried, and those it put off (see `_solver_split.ts`). */
  readonly splitMoves = new Int32Array((CELLS + 1) * 8);
  readonly putOff = new Int32Array((CELLS + 1) * 8);
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
    // Shifts, not 2 ** bits (a call of pow in compiled code): bits ≤ 29.
    this.mask = (1 << table.bits) - 1;
    this.keyShift = table.bits;
    this.hashShift = 32 - table.bits;
    this.tagShift = tagShift(table.bits);
    this.generation = table.generation;
    this.growAt = table.bits < table.maxBits
      ? this.nodes + GROW_AFTER * (1 << table.bits)
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
    tag: number,
    keyLo: number,
    keyHi: number,
    bits: number,
  ): void {
    if ((tag & 255) !== this.generation) {
      check = keyHi | ((keyLo >>> this.keyShift) << 21);
      slot = ((keyLo ^
        (Math.imul(check, HASH_MULTIPLIER) >>> this.hashShift)) &
        this.mask) << 1;
      tag = (keyLo >>> this.tagShift) << 8 | this.generation;
    }
    const data = tag << 16 | bits;
    this.words[slot + 1] = data;
    this.words[slot] = check ^ data;
  }

  /** Runs when the node count reaches checkAt: stops, or schedules the next check. */
  checkBudget(): void {
    let restart = false;
    if (this.nodes >= this.growAt) {
      if (this.control !== null && this.onHelp !== null) {
        // Threads: the solver pauses the helpers around the growth; the
        // growth's time is no measure of the helpers' cost.
        this.onHelp("grow");
        // The helpers' return is a new transition: not judged either.
        this.watchTime = performance.now();
        if (this.watchWindow > 1) this.watchWindow = 1;
      } else {
        this.table.grow();
        this.sync();
      }
    }
    if (this.nodes >= this.rateAt) {
      this.rateAt = Infinity;
      this.rateTime = performance.now();
      this.rateNodes = this.nodes;
    }
    if (this.nodes >= this.helpAt) {
      this.helpAt = Infinity;
      const now = performance.now();
      this.soloRate = (this.nodes - this.rateNodes) /
        Math.max(now - this.rateTime, 0.001);
      this.watchWindow = 1;
      this.onHelp?.("start");
      // The probe under way was searched alone: search it again, now
      // shared out with the helpers (the table keeps what it found).
      if (
        this.control !== null && this.busy !== null &&
        this.features === SOLVER_ALL
      ) restart = true;
      // The windows start after the move to the shared table, whose copy
      // of this thread's entries is no part of the helpers' cost.
      this.watchTime = performance.now();
    } else if (this.soloRate > 0 && this.control !== null) {
      // A helper must not make the solve slower than this thread alone:
      // when this thread's own rate falls well below its rate alone (the
      // helper takes its core, or the shared table its cache), the
      // helpers leave for the rest of the solve.
      const now = performance.now();
      if (now - this.watchTime >= HELP_WATCH_MS) {
        const window = this.watchWindow;
        if (window <= HELP_SETTLE_WINDOWS) {
          this.judgeTime = now;
          this.judgeNodes = this.nodes;
        }
        const rate = (this.nodes - this.judgeNodes) /
          Math.max(now - this.judgeTime, 0.001);
        const verdict = helpVerdict(window, rate, this.soloRate);
        if (verdict === "watch") {
          this.watchWindow = window + 1;
          this.watchTime = now;
        } else {
          this.soloRate = 0;
          if (verdict === "stop") this.onHelp?.("stop");
        }
      }
    }
    if (this.nodes >= this.maxNodes) {
      const granted = this.budget === null ? 0 : claimNodes(this.budget);
      if (granted === 0) {
        this.stopReason = "maxNodes";
        throw BUDGET_STOP;
      }
      this.maxNodes = this.nodes + granted;
    }
    const control = this.control;
    if (control !== null) {
      if (Atomics.load(control, STOPPED) >= this.job) {
        this.stopReason = null;
        throw BUDGET_STOP;
      }
      // Another thread's probe settled what this one was testing.
      if (
        this.probe < Atomics.load(control, MIN) ||
        this.probe >= Atomics.load(control, MAX)
      ) {
        throw PROBE_STALE;
      }
    }
    if (this.deadline !== Infinity || this.slowAt !== Infinity) {
      const now = performance.now();
      if (now >= this.deadline) {
        this.stopReason = "timeMs";
        throw BUDGET_STOP;
      }
      if (this.slowAt < 0) this.slowAt = now + this.slowMs;
      if (now >= this.slowAt) {
        this.slowAt = Infinity;
        this.onSlow?.();
      }
    }
    this.checkAt = Math.min(
      this.maxNodes,
      this.growAt,
      this.helpAt,
      this.rateAt,
      this.deadline === Infinity && this.slowAt === Infinity &&
        control === null
        ? Infinity
        : this.nodes + CLOCK_INTERVAL,
    );
    if (restart) throw PROBE_STALE;
  }

  /**
   * The full solver's node (every feature): a null-window negamax on the
   * position given by the side to move's stones (cl, ch) and the occupied
   * cells (ml, mh), n stones played, for the window (alpha, alpha + 1).
   * The side to move cannot win with its next stone (the caller checked,
   * or the non-losing pruning of the parent guarantees it).
   *
   * Only null windows are searched (the root narrows the score by them),
   * so alpha never moves: a score above it is a cutoff. Bound contract
   * for the true score v: the result r satisfies v <= r <= alpha when
   * v <= alpha (an upper bound), alpha < r <= v otherwise (a lower bound).
   */
  search(
    cl: number,
    ch: number,
    ml: number,
    mh: number,
    n: number,
    alpha: number,
    wl: number,
    wh: number,
  ): number {
    // The masks are number literals (see _solver_bits.ts): BOTTOM_LO
    // 0x204081, BOTTOM_HI 0x4081, BOARD_LO 0x7efdfbf, BOARD_HI 0xfdfbf;
    // CELLS is 42; a stored bound b is b + 32 (BOUND_OFFSET), the move 7
    // is none (NO_BEST), the hash multiplier HASH_MULTIPLIER; a test of
    // tests/connect_four_test.ts checks them against the constants.
    if (this.nodes >= this.checkAt) this.checkBudget();
    this.nodes++;
    let pl = (ml + 0x204081) & 0x7efdfbf;
    let ph = (mh + 0x4081) & 0xfdfbf;
    // Moves that do not lose at once: block the opponent's playable
    // winning cell (two of them: lost), never play under one. The parent
    // counted them when it ordered its moves (wl, wh: the opponent's
    // winning cells before this stone fell; −1 when it did not).
    const ol = cl ^ ml, oh = ch ^ mh;
    let tl: number, th: number;
    if (wl === -1) {
      tl = winLo(ol, oh, ml);
      th = winHi(ol, oh, mh);
    } else {
      tl = wl & ~ml;
      th = wh & ~mh;
    }
    const fl = pl & tl, fh = ph & th;
    if ((fl | fh) !== 0) {
      if (
        (fl & (fl - 1)) !== 0 || (fh & (fh - 1)) !== 0 ||
        (fl !== 0 && fh !== 0)
      ) {
        return 0 - ((42 - n) >> 1);
      }
      pl = fl;
      ph = fh;
    }
    pl &= ~(tl >>> 1);
    ph &= ~(th >>> 1);
    if ((pl | ph) === 0) return 0 - ((42 - n) >> 1);
    // Two stones or fewer left and nobody can win with them: a draw.
    if (n >= 40) return 0;
    // Bounds from the move count: the opponent cannot win with its next
    // stone, we cannot win with ours.
    const min = 0 - ((40 - n) >> 1);
    if (min > alpha) return min;
    const max = (41 - n) >> 1;
    if (max <= alpha) return max;
    // The table: either bound may settle the window; the best move goes first.
    const keyLo = cl + ml, keyHi = ch + mh;
    const generation = this.generation;
    const tagShift = this.tagShift, keyShift = this.keyShift;
    const hashShift = this.hashShift, mask = this.mask;
    const tag = (keyLo >>> tagShift) << 8 | generation;
    const check = keyHi | ((keyLo >>> keyShift) << 21);
    const slot =
      ((keyLo ^ (Math.imul(check, -1640531535) >>> hashShift)) & mask) << 1;
    const words = this.words;
    const old = words[slot + 1]!;
    let lower = -32, upper = 31, best = 7;
    if ((words[slot]! ^ old) === check && old >>> 16 === tag) {
      lower = (old & 63) - 32;
      if (lower > alpha) return lower;
      upper = ((old >>> 6) & 63) - 32;
      if (upper <= alpha) return upper;
      best = (old >>> 12) & 7;
    }
    const several = (pl & (pl - 1)) !== 0 || (ph & (ph - 1)) !== 0 ||
      (pl !== 0 && ph !== 0);
    // Where the node ends, the entry is stored once: one call of put (an
    // inlined copy each), so that V8's inlining budget (920 bytes of
    // bytecode a function) keeps the winning cells of the node's start
    // inlined as well. Without a cutoff every move failed low: alpha is an
    // upper bound and the table's move stays.
    let result = alpha;
    let stored = best << 12 | (alpha + 32) << 6 | (lower + 32);
    ended: {
      // Enhanced transposition cutoff: a child whose stored upper bound is
      // low enough proves this node's fail-high without a search. A
      // child is stored only past its own move-count test, so its upper
      // bound is at least its least score, -((39 - n) >> 1): with alpha
      // at max - 1 = (39 - n) >> 1 no child can cut, and its up to 7
      // probes (random table lines) are skipped. The same nodes: End-Easy
      // 0.95x the time, Middle-Medium's sample 0.97x (thread CPU time).
      if (several && n < ETC_BELOW && alpha < max - 1) {
        for (let col = 0; col < 7; col++) {
          const bl = col < 4 ? pl & (63 << 7 * col) : 0;
          const bh = col < 4 ? 0 : ph & (63 << 7 * col - 28);
          if ((bl | bh) === 0) continue;
          const cLo = ol + (ml | bl), cHi = oh + (mh | bh);
          const cCheck = cHi | ((cLo >>> keyShift) << 21);
          const cSlot = ((cLo ^
            (Math.imul(cCheck, -1640531535) >>> hashShift)) & mask) << 1;
          const d = words[cSlot + 1]!;
          if (
            (words[cSlot]! ^ d) === cCheck &&
            d >>> 16 === ((cLo >>> tagShift) << 8 | generation)
          ) {
            const score = 32 - ((d >>> 6) & 63);
            if (score > alpha) {
              result = score;
              stored = col << 12 | (upper + 32) << 6 | (score + 32);
              break ended;
            }
          }
        }
      }
      // The table's best move first, before the others are scored: when it
      // cuts, their threat counts were never needed.
      let skip = 7;
      if (best !== 7 && several) {
        const bl = best < 4 ? pl & (63 << 7 * best) : 0;
        const bh = best < 4 ? 0 : ph & (63 << 7 * best - 28);
        if ((bl | bh) !== 0) {
          skip = best;
          const score = 0 -
            this.search(ol, oh, ml | bl, mh | bh, n + 1, -1 - alpha, -1, -1);
          if (score > alpha) {
            result = score;
            stored = best << 12 | (upper + 32) << 6 | (score + 32);
            break ended;
          }
        }
      }
      // Order the other moves: insertion of keys (threats << 3 | rank) into
      // this ply's slots, largest first; one move needs no scores. Rank r is
      // column r >> 1 when r is odd, 6 − (r >> 1) when even: 6, 0, 5, 1, 4,
      // 2, 3, so that the centre (rank 6) goes first among equals.
      const moves = this.moves;
      // The winning cells each move leaves, by rank: its child's opponent's.
      const movesLo = this.movesLo, movesHi = this.movesHi;
      const base = n << 3;
      let end = base;
      for (let rank = 0; rank < 7; rank++) {
        const col = (rank & 1) !== 0 ? rank >> 1 : 6 - (rank >> 1);
        const bl = col < 4 ? pl & (63 << 7 * col) : 0;
        const bh = col < 4 ? 0 : ph & (63 << 7 * col - 28);
        if ((bl | bh) === 0 || col === skip) continue;
        let key = rank;
        if (several) {
          // winLo and winHi of _solver_bits.ts and their bitCount, written
          // out: V8 inlines calls only up to its budget, and this loop runs
          // up to 7 times a node (called, they took a tenth of the search's
          // time). The node totals bench/connect_four_bench.ts pins (CI runs
          // it) change if the two differ.
          const sl = cl | bl, sh = ch | bh;
          let wLo = (sl << 1) & (sl << 2) & (sl << 3);
          let a = sl << 7, b = sl << 14, c = sl << 21;
          let e = (sl >>> 7) | (sh << 21), f = (sl >>> 14) | (sh << 14);
          let g = (sl >>> 21) | (sh << 7);
          wLo |= (a & b & (c | e)) | (e & f & (a | g));
          a = sl << 6, b = sl << 12, c = sl << 18;
          e = (sl >>> 6) | (sh << 22), f = (sl >>> 12) | (sh << 16);
          g = (sl >>> 18) | (sh << 10);
          wLo |= (a & b & (c | e)) | (e & f & (a | g));
          a = sl << 8, b = sl << 16, c = sl << 24;
          e = (sl >>> 8) | (sh << 20), f = (sl >>> 16) | (sh << 12);
          g = (sl >>> 24) | (sh << 4);
          wLo |= (a & b & (c | e)) | (e & f & (a | g));
          wLo &= 0x7efdfbf ^ ml;
          let wHi = (sh << 1) & (sh << 2) & (sh << 3);
          a = (sh << 7) | (sl >>> 21), b = (sh << 14) | (sl >>> 14);
          c = (sh << 21) | (sl >>> 7);
          e = sh >>> 7, f = sh >>> 14, g = sh >>> 21;
          wHi |= (a & b & (c | e)) | (e & f & (a | g));
          a = (sh << 6) | (sl >>> 22), b = (sh << 12) | (sl >>> 16);
          c = (sh << 18) | (sl >>> 10);
          e = sh >>> 6, f = sh >>> 12, g = sh >>> 18;
          wHi |= (a & b & (c | e)) | (e & f & (a | g));
          a = (sh << 8) | (sl >>> 20), b = (sh << 16) | (sl >>> 12);
          c = (sh << 24) | (sl >>> 4);
          e = sh >>> 8, f = sh >>> 16, g = sh >>> 24;
          wHi |= (a & b & (c | e)) | (e & f & (a | g));
          wHi &= 0xfdfbf ^ mh;
          movesLo[base + rank] = wLo;
          movesHi[base + rank] = wHi;
          let x = wLo - ((wLo >>> 1) & 0x55555555);
          x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
          let y = wHi - ((wHi >>> 1) & 0x55555555);
          y = (y & 0x33333333) + ((y >>> 2) & 0x33333333);
          // Each byte of x + y counts at most 16: no carry between bytes.
          x = ((x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f)) +
            ((y & 0x0f0f0f0f) + ((y >>> 4) & 0x0f0f0f0f));
          key |= (Math.imul(x, 0x01010101) >>> 24) << 3;
        } else movesLo[base + rank] = -1;
        let at = end++;
        while (at > base && moves[at - 1]! < key) {
          moves[at] = moves[at - 1]!;
          at--;
        }
        moves[at] = key;
      }
      for (let at = base; at < end; at++) {
        const rank = moves[at]! & 7;
        const col = (rank & 1) !== 0 ? rank >> 1 : 6 - (rank >> 1);
        const score = 0 - this.search(
          ol,
          oh,
          col < 4 ? ml | (pl & (63 << 7 * col)) : ml,
          col < 4 ? mh : mh | (ph & (63 << 7 * col - 28)),
          n + 1,
          -1 - alpha,
          movesLo[base + rank]!,
          movesHi[base + rank]!,
        );
        if (score > alpha) {
          result = score;
          stored = col << 12 | (upper + 32) << 6 | (score + 32);
          break ended;
        }
      }
    }
    this.put(slot, check, tag, keyLo, keyHi, stored);
    return result;
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
    const byThreats = (features & SOLVER_THREAT_ORDER) !== 0 &&
      popcount(pl) + popcount(ph) > 1;
    for (let k = WIDTH - 1; k >= 0; k--) {
      const col = COLUMN_ORDER[k]!;
      const bl = pl & COLUMN_LO[col]!, bh = ph & COLUMN_HI[col]!;
      if ((bl | bh) === 0) continue;
      const score = byThreats ? threats(cl | bl, ch | bh, ml, mh) : 0;
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
        if (useTable) putEntry(table, keyLo, keyHi, score, upper, NO_BEST);
        return score;
      }
      if (score > alpha) alpha = score;
    }
    if (useTable) putEntry(table, keyLo, keyHi, lower, alpha, NO_BEST);
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
      for (;;) {
        const control = this.control;
        if (control !== null) {
          // Threads: every finished probe anywhere narrows the shared bounds.
          this.min = Math.max(this.min, Atomics.load(control, MIN));
          this.max = Math.min(this.max, Atomics.load(control, MAX));
        }
        if (this.min >= this.max) break;
        // Probe the middle, pulled towards 0 where most scores lie.
        min = this.min;
        max = this.max;
        let med = min + ((max - min) >> 1);
        if (med <= 0 && Math.trunc(min / 2) < med) {
          med = Math.trunc(min / 2);
        } else if (med >= 0 && (max >> 1) > med) med = max >> 1;
        // Threads all search this probe (every one computes it from the
        // same shared bounds) and share out its shallow nodes.
        const busy = full && control !== null ? this.busy : null;
        this.probe = med;
        this.splitBelow = busy === null ? 0 : n + SPLIT_PLIES;
        let r: number;
        try {
          r = busy !== null
            ? splitSearch(this, busy, cl, ch, ml, mh, n, med)
            : full
            ? this.search(cl, ch, ml, mh, n, med, -1, -1)
            : this.node(cl, ch, ml, mh, n, med, med + 1);
        } catch (error) {
          if (error === PROBE_STALE) continue;
          throw error;
        }
        if (r <= med) {
          this.max = Math.min(this.max, r);
          if (control !== null) atomicMin(control, MAX, r);
        } else {
          this.min = Math.max(this.min, r);
          if (control !== null) atomicMax(control, MIN, r);
        }
        this.onProbe?.(med, this.min, this.max);
      }
    } else {
      const r = this.node(cl, ch, ml, mh, n, min, max);
      this.min = this.max = r;
    }
  }

  /**
   * Returns the nodes this engine claimed from the shared budget and did
   * not search (when it leaves a job), so that other threads can use them.
   */
  refund(): void {
    const budget = this.budget;
    if (budget === null) return;
    const unused = this.maxNodes - this.nodes;
    if (unused > 0) Atomics.sub(budget, CLAIMED, BigInt(unused));
    this.maxNodes = this.nodes;
  }

  /** The root's proven bounds (see {@linkcode SolverEngine.root}). */
  min = 0;
  max = 0;
}
