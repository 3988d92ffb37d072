/**
 * Perft: the number of move sequences of a given length, the standard
 * correctness test of a move generator (Chess Programming Wiki, "Perft
 * Results").
 *
 * @module
 */

import type { Position } from "../../position.ts";
import { checkInteger, checkOptions } from "../../validate.ts";
import type { Board } from "./_board.ts";
import { countLegal, generateLegal } from "./_movegen.ts";
import { Chess, chessBoardCopy } from "./position.ts";

/** Options of {@linkcode perft}. */
export interface PerftOptions {
  /**
   * The most positions the count may reach, leaves and inner positions
   * together, before it stops with an error. Default
   * {@linkcode PERFT_MAX_NODES} (a billion: perft 6 from the start, 124
   * million, fits; perft 7, 3.3 billion, does not).
   */
  maxNodes?: number;
}

/** The default node budget of {@linkcode perft}: 10^9 positions. */
export const PERFT_MAX_NODES = 1_000_000_000;

/**
 * Counts the leaves of the legal move tree `depth` plies deep (the last ply
 * counted without being played: bulk counting). Only `generateMoves`,
 * `play` and `undo` are used, so the game's end rules (repetition, fifty
 * moves) do not stop the count, as in every published perft table. The
 * position is left as it was found, also when the budget stops the count.
 *
 * @param position any position (chess in the published tables)
 * @param depth plies, 0…64 (depth 0 counts the position itself: 1)
 * @param options `maxNodes`: the most positions (leaves and inner ones)
 *   counted before the count stops with an error (default
 *   {@linkcode PERFT_MAX_NODES}, 10^9)
 * @returns the number of leaves
 * @throws {Error} on a depth that is not an integer in 0…64, a `maxNodes`
 *   that is not a positive integer, or when the count passes `maxNodes`
 *
 * @example The start position's published counts
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess, perft } from "../../../mod.ts";
 * const position = Chess.start();
 * assert.ok(perft(position, 3) === 8902);
 * assert.ok(perft(Chess.fromFen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"), 3) === 2812);
 * assert.throws(() => perft(position, 64, { maxNodes: 10_000 }), /perft: the count passed maxNodes = 10000 positions/);
 * assert.ok(perft(position, 3) === 8902); // left as it was
 * ```
 */
export function perft(
  position: Position,
  depth: number,
  options?: PerftOptions,
): number {
  checkInteger("perft", "depth", depth, 0, 64);
  checkOptions("perft", options, ["maxNodes"]);
  const maxNodes = checkInteger(
    "perft",
    "maxNodes",
    options?.maxNodes ?? PERFT_MAX_NODES,
    1,
    Number.MAX_SAFE_INTEGER,
  );
  if (depth === 0) return 1;
  const buffers: Int32Array[] = [];
  for (let ply = 0; ply < depth; ply++) {
    buffers.push(new Int32Array(position.maxMoves));
  }
  const budget = { nodes: 1, maxNodes };
  // A chess position is counted on a copy of its board, with the same
  // generator but the bare make/unmake: the moves come from the generator,
  // so play's legality test, and the key, score and clocks, which the
  // count never reads, are skipped.
  const leaves = position instanceof Chess
    ? countBoard(chessBoardCopy(position), buffers, 0, depth, budget)
    : count(position, buffers, 0, depth, budget);
  if (leaves < 0) {
    throw new Error(
      `perft: the count passed maxNodes = ${maxNodes} positions before depth ${depth} was done; give a larger maxNodes or a smaller depth`,
    );
  }
  return leaves;
}

/** The leaves below the position, or −1 once the budget is spent (the moves taken back). */
function count(
  position: Position,
  buffers: Int32Array[],
  ply: number,
  depth: number,
  budget: { nodes: number; maxNodes: number },
): number {
  const moves = buffers[ply]!;
  const n = position.generateMoves(moves);
  budget.nodes += n;
  if (budget.nodes > budget.maxNodes) return -1;
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const move = moves[i]!;
    position.play(move);
    const below = count(position, buffers, ply + 1, depth - 1, budget);
    position.undo(move);
    if (below < 0) return -1;
    total += below;
  }
  return total;
}

/** {@linkcode count} on a chess board of perft's own, by the bare make/unmake. */
function countBoard(
  board: Board,
  buffers: Int32Array[],
  ply: number,
  depth: number,
  budget: { nodes: number; maxNodes: number },
): number {
  const moves = buffers[ply]!;
  // The last ply is counted, not written (bulk counting).
  const n = depth === 1 ? countLegal(board) : generateLegal(board, moves);
  budget.nodes += n;
  if (budget.nodes > budget.maxNodes) return -1;
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const move = moves[i]!;
    board.makeBare(move);
    const below = countBoard(board, buffers, ply + 1, depth - 1, budget);
    board.unmakeBare(move);
    if (below < 0) return -1;
    total += below;
  }
  return total;
}
