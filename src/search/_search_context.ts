/**
 * Per-search state allocated once: one move stack, the triangular PV table,
 * the counters. Buffers grow only when the search reaches a deeper ply than
 * ever before, never per node.
 *
 * Failed searches: every node plays a child inside `try { … } catch { undo;
 * rethrow }`, so whatever throws below (the position's own code, an order
 * scorer, a trace, a bad leaf value, the depth limit, a stack overflow) goes
 * on to the caller with every move undone. Measured side by side (CPU
 * time, median of 31–41 interleaved rounds): about 1–3% per search with the
 * leaf-value check included, where recording the line in a typed array (two
 * stores per child, undone at the entry point) cost about 4–6%. Measured
 * again on tic-tac-toe minimax from the empty board (best of 15, alternating
 * in one process): taking the try/catch out changed nothing (14.68 against
 * 14.64 ms), so it stays per child rather than hoisted with an undo stack.
 * A third time for issue 27 (80 alternated pairs, thread CPU time): taking
 * it out of minimax and alpha-beta gave 1.00x and 1.02x the time.
 *
 * @module
 */

import { isTableKey } from "./transposition_table.ts";
import {
  MAX_MOVE_RANGE,
  MAX_PLY,
  NO_MOVE,
  type Position,
  VALUE_INFINITE,
} from "../position.ts";
import { createStats, type SearchStats } from "../stats.ts";
import { checkInteger, describe } from "../validate.ts";
import type { BudgetReport, SearchResult } from "./search_result.ts";
import type { SearchSettings } from "./search_settings.ts";
import type { SearchTrace } from "./search_trace.ts";

/** Nodes between two calls of `checkBudget` when only a node budget (or none) is set. */
const UNWATCHED_STRIDE = 1 << 30;

/**
 * The clock is read every `mask + 1` nodes, the mask kept between these two
 * (16 and 1,024 nodes). A fixed 1,024 overran `go movetime 100` by up to
 * 56 ms in a fresh process, whose search runs about 7,000 nodes a second
 * before the JIT has compiled it (found by review: 104–156 ms); the mask
 * starts at the least and doubles while reads come closer than
 * {@linkcode FAST_READ_MS}, halves while they are further apart than
 * {@linkcode SLOW_READ_MS}. At a warm 400,000 nodes a second a read every
 * 1,024 nodes costs 0.2 µs in 2.5 ms; at 16 nodes in a cold search, 0.2 µs
 * in 2 ms. Only when the stop comes, never a node count, depends on it.
 */
const LEAST_TIME_MASK = 15;
const MOST_TIME_MASK = 1023;
/** Clock reads closer than this (ms) double the stride. */
const FAST_READ_MS = 0.125;
/** Clock reads further apart than this (ms) halve the stride. */
const SLOW_READ_MS = 0.5;

/**
 * Plies the buffers hold at first when the depth allows more (a search
 * without depth): they double when a line goes deeper, and a short game
 * (tic-tac-toe: 10 plies) never allocates for 64.
 */
const INITIAL_PLIES = 16;

/** Depth used when the caller sets none: deeper than any game ends. */
export const UNLIMITED_DEPTH = 1 << 30;

