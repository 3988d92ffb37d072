/**
 * Move ordering options (lesson 000's "ordering is part of the algorithm",
 * T002.2): which moves a searcher tries first. Moves are scored into a per-ply
 * Int32Array and insertion-sorted, stable, so equal scores keep the natural
 * order and nothing is allocated per node.
 *
 * @module
 */

import type { Move, Position } from "../position.ts";
import { describe } from "../validate.ts";

/**
 * A named ordering. The course's (lesson 002, T002.2):
 * - `"natural"`: the order of `generateMoves` (the course's order);
 * - `"tt"`: the transposition table's best move first (needs a `tt`);
 * - `"pv"`: the previous iteration's principal variation first (iterative
 *   deepening, and aspiration without a guess, set it; every other
 *   searcher, which has no previous iteration, refuses it, and so does
 *   iterative deepening with `previous: "none"`, which passes none on);
 * - `"killer"`: the two moves that last caused a cut at the same ply next,
 *   before every other move but the table's and the PV's (captures too);
 * - `"history"`: moves by how often (weighted by depth²) they caused cuts
 *   anywhere, added to the scorer's score of every move.
 *
 * The engines' (chess programs order this way; a position's `isQuiet` says
 * which moves are quiet, and without it every move is):
 * - `"captures"`: moves that are not quiet before the killers and the
 *   quiet moves, by the scorer's score (MVV-LVA on chess); a capture the
 *   position's `staticExchange` finds losing goes after the quiet moves;
 * - `"quiet-killer"`: the two quiet moves that last caused a cut at the
 *   same ply, after the captures (a capture is never stored as a killer);
 * - `"quiet-history"`: quiet moves by their history, which learns from
 *   quiet cut moves only (a bonus of depth², and the same malus for every
 *   quiet move tried before the cut, bounded by {@linkcode QUIET_HISTORY_MAX})
 *   per side to move, and is never added to a capture's score;
 * - `"counter-move"`: the quiet move that last caused a cut in reply to
 *   the move just played (one per previous move and side to move), after
 *   the quiet killers and before the other quiet moves; a pass (the null
 *   move) and the root have none.
 *
 * An order takes `"killer"`/`"history"` or the engines' `"captures"`,
 * `"quiet-killer"`, `"quiet-history"` and `"counter-move"`, not both
 * families (the course's rows measure the first).
 */
export type MoveOrder =
  | "natural"
  | "tt"
  | "pv"
  | "killer"
  | "history"
  | "captures"
  | "quiet-killer"
  | "quiet-history"
  | "counter-move";

/** The named orderings, in decreasing priority when combined. */
export const MOVE_ORDERS: readonly MoveOrder[] = [
  "natural",
  "tt",
  "pv",
  "killer",
  "history",
  "captures",
  "quiet-killer",
  "quiet-history",
  "counter-move",
];

/**
 * A caller's move score: higher is tried first. Must return an integer
 * within ±2^24 (anything else stops the search with an `Error`, the position
 * restored) and must not change the position. Called once per move per
 * node, so it should not allocate either.
 */
export type MoveScorer = (
  position: Position,
  move: Move,
  ply: number,
) => number;

/** The `order` option: a named ordering, a scorer, or a list of them combined by priority. */
export type OrderOption =
  | MoveOrder
  | MoveScorer
  | readonly (MoveOrder | MoveScorer)[];

/** Flag bit of a resolved ordering: the table's move first. */
export const ORDER_TT = 1;
/** Flag bit: the previous iteration's PV first. */
export const ORDER_PV = 2;
/** Flag bit: killer moves (two per ply). */
export const ORDER_KILLER = 4;
/** Flag bit: the history heuristic. */
export const ORDER_HISTORY = 8;
/** Flag bit: captures (moves that are not quiet) before killers and quiet moves. */
export const ORDER_CAPTURES = 16;
/** Flag bit: quiet killers (two per ply), after the captures. */
export const ORDER_QUIET_KILLER = 32;
/** Flag bit: quiet moves by their history, with a malus. */
export const ORDER_QUIET_HISTORY = 64;
/** Flag bit: the quiet move that last refuted the previous move, after the quiet killers. */
export const ORDER_COUNTER_MOVE = 128;
/** The engines' flags: any of them sends a node to the engines' scoring. */
export const ORDER_ENGINE = ORDER_CAPTURES | ORDER_QUIET_KILLER |
  ORDER_QUIET_HISTORY | ORDER_COUNTER_MOVE;

