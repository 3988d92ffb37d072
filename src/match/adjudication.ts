/**
 * Adjudication of a game by the players' own scores, as cutechess-cli does
 * for engine tests (`-resign movecount=3 score=600 twosided=true -draw
 * movenumber=34 movecount=8 score=20`, fishtest's settings): a game that
 * both engines see as lost, or as dead equal, is ended early, so a test
 * spends its nodes on the games still in doubt.
 *
 * - **Resign**: for `moves` consecutive moves of each side (2 × `moves`
 *   plies), every score says the same side is behind by at least `score`:
 *   the losing side's engine sees itself at −`score` or below and the
 *   winning side's at +`score` or above (both engines agree; one engine's
 *   opinion is never enough).
 * - **Draw**: once `afterPly` plies have been played from the opening, for
 *   `moves` consecutive moves of each side every score is within ±`score`.
 *
 * A score is the mover's search value just after it chose its move, from
 * its own side's view, in the position's `evaluate()` scale (centipawns in
 * chess; a mate score counts as beyond any `score`). A player that reports
 * no score (`lastValue` undefined) is never adjudicated against.
 *
 * @module
 */

import { checkInteger, checkOptions, describe } from "../validate.ts";

/** The resign rule: `moves` moves of each side at ≥ `score` for the same side. */
export interface ResignRule {
  /** Centipawns (the evaluation's unit) one side must be behind by. */
  score: number;
  /** Consecutive moves of each side. */
  moves: number;
}

/** The draw rule: after `afterPly` plies, `moves` moves of each side within ±`score`. */
export interface DrawRule {
  /** Largest |score| of a dead-equal position. */
  score: number;
  /** Consecutive moves of each side. */
  moves: number;
  /** Plies played from the opening before the rule may apply. */
  afterPly: number;
}

/** When a game is ended by the players' scores (either rule may be absent). */
export interface Adjudication {
  /** Lost when both engines agree one side is this far behind (absent: never resigned). */
  resign?: ResignRule;
  /** Drawn when every score stays this close to 0 (absent: never drawn by score). */
  draw?: DrawRule;
}

/**
 * The atlas's chess adjudication, fishtest's numbers: resign at 600
 * centipawns for 3 moves of each side, draw within ±20 for 8 moves of each
 * side after 68 plies (fishtest's move 34, counted here from the opening
 * since the tests' openings are 8 to 16 plies long).
 */
export const CHESS_ADJUDICATION: Readonly<Required<Adjudication>> = Object
  .freeze({
    resign: Object.freeze({ score: 600, moves: 3 }),
    draw: Object.freeze({ score: 20, moves: 8, afterPly: 68 }),
  });

/**
 * Checks an adjudication read from data (a job, a message): every rule an
 * object of its keys, each a whole number in its range.
 *
 * @param where the caller, for the message
 * @param value the adjudication
 * @returns the same value, typed
 * @throws {Error} naming the key, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CHESS_ADJUDICATION, checkAdjudication } from "./adjudication.ts";
 * assert.equal(checkAdjudication("here", CHESS_ADJUDICATION), CHESS_ADJUDICATION);
 * assert.throws(() => checkAdjudication("here", { resign: { score: -1, moves: 3 } }), /resign.score/);
 * ```
 */
export function checkAdjudication(where: string, value: unknown): Adjudication {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new Error(
      `${where}: adjudication must be an object of rules, got ${
        describe(value)
      }`,
    );
  }
  checkOptions(`${where}: adjudication`, value, ["resign", "draw"]);
  const rules = value as Record<string, unknown>;
  for (const name of ["resign", "draw"] as const) {
    const rule = rules[name];
    if (rule === undefined) continue;
    if (rule === null || typeof rule !== "object" || Array.isArray(rule)) {
      throw new Error(
        `${where}: adjudication.${name} must be an object, got ${
          describe(rule)
        }`,
      );
    }
    const keys = name === "resign"
      ? ["score", "moves"]
      : ["score", "moves", "afterPly"];
    checkOptions(`${where}: adjudication.${name}`, rule, keys);
    const fields = rule as Record<string, unknown>;
    for (const key of keys) {
      if (fields[key] === undefined) {
        throw new Error(
          `${where}: adjudication.${name}.${key} is required, got undefined`,
        );
      }
    }
    // A resign threshold of 0 would score a level game (both sides at 0)
    // as lost for whoever reached it: it must be above a draw's.
    checkInteger(
      where,
      `adjudication.${name}.score`,
      fields.score,
      name === "resign" ? 1 : 0,
      1e6,
    );
    checkInteger(where, `adjudication.${name}.moves`, fields.moves, 1, 1000);
    if (name === "draw") {
      checkInteger(
        where,
        "adjudication.draw.afterPly",
        fields.afterPly,
        0,
        1e6,
      );
    }
  }
  return value as Adjudication;
}

/**
 * Follows a game's scores and says when a rule ends it. Feed it each
 * move's score (the mover's view) with {@linkcode Adjudicator.add}.
 *
 * @example Three moves each at −700 for the first player: it resigns
 * ```ts
 * import assert from "node:assert/strict";
 * import { Adjudicator, CHESS_ADJUDICATION } from "./adjudication.ts";
 * const judge = new Adjudicator(CHESS_ADJUDICATION);
 * let verdict = null;
 * for (let ply = 0; ply < 6; ply++) {
 *   verdict = judge.add(ply % 2 === 0 ? -700 : 700);
 * }
 * assert.equal(verdict, "0-1");
 * ```
 */
export class Adjudicator {
  readonly #rules: Adjudication;
  /** Each ply's score from the first player's view (undefined: no score). */
  readonly #scores: (number | undefined)[] = [];

  /**
   * A judge for one game.
   *
   * @param rules the rules (checked)
   * @throws {Error} on a bad rule, naming its key, value and range
   */
  constructor(rules: Adjudication) {
    this.#rules = checkAdjudication("new Adjudicator", rules);
  }

  /**
   * Adds the score of the move just played and says whether the game ends.
   *
   * @param score the mover's search value from its own view, or undefined
   * @returns the adjudicated result for the first player (`"1-0"`, `"0-1"`,
   *   `"1/2-1/2"`), or null to play on
   */
  add(score: number | undefined): "1-0" | "0-1" | "1/2-1/2" | null {
    const ply = this.#scores.length;
    const firstView = score === undefined
      ? undefined
      : ply % 2 === 0
      ? score
      : -score;
    this.#scores.push(firstView);
    const { resign, draw } = this.#rules;
    if (resign !== undefined) {
      const last = this.#last(2 * resign.moves);
      if (last !== null) {
        if (last.every((s) => s >= resign.score)) return "1-0";
        if (last.every((s) => s <= -resign.score)) return "0-1";
      }
    }
    if (draw !== undefined && this.#scores.length >= draw.afterPly) {
      const last = this.#last(2 * draw.moves);
      if (last !== null && last.every((s) => Math.abs(s) <= draw.score)) {
        return "1/2-1/2";
      }
    }
    return null;
  }

  /** The last `count` scores, or null when fewer were played or one is missing. */
  #last(count: number): number[] | null {
    if (this.#scores.length < count) return null;
    const last = this.#scores.slice(-count);
    return last.every((s) => s !== undefined) ? last as number[] : null;
  }
}