/** The state of one search, passed down the recursion. */
export class SearchContext<S extends SearchStats = SearchStats> {
  readonly position: Position;
  readonly stats: S;
  readonly maxMoves: number;
  /** The searcher, as the user called it: errors name it. */
  readonly where: string;
  /** The move buffer of each ply, allocated the first time the ply is reached. */
  readonly moves: Int32Array[] = [];
  /**
   * Row p, of stride `plies + 1`, holds the best line found from ply p: its
   * length, then its moves. The length sits in its line's row, not in an
   * array of its own: one typed array for both stores of a new line
   * (tic-tac-toe minimax from the empty board, side by side: 0.98x the
   * time). Read a line with {@linkcode SearchContext.line}.
   */
  pv: Int32Array;
  /** `plies + 1`: the length of a row of `pv`. */
  pvStride: number;
  /** Plies the buffers hold. */
  plies: number;
  /** Best move found at the root so far. */
  rootMove: number = NO_MOVE;
  /** Alpha-beta's recorder of windows and values, when one was asked for. */
  trace: SearchTrace | null = null;
  /** Nodes allowed (`maxNodes`): a node counted past it stops the search. */
  nodeLimit = Infinity;
  /** `performance.now()` past which the search stops (`timeMs`). */
  deadline = Infinity;
  /** The `timeMs` the deadline was set from, for the stop's error. */
  #timeMs = Infinity;
  /** A flag another thread may set to stop the search (`interrupt`), or null. */
  interrupt: Int32Array | null = null;
  /**
   * The deep searchers read the clock and the flag when `nodes & timeMask`
   * is 0 (see {@linkcode LEAST_TIME_MASK}): adapted as the clock is read
   * when a deadline is set, else every 1,024 nodes.
   */
  timeMask = MOST_TIME_MASK;
  /** When the clock was last read against the deadline. */
  #lastRead = 0;
  /**
   * The node count at which the plain searchers next call
   * {@linkcode SearchContext.checkBudget}: one compare per node, the clock
   * read at most every 1,024 nodes. Always an integer below 2^31 while the
   * node count is (see {@linkcode SearchContext.armCheck}).
   */
  nextCheck = 0;
  /**
   * Nodes to count before the next {@linkcode SearchContext.checkBudget}:
   * `nextCheck` less the node count, set with it. Minimax and negamax count
   * their nodes by taking one from it (one field, one compare per node,
   * where an increment and a compare with `nextCheck` read two), and leave
   * `stats.nodes` to {@linkcode SearchContext.foldCounts}: on tic-tac-toe
   * minimax from the empty board, with the two fields below, 0.96x the time
   * (thread CPU time, side by side in one process).
   */
  remaining = 0;
  /** `remaining` when it was set: what it has gone down since is nodes not yet in `stats.nodes`. */
  #armedRemaining = 0;
  /** Leaves minimax and negamax counted in their loops, not yet in `stats.leaves`. */
  leafCount = 0;
  /**
   * Times minimax's or negamax's best value improved: with the nodes and
   * leaves, all their steps are ({@linkcode SearchContext.deriveSteps}).
   */
  improvements = 0;
  /**
   * Steps {@linkcode SearchContext.deriveSteps} would charge that a budget
   * stop kept from running: 4 for each node the stop left in its loop.
   */
  stepsNotRun = 0;
  /** Set when a budget stopped the search. */
  aborted = false;
  /** The value of `rootMove` (side to move's view; MAX's for minimax). */
  rootValue = 0;
  /**
   * Whether the position has `playGenerated` and `undoGenerated`: minimax,
   * negamax and plain alpha-beta then play and undo the moves they generate
   * with them, never a caller's move (see `Position.playGenerated`).
   */
  readonly trustGenerated: boolean;

  /**
   * Builds the buffers for `settings.depth` plies, at most
   * {@linkcode INITIAL_PLIES} (more as the search goes deeper), copies the
   * settings it reads into its fields and arms the budgets: the search
   * starts now.
   */
  constructor(position: Position, stats: S, settings: SearchSettings) {
    const where = settings.where;
    this.position = position;
    this.stats = stats;
    this.where = where;
    checkPosition(where, position);
    this.trustGenerated = typeof position.playGenerated === "function" &&
      typeof position.undoGenerated === "function";
    this.maxMoves = checkMaxMoves(where, position);
    this.plies = Math.max(1, Math.min(settings.depth + 1, INITIAL_PLIES));
    this.#addMoveBuffers(this.plies);
    this.pvStride = this.plies + 1;
    this.pv = new Int32Array(this.plies * this.pvStride);
    this.trace = settings.trace;
    this.interrupt = settings.interrupt;
    this.setBudget(settings.maxNodes, settings.timeMs);
  }

  /**
   * Makes sure ply `ply` has buffers (doubling: amortised, never per node).
   * The buffers stop at {@linkcode MAX_PLY}, so the first node that needs a
   * deeper ply lands here and gets a clear error before the call stack
   * overflows.
   *
   * @throws {Error} when `ply` is beyond {@linkcode MAX_PLY}
   */
  reach(ply: number): void {
    if (ply < this.plies) return;
    if (ply > MAX_PLY) {
      throw new Error(
        `${this.where}: a line of more than MAX_PLY = ${MAX_PLY} moves, the depth limit (deeper recursion would overflow the call stack); pass a depth option of at most ${MAX_PLY}`,
      );
    }
    const plies = Math.min(Math.max(ply + 1, this.plies * 2), MAX_PLY + 1);
    this.#addMoveBuffers(plies);
    const pv = new Int32Array(plies * (plies + 1));
    const stride = this.pvStride;
    for (let row = 0; row < this.plies; row++) {
      pv.set(
        this.pv.subarray(row * stride, (row + 1) * stride),
        row * (plies + 1),
      );
    }
    this.pv = pv;
    this.pvStride = plies + 1;
    this.plies = plies;
  }

