/**
 * A perfect Connect Four solver in the shape of Pascal Pons' tutorial
 * ("Solving Connect 4: how to build a perfect AI"), written for this project:
 * negamax with alpha-beta on two-half bitboards, centre-first order, score
 * bounds from the move count, the project's {@linkcode TranspositionTable}
 * holding lower and upper bounds, null-window searches that narrow the score
 * window (iterative deepening on the window, not on the depth), pruning of
 * moves that lose at once, and threat-count move ordering by insertion into
 * fixed typed arrays. The recursion passes small integers (the position's
 * four halves, the stone count, the null window's alpha, and the winning
 * cells the parent counted for this move) and allocates nothing.
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
 * (0.2–2 M nodes) 0.77× the time with the same nodes. Enhanced
 * transposition cutoffs then took 19% of the nodes off those 14-stone
 * positions and 6% off Middle-Easy; the centre opening's proxy `4453`
 * (weak) needs 28.2 M nodes where the old solver with a 64 MiB table
 * needed 54.8 M. Letting the table grow to 512 MiB instead of 64 MiB then
 * halved the opening: `echo 4 | deno task solve --weak` went from 3.01e9
 * nodes and 336 s to 1.52e9 nodes and 196 s on 2 threads (the reference
 * C++ solver: 2.41e9 nodes, 260 s), `4453` to 27.2 M nodes.
 *
 * Compiled code (issue 27, profiled with perf and V8's --perf-prof): the
 * search writes its masks as number literals (an imported constant is read
 * from its module cell and checked at every use), each half of the winning
 * cells is a small function that inlines (`winLo`, `winHi` in
 * `_solver_bits.ts`; the move ordering writes them out and the node stores
 * its entry from one place, so that V8's budget of 920 inlined bytecode
 * bytes a function covers every call), the root searches null windows
 * only (one alpha), and a child takes its opponent's winning cells from its
 * parent's move ordering. {@linkcode ConnectFourSolver.warmUp} also compiles the solve's
 * own path and the clock's (a path compiled code never took is dropped at
 * its first use, then in a timed solve). Against the reference C++ solver
 * through `deno task bench:c4ref`: see `docs/connect_four_speed.md`.
 *
 * Threads: see {@linkcode ConnectFourSolverOptions.threads}. On 2 idle
 * cores, the earlier helpers (which probed other root windows than the
 * main thread) solved `4453` (weak) in 3.9 s against 5.9 s on one thread
 * (1.5×; 31.7 M nodes against 28.2 M) and 16 positions of 14 stones in
 * 0.83 s against 0.99–1.09 s. When other processes keep the cores busy, the
 * second thread gets no core of its own: the main thread then sends the
 * helpers away ({@linkcode HELPER_START_NODES}). Since the threads share
 * out the shallow nodes' moves (`_solver_split.ts`), the first move `4`
 * solved exactly takes 131–140 s on two threads against 263 s on one
 * (902 M nodes; two threads 963–974 M), where helpers that probed other
 * windows took 205 s against 191 s on an earlier machine.
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

import { SOLVER_BYTES_PER_ENTRY, SolverTable } from "./_solver_table.ts";
import {
  BOTTOM_HI,
  BOTTOM_LO,
  CELLS,
  ConnectFour,
  randomConnectFour,
  WIN,
  winningCells,
} from "./connect_four.ts";
import {
  checkBoolean,
  checkInteger,
  checkOptions,
  describe,
} from "../validate.ts";

export { SolverTable } from "./_solver_table.ts";
export {
  CLOCK_INTERVAL,
  NODE_CLAIM,
  SOLVER_ALL,
  SOLVER_NON_LOSING,
  SOLVER_NULL_WINDOW,
  SOLVER_TABLE,
  SOLVER_THREAT_ORDER,
  type SolveStopReason,
} from "./_solver_engine.ts";
import {
  ACTIVE,
  BITS,
  BUDGET_STOP,
  BUDGET_WORDS,
  CLAIMED,
  CLOCK_INTERVAL,
  CONTROL_WORDS,
  GENERATION,
  JOB,
  LIMIT,
  MAX,
  MIN,
  POSITION,
  READY,
  SHUTDOWN,
  SOLVER_ALL,
  SolverEngine,
  type SolveStopReason,
  STOPPED,
} from "./_solver_engine.ts";
import type { WorkerStart } from "./_solver_worker.ts";
import { BUSY_WORDS } from "./_solver_split.ts";

/**
 * Nodes a threaded solve searches alone before it wakes its helpers
 * (524,288, about 60 ms): a shorter solve cannot repay their start, the
 * table they share (each one's writes evict the other's cache lines) and
 * their stop at its end. Measured on the Begin-Medium sample, 2 threads on
 * a loaded 2-core machine: with the helpers from 131,072 nodes, the 21
 * positions of 131 k to 1 M nodes took 1.13× their one-thread time (the
 * worst 1.6×). Past it the main thread still watches its own rate: see
 * {@linkcode ConnectFourSolverOptions.threads}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, ConnectFourSolver, HELPER_START_NODES } from "../../mod.ts";
 * const one = new ConnectFourSolver({ entries: 1 << 22, threads: 1 });
 * const two = new ConnectFourSolver({ entries: 1 << 22, threads: 2 });
 * try {
 *   // 3712522217335 takes 168,276 nodes: the helpers never join.
 *   const position = ConnectFour.parse("3712522217335");
 *   const alone = one.solve(position);
 *   assert.ok(alone.nodes < HELPER_START_NODES);
 *   assert.equal(two.solve(position).nodes, alone.nodes);
 * } finally {
 *   two.close();
 * }
 * ```
 */
