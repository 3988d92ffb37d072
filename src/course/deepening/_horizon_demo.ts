/**
 * The horizon tree of lesson 003 (T003.5), as data for an
 * {@linkcode ExplicitTree}: inner nodes carry static evaluations and the
 * capturing moves are marked noisy.
 *
 * @module
 */

import { ExplicitTree } from "../../trees/mod.ts";

/** The root's moves, in order, for tables. */
export const HORIZON_MOVE_NAMES: readonly string[] = [
  "quiet move",
  "grab a pawn",
];

/**
 * MAX can play quietly (evaluation +1, and +1 whatever MIN replies) or grab
 * a pawn (evaluation +3), but then MIN recaptures a piece (a noisy move, −5).
 * At depth 1 the grab looks best; the recapture lies just beyond the horizon.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, quiescence } from "../../../mod.ts";
 * import { horizonTree } from "./_horizon_demo.ts";
 * assert.equal(alphaBeta(horizonTree(), { depth: 1 }).move, 1);
 * assert.equal(quiescence(horizonTree(), { depth: 1 }).move, 0);
 * ```
 */
export function horizonTree(): ExplicitTree {
  return ExplicitTree.from({
    value: 0,
    children: [
      { value: 1, children: [1, 1] },
      { value: 3, noisy: true, children: [{ value: -5, noisy: true }, 3] },
    ],
  });
}