  /**
   * Gives plies up to `plies` a move buffer each: views of one new
   * `ArrayBuffer`, made by the constructor (`subarray` goes through the
   * species lookup), since a typed array with its own buffer cost about a
   * microsecond per ply to allocate. With the 16 first plies, alpha-beta on
   * a finished tic-tac-toe board without depth, nearly all fixed cost, went
   * from 56 to 7 µs per call, where 64 buffers of their own were made for
   * every search (a full tic-tac-toe alpha-beta takes about 0.35 ms).
   */
  #addMoveBuffers(plies: number): void {
    const first = this.moves.length;
    if (first >= plies) return;
    const size = this.maxMoves;
    const all = allocatingForMoves(
      this.where,
      size,
      () => new ArrayBuffer((plies - first) * size * 4),
    );
    for (let ply = first; ply < plies; ply++) {
      this.moves.push(new Int32Array(all, (ply - first) * size * 4, size));
    }
  }

  /** Arms the node and time budgets (`Infinity`: none). */
  setBudget(maxNodes: number, timeMs: number): void {
    // Nodes counted down so far stay counted when a budget is set again.
    this.foldCounts();
    this.nodeLimit = maxNodes;
    this.#lastRead = performance.now();
    this.deadline = timeMs === Infinity ? Infinity : this.#lastRead + timeMs;
    this.#timeMs = timeMs;
    this.timeMask = timeMs === Infinity ? MOST_TIME_MASK : LEAST_TIME_MASK;
    this.aborted = false;
    this.#armCheck(this.stats.nodes);
  }

  /**
   * Sets `nextCheck` to the next node count at which a budget can be spent.
   * Kept a small integer (an SMI to V8) even without a node budget, where
   * `maxNodes + 1` is Infinity: the field then stays an SMI and the per-node
   * compare is one integer compare, where a double field cost a load and a
   * conversion at every node (tic-tac-toe minimax, side by side: 0.9x the time).
   * Without a budget it is called every 2^30 nodes, which changes nothing.
   */
  #armCheck(nodes: number): void {
    const next = Math.min(
      this.nodeLimit + 1,
      nodes + (this.#watching() ? this.timeMask + 1 : UNWATCHED_STRIDE),
    );
    this.nextCheck = next <= 0x7fffffff ? next | 0 : next;
    // At most 2^30 here (the stride), but a difference of doubles (nodes
    // past 2^31) would be stored as one and make the field a double for
    // every later search: `| 0` keeps it a small integer.
    this.remaining = (this.nextCheck - nodes) | 0;
    this.#armedRemaining = this.remaining;
  }

  /**
   * Adds to `stats` the nodes and leaves minimax and negamax counted on
   * the context (`remaining`, `leafCount`): called before the budget is
   * read and when their search ends. For the other searchers, which count
   * into `stats` themselves, it adds nothing.
   */
  foldCounts(): void {
    const stats = this.stats;
    stats.nodes += this.#armedRemaining - this.remaining;
    this.#armedRemaining = this.remaining;
    stats.leaves += this.leafCount;
    this.leafCount = 0;
  }

  /**
   * Folds the counts ({@linkcode SearchContext.foldCounts}) and sets
   * `stats.steps` of minimax or negamax from them: an inner node runs 6
   * lines of lesson 000's code (its test, 3 to start its loop, the loop's
   * last test and its return), each child 4 in its parent's loop, each
   * improvement 1, each leaf 2, which is what they counted node by node
   * before (tests/steps_test.ts holds them to the Python code's lines). A
   * budget stop (`stopped`) ran fewer: the node it stopped at ran none of
   * its 6 lines, and each node it left in its loop ran neither the loop's
   * last test and return (2) nor the compare and increment of the child in
   * progress (2): those are taken off, so a stopped search counts the lines
   * run before the stop. Counting them at the end instead of at each node
   * took tic-tac-toe minimax to 0.95x the time.
   */
  deriveSteps(stopped: boolean): void {
    this.foldCounts();
    const stats = this.stats;
    const inner = stats.nodes - stats.leaves;
    stats.steps = 6 * inner + 4 * (stats.nodes - 1) + this.improvements +
      2 * stats.leaves - this.stepsNotRun - (stopped ? 6 : 0);
  }

  /** Whether anything but the node count can stop the search: it is then read every `timeMask + 1` nodes. */
  #watching(): boolean {
    return this.deadline !== Infinity || this.interrupt !== null;
  }

  /**
   * Whether the clock is past the deadline or the interrupt flag is set:
   * read every `timeMask + 1` nodes, never per node; adapts `timeMask` to
   * how far apart the clock reads came.
   */
  outOfTime(): boolean {
    if (this.deadline !== Infinity) {
      const now = performance.now();
      const gap = now - this.#lastRead;
      this.#lastRead = now;
      if (gap > SLOW_READ_MS) {
        if (this.timeMask > LEAST_TIME_MASK) this.timeMask >>= 1;
      } else if (gap < FAST_READ_MS && this.timeMask < MOST_TIME_MASK) {
        this.timeMask = this.timeMask * 2 + 1;
      }
      if (now > this.deadline) return true;
    }
    return this.#interrupted();
  }

  /** Whether another thread has raised the `interrupt` flag. */
  #interrupted(): boolean {
    return this.interrupt !== null && Atomics.load(this.interrupt, 0) !== 0;
  }

  /**
   * Called out of line when `stats.nodes` reaches `nextCheck`: throws
   * {@linkcode BUDGET_STOP} (the nodes' own catch blocks undo every move on
   * the way up) when a budget is spent, else sets the next check.
   */
  checkBudget(): void {
    this.foldCounts();
    const nodes = this.stats.nodes;
    if (nodes > this.nodeLimit || this.outOfTime()) {
      this.aborted = true;
      throw BUDGET_STOP;
    }
    this.#armCheck(nodes);
  }

  /**
   * Values a root that is a leaf (depth 0, or the game is over: the
   * searcher asked), counted as every node is: on entry one node and one
   * step, the budget checked, the PV row cleared; then one leaf and one step
   * ({@linkcode SearchContext.leafValue}). The searchers make the root's
   * leaf test themselves, so that their node function is only entered by a
   * parent that made it: one entry path, no flag to test (tic-tac-toe from
   * the empty board, side by side: minimax 0.97x, alpha-beta 0.96x the time).
   */
  rootLeafValue(): number {
    const stats = this.stats;
    stats.nodes++;
    stats.steps++;
    if (stats.nodes >= this.nextCheck) this.checkBudget();
    this.clearLine(0);
    return this.leafValue();
  }

  /** Counts a leaf and returns `evaluate()`: its value from the side to move's view. */
  leafValue(): number {
    this.stats.leaves++;
    this.stats.steps++;
    return this.checkValue(this.position.evaluate());
  }

  /**
   * Returns `value` when it is an integer strictly inside ±VALUE_INFINITE;
   * throws otherwise (NaN and non-numbers included). One integer test and
   * one range test per leaf.
   */
  checkValue(value: number): number {
    return checkedValue(this.where, value);
  }

  /**
   * Returns `count` when it is a move count `generateMoves` may return, an
   * integer in 0…maxMoves; throws otherwise. The searchers call it for a
   * position without `playGenerated` (a student's): the library's games,
   * which have it, are trusted (their counts are tested) and pay nothing.
   * Without it a count of −1 or NaN skipped the move loop and came back as
   * ±VALUE_INFINITE, exact.
   */
  checkCount(count: number): number {
    return checkedCount(this.where, count, this.maxMoves);
  }

  /**
   * Returns `key` when it is a table key, an integer in 0…2^53 − 1; throws
   * otherwise, naming the searcher (the table's own error would name
   * `TranspositionTable.store`, which the caller never called). For
   * positions without `playGenerated`, as {@linkcode SearchContext.checkCount}.
   */
  checkKey(key: number): number {
    if (!isTableKey(key)) {
      throw new Error(
        `${this.where}: position.key() must return an integer in 0…2^53 − 1, got ${
          describe(key)
        }`,
      );
    }
    return key;
  }

  /**
   * Ply `ply`'s best line becomes `move` alone: the move to a leaf child that
   * the searcher valued in its own loop (minimax, negamax, alpha-beta count
   * such a leaf and call `checkValue(evaluate())` there, with no call per
   * leaf). A leaf's line is empty, so its row is neither cleared nor copied:
   * on tic-tac-toe minimax from the empty board 0.95x the time of clearing it
   * and copying it with {@linkcode SearchContext.updatePv} (in-process side
   * by side, thread CPU time).
   */
  setPvMove(ply: number, move: number): void {
    const pv = this.pv;
    const row = ply * this.pvStride;
    pv[row] = 1;
    pv[row + 1] = move;
  }

  /** Ply `ply`'s best line becomes `move` followed by the best line of ply + 1. */
  updatePv(ply: number, move: number): void {
    const stride = this.pvStride;
    const row = ply * stride;
    const pv = this.pv;
    const childLength = pv[row + stride]!;
    pv[row + 1] = move;
    // A loop, not `copyWithin`: the lines are short, and the builtin's call
    // cost about a third of tic-tac-toe minimax's time.
    for (let i = 0; i < childLength; i++) {
      pv[row + 2 + i] = pv[row + stride + 1 + i]!;
    }
    pv[row] = childLength + 1;
  }

  /** Ply `ply`'s best line becomes empty. */
  clearLine(ply: number): void {
    this.pv[ply * this.pvStride] = 0;
  }

  /** Ply `ply`'s best line, first move first. */
  line(ply: number): number[] {
    const row = ply * this.pvStride;
    return Array.from(this.pv.subarray(row + 1, row + 1 + this.pv[row]!));
  }

  /** The result object for a finished search. */
  result(value: number): SearchResult<S> {
    const pv = this.line(0);
    return { value, move: this.rootMove, pv, stats: this.stats };
  }

  /**
   * Whether a stop was the default budget's: the search was given none
   * (`byDefault`) and no one raised its `interrupt` flag, which stops a
   * search as a budget does and is reported as one.
   */
  stoppedByDefault(byDefault: boolean): boolean {
    return byDefault && !this.#interrupted();
  }

  /**
   * What a plain searcher's entry point does with what its search threw:
   * anything but {@linkcode BUDGET_STOP} goes on; a stop by the default
   * budget is {@linkcode defaultBudgetError}; a stop by the caller's budget
   * gives {@linkcode SearchContext.stoppedResult}.
   */
  stopped(
    error: unknown,
    byDefault: boolean,
    toRoot?: (value: number) => number,
  ): SearchResult<S> & BudgetReport {
    if (error !== BUDGET_STOP) throw error;
    if (this.stoppedByDefault(byDefault)) throw defaultBudgetError(this.where);
    return this.stoppedResult(toRoot);
  }

  /**
   * The root's `evaluate()` (side to move's view), counted as a leaf: what a
   * search that a budget stopped before any root move finished reports.
   * Such a root is an inner node, whose evaluation a position may not have
   * (an `ExplicitTree` without values on inner nodes): then the
   * error names the searcher, the budget and what happened, with the
   * position's error as its `cause`. The moves are all undone by then.
   *
   * @throws {Error} when `evaluate()` throws, or returns a bad value
   */
  stoppedRootValue(): number {
    this.stats.leaves++;
    let value: number;
    try {
      value = this.position.evaluate();
    } catch (error) {
      throw new Error(
        `${this.where}: ${this.#spentBudget()} stopped ${this.where} before any root move finished; the root's evaluate() threw: ${
          error instanceof Error ? error.message : describe(error)
        }`,
        { cause: error },
      );
    }
    return this.checkValue(value);
  }

  /** The budget that stopped the search, as the caller gave it (`maxNodes = 3`). */
  #spentBudget(): string {
    if (this.stats.nodes > this.nodeLimit) {
      return `maxNodes = ${this.nodeLimit}`;
    }
    if (this.#interrupted()) return "the interrupt flag";
    return `timeMs = ${this.#timeMs}`;
  }

  /**
   * The result of a search that a budget stopped (see
   * {@linkcode BudgetReport}): the best root move searched to the end, with
   * its value (`rootValue`, turned by `toRoot` into the side to move's
   * view), a lower bound on the root's value under the default window; with
   * no such move, the root's `evaluate()` and move −1
   * ({@linkcode SearchContext.stoppedRootValue}).
   *
   * @throws {Error} naming the searcher and the budget when there is no
   *   such move and the root's `evaluate()` throws
   */
  stoppedResult(
    toRoot: (value: number) => number = (value) => value,
  ): SearchResult<S> & BudgetReport {
    const found = this.rootMove !== NO_MOVE;
    const pv = found ? this.line(0) : [];
    if (found && pv[0] !== this.rootMove) {
      pv.splice(0, pv.length, this.rootMove);
    }
    return {
      value: found ? toRoot(this.rootValue) : this.stoppedRootValue(),
      move: found ? this.rootMove : NO_MOVE,
      pv,
      stats: this.stats,
      stoppedByBudget: true,
      completedDepth: 0,
      exact: false,
    };
  }
}

