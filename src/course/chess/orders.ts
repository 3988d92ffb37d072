/**
 * Move orderings for the chess measurements, as `order` options of the
 * project's searchers.
 *
 * @module
 */

import type { Chess } from "../../games/chess/mod.ts";
import type { MoveScorer, OrderOption } from "../../search/mod.ts";

/**
 * Captures first, most valuable victim by least valuable attacker
 * (MVV-LVA), quiet moves after them in generator order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess } from "../../games/chess/mod.ts";
 * import { CAPTURES_FIRST } from "./orders.ts";
 * const p = Chess.fromFen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
 * assert.ok(CAPTURES_FIRST(p, p.moveFromUci("e4d5"), 0) > CAPTURES_FIRST(p, p.moveFromUci("e4e5"), 0));
 * ```
 */
export const CAPTURES_FIRST: MoveScorer = (position, move) =>
  (position as Chess).mvvLva(move);

/** Table move, killers, history, then captures first: the full ordering of the measurements. */
export const FULL_ORDER: OrderOption = [
  "tt",
  "killer",
  "history",
  CAPTURES_FIRST,
];
