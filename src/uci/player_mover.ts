/**
 * An in-process {@linkcode Player} of chess as a {@linkcode ChessMover},
 * so that the project's searchers play matches against UCI engines
 * (`playChessGame`) without a process of their own.
 *
 * @module
 */

import { Chess } from "../games/chess/mod.ts";
import { describe } from "../validate.ts";
import type { ChessMover } from "./chess_match.ts";
import type { Player } from "../players/player.ts";

/**
 * Wraps a chess player as a mover: each move replays the game from the
 * start position, marks the root (so a repetition in the search is a draw
 * and one in the game needs its third occurrence) and asks the player.
 *
 * @param player a player of {@linkcode Chess} positions
 * @param name the mover's name in records (default the player's)
 * @returns the mover
 * @throws {Error} when `player` has no `chooseMove`, or `name` is not a
 *   non-empty string
 *
 * @example A searching player against itself, a few plies
 * ```ts
 * import assert from "node:assert/strict";
 * import { createPlayer, playChessGame, playerMover } from "../../mod.ts";
 * const player = createPlayer("chess", { kind: "search", searcher: "deepening", maxNodes: 300 });
 * const mover = playerMover(player as never, "ours");
 * const game = await playChessGame(mover, mover, { name: "e4", moves: ["e2e4"] }, { maxPlies: 6 });
 * assert.ok(game.moves.length === 6 && game.reason === "max plies");
 * ```
 */
export function playerMover(
  player: Player<Chess>,
  name?: string,
): ChessMover {
  const where = "playerMover";
  if (
    player === null || typeof player !== "object" ||
    typeof player.chooseMove !== "function"
  ) {
    throw new Error(
      `${where}: player must be a Player (with chooseMove), got ${
        describe(player)
      }`,
    );
  }
  if (name !== undefined && (typeof name !== "string" || name === "")) {
    throw new Error(
      `${where}: name must be a non-empty string, got ${describe(name)}`,
    );
  }
  let games = 0;
  return {
    name: name ?? player.name,
    newGame() {
      player.newGame(games++);
      return Promise.resolve();
    },
    move(moves: readonly string[]): Promise<string> {
      const position = Chess.start();
      for (const uci of moves) position.play(position.moveFromUci(uci));
      position.markRoot();
      return Promise.resolve(position.moveToUci(player.chooseMove(position)));
    },
  };
}