/**
 * What a plain searcher's node throws when its budget is spent: one object
 * made once, so stopping allocates nothing; the entry point catches it.
 */
export const BUDGET_STOP: Error = new Error("search budget spent");

/**
 * Nodes a search without `depth`, without `maxNodes` and without a finite
 * `timeMs` may visit (2^25 = 33,554,432): a game whose lines can be very
 * long (chess, with its 50-move and repetition rules) would otherwise
 * search for hours. `timeMs: Infinity` is no time limit and keeps this
 * one; pass `maxNodes: Infinity` to search without a limit.
 */
export const DEFAULT_MAX_NODES = 1 << 25;

/**
 * A position's `maxMoves`, checked: an integer in 1…{@linkcode MAX_MOVE_RANGE}
 * (a larger one would only fail later, as the bare `RangeError` of a move
 * buffer's allocation). The searchers' contexts and mcts share it.
 *
 * @param where the searcher, named in the error
 * @param position the root
 * @returns `position.maxMoves`
 * @throws {Error} naming the searcher, `position.maxMoves`, the rule and the value
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkMaxMoves } from "./_search_context.ts";
 * import { TicTacToe } from "../../mod.ts";
 * assert.equal(checkMaxMoves("mcts", TicTacToe.empty()), 9);
 * const huge = Object.assign(TicTacToe.empty(), { maxMoves: 1e12 });
 * assert.throws(
 *   () => checkMaxMoves("mcts", huge),
 *   /^Error: mcts: position\.maxMoves must be an integer in 1…16777216, got 1000000000000$/,
 * );
 * ```
 */
