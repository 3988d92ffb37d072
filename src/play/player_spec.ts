/**
 * Players and games described as plain data, so that a worker (another
 * JavaScript realm, which cannot receive objects with methods) can build
 * the same players and positions as the main thread.
 *
 * @module
 */

import { ConnectFour } from "../games/connect_four.ts";
import { TicTacToe } from "../games/tic_tac_toe.ts";
import type { Position } from "../position.ts";
import { checkOptions, describe } from "../validate.ts";
import {
  AlphaBetaPlayer,
  connectFourAlphaBetaPlayer,
  type EvaluationQuality,
  MctsPlayer,
  type Player,
  RandomPlayer,
  SolverPlayer,
} from "./player.ts";

/** The games players can be described for. */
export type GameName = "connect-four" | "tic-tac-toe";

/** The games {@linkcode GameName} lists, in order. */
export const GAME_NAMES: readonly GameName[] = ["connect-four", "tic-tac-toe"];

/**
 * A player as data:
 * - `{ kind: "alpha-beta", depth, quality? }`: {@linkcode AlphaBetaPlayer};
 *   on Connect Four `quality` picks the evaluation (default `"good"`), on
 *   tic-tac-toe the game's own `evaluate()` is used;
 * - `{ kind: "mcts", playouts?, maxNodes?, exploration?, seed?, solver? }`:
 *   {@linkcode MctsPlayer} (`solver: true`: MCTS-Solver);
 * - `{ kind: "solver", weak? }`: {@linkcode SolverPlayer} (Connect Four only);
 * - `{ kind: "random", seed? }`: {@linkcode RandomPlayer}.
 *
 * Each may carry a `name`.
 */
export type PlayerSpec =
  | {
    kind: "alpha-beta";
    depth: number;
    quality?: EvaluationQuality;
    name?: string;
  }
  | {
    kind: "mcts";
    playouts?: number;
    maxNodes?: number;
    exploration?: number;
    seed?: number;
    solver?: boolean;
    name?: string;
  }
  | { kind: "solver"; weak?: boolean; name?: string }
  | { kind: "random"; seed?: number; name?: string };

function checkGame(where: string, game: unknown): GameName {
  if (!GAME_NAMES.includes(game as GameName)) {
    throw new Error(
      `${where}: game must be one of ${GAME_NAMES.join(", ")}, got ${
        describe(game)
      }`,
    );
  }
  return game as GameName;
}

/**
 * Builds the player a spec describes.
 *
 * @param game `"connect-four"` or `"tic-tac-toe"`
 * @param spec the description
 * @returns a new player
 * @throws {Error} on an unknown game or kind, or a bad option of the player
 *
 * @example Players from plain data
 * ```ts
 * import assert from "node:assert/strict";
 * import { createPlayer } from "../../mod.ts";
 * const player = createPlayer("connect-four", { kind: "alpha-beta", depth: 4, quality: "poor" });
 * assert.equal(player.name, "poor d4");
 * assert.equal(createPlayer("tic-tac-toe", { kind: "mcts", playouts: 100 }).name, "mcts p100");
 * assert.equal(createPlayer("connect-four", { kind: "mcts", playouts: 100, solver: true }).name, "mcts-solver p100");
 * ```
 */
export function createPlayer(game: GameName, spec: PlayerSpec): Player {
  const where = "createPlayer";
  checkGame(where, game);
  if (spec === null || typeof spec !== "object") {
    throw new Error(`${where}: spec must be an object, got ${describe(spec)}`);
  }
  const { kind, ...options } = spec;
  switch (kind) {
    case "alpha-beta": {
      const { depth, quality, name } = spec;
      checkOptions(where, options, ["depth", "quality", "name"]);
      if (game === "connect-four") {
        return connectFourAlphaBetaPlayer(
          depth,
          quality ?? "good",
          name,
        ) as unknown as Player;
      }
      if (quality !== undefined) {
        throw new Error(`${where}: quality is for connect-four only`);
      }
      return new AlphaBetaPlayer(
        name === undefined ? { depth } : { depth, name },
      );
    }
    case "mcts":
      return new MctsPlayer(
        options as ConstructorParameters<typeof MctsPlayer>[0],
      );
    case "solver":
      if (game !== "connect-four") {
        throw new Error(`${where}: the solver plays connect-four only`);
      }
      return new SolverPlayer(options) as unknown as Player;
    case "random":
      return new RandomPlayer(options);
    default:
      throw new Error(
        `${where}: kind must be "alpha-beta", "mcts", "solver" or "random", got ${
          describe(kind)
        }`,
      );
  }
}

/**
 * Builds a position of `game` from its text: Connect Four's column digits
 * or tic-tac-toe's nine cells (what the records' `opening` holds).
 *
 * @param game `"connect-four"` or `"tic-tac-toe"`
 * @param text the position's `toString()`
 * @returns the position
 * @throws {Error} on an unknown game or a text the game's parser rejects
 *
 * @example Positions from their text
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePosition } from "../../mod.ts";
 * assert.equal(String(parsePosition("connect-four", "4453")), "4453");
 * assert.equal(String(parsePosition("tic-tac-toe", "X...O....")), "X...O....");
 * ```
 */
export function parsePosition(game: GameName, text: string): Position {
  checkGame("parsePosition", game);
  return game === "connect-four"
    ? ConnectFour.parse(text)
    : TicTacToe.parse(text);
}
