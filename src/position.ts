/**
 * The position model every searcher walks: one mutable position, moved by
 * `play` and restored by `undo`, with moves and values as small integers.
 *
 * @module
 */

/** A move: a small non-negative integer (a cell, a column, a child index). */
export type Move = number;

/** A position value: a small integer, from the side to move's view unless stated. */
export type Value = number;

/** The move reported when there is none (a terminal root, or depth 0). */
export const NO_MOVE: Move = -1;

/**
 * A value larger than any position value: the open ends of the root window.
 * A small integer, so V8 keeps every bound an unboxed SMI.
 */
export const VALUE_INFINITE: Value = 1_000_000;

/**
 * The depth limit of every searcher: the longest line of moves a search
 * follows from the root (quiescence plies included). A search that would go
 * deeper (a game or tree with longer lines, searched without a smaller
 * `depth`) stops with an `Error` naming this limit, the position restored,
 * instead of overflowing the call stack (which happens near 3,000 plies).
 *
 * @example A one-move-per-position chain longer than the limit
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_PLY, minimax, type Position } from "../mod.ts";
 * class Chain implements Position {
 *   readonly maxMoves = 1;
 *   ply = 0;
 *   constructor(readonly length: number) {}
 *   generateMoves(out: Int32Array) { out[0] = 0; return 1; }
 *   play() { this.ply++; }
 *   undo() { this.ply--; }
 *   isTerminal() { return this.ply === this.length; }
 *   evaluate() { return 0; }
 *   turn(): 1 | -1 { return this.ply % 2 === 0 ? 1 : -1; }
 *   key() { return this.ply; }
 *   clone() { return Object.assign(new Chain(this.length), this) as this; }
 * }
 * const chain = new Chain(MAX_PLY + 1);
 * assert.throws(() => minimax(chain), /MAX_PLY = 1024/);
 * assert.ok(chain.ply === 0); // restored
 * assert.ok(minimax(chain, { depth: MAX_PLY }).stats.nodes === MAX_PLY + 1);
 * ```
 */
export const MAX_PLY = 1024;

/**
 * The largest move range the searchers accept, 2^24 (16,777,216): the most
 * a position's `maxMoves` (the length of a move buffer, one per ply) and
 * `moveLimit` (a history table's size), and the searchers' `maxMove`
 * option, may be. A larger one is refused before anything is allocated,
 * with an error naming the searcher, where it would have failed as a bare
 * `RangeError` of the allocation.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, MAX_MOVE_RANGE, TicTacToe } from "../mod.ts";
 * const huge = Object.assign(TicTacToe.empty(), { maxMoves: 2 ** 31 });
 * assert.throws(
 *   () => alphaBeta(huge, { depth: 1 }),
 *   /^Error: alphaBeta: position\.maxMoves must be an integer in 1…16777216, got 2147483648$/,
 * );
 * assert.ok(MAX_MOVE_RANGE === 2 ** 24);
 * ```
 */
export const MAX_MOVE_RANGE = 1 << 24;

/**
 * A game position that searchers walk with `play`/`undo`.
 *
 * @example Walking a position by hand
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../mod.ts";
 * const position = TicTacToe.empty();
 * const moves = new Int32Array(position.maxMoves);
 * const count = position.generateMoves(moves);
 * position.play(moves[0]!);
 * position.undo(moves[0]!);
 * assert.ok(count === 9 && position.key() === 0);
 * ```
 */