export function checkMaxMoves(where: string, position: Position): number {
  return checkInteger(
    where,
    "position.maxMoves",
    position.maxMoves,
    1,
    MAX_MOVE_RANGE,
  );
}

/**
 * Runs `allocate`, which makes buffers sized by `position.maxMoves` (one of
 * that many moves per ply, or per tree node for mcts): when the machine
 * cannot give the memory, the engine's bare `RangeError` becomes an Error
 * naming the searcher and `maxMoves`, with the `RangeError` as `cause`.
 * Called when buffers are made or grow, never per node.
 *
 * @param where the searcher, named in the error
 * @param maxMoves the position's `maxMoves`
 * @param allocate makes the buffers
 * @returns what `allocate` returned
 * @throws {Error} when `allocate` throws a `RangeError`; anything else it
 *   throws goes on as it is
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { allocatingForMoves } from "./_search_context.ts";
 * assert.equal(allocatingForMoves("mcts", 9, () => new Int32Array(9)).length, 9);
 * assert.throws(
 *   () => allocatingForMoves("mcts", 2 ** 24, () => new ArrayBuffer(2 ** 60)),
 *   /^Error: mcts: cannot allocate the move buffers for position\.maxMoves = 16777216/,
 * );
 * ```
 */
export function allocatingForMoves<T>(
  where: string,
  maxMoves: number,
  allocate: () => T,
): T {
  try {
    return allocate();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new Error(
      `${where}: cannot allocate the move buffers for position.maxMoves = ${maxMoves} (an upper bound on generateMoves' count; a buffer of that many moves per ply): ${error.message}`,
      { cause: error },
    );
  }
}

