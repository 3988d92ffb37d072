/**
 * `data/chess/games.pgn` for the tests, and its first games: chess.js reads
 * about 100 games a second, so a test reads the games it uses, not all 414.
 *
 * @module
 */

import { gamesFile } from "../src/course/chess/_games.ts";

/** The text of `data/chess/games.pgn`. */
export const GAMES_PGN: string = gamesFile();

/**
 * The text of the first `count` games of the file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { firstGames } from "./_games_pgn.ts";
 * assert.equal(firstGames(2).match(/^\[Event /gm)?.length, 2);
 * ```
 */
export function firstGames(count: number): string {
  let at = 0;
  for (let i = 0; i < count; i++) {
    at = GAMES_PGN.indexOf("[Event ", at + 1);
    if (at < 0) {
      throw new Error(`firstGames: the file has fewer than ${count + 1} games`);
    }
  }
  return GAMES_PGN.slice(0, at);
}
