/**
 * The course's traps (T004.6, T003.7), written wrong on purpose so a lesson
 * can show the wrong answer beside the right one. Nothing in the library
 * imports this module: every function here is a mistake, named as one.
 *
 * @module
 */

import type { Position } from "../position.ts";
import { TicTacToe } from "../games/tic_tac_toe.ts";

/**
 * THE MISTAKE "max on both levels" (lesson 004): folds the opponent's levels
 * with max as well, which answers "what if the opponent plays along". Returns
 * the wrong value from MAX's view.
 *
 * @example On the empty tic-tac-toe board it promises X a win; the truth is a draw
 * ```ts
 * import assert from "node:assert/strict";
 * import { TicTacToe } from "../../mod.ts";
 * import { mistakeMaxOnBothLevels } from "./_traps.ts";
 * assert.ok(mistakeMaxOnBothLevels(TicTacToe.empty()) === 1);
 * ```
 */
export function mistakeMaxOnBothLevels(position: Position): number {
  if (position.isTerminal()) {
    const value = position.evaluate();
    return position.turn() === 1 ? value : 0 - value;
  }
  const moves = new Int32Array(position.maxMoves);
  const count = position.generateMoves(moves);
  let best = -Infinity;
  for (let i = 0; i < count; i++) {
    position.play(moves[i]!);
    best = Math.max(best, mistakeMaxOnBothLevels(position));
    position.undo(moves[i]!);
  }
  return best;
}

/** What a trap's search answered, and how many positions it visited. */
export interface TrapAnswer {
  /** The root's value, from the side to move's view. */
  value: number;
  /** Positions visited, the root included (as the library's searchers count nodes). */
  nodes: number;
}

/**
 * The moves of a search written by hand: `playGenerated`/`undoGenerated`
 * where the position has them, the way the library's searchers play the
 * moves they have just generated, without `play`'s legality test. With
 * `play`, tic-tac-toe's test refuses the corrupt move ("the game is over")
 * and the mistake shows as an error instead of as the wrong answer the
 * course describes.
 */
function unguardedMoves(position: Position): {
  play: (move: number) => void;
  undo: (move: number) => void;
} {
  return position.playGenerated && position.undoGenerated
    ? {
      play: position.playGenerated.bind(position),
      undo: position.undoGenerated.bind(position),
    }
    : {
      play: position.play.bind(position),
      undo: position.undo.bind(position),
    };
}

/**
 * THE MISTAKE "forgot the undo" (lesson 003, T003.7): negamax that plays a
 * move and never takes it back, so the one shared board leaks into the
 * sibling branches, which are searched on a board that still holds the
 * earlier moves. Moves are played without `play`'s test (see
 * {@linkcode unguardedMoves}), so the leak gives a wrong value, as the course
 * says, rather than an error. Searches a copy of `position`.
 *
 * @example On the empty tic-tac-toe board it finds a win for X; the truth is a draw
 * ```ts
 * import assert from "node:assert/strict";
 * import { negamax, TicTacToe } from "../../mod.ts";
 * import { mistakeForgottenUndo } from "./_traps.ts";
 * const wrong = mistakeForgottenUndo(TicTacToe.empty());
 * assert.equal(wrong.value, 1);
 * assert.equal(negamax(TicTacToe.empty()).value, 0);
 * ```
 */
export function mistakeForgottenUndo(position: Position): TrapAnswer {
  const copy = position.clone();
  const { play } = unguardedMoves(copy);
  let nodes = 0;
  const search = (): number => {
    nodes++;
    if (copy.isTerminal()) return copy.evaluate();
    const moves = new Int32Array(copy.maxMoves);
    const count = copy.generateMoves(moves);
    let best = -1_000_000;
    for (let i = 0; i < count; i++) {
      play(moves[i]!);
      best = Math.max(best, 0 - search()); // ← no undo(moves[i])
    }
    return best;
  };
  const value = search();
  return { value, nodes };
}

/**
 * The moves of a hand-written generator that does not know the game can
 * end: tic-tac-toe's empty cells, also after a line (the library's
 * `generateMoves` lists none there, as `play` takes none); any other game's
 * `generateMoves`. What lets the trap below play past the end.
 */
function movesIgnoringTheEnd(position: Position, out: Int32Array): number {
  if (!(position instanceof TicTacToe)) return position.generateMoves(out);
  const cells = position.toString();
  let count = 0;
  for (let cell = 0; cell < 9; cell++) {
    if (cells[cell] === ".") out[count++] = cell;
  }
  return count;
}