export const HELPER_START_NODES = 2 ** 19;

/**
 * The small solves at the end of {@linkcode ConnectFourSolver.warmUp}: with
 * 3,000, V8 had compiled a solve's own path only to its middle tier (Maglev)
 * when the first line was timed; 20,000 (about 25 ms more) bring it to the
 * optimizing tier (TurboFan) before.
 */
const WARM_UP_SMALL_SOLVES = 20_000;

/** The longest {@linkcode ConnectFourSolver.warmUp} waits for its helpers' own warm-up. */
const HELPER_WARM_UP_MS = 10_000;

/**
 * Entries of the default table: 2^26, 512 MiB of 8-byte entries (the
 * reference C++ solver's holds 8,388,617). A solve uses the first 1 MiB
 * and grows into the rest only as its work grows (to all of it past about
 * 134 M nodes), so memory is touched (and committed) only by long solves.
 * Sized by measurement: `43` weakly, one thread, took 365 M nodes with
 * 64 MiB, 268 M with 256 MiB, 249 M with 512 MiB and 248 M with 1 GiB.
 */
export const DEFAULT_SOLVER_ENTRIES = 2 ** 26;

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

/** The largest score magnitude: a win with the 4th stone scores 22 − 4 = 18; every score lies in −18…18. */
export const MAX_SCORE = 18;

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
  /** Positions searched by every thread (calls of the negamax node; the root's checks count none); at most `maxNodes`. */
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
   * {@linkcode DEFAULT_SOLVER_ENTRIES}, 512 MiB): an integer in 1…2^29,
   * rounded down to a power of two, at least 2^17 (1 MiB).
   */
  entries?: number;
  /** The table's size in MiB instead of `entries` (8 bytes an entry, rounded down to a power of two, at least 1 MiB). */
  megabytes?: number;
  /** OR of `SOLVER_*` bits (default {@linkcode SOLVER_ALL}): fewer bits give the tutorial's earlier steps. */
  features?: number;
  /**
   * Threads that search each long solve (an integer in 1…64, default 1):
   * with more than one, `threads − 1` workers share the table (in a
   * `SharedArrayBuffer`) and join a solve once it passes
   * {@linkcode HELPER_START_NODES} (they pause while the table grows). All
   * threads then search the main thread's root probe, which it starts
   * again with them, and share out the moves of the nodes near the root
   * (ABDADA, see `_solver_split.ts`). A helper must not make a solve
   * slower than one thread: the main thread times its own nodes per ms
   * alone (from half that count to the helpers' start), then over the 20
   * ms windows of their first 120 ms but the first two (their wake-up and
   * the threads' first descent together), and sends them away for the
   * rest of the solve when that rate falls below 3/4 of its rate alone (a
   * helper without a core of its own, or whose writes to the shared table
   * evict the main thread's), or at once below half of it: on a machine
   * whose other processes keep the cores busy, within the first 60 ms of
   * help (see `_solver_help.ts`).
   * (Later windows would compare with a rate from a smaller table: the
   * main thread slows as the table grows, helpers or not.) Scores stay
   * exact; node counts then vary from run to run, and `maxNodes` bounds
   * the nodes of all threads together (see {@linkcode SolveOptions.maxNodes}). Call
   * {@linkcode ConnectFourSolver.close} when done, or the workers keep the
   * program alive. Only the full solver ({@linkcode SOLVER_ALL}) uses them.
   */
  threads?: number;
}

