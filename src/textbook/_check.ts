/**
 * The one check the textbook functions make: each calls
 * {@linkcode checkArguments} on its first line, so that a bad depth, window
 * or count throws instead of giving an answer that breaks the function's
 * own contract. The rule is read from the argument's name.
 *
 * @module
 */

import { describe } from "../validate.ts";

/** The arguments a textbook function checks, by the names it gives them. */
export interface Checked {
  /** Plies to search: an integer ≥ 0, or Infinity (to the end). */
  depth?: number;
  /** Lower end of the window; with `beta`, alpha < beta. */
  alpha?: number;
  /** Upper end of the window. */
  beta?: number;
  /** The last iteration's depth: an integer ≥ 1. */
  maxDepth?: number;
  /** How many playouts: an integer ≥ 1. */
  playouts?: number;
  /** The UCB1 constant: a finite number ≥ 0. */
  exploration?: number;
  /** A heap: a non-negative integer. */
  size?: number;
  /** A mex's values: non-negative integers. */
  values?: Iterable<number>;
}

const isCount = (value: unknown, least: number) =>
  Number.isInteger(value) && (value as number) >= least;

/**
 * Throws a `RangeError` naming `where`, the argument, the value and the
 * rule, for the first argument in `args` that breaks its rule.
 *
 * @param where the function, as the reader calls it (`"alphaBeta"`)
 * @param args the arguments to check, by name (see {@linkcode Checked})
 * @throws {RangeError} when an argument breaks its rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkArguments } from "./_check.ts";
 * checkArguments("alphaBeta", { depth: Infinity, alpha: 0, beta: 1 });
 * assert.throws(
 *   () => checkArguments("alphaBeta", { depth: -1 }),
 *   /^RangeError: alphaBeta: depth must be an integer ≥ 0 or Infinity, got -1$/,
 * );
 * assert.throws(
 *   () => checkArguments("alphaBeta", { alpha: 10, beta: 0 }),
 *   /^RangeError: alphaBeta: alpha must be less than beta, got alpha = 10, beta = 0$/,
 * );
 * ```
 */
export function checkArguments(where: string, args: Checked): void {
  const fail = (rule: string, got: string) => {
    throw new RangeError(`${where}: ${rule}, got ${got}`);
  };
  const { depth, alpha, beta, maxDepth, playouts, exploration, size, values } =
    args;
  if ("depth" in args && !(isCount(depth, 0) || depth === Infinity)) {
    fail("depth must be an integer ≥ 0 or Infinity", describe(depth));
  }
  if ("alpha" in args || "beta" in args) {
    if (!(typeof alpha === "number" && typeof beta === "number")) {
      fail(
        "alpha and beta must be numbers",
        `${describe(alpha)}, ${describe(beta)}`,
      );
    }
    if (!(alpha! < beta!)) {
      fail("alpha must be less than beta", `alpha = ${alpha}, beta = ${beta}`);
    }
  }
  if ("maxDepth" in args && !isCount(maxDepth, 1)) {
    fail("maxDepth must be an integer ≥ 1", describe(maxDepth));
  }
  if ("playouts" in args && !isCount(playouts, 1)) {
    fail("playouts must be an integer ≥ 1", describe(playouts));
  }
  if (
    "exploration" in args &&
    !(Number.isFinite(exploration) && exploration! >= 0)
  ) {
    fail("exploration must be a finite number ≥ 0", describe(exploration));
  }
  if ("size" in args && !isCount(size, 0)) {
    fail("size must be a non-negative integer", describe(size));
  }
  for (const value of values ?? []) {
    if (!isCount(value, 0)) {
      fail("values must be non-negative integers", describe(value));
    }
  }
}
