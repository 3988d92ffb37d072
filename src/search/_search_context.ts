/**
 * Per-search state allocated once: one move stack, the triangular PV table,
 * the counters. Buffers grow only when the search reaches a deeper ply than
 * ever before, never per node.
 *
 * @module
 */

import { NO_MOVE, type Position, VALUE_INFINITE } from "../position.ts";
import { createStats, type SearchStats } from "../stats.ts";
import type { SearchOptions, SearchResult } from "./search_result.ts";
import type { SearchTrace } from "./search_trace.ts";

/** Depth used when the caller sets none: deeper than any game ends. */
export const UNLIMITED_DEPTH = 1 << 30;

/** The state of one search, passed down the recursion. */
export class SearchContext<S extends SearchStats = SearchStats> {
  readonly position: Position;
  readonly stats: S;
  readonly maxMoves: number;
  /** The move buffer of each ply, allocated the first time the ply is reached. */
  readonly moves: Int32Array[] = [];
  /** Row p, of stride `plies`, holds the best line found from ply p. */
  pv: Int32Array;
  pvLength: Int32Array;
  /** Plies the buffers hold. */
  plies: number;
  /** Best move found at the root so far. */
  rootMove: number = NO_MOVE;
  /** Alpha-beta's recorder of windows and values, when one was asked for. */
  trace: SearchTrace | null = null;

  constructor(position: Position, stats: S, plies: number) {
    this.position = position;
    this.stats = stats;
    this.maxMoves = position.maxMoves;
    this.plies = Math.max(1, Math.min(plies, 64));
    for (let ply = 0; ply < this.plies; ply++) {
      this.moves.push(new Int32Array(this.maxMoves));
    }
    this.pv = new Int32Array(this.plies * this.plies);
    this.pvLength = new Int32Array(this.plies);
  }

  /** Makes sure ply `ply` has buffers (doubling: amortised, never per node). */
  reach(ply: number): void {
    if (ply < this.plies) return;
    const plies = Math.max(ply + 1, this.plies * 2);
    while (this.moves.length < plies) {
      this.moves.push(new Int32Array(this.maxMoves));
    }
    const pv = new Int32Array(plies * plies);
    for (let row = 0; row < this.plies; row++) {
      pv.set(
        this.pv.subarray(row * this.plies, (row + 1) * this.plies),
        row * plies,
      );
    }
    const pvLength = new Int32Array(plies);
    pvLength.set(this.pvLength);
    this.pv = pv;
    this.pvLength = pvLength;
    this.plies = plies;
  }

  /**
   * Enters a node at `ply` with `depth` plies left: counts it, clears its PV
   * row and writes its moves into `moves[ply]`. Returns how many, or 0 when
   * the node is a leaf (depth limit, end of the game, or no legal move); then
   * {@linkcode SearchContext.leafValue} gives its value.
   */
  expand(ply: number, depth: number): number {
    const stats = this.stats;
    stats.nodes++;
    stats.steps++;
    this.pvLength[ply] = 0;
    const position = this.position;
    if (depth === 0 || position.isTerminal()) return 0;
    if (ply + 1 >= this.plies) this.reach(ply + 1);
    return position.generateMoves(this.moves[ply]!);
  }

  /** Counts a leaf and returns `evaluate()`: its value from the side to move's view. */
  leafValue(): number {
    this.stats.leaves++;
    this.stats.steps++;
    return this.position.evaluate();
  }

  /** Ply `ply`'s best line becomes `move` followed by the best line of ply + 1. */
  updatePv(ply: number, move: number): void {
    const stride = this.plies;
    const row = ply * stride;
    const childLength = this.pvLength[ply + 1]!;
    this.pv[row] = move;
    this.pv.copyWithin(row + 1, row + stride, row + stride + childLength);
    this.pvLength[ply] = childLength + 1;
  }

  /** The result object for a finished search. */
  result(value: number): SearchResult<S> {
    const pv = Array.from(this.pv.subarray(0, this.pvLength[0]!));
    return { value, move: this.rootMove, pv, stats: this.stats };
  }
}

/** A fresh context with the default counters. */
export function createContext(
  position: Position,
  depth: number,
): SearchContext {
  return new SearchContext(position, createStats(), depth + 1);
}

/**
 * Reads `options.depth`: a non-negative integer, or unlimited when absent.
 *
 * @throws {Error} on anything else
 */
export function resolveDepth(options: SearchOptions | undefined): number {
  const depth = options?.depth;
  if (depth === undefined) return UNLIMITED_DEPTH;
  if (typeof depth !== "number" || !Number.isInteger(depth) || depth < 0) {
    throw new Error(
      `Search depth must be a non-negative integer, got ${String(depth)}`,
    );
  }
  return depth;
}

/**
 * Reads a root window: integers with alpha < beta inside ±VALUE_INFINITE.
 *
 * @throws {Error} on a window that is not of that form
 */
export function resolveWindow(
  alpha: number | undefined,
  beta: number | undefined,
): [number, number] {
  const low = alpha ?? -VALUE_INFINITE;
  const high = beta ?? VALUE_INFINITE;
  for (const [name, bound] of [["alpha", low], ["beta", high]] as const) {
    if (!Number.isInteger(bound) || Math.abs(bound) > VALUE_INFINITE) {
      throw new Error(
        `Search ${name} must be an integer within ±${VALUE_INFINITE}, got ${bound}`,
      );
    }
  }
  if (!(low < high)) {
    throw new Error(
      `Search window needs alpha < beta, got alpha ${low} and beta ${high}`,
    );
  }
  return [low, high];
}