/** Options of {@linkcode ConnectFourSolver.solve} and {@linkcode solveConnectFour}. */
export interface SolveOptions {
  /** Only the sign of the score: win (1), draw (0) or loss (−1); faster. */
  weak?: boolean;
  /**
   * Stop before searching more than this many nodes (an integer in
   * 0…2^53 − 1), counting the nodes of every thread: a solve's `nodes` is
   * never more than `maxNodes`, whatever `threads`. A stopped solve has
   * `stopReason: "maxNodes"` and, with one thread, `nodes === maxNodes` (the
   * same position and options always stop at the same node). With
   * `threads` > 1 the threads claim nodes from one shared budget 1,024 at a
   * time ({@linkcode NODE_CLAIM}) and search only what they claimed; a
   * stopped solve then has `maxNodes − 1,024 × (threads − 1) ≤ nodes ≤
   * maxNodes` and where it stops varies from run to run (its bounds are
   * proven all the same).
   */
  maxNodes?: number;
  /**
   * Stop after about this many milliseconds (a number ≥ 0, fractions
   * allowed; `Infinity` or a value past any real run is no limit; the
   * clock is read at the first node and then every
   * {@linkcode CLOCK_INTERVAL} nodes, so `0` stops at the first node).
   * Where it stops depends on the machine; with threads, the helpers leave
   * within {@linkcode CLOCK_INTERVAL} nodes of the main thread's stop.
   */
  timeMs?: number;
  /**
   * Called after each of the root's null-window probes finishes, with the
   * bounds proven so far: a long solve's progress (a few calls per solve,
   * none inside the search). An error it throws ends the solve and reaches
   * the caller.
   */
  onProbe?: (progress: SolveProgress) => void;
  /**
   * Called once, with the progress so far, when the solve has run for
   * `slowMs` milliseconds of wall-clock time and goes on (the clock is read
   * every {@linkcode CLOCK_INTERVAL} nodes, so a solve that ends sooner
   * never calls it): what a command tells a user who waits. Without
   * `timeMs` the milliseconds count from the first clock reading, at node
   * {@linkcode CLOCK_INTERVAL} (a fraction of a millisecond in), so that a
   * short solve reads no clock at all; with `timeMs`, from the start. An
   * error it throws ends the solve and reaches the caller.
   */
  onSlow?: (progress: SolveProgress) => void;
  /** When {@linkcode SolveOptions.onSlow} is called: milliseconds ≥ 0 (default 10,000). */
  slowMs?: number;
}

/** What {@linkcode SolveOptions.onProbe} receives after each root probe, and {@linkcode SolveOptions.onSlow} when a solve runs long. */
export interface SolveProgress {
  /** The probe's null window is (`probe`, `probe` + 1): for onProbe the probe that finished, for onSlow the one under way. */
  probe: number;
  /** The proven lower bound on the score so far (at least −18). */
  lower: number;
  /** The proven upper bound on the score so far (at most 18). */
  upper: number;
  /** Nodes searched so far: the main thread's, plus the helper threads' from the jobs they have left (their current job's count when the solve ends). */
  nodes: number;
}

/** {@linkcode SolveOptions} without a budget: the solve always finishes. */
export type UnlimitedSolveOptions = SolveOptions & {
  /** Absent: no node limit. */
  maxNodes?: undefined;
  /** Absent: no time limit. */
  timeMs?: undefined;
};

const SOLVE_OPTIONS = [
  "weak",
  "maxNodes",
  "timeMs",
  "onProbe",
  "onSlow",
  "slowMs",
] as const;

/** The default {@linkcode SolveOptions.slowMs}. */
export const DEFAULT_SLOW_MS = 10_000;
const SOLVER_OPTIONS = ["entries", "megabytes", "features", "threads"] as const;