/**
 * THE MISTAKE "terminal test after the move loop" (T003.7): negamax that
 * generates and plays moves before asking whether the game is over, so it
 * "continues the game" on a won board: more positions than the right
 * search, and values from games played past their end. Its moves are a
 * hand-written generator's that lists empty cells after a line (see
 * {@linkcode movesIgnoringTheEnd}), played without `play`'s test (see
 * {@linkcode unguardedMoves}), which would refuse a move on a finished
 * game. Searches a copy of `position`.
 *
 * @example On the empty tic-tac-toe board: a win for X instead of the draw, and more nodes
 * ```ts
 * import assert from "node:assert/strict";
 * import { negamax, TicTacToe } from "../../mod.ts";
 * import { mistakeTerminalAfterLoop } from "./_traps.ts";
 * const wrong = mistakeTerminalAfterLoop(TicTacToe.empty());
 * const right = negamax(TicTacToe.empty());
 * assert.equal(wrong.value, 1);
 * assert.equal(right.value, 0);
 * assert.ok(wrong.nodes > right.stats.nodes);
 * ```
 */
export function mistakeTerminalAfterLoop(position: Position): TrapAnswer {
  const copy = position.clone();
  const { play, undo } = unguardedMoves(copy);
  let nodes = 0;
  const search = (): number => {
    nodes++;
    const moves = new Int32Array(copy.maxMoves);
    const count = movesIgnoringTheEnd(copy, moves);
    let best = -1_000_000;
    for (let i = 0; i < count; i++) {
      play(moves[i]!);
      best = Math.max(best, 0 - search());
      undo(moves[i]!);
    }
    if (count === 0 || copy.isTerminal()) return copy.evaluate(); // ← too late
    return best;
  };
  const value = search();
  return { value, nodes };
}

/**
 * THE MISTAKE "unswapped negamax window" (T003.7): the child is searched
 * with (−alpha, −beta) instead of (−beta, −alpha). The window is then empty
 * or inverted, cuts fire where they must not, and the answer is silently
 * wrong. Returns the (wrong) value from the side to move's view.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, UniformTree } from "../../mod.ts";
 * import { mistakeUnswappedWindow } from "./_traps.ts";
 * const tree = new UniformTree({ branching: 3, depth: 4, seed: 2 });
 * assert.ok(mistakeUnswappedWindow(tree) !== alphaBeta(tree).value);
 * ```
 */
export function mistakeUnswappedWindow(
  position: Position,
  alpha = -1_000_000,
  beta = 1_000_000,
): number {
  if (position.isTerminal()) return position.evaluate();
  const moves = new Int32Array(position.maxMoves);
  const count = position.generateMoves(moves);
  let best = -1_000_000;
  for (let i = 0; i < count; i++) {
    position.play(moves[i]!);
    const value = 0 - mistakeUnswappedWindow(position, 0 - alpha, 0 - beta); // ← swapped
    position.undo(moves[i]!);
    if (value > best) best = value;
    if (best > alpha) alpha = best;
    if (alpha >= beta) break;
  }
  return best;
}

/**
 * THE MISTAKE "bound cached as exact" (lesson 000 and 003, T003.4): alpha-beta
 * with a cache (key → value) that stores whatever a node returns, bounds
 * included, and hands it back as exact wherever the position comes again,
 * with whatever window it then has. Returns the (wrong) value.
 *
 * @param position the root
 * @param cache shared between calls, as a table is shared between re-searches
 * @param alpha the root window's lower end
 * @param beta the root window's upper end
 */
export function mistakeBoundCachedAsExact(
  position: Position,
  cache: Map<number, number>,
  alpha = -1_000_000,
  beta = 1_000_000,
): number {
  const cached = cache.get(position.key());
  if (cached !== undefined) return cached; // ← a bound, taken as exact
  if (position.isTerminal()) return position.evaluate();
  const moves = new Int32Array(position.maxMoves);
  const count = position.generateMoves(moves);
  let best = -1_000_000;
  for (let i = 0; i < count; i++) {
    position.play(moves[i]!);
    const value = 0 -
      mistakeBoundCachedAsExact(position, cache, 0 - beta, 0 - alpha);
    position.undo(moves[i]!);
    if (value > best) best = value;
    if (best > alpha) alpha = best;
    if (alpha >= beta) break;
  }
  cache.set(position.key(), best); // ← no bound type, no depth
  return best;
}
