/**
 * Reads the games of a PGN file into the FEN of every position, with
 * chess.js's PGN parser. A tiny local reader: `readPgnGames` of the UCI
 * work replaces it once merged (same result: one FEN list per game).
 *
 * @module
 */

import { Chess as ChessJs } from "chess.js";
import { checkInteger } from "../../validate.ts";

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
  if (limit !== Infinity) {
    checkInteger(
      "readGamePositions",
      "limit",
      limit,
      0,
      Number.MAX_SAFE_INTEGER,
    );
  }
  const chunks = gameTexts(text);
  const games: GamePositions[] = [];
  for (const chunk of chunks) {
    if (games.length >= limit) break;
    games.push(replayGame(chunk, games.length + 1));
  }
  return games;
}

/** The games' texts: split at each `[Event` tag after a blank line, empty ones left out. */
function gameTexts(text: string): string[] {
  return text.replace(/\r\n/g, "\n").split(/\n\s*\n(?=\[Event )/)
    .filter((chunk) => chunk.trim() !== "");
}

/** One game's text replayed with chess.js: every position's FEN. */
function replayGame(chunk: string, game: number): GamePositions {
  const board = new ChessJs();
  try {
    // chess.js 1.4 rejects two comments in a row, which the broadcast
    // writes (engine eval, then the annotator's text); the moves are all we read.
    board.loadPgn(chunk.replace(/\{[^}]*\}/g, " "));
  } catch (error) {
    throw new Error(
      `readGamePositions: game ${game} does not parse: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
  const history = board.history({ verbose: true });
  const fens = history.map((move) => move.before);
  fens.push(board.fen());
  return { game, fens };
}

/**
 * Games read on demand: the same games as {@linkcode readGamePositions},
 * each replayed the first time it is asked for. A sample of a few games
 * (the atlas's middlegames) then costs a few replays, not the file's 414.
 */
export interface GameList {
  /** How many games the text holds. */
  readonly length: number;
  /** Game `index` (0-based; its `game` is `index + 1`), or undefined past the end. */
  at(index: number): GamePositions | undefined;
}

/**
 * The games of a PGN text as a {@linkcode GameList}: split at once, each
 * replayed by chess.js when first asked for, then kept.
 *
 * @throws {Error} from `at`, when the game asked for does not parse, naming it
 *
 * @example The second game alone is replayed
 * ```ts
 * import assert from "node:assert/strict";
 * import { lazyGamePositions, readGamePositions } from "./_games.ts";
 * const pgn = '[Event "a"]\n\n1. e4 e5 *\n\n[Event "b"]\n\n1. d4 *\n';
 * const games = lazyGamePositions(pgn);
 * assert.equal(games.length, 2);
 * assert.deepEqual(games.at(1), readGamePositions(pgn)[1]);
 * assert.equal(games.at(2), undefined);
 * ```
 */
export function lazyGamePositions(text: string): GameList {
  const chunks = gameTexts(text);
  const replayed: (GamePositions | undefined)[] = [];
  return {
    length: chunks.length,
    at(index: number): GamePositions | undefined {
      if (!Number.isInteger(index) || index < 0 || index >= chunks.length) {
        return undefined;
      }
      return replayed[index] ??= replayGame(chunks[index]!, index + 1);
    },
  };
}

/**
 * The text of `data/chess/games.pgn` (414 games of the FIDE Women's World
 * Rapid 2024), read from the repository each call.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gamesFile } from "./_games.ts";
 * assert.match(gamesFile(), /^\[Event /);
 * ```
 */
export function gamesFile(): string {
  return Deno.readTextFileSync(
    new URL("../../../data/chess/games.pgn", import.meta.url),
  );
}

/** The first `limit` games of `data/chess/games.pgn` (414 games of the FIDE Women's World Rapid 2024). */
export function loadGames(limit = Infinity): GamePositions[] {
  return readGamePositions(gamesFile(), limit);
}

/** The games of `data/chess/games.pgn` as a {@linkcode GameList}, each replayed when first asked for. */
export function loadGameList(): GameList {
  return lazyGamePositions(gamesFile());
}