/** What the budget checks need, read once per solve. */
interface Budget {
  weak: boolean;
  maxNodes: number;
  timeMs: number;
  onProbe: ((progress: SolveProgress) => void) | null;
  onSlow: ((progress: SolveProgress) => void) | null;
  slowMs: number;
}

/** The checked budget of `value`, or null when it is not {@linkcode CheckedSolveOptions}. */
let budgetOf: (value: unknown) => Budget | null;

/**
 * {@linkcode SolveOptions} checked once for many solves: a solve given
 * them reads their values as checked and does not check them again. The
 * checks cost about half a microsecond a solve on a cold cache (End-Easy's
 * solves of at most 10 nodes, per-line minimum of 10 runs of `deno task
 * solve`, two runs of the comparison: 1.00 and 1.13 us a position checked
 * each time, 0.60 us checked once), a twelfth of End-Easy's mean. The
 * values are copied when checked, so a later change to the object they
 * came from changes nothing.
 *
 * @example Check once, solve many
 * ```ts
 * import assert from "node:assert/strict";
 * import { CheckedSolveOptions, ConnectFour, ConnectFourSolver } from "../../mod.ts";
 * const options = { weak: true };
 * const checked = CheckedSolveOptions.from(options);
 * options.weak = false; // too late: the checked copy keeps true
 * const solver = new ConnectFourSolver({ entries: 1 << 17 });
 * for (const moves of ["4455", "2252576253462244111563365343671351441"]) {
 *   const result = solver.solve(ConnectFour.parse(moves), checked);
 *   assert.ok(result.exact);
 *   assert.equal(Math.abs(result.score!), 1);
 * }
 * assert.throws(() => CheckedSolveOptions.from({ weak: 1 } as never), /CheckedSolveOptions.from: weak must be true or false, got 1/);
 * ```
 */
export class CheckedSolveOptions {
  readonly #budget: Budget;

  private constructor(budget: Budget) {
    this.#budget = Object.freeze(budget);
  }

  /**
   * Checks `options` as {@linkcode ConnectFourSolver.solve} does.
   *
   * @param options the options (absent: none)
   * @returns their checked copy
   * @throws {Error} on an unknown option or a bad value, naming it
   */
  static from(options?: SolveOptions): CheckedSolveOptions {
    return new CheckedSolveOptions(
      checkSolveOptions("CheckedSolveOptions.from", options),
    );
  }

  static {
    // The solver reads the checked values through this, not through a
    // public member: nothing but a solve needs them.
    budgetOf = (value) =>
      typeof value === "object" && value !== null && #budget in value
        ? value.#budget
        : null;
  }
}

/** Checks the position of a solve. */
function checkSolvePosition(where: string, position: unknown): void {
  if (!ConnectFour.isConnectFour(position)) {
    throw new Error(
      `${where}: position must be a ConnectFour (from ConnectFour.parse or ConnectFour.empty), got ${
        describe(position)
      }`,
    );
  }
}

/** Checks a solve's arguments once, before anything is searched. */
function checkSolve(
  where: string,
  position: unknown,
  options: SolveOptions | undefined,
): Budget {
  checkSolvePosition(where, position);
  return checkSolveOptions(where, options);
}