export interface Position {
  /**
   * An upper bound on `generateMoves`' count in any position: the size of a
   * move buffer. An integer in 1…{@linkcode MAX_MOVE_RANGE} (2^24).
   */
  readonly maxMoves: number;
  /**
   * Optional: one more than the largest move number, when moves are not all
   * below `maxMoves` (chess encodes from, to and promotion in 16 bits).
   * History ordering sizes its table by it (unless `maxMove` is given);
   * absent, by `maxMoves`. An integer in 1…{@linkcode MAX_MOVE_RANGE}
   * (2^24): a searcher whose order needs a history table refuses another
   * value, naming it.
   */
  readonly moveLimit?: number;
  /** Writes the legal moves into `out` in the game's natural order; returns how many. */
  generateMoves(out: Int32Array): number;
  /**
   * Makes `move`, which must be legal here. If it throws, it must throw
   * before changing anything: searchers then undo only the moves before it.
   */
  play(move: Move): void;
  /** Exact inverse of `play(move)`; must not throw (searchers undo with it after an error). */
  undo(move: Move): void;
  /**
   * Optional (with `undoGenerated`): `play(move)` for a move that
   * `generateMoves` (or `generateNoisyMoves`) has just written for this
   * very position, so without the legality test a caller's move needs; the
   * position must end exactly as `play(move)` leaves it. The searchers
   * play the moves they generate with it when the position has both
   * methods (tic-tac-toe: 0.93x the time of minimax from the empty board);
   * every other caller uses `play`, which keeps its checks.
   */
  playGenerated?(move: Move): void;
  /**
   * Optional (with `playGenerated`): `undo(move)` for the move that
   * `playGenerated(move)` played last, so without the test that it was;
   * the position must end exactly as `undo(move)` leaves it. Must not throw.
   */
  undoGenerated?(move: Move): void;
  /**
   * Optional: the value of a game won at the search root (chess:
   * `CHESS_MATE`), for a game whose evaluation scores a win `n`
   * plies after the root as `winValue − n` and a loss as its negation, so
   * that the quickest win is preferred; every other value must lie within
   * ±`winValue / 2`. Such a value depends on the path to the position, not on
   * the position alone, so the searchers' tables keep a value beyond
   * ±`winValue / 2` as plies from the node instead (`value + ply` for a win,
   * `value − ply` for a loss) and turn it back at the ply where they read it:
   * a position reached at another ply, or in a later search from another
   * root (marked with `markRoot`, so that `n` counts from it), gets its own
   * distance. An integer from 2 to
   * `VALUE_INFINITE / 2`. Absent, values are stored as they are, and must
   * depend on the position only.
   */
  readonly winValue?: number;
  /** Whether the game has ended (checked before any move is generated). */
  isTerminal(): boolean;
  /**
   * Exact result when terminal, heuristic otherwise; from the side to move's
   * view. An integer strictly inside ±{@linkcode VALUE_INFINITE}: searchers
   * reject anything else (NaN included) with an `Error`.
   */
  evaluate(): Value;
  /**
   * +1 when the first player (MAX in the course's tables) is to move, −1
   * otherwise. The sides alternate: every move flips it (a game where a
   * player moves twice models the pass as a move). `minimax` reads it at
   * each node; negamax, alpha-beta and the searchers built on them negate
   * the child's value at every move, so a position where it does not flip
   * gets another value from them than from `minimax`.
   */
  turn(): 1 | -1;
  /** Integer key (below 2^53); equal positions give equal keys. */
  key(): number;
  /** An independent copy in the same state. */
  clone(): this;
  /**
   * Optional: writes the noisy moves (captures, checks: moves that change the
   * evaluation a lot) into `out`; returns how many. Quiescence search plays
   * only these beyond the depth limit (lesson 003, T003.5).
   */
  generateNoisyMoves?(out: Int32Array): number;
  /**
   * Optional: whether the side to move is in check (a game without checks
   * leaves it out). Check extensions need it; null-move pruning, late-move
   * reductions, futility pruning and razoring use it, when present, to
   * leave a position in check alone.
   */
  isCheck?(): boolean;
  /**
   * Optional: whether `move`, legal here, is quiet (chess: no capture, no
   * promotion), so that late-move reductions and futility pruning may touch
   * it. Absent, every move counts as quiet.
   */
  isQuiet?(move: Move): boolean;
  /**
   * Optional: the static exchange evaluation of `move`, legal here and not
   * quiet: the material the side to move ends up with when both sides
   * recapture on the target square, least valuable piece first, each free
   * to stop (in the evaluation's units; chess: centipawns). The engines'
   * ordering (`order: "captures"`) tries a capture below 0 after the quiet
   * moves. Must not change the position; called once per capture per
   * node, so it should not allocate.
   */
  staticExchange?(move: Move): number;
  /**
   * Optional (with `staticExchange`): whether `staticExchange(move) < 0`,
   * answered without working the exchange out where the sign is plain
   * (chess: a capture of a piece worth at least the capturer's cannot
   * lose). The searchers ask only for the sign, so they use it when the
   * position has it.
   */
  losesExchange?(move: Move): boolean;
  /**
   * Optional: passes the turn without a move (a null move), for null-move
   * pruning; undone by `undoNull`, before any other undo. Only called where
   * `nullMoveAllowed()` (when present) says yes. Chess has it; Connect Four
   * and tic-tac-toe leave it out on purpose: they are zugzwang games, where
   * having to move is often the whole difficulty, so "passing is worse than
   * the best move", the assumption null-move pruning rests on, fails.
   */
  playNull?(): void;
  /** Optional: the exact inverse of `playNull()`; must not throw after it. */
  undoNull?(): void;
  /**
   * Optional: whether a null move may be tried here (chess: not in check,
   * and not with king and pawns alone, where zugzwang is common). Absent,
   * a null move is tried wherever `isCheck()` (when present) says no check.
   */
  nullMoveAllowed?(): boolean;
  /**
   * Optional: makes the current position the search root, for games whose
   * rules look at the game so far (chess: repetition since the root is a
   * draw in the search, a threefold repetition in the game). `playGame`
   * calls it before every move, so that a game is judged by its rules and
   * each search starts from a fresh root.
   */
  markRoot?(): void;
}

/**
 * Bound flag: the stored value is an upper bound (the search failed low:
 * the true value is at most the value). Bits, Stockfish-style, so
 * `bound & BOUND_UPPER` asks "may this value prove a fail-low?".
 */
export const BOUND_UPPER = 1;

/** Bound flag: the stored value is a lower bound (the search failed high). */
export const BOUND_LOWER = 2;

/**
 * Bound flag: the stored value is exact; `BOUND_EXACT === (BOUND_UPPER | BOUND_LOWER)`,
 * so an exact value passes both tests.
 *
 * @example A cut is one AND
 * ```ts
 * import assert from "node:assert/strict";
 * import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER } from "../mod.ts";
 * assert.ok(BOUND_EXACT === (BOUND_UPPER | BOUND_LOWER));
 * assert.ok((BOUND_EXACT & BOUND_LOWER) !== 0 && (BOUND_UPPER & BOUND_LOWER) === 0);
 * ```
 */
export const BOUND_EXACT = 3;

/** One of {@linkcode BOUND_UPPER}, {@linkcode BOUND_LOWER}, {@linkcode BOUND_EXACT}. */
export type Bound = 1 | 2 | 3;
