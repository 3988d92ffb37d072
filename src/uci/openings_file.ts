/**
 * The openings of a chess match read from a file: lines `name ; moves in
 * UCI` (`data/chess/openings.txt`), or a `.pgn` file whose games give
 * their distinct first plies. Every refusal names the file and the rule.
 *
 * @module
 */

import { readPgnGames } from "../games/chess/notation.ts";
import { checkInteger } from "../validate.ts";
import {
  type ChessOpening,
  openingsFromGames,
  readOpenings,
} from "./chess_match.ts";

/** The openings `deno task match` plays unless `--openings` names others. */
export const DEFAULT_OPENINGS_FILE: string = new URL(
  "../../data/chess/openings.txt",
  import.meta.url,
).pathname;

/** An openings file that cannot be read, does not parse or holds no opening. */
export class OpeningsFileError extends Error {
  /** A refusal explained by `message`. */
  constructor(message: string) {
    super(message);
    this.name = "OpeningsFileError";
  }
}

/**
 * Reads a match's openings from `file`: a `.pgn` file gives the first
 * `plies` plies of each of its games (`openingsFromGames`), any other
 * file lines `name ; moves in UCI` (`readOpenings`).
 *
 * @param file the file's path
 * @param plies with a `.pgn`: plies taken from each game
 * @returns at least one opening
 * @throws {OpeningsFileError} naming `--openings` and the file when it
 *   cannot be read, has a bad line, or holds no opening
 * @throws {Error} when `plies` is not an integer in 1…100
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_OPENINGS_FILE, loadOpenings } from "./openings_file.ts";
 * assert.ok(loadOpenings(DEFAULT_OPENINGS_FILE, 8).length > 0);
 * assert.throws(() => loadOpenings("/dev/null", 8), /--openings \/dev\/null has no opening/);
 * assert.throws(() => loadOpenings("/dev/null", 0), /loadOpenings: plies must be an integer in 1…100, got 0/);
 * ```
 */
export function loadOpenings(file: string, plies: number): ChessOpening[] {
  checkInteger("loadOpenings", "plies", plies, 1, 100);
  let text: string;
  try {
    text = Deno.readTextFileSync(file);
  } catch (error) {
    throw new OpeningsFileError(
      `cannot read --openings ${file}: ${(error as Error).message}`,
    );
  }
  const pgn = file.endsWith(".pgn");
  let openings: ChessOpening[];
  try {
    openings = pgn
      // Read whole: a move chess.js refuses anywhere in the user's file is
      // an error, even past the plies taken.
      ? openingsFromGames(readPgnGames(text), plies)
      : readOpenings(text);
  } catch (error) {
    throw new OpeningsFileError(
      `--openings ${file}: ${(error as Error).message}`,
    );
  }
  if (openings.length === 0) {
    throw new OpeningsFileError(
      `--openings ${file} has no opening (${
        pgn
          ? `no game with more than ${plies} plies from the start position that they leave unfinished`
          : 'expected lines "name ; moves in UCI"'
      })`,
    );
  }
  return openings;
}