/**
 * The error of a search stopped by {@linkcode DEFAULT_MAX_NODES}: the caller
 * asked for an exact value, so a cut-short one is not returned silently.
 */
export function defaultBudgetError(where: string): Error {
  return new Error(
    `${where}: the search without depth passed the default budget of DEFAULT_MAX_NODES = ${DEFAULT_MAX_NODES} nodes; pass depth, maxNodes or a finite timeMs (maxNodes: Infinity searches without a limit)`,
  );
}

/** The budget report of a search that finished. */
export function finishedReport(depth: number): BudgetReport {
  return {
    stoppedByBudget: false,
    completedDepth: depth === UNLIMITED_DEPTH ? Infinity : depth,
    exact: true,
  };
}

const POSITION_METHODS = [
  "generateMoves",
  "play",
  "undo",
  "isTerminal",
  "evaluate",
  "turn",
  "key",
] as const;

/** Rejects a root that does not have the methods of a `Position`. */
export function checkPosition(where: string, position: unknown): void {
  const missing = position === null || typeof position !== "object"
    ? "all"
    : POSITION_METHODS.find((name) =>
      typeof (position as Record<string, unknown>)[name] !== "function"
    );
  if (missing !== undefined) {
    throw new Error(
      `${where}: position must be a Position (methods ${
        POSITION_METHODS.join(", ")
      }), got ${describe(position)}${
        missing === "all" ? "" : `, which has no ${missing}() method`
      }`,
    );
  }
}

