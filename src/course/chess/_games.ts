/**
 * Reads the games of a PGN file into the FEN of every position, with
 * chess.js's PGN parser. A tiny local reader: `readPgnGames` of the UCI
 * work replaces it once merged (same result: one FEN list per game).
 *
 * @module
 */

import { Chess as ChessJs } from "chess.js";

/** One game: the FEN of every position, the start position first. */
export interface GamePositions {
  /** The game's number in the file, 1-based. */
  game: number;
  /** FEN before each move, then the final position. */
  fens: string[];
}

/**
 * Splits a PGN text into games (a game starts at an `[Event` tag after a
 * blank line) and replays each with chess.js.
 *
 * @param text PGN text of one or more games
 * @param limit read at most this many games (the first ones)
 * @returns one entry per game with every position's FEN
 * @throws {Error} when a game does not parse, naming the game
 *
 * @example Two short games
 * ```ts
 * import assert from "node:assert/strict";
 * import { readGamePositions } from "./_games.ts";
 * const pgn = '[Event "a"]\n\n1. e4 e5 *\n\n[Event "b"]\n\n1. d4 *\n';
 * const games = readGamePositions(pgn);
 * assert.deepEqual(games.map((g) => g.fens.length), [3, 2]);
 * ```
 */
export function readGamePositions(
  text: string,
  limit = Infinity,
): GamePositions[] {
  const chunks = text.replace(/\r\n/g, "\n").split(/\n\s*\n(?=\[Event )/);
  const games: GamePositions[] = [];
  for (const chunk of chunks) {
    if (games.length >= limit) break;
    if (chunk.trim() === "") continue;
    const board = new ChessJs();
    try {
      // chess.js 1.4 rejects two comments in a row, which the broadcast
      // writes (engine eval, then the annotator's text); the moves are all we read.
      board.loadPgn(chunk.replace(/\{[^}]*\}/g, " "));
    } catch (error) {
      throw new Error(
        `readGamePositions: game ${games.length + 1} does not parse: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
    const history = board.history({ verbose: true });
    const fens = history.map((move) => move.before);
    fens.push(board.fen());
    games.push({ game: games.length + 1, fens });
  }
  return games;
}

/** The first `limit` games of `data/chess/games.pgn` (414 games of the FIDE Women's World Rapid 2024). */
export function loadGames(limit = Infinity): GamePositions[] {
  return readGamePositions(
    Deno.readTextFileSync(
      new URL("../../../data/chess/games.pgn", import.meta.url),
    ),
    limit,
  );
}