/** Score bonus of the table's move (bonuses: TT move ≫ PV move ≫ killers ≫ history + scorer). */
export const SCORE_TT = 1 << 29;
/** Score bonus of the PV move. */
export const SCORE_PV = 1 << 28;
/** Score bonus of the newer killer. */
export const SCORE_KILLER_1 = 1 << 27;
/** Score bonus of the older killer. */
export const SCORE_KILLER_2 = 1 << 26;
/** History entries are halved when one passes this, so the sum stays below the killers. */
export const HISTORY_LIMIT = 1 << 24;

// The engines' bands (TT ≫ PV ≫ good captures ≫ quiet killers ≫ quiet
// moves ≫ losing captures): a scorer adds at most ±2^24 within a band, and
// a quiet history stays within ±QUIET_HISTORY_MAX, so no band reaches the next.
/** Score base of a capture that is not losing (`"captures"`). */
export const SCORE_GOOD_CAPTURE = 1 << 27;
/** Score of the newer quiet killer. */
export const SCORE_QUIET_KILLER_1 = 3 << 24;
/** Score of the older quiet killer. */
export const SCORE_QUIET_KILLER_2 = 1 << 25;
/** Score of the counter move: below the killers, above every other quiet move (±(2^24 + QUIET_HISTORY_MAX)). */
export const SCORE_COUNTER_MOVE = 3 << 23;
/** Score base of a capture that loses material by static exchange. */
export const SCORE_LOSING_CAPTURE = -(1 << 27);
/** Bound of a quiet history entry: the bonus and malus are scaled down as an entry nears it. */
export const QUIET_HISTORY_MAX = 1 << 14;

/** An ordering option resolved into flags and an optional scorer. */
export interface OrderPlan {
  /** OR of `ORDER_*` bits. */
  flags: number;
  /** The caller's scorer, or null. */
  scorer: MoveScorer | null;
}

/**
 * Resolves an `order` option.
 *
 * @param order the option; when absent: `"tt"` if a table is given, else `"natural"`
 * @param hasTable whether the search has a transposition table
 * @param where the searcher named in errors (default `"resolveOrder"`)
 * @returns the flags and scorer
 * @throws {Error} on an unknown name, a value that is neither a name nor a
 *   function, two scoring functions, `"tt"` without a table, or the course's
 *   killer/history combined with the engines' quiet ones
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ORDER_KILLER, ORDER_TT, resolveOrder } from "./ordering.ts";
 * const plan = resolveOrder(["tt", "killer"], true);
 * assert.ok(plan.flags === (ORDER_TT | ORDER_KILLER) && plan.scorer === null);
 * ```
 */
export function resolveOrder(
  order: OrderOption | undefined,
  hasTable: boolean,
  where = "resolveOrder",
): OrderPlan {
  // The default, without a list to build: searchers resolve it on every call.
  if (order === undefined) {
    return { flags: hasTable ? ORDER_TT : 0, scorer: null };
  }
  const plan: OrderPlan = { flags: 0, scorer: null };
  const items = Array.isArray(order) ? order : [order];
  for (const item of items as unknown[]) {
    if (typeof item === "function") {
      if (plan.scorer !== null) {
        throw new Error(`${where}: order takes at most one scoring function`);
      }
      plan.scorer = item as MoveScorer;
      continue;
    }
    switch (item) {
      case "natural":
        break;
      case "tt":
        if (!hasTable) {
          throw new Error(
            `${where}: order "tt" needs a transposition table: pass { tt }`,
          );
        }
        plan.flags |= ORDER_TT;
        break;
      case "pv":
        plan.flags |= ORDER_PV;
        break;
      case "killer":
        plan.flags |= ORDER_KILLER;
        break;
      case "history":
        plan.flags |= ORDER_HISTORY;
        break;
      case "captures":
        plan.flags |= ORDER_CAPTURES;
        break;
      case "quiet-killer":
        plan.flags |= ORDER_QUIET_KILLER;
        break;
      case "quiet-history":
        plan.flags |= ORDER_QUIET_HISTORY;
        break;
      case "counter-move":
        plan.flags |= ORDER_COUNTER_MOVE;
        break;
      default:
        throw new Error(
          `${where}: order must be one of ${
            MOVE_ORDERS.join(", ")
          }, a scoring function or a list of them, got ${describe(item)}`,
        );
    }
  }
  const course = plan.flags & (ORDER_KILLER | ORDER_HISTORY);
  const engine = plan.flags & ORDER_ENGINE;
  if (course !== 0 && engine !== 0) {
    throw new Error(
      `${where}: order takes the course's "killer" and "history" or the engines' "captures", "quiet-killer", "quiet-history" and "counter-move", not both: got ${
        describe(order)
      }`,
    );
  }
  return plan;
}