/** The error for a bad leaf value (out of line, so the check stays small enough to inline). */
export function badValue(where: string, value: unknown): Error {
  return new Error(
    `${where}: position.evaluate() must return an integer strictly between ±${VALUE_INFINITE} (VALUE_INFINITE), got ${
      describe(value)
    }`,
  );
}

/**
 * `value` when it is a leaf value, an integer strictly inside
 * ±VALUE_INFINITE; throws {@linkcode badValue} otherwise (NaN and
 * non-numbers included). One integer test and one range test per leaf; the
 * searchers' contexts and mcts, which has none, share it.
 *
 * @param where the searcher
 * @param value what `evaluate()` returned
 * @returns the value
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkedValue } from "./_search_context.ts";
 * assert.equal(checkedValue("mcts", -3), -3);
 * assert.throws(() => checkedValue("mcts", 0.5), /^Error: mcts: position\.evaluate\(\) must return an integer/);
 * ```
 */
export function checkedValue(where: string, value: number): number {
  if (
    (value | 0) !== value || value >= VALUE_INFINITE ||
    value <= -VALUE_INFINITE
  ) {
    throw badValue(where, value);
  }
  return value;
}

/**
 * `count` when it is a move count `generateMoves` may return, an integer in
 * 0…maxMoves; throws {@linkcode badCount} otherwise.
 *
 * @param where the searcher
 * @param count what `generateMoves` returned
 * @param maxMoves the position's `maxMoves`
 * @returns the count
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkedCount } from "./_search_context.ts";
 * assert.equal(checkedCount("mcts", 3, 9), 3);
 * assert.throws(() => checkedCount("mcts", 10, 9), /got 10$/);
 * ```
 */
export function checkedCount(
  where: string,
  count: number,
  maxMoves: number,
): number {
  if ((count >>> 0) !== count || count > maxMoves) {
    throw badCount(where, count, maxMoves);
  }
  return count;
}

/**
 * The error for a move count out of range: names the searcher, the method,
 * the rule and the value.
 *
 * @param where the searcher
 * @param count what `generateMoves` returned
 * @param maxMoves the position's `maxMoves`
 * @returns the error to throw
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { badCount } from "./_search_context.ts";
 * assert.equal(
 *   badCount("minimax", -1, 9).message,
 *   "minimax: position.generateMoves() must return the number of moves it wrote, an integer in 0…9 (maxMoves), got -1",
 * );
 * ```
 */
export function badCount(
  where: string,
  count: unknown,
  maxMoves: number,
): Error {
  return new Error(
    `${where}: position.generateMoves() must return the number of moves it wrote, an integer in 0…${maxMoves} (maxMoves), got ${
      describe(count)
    }`,
  );
}

/**
 * A fresh context with the default counters, for the plain searchers
 * (minimax, negamax, alpha-beta with the plain options only).
 */
export function createContext(
  position: Position,
  settings: SearchSettings,
): SearchContext {
  return new SearchContext(position, createStats(), settings);
}