/** Checks a solve's options and reads each once. */
function checkSolveOptions(
  where: string,
  options: SolveOptions | undefined,
): Budget {
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
  const onProbe = options?.onProbe;
  if (onProbe !== undefined && typeof onProbe !== "function") {
    throw new Error(
      `${where}: onProbe must be a function, got ${describe(onProbe)}`,
    );
  }
  const onSlow = options?.onSlow;
  if (onSlow !== undefined && typeof onSlow !== "function") {
    throw new Error(
      `${where}: onSlow must be a function, got ${describe(onSlow)}`,
    );
  }
  const slowMs = options?.slowMs;
  if (
    slowMs !== undefined && (typeof slowMs !== "number" || !(slowMs >= 0))
  ) {
    throw new Error(
      `${where}: slowMs must be a number ≥ 0 (milliseconds), got ${
        describe(slowMs)
      }`,
    );
  }
  return {
    weak: weak === true,
    maxNodes,
    timeMs: timeMs ?? Infinity,
    onProbe: onProbe ?? null,
    onSlow: onSlow ?? null,
    slowMs: slowMs ?? DEFAULT_SLOW_MS,
  };
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
  /** Threads that search a long solve (1: this one only). */
  readonly threads: number;
  readonly #workers: Worker[] = [];
  readonly #control: Int32Array | null = null;
  readonly #helperNodes: Float64Array | null = null;
  /** The shared node budget of a threaded solve (see BUDGET_WORDS). */
  readonly #budget: BigInt64Array | null = null;
  /** Whether the shared budget holds a limit from the last solve (it is reset only then). */
  #budgetLimited = true;
  /** The table shared with the helpers (null with one thread). */
  readonly #shared: SolverTable | null = null;
  #job = 0;
  /** Nodes of helpers that left the current solve's earlier jobs. */
  #helperNodeSum = 0;
  /** The position being solved, for the helpers. */
  readonly #position = new Int32Array(5);
  /** The current solve's onSlow and onProbe, called through the two closures below (made once: a solve allocates none). */
  #onSlow: ((progress: SolveProgress) => void) | null = null;
  /** True from the start of a solve to its end (see {@linkcode ConnectFourSolver.solve}). */
  #solving = false;
  #onProbe: ((progress: SolveProgress) => void) | null = null;
  readonly #reportSlow = (): void => {
    const engine = this.#engine;
    this.#onSlow?.({
      probe: engine.probe,
      lower: Math.max(engine.min, -MAX_SCORE),
      upper: Math.min(engine.max, MAX_SCORE),
      nodes: engine.nodes + this.#helperNodesSoFar(),
    });
  };
  readonly #reportProbe = (probe: number, lower: number, upper: number) => {
    this.#onProbe?.({
      probe,
      lower: Math.max(lower, -MAX_SCORE),
      upper: Math.min(upper, MAX_SCORE),
      nodes: this.#engine.nodes + this.#helperNodesSoFar(),
    });
  };

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
    // Range first: bitwise operators would see 2^40 as 0.
    if (
      typeof features !== "number" || !Number.isInteger(features) ||
      features < 0 || features > SOLVER_ALL || (features & ~SOLVER_ALL) !== 0
    ) {
      throw new Error(
        `${where}: features must be an integer OR of the SOLVER_* bits (TABLE 1, NULL_WINDOW 2, NON_LOSING 4, THREAT_ORDER 8; known mask ${SOLVER_ALL}), got ${
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
      ? Math.max(1, Math.floor(megabytes * 2 ** 20 / SOLVER_BYTES_PER_ENTRY))
      : options?.entries === undefined
      ? DEFAULT_SOLVER_ENTRIES
      : checkInteger(where, "entries", options.entries, 1, 2 ** 29);
    const threads = options?.threads === undefined
      ? 1
      : checkInteger(where, "threads", options.threads, 1, 64);
    this.threads = threads;
    // The main thread searches its own table (on an ArrayBuffer: solves
    // were about a microsecond slower on a SharedArrayBuffer's) and moves
    // to the shared one only when its helpers join.
    this.table = new SolverTable(entries);
    this.#engine = new SolverEngine(this.table, features);
    if (threads > 1) {
      this.#control = new Int32Array(
        new SharedArrayBuffer(4 * CONTROL_WORDS),
      );
      this.#helperNodes = new Float64Array(
        new SharedArrayBuffer(8 * (threads - 1)),
      );
      this.#budget = new BigInt64Array(
        new SharedArrayBuffer(8 * BUDGET_WORDS),
      );
      this.#shared = new SolverTable(entries, true);
      this.#engine.busy = new Int32Array(
        new SharedArrayBuffer(4 * BUSY_WORDS),
      );
      this.#engine.onHelp = (action) => {
        if (action === "stop") this.#helperNodeSum += this.#stopHelpers();
        else this.#startHelpers(action === "grow");
      };
      for (let index = 0; index < threads - 1; index++) {
        const worker = new Worker(
          new URL("./_solver_worker.ts", import.meta.url),
          { type: "module" },
        );
        worker.postMessage(
          {
            words: this.#shared.words,
            size: this.#shared.size,
            control: this.#control,
            nodes: this.#helperNodes,
            budget: this.#budget,
            busy: this.#engine.busy,
            index,
          } satisfies WorkerStart,
        );
        this.#workers.push(worker);
      }
    }
  }

  /**
   * Ends the helper threads (a solver made with `threads` > 1); the solver
   * then solves alone. Safe to call more than once.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ConnectFour, ConnectFourSolver } from "../../mod.ts";
   * const solver = new ConnectFourSolver({ threads: 2 });
   * try {
   *   assert.equal(solver.solve(ConnectFour.parse("4455")).score, 18);
   * } finally {
   *   solver.close();
   * }
   * ```
   */
  close(): void {
    const control = this.#control;
    if (control !== null) {
      Atomics.store(control, SHUTDOWN, 1);
      Atomics.add(control, JOB, 1);
      Atomics.notify(control, JOB);
    }
    for (const worker of this.#workers) worker.terminate();
    this.#workers.length = 0;
    this.#engine.onHelp = null;
  }

  /**
   * Called by the engine at HELPER_START_NODES nodes (`grow` false): publishes the
   * job to the helpers; and when the table must grow while they work
   * (`grow` true): stops them, grows it, publishes the job again.
   */
  #startHelpers(grow: boolean): void {
    const control = this.#control!;
    const engine = this.#engine;
    const table = this.#shared!;
    if (engine.table !== table) {
      // The helpers' first job of this solve: the search moves to the
      // shared table, with what it has found so far.
      table.adopt(engine.table);
      engine.table = table;
      engine.sync();
    }
    if (grow) {
      // The table cannot grow while several threads write (entries would
      // move under them): the helpers leave the job first.
      this.#helperNodeSum += this.#stopHelpers();
      table.grow();
      engine.sync();
    }
    Atomics.store(control, GENERATION, table.generation);
    Atomics.store(control, BITS, table.bits);
    Atomics.store(control, MIN, engine.min);
    Atomics.store(control, MAX, engine.max);
    for (let i = 0; i < 5; i++) {
      Atomics.store(control, POSITION + i, this.#position[i]!);
    }
    engine.job = ++this.#job;
    engine.control = control;
    Atomics.store(control, JOB, this.#job);
    Atomics.notify(control, JOB);
  }

  /** Stops the helpers of the current job and waits until none is inside it; returns their nodes. */
  #stopHelpers(): number {
    const control = this.#control!;
    const engine = this.#engine;
    // Keep what the helpers proved at the root.
    engine.min = Math.max(engine.min, Atomics.load(control, MIN));
    engine.max = Math.min(engine.max, Atomics.load(control, MAX));
    Atomics.store(control, STOPPED, this.#job);
    for (;;) {
      const active = Atomics.load(control, ACTIVE);
      if (active === 0) break;
      Atomics.wait(control, ACTIVE, active, 5);
    }
    this.#engine.control = null;
    let nodes = 0;
    const helperNodes = this.#helperNodes!;
    for (let i = 0; i < helperNodes.length; i++) {
      nodes += helperNodes[i]!;
      helperNodes[i] = 0;
    }
    return nodes;
  }

  /** The helpers' nodes from the jobs they have left in this solve (0 without helpers). */
  #helperNodesSoFar(): number {
    let nodes = this.#helperNodeSum;
    const helperNodes = this.#helperNodes;
    if (helperNodes === null) return nodes;
    for (let i = 0; i < helperNodes.length; i++) nodes += helperNodes[i]!;
    return nodes;
  }

  /** Nodes of the current or last solve. */
  get nodes(): number {
    return this.#engine.nodes;
  }

  /**
   * Whether a solve of this solver is running: true inside its onProbe and
   * onSlow, where {@linkcode ConnectFourSolver.solve} refuses to start another.
   */
  get solving(): boolean {
    return this.#solving;
  }

  /**
   * Warms the search up: solves built-in positions (seeded random games of
   * 20–36 stones, each cut at 20,000 nodes, then 20,000 small solves of
   * 36–40 stones) so that the JIT compiles the hot paths, the search and
   * the solve's own setup, before the first position that is timed.
   * Through `deno task solve`, the first End-Easy positions took 1–12 ms
   * each for a few dozen nodes before it; the table is left empty.
   *
   * @param weak warm the weak solve (what the caller will run)
   * @returns the nodes searched
   * @throws {Error} when `weak` is not a boolean
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
    // Checked here: the solves below would name themselves, not warmUp.
    checkBoolean("ConnectFourSolver.warmUp", "weak", weak);
    let nodes = 0;
    const quiet = () => {};
    for (let round = 0; round < 3; round++) {
      for (let stones = 36; stones >= 20; stones -= 4) {
        for (let seed = 1; seed <= 6; seed++) {
          const position = randomConnectFour(stones, 97 * stones + seed);
          // Every other solve reads the clock (every 4,096 nodes): a path
          // that compiled code never used would be dropped at its first
          // use, in a timed solve (a 4,676-node Middle-Easy position took
          // 1-6 ms instead of 0.4 through deno task solve, which asks for
          // onSlow).
          nodes += (seed % 2 === 0
            ? this.solve(position, {
              weak,
              maxNodes: 20_000,
              timeMs: undefined,
            })
            : this.solve(position, {
              weak,
              maxNodes: 20_000,
              timeMs: 60_000,
              onSlow: quiet,
              slowMs: 60_000,
            })).nodes;
        }
      }
    }
    // The helpers warm up beside this thread. Waiting for them comes
    // before the small solves below: a thread that slept (waiting) came
    // back to cold caches, and the first positions timed after were slower
    // (End-Easy with 2 threads about 12 us against 9 with 1).
    this.#awaitHelpers();
    // A solve's own path (the argument checks, the setup, the root's loop,
    // the result) runs once a position: a few dozen runs above leave it
    // interpreted, and each End-Easy position then paid about 4 us for it
    // (its search 8-10 us). Thousands of small solves, with the options'
    // shapes that callers pass, compile it too (about 30 ms).
    const small = [36, 37, 38, 39, 40].map((stones) =>
      randomConnectFour(stones, stones)
    );
    for (let i = 0; i < WARM_UP_SMALL_SOLVES; i++) {
      const position = small[i % small.length]!;
      const shape = i % 4;
      // The fourth shape stops at 8 nodes: the budget check's path, which
      // the search's compiled code otherwise drops on the first use.
      nodes += (shape === 0
        ? this.solve(position, { weak })
        : shape === 1
        ? this.solve(position, { weak, maxNodes: undefined, timeMs: undefined })
        : shape === 2
        ? this.solve(position, { weak, onSlow: quiet, slowMs: 60_000 })
        : this.solve(position, { weak, maxNodes: 8 })).nodes;
    }
    this.table.clear();
    return nodes;
  }

  /**
   * Waits until every helper thread has loaded and warmed up its own search
   * (at most {@linkcode HELPER_WARM_UP_MS} in all): a helper still starting
   * takes a core from the first positions the user times. Measured: with 2
   * threads the helper was ready about 20 ms after the main thread's
   * warm-up, longer than c4bench's whole first End-Easy pass (the pass
   * times themselves varied more from run to run than this changed them).
   */
  #awaitHelpers(): void {
    const control = this.#control;
    if (control === null) return;
    const until = performance.now() + HELPER_WARM_UP_MS;
    for (;;) {
      const ready = Atomics.load(control, READY);
      if (ready >= this.#workers.length) return;
      const left = until - performance.now();
      if (left <= 0) return;
      Atomics.wait(control, READY, ready, Math.min(left, 50));
    }
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
   *   an unknown or bad option, or when called from inside this solver's
   *   own `onProbe` or `onSlow` (use another solver there)
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
  /**
   * Solves `position` with options checked once beforehand (see
   * {@linkcode CheckedSolveOptions}): the same solve without the checks.
   *
   * @param position the position; never changed
   * @param options the checked options
   * @returns the score when the solve finished, proven bounds otherwise
   */
  solve(position: ConnectFour, options: CheckedSolveOptions): SolveResult;
  solve(
    position: ConnectFour,
    options?: SolveOptions | CheckedSolveOptions,
  ): SolveResult {
    // The engine, its table and budget are this solver's one set: a solve
    // started from inside the current one's onProbe or onSlow would reset
    // them under it (the outer solve then read the inner's bounds).
    if (this.#solving) {
      throw new Error(
        "ConnectFourSolver.solve: called from inside this solver's onProbe/onSlow; use another ConnectFourSolver",
      );
    }
    this.#solving = true;
    try {
      return this.#solve(position, options);
    } finally {
      this.#solving = false;
    }
  }

  #solve(
    position: ConnectFour,
    options?: SolveOptions | CheckedSolveOptions,
  ): SolveResult {
    let budget = budgetOf(options);
    if (budget === null) {
      budget = checkSolve(
        "ConnectFourSolver.solve",
        position,
        options as SolveOptions | undefined,
      );
    } else checkSolvePosition("ConnectFourSolver.solve", position);
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
    let helperNodes = 0;
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
        const threaded = this.#workers.length > 0 &&
          this.features === SOLVER_ALL;
        engine.maxNodes = budget.maxNodes;
        if (threaded) {
          // Every thread claims its nodes from one shared budget, so that
          // all of them together stop at maxNodes (see SolveOptions).
          const shared = this.#budget!;
          // A solve without a limit after one without: nothing to store.
          if (budget.maxNodes !== Infinity || this.#budgetLimited) {
            Atomics.store(shared, CLAIMED, 0n);
            Atomics.store(
              shared,
              LIMIT,
              budget.maxNodes === Infinity ? -1n : BigInt(budget.maxNodes),
            );
            this.#budgetLimited = budget.maxNodes !== Infinity;
          }
          if (budget.maxNodes !== Infinity) {
            engine.budget = shared;
            engine.maxNodes = 0;
          }
        }
        // The clock at the start, read only for a time budget (−1: unread).
        let started = -1;
        if (budget.timeMs === Infinity) {
          engine.deadline = Infinity;
          engine.checkAt = Math.min(engine.maxNodes, engine.growAt);
        } else {
          started = performance.now();
          engine.deadline = started + budget.timeMs;
          // The first node reads the clock, so timeMs: 0 stops at once.
          engine.checkAt = 0;
        }
        const onSlow = budget.onSlow;
        if (onSlow !== null) {
          this.#onSlow = onSlow;
          engine.onSlow = this.#reportSlow;
          // slowMs runs from the first clock reading (at most CLOCK_INTERVAL
          // nodes in): a solve that ends sooner, as most do, reads no clock
          // (a reading costs about 0.25 us, End-Easy's 81 nodes 5 to 8).
          engine.slowAt = started < 0 ? -1 : started + budget.slowMs;
          engine.slowMs = budget.slowMs;
          engine.checkAt = Math.min(engine.checkAt, CLOCK_INTERVAL);
        }
        engine.stopReason = null;
        if (threaded) {
          engine.helpAt = HELPER_START_NODES;
          engine.rateAt = HELPER_START_NODES / 2;
          engine.checkAt = Math.min(engine.checkAt, engine.rateAt);
          const at = this.#position;
          at[0] = cl;
          at[1] = ch;
          at[2] = ml;
          at[3] = mh;
          at[4] = n;
        }
        const onProbe = budget.onProbe;
        if (onProbe !== null) {
          this.#onProbe = onProbe;
          engine.onProbe = this.#reportProbe;
        }
        try {
          engine.root(cl, ch, ml, mh, n, min, max);
        } catch (error) {
          if (error !== BUDGET_STOP) throw error;
          stopped = true;
          stopReason = engine.stopReason;
        } finally {
          engine.checkAt = Infinity;
          engine.maxNodes = Infinity;
          engine.budget = null;
          engine.deadline = Infinity;
          engine.slowAt = Infinity;
          engine.onSlow = null;
          engine.helpAt = Infinity;
          engine.rateAt = Infinity;
          engine.soloRate = 0;
          engine.onProbe = null;
          this.#onSlow = null;
          this.#onProbe = null;
          // The helpers' nodes: of the jobs they left (a growth, or sent
          // away for slowing this thread), and of the job they are in.
          helperNodes = this.#helperNodeSum;
          if (engine.control !== null) helperNodes += this.#stopHelpers();
          this.#helperNodeSum = 0;
          if (engine.table !== this.table) {
            engine.table = this.table;
            engine.sync();
          }
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
        nodes: engine.nodes + helperNodes,
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
      nodes: engine.nodes + helperNodes,
    };
  }
}

let defaultSolver: ConnectFourSolver | null = null;

/**
 * Solves a Connect Four position perfectly with the full solver and a
 * table of up to 512 MiB (made at the first call, cleared at each; a solve touches only what its work needs). Under the
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
  // Called from the onProbe/onSlow of a solve of its own, the shared solver
  // is busy (it refuses re-entry): this solve gets a solver of its own.
  const solver = defaultSolver.solving
    ? new ConnectFourSolver()
    : defaultSolver;
  return solver.solve(position, options);
}
