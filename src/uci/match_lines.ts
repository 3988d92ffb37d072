/**
 * The lines `deno task match` prints, here and over NATS alike: one per
 * finished game, the running tally of the first engine, and the final
 * score with the Elo difference. The same text on both paths is what
 * makes a run over workers read as the local one.
 *
 * @module
 */

import type { ChessGameRecord, ChessMatchResult } from "./chess_match.ts";

/**
 * A finished game's line: `game N: WHITE - BLACK RESULT (REASON, PLIES
 * plies, OPENING) S s`, S the seconds since the match began.
 *
 * @param game the game
 * @param index its index in the match, from 0
 * @param seconds seconds since the match began
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gameLine } from "./match_lines.ts";
 * const game = { white: "a", black: "b", result: "1-0" as const, reason: "checkmate", moves: ["e2e4", "e7e5"], opening: "open" };
 * assert.equal(gameLine(game, 0, 2.4), "game 1: a - b 1-0 (checkmate, 2 plies, open) 2 s");
 * ```
 */
export function gameLine(
  game: Pick<
    ChessGameRecord,
    "white" | "black" | "result" | "reason" | "moves" | "opening"
  >,
  index: number,
  seconds: number,
): string {
  return `game ${
    index + 1
  }: ${game.white} - ${game.black} ${game.result} (${game.reason}, ${game.moves.length} plies, ${game.opening}) ${
    Math.round(seconds)
  } s`;
}

/**
 * The first engine's tally of scores (1, ½, 0 each): `+wins =draws -losses`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scoreTally } from "./match_lines.ts";
 * assert.equal(scoreTally([1, 0.5, 0, 1]), "+2 =1 -1");
 * ```
 */
export function scoreTally(scores: readonly number[]): string {
  const w = scores.filter((s) => s === 1).length;
  const l = scores.filter((s) => s === 0).length;
  return `+${w} =${scores.length - w - l} -${l}`;
}

/**
 * The match's last line: the first engine's wins, draws, losses, score and
 * Elo difference over the second with its 95% interval.
 *
 * @param a the first engine's name
 * @param b the second engine's name
 * @param result the match
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { matchScoreLine } from "./match_lines.ts";
 * const result = {
 *   games: [{}, {}], wins: 1, draws: 1, losses: 0, score: 1.5,
 *   elo: { difference: 190.8, low: -300, high: 700, prior: false },
 * };
 * assert.equal(
 *   matchScoreLine("x", "y", result),
 *   "x vs y: +1 =1 -0, score 1.5/2 (75.0%), Elo difference 191 [-300, 700] (95%)",
 * );
 * ```
 */
export function matchScoreLine(
  a: string,
  b: string,
  result:
    & Pick<ChessMatchResult, "wins" | "draws" | "losses" | "score" | "elo">
    & {
      games: readonly unknown[];
    },
): string {
  const n = result.games.length;
  const { difference, low, high, prior } = result.elo;
  return `${a} vs ${b}: +${result.wins} =${result.draws} -${result.losses}, score ${result.score}/${n} (${
    (100 * result.score / n).toFixed(1)
  }%), Elo difference ${difference.toFixed(0)} [${low.toFixed(0)}, ${
    high.toFixed(0)
  }] (95%${prior ? ", with 1 virtual draw: every game was won or lost" : ""})`;
}

/**
 * The PGN tags every game of a match between `a` and `b` carries, as
 * `deno task match --pgn` (local or over NATS) and `bench:strength --pgn`
 * write them: the match as `Event`, the day (UTC) as `Date`.
 *
 * @param a the first engine's label
 * @param b the second engine's label
 * @param now when the match is played
 * @returns the tags
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { matchPgnTags } from "./match_lines.ts";
 * assert.deepEqual(matchPgnTags("ours", "stockfish:skill=6", new Date("2026-12-05T06:33:00Z")), {
 *   Event: "ours vs stockfish:skill=6",
 *   Date: "2026.12.05",
 * });
 * ```
 */
export function matchPgnTags(
  a: string,
  b: string,
  now: Date = new Date(),
): { Event: string; Date: string } {
  return {
    Event: `${a} vs ${b}`,
    Date: now.toISOString().slice(0, 10).replaceAll("-", "."),
  };
}
