/**
 * Players and games described as plain data, so that a worker (another
 * JavaScript realm, which cannot receive objects with methods) can build
 * the same players and positions as the main thread.
 *
 * @module
 */

import {
  Chess,
  CHESS_EVALUATION_TERMS,
  type ChessEvaluation,
  type ChessEvaluationTerms,
} from "../games/chess/mod.ts";
import { ConnectFour } from "../games/connect_four.ts";
import { TicTacToe } from "../games/tic_tac_toe.ts";
import type { Position } from "../position.ts";
import { checkBoolean, checkOptions, describe } from "../validate.ts";
import {
  ALPHA_BETA_TABLE_ENTRIES,
  AlphaBetaPlayer,
  connectFourAlphaBetaPlayer,
  type EvaluationQuality,
  MAX_PLAYER_TABLE_ENTRIES,
  MctsPlayer,
  type Player,
  RandomPlayer,
  SearchPlayer,
  type SearchPlayerSearcher,
  type SearchPlayerSearchOptions,
  SolverPlayer,
} from "./player.ts";
import type { MoveOrder, MoveScorer } from "../search/ordering.ts";
import { BYTES_PER_ENTRY } from "../search/transposition_table.ts";
import { DEFAULT_TABLE_ENTRIES } from "../search/search_settings.ts";
import { DEFAULT_SOLVER_ENTRIES } from "../games/connect_four_solver.ts";
import {
  SOLVER_BYTES_PER_ENTRY,
  solverTableEntries,
} from "../games/_solver_table.ts";
import {
  CONNECT_FOUR_EVALUATIONS,
  type ConnectFourEvaluation,
  EvaluatedConnectFour,
} from "../games/connect_four_evaluation.ts";

/** The evaluated board with its columns generated left to right. */
class LeftToRight extends EvaluatedConnectFour {
  override generateMoves(out: Int32Array): number {
    const board = this.board;
    if (board.won) return 0;
    let count = 0;
    for (let col = 0; col < 7; col++) {
      if (board.canPlay(col)) out[count++] = col;
    }
    return count;
  }

  override clone(): this {
    return new LeftToRight(this.board.clone(), this.evaluation) as this;
  }
}

function connectFourEvaluation(quality: unknown): ConnectFourEvaluation {
  if (
    typeof quality !== "string" ||
    !Object.hasOwn(CONNECT_FOUR_EVALUATIONS, quality)
  ) {
    throw new Error(
      `createPlayer: quality must be "poor", "medium" or "good", got ${
        describe(quality)
      }`,
    );
  }
  return CONNECT_FOUR_EVALUATIONS[quality as EvaluationQuality];
}

/** The games players can be described for. */
export type GameName = "connect-four" | "tic-tac-toe" | "chess";

/** The games {@linkcode GameName} lists, in order. */
export const GAME_NAMES: readonly GameName[] = [
  "connect-four",
  "tic-tac-toe",
  "chess",
];

/**
 * A player as data:
 * - `{ kind: "alpha-beta", depth, quality? }`: {@linkcode AlphaBetaPlayer};
 *   on Connect Four `quality` picks the evaluation (default `"good"`), on
 *   tic-tac-toe the game's own `evaluate()` is used;
 * - `{ kind: "mcts", playouts?, maxNodes?, timeMs?, exploration?, seed?, solver? }`:
 *   {@linkcode MctsPlayer} (`solver: true`: MCTS-Solver);
 * - `{ kind: "solver", weak?, maxNodes? }`: {@linkcode SolverPlayer} (Connect
 *   Four only; `maxNodes` a move, without which a move may take hours);
 * - `{ kind: "random", seed? }`: {@linkcode RandomPlayer};
 * - `{ kind: "search", searcher?, maxNodes?, timeMs?, maxDepth?, table?,
 *   options?, quality? }`: {@linkcode SearchPlayer} (an anytime searcher
 *   with its options, for Elo tests at equal nodes or equal time);
 *   `options.order` takes the named orderings and `"static"`, the game's
 *   static order (centre first); `quality` as for alpha-beta; on Connect
 *   Four `columns: "left-to-right"` makes the natural order left to right
 *   (default `"centre-first"`, the board's own), so that centre first can
 *   be tested as a static order; on chess `"static"` is MVV-LVA (captures
 *   first) and `options.quiescence: true` (with `searcher: "deepening"`)
 *   searches captures at the horizon; on chess `evaluation: "engine"`
 *   searches with the engine's evaluation (a copy of the position made by
 *   `Chess.withEvaluation`), default the position's own (the course's),
 *   and `evaluationTerms` (with `evaluation: "engine"`) the terms it adds
 *   or changes, `{ pawnThreats?, safeMobility?, passerKings?, pieceThreats? }`
 *   (the UCI engine's are `CHESS_ENGINE_POSITION`'s).
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
    timeMs?: number;
    exploration?: number;
    seed?: number;
    solver?: boolean;
    name?: string;
  }
  | { kind: "solver"; weak?: boolean; name?: string; maxNodes?: number }
  | { kind: "random"; seed?: number; name?: string }
  | {
    kind: "search";
    searcher?: SearchPlayerSearcher;
    maxNodes?: number;
    timeMs?: number;
    maxDepth?: number;
    table?: number;
    options?: SearchSpecOptions;
    quality?: EvaluationQuality;
    columns?: "centre-first" | "left-to-right";
    evaluation?: ChessEvaluation;
    evaluationTerms?: ChessEvaluationTerms;
    name?: string;
  };

/** A named ordering of a spec: the searchers' and `"static"` (the game's static order). */
export type SpecOrder = MoveOrder | "static";

/** {@linkcode SearchPlayerSearchOptions} as data: orderings by name. */
export type SearchSpecOptions =
  & Omit<SearchPlayerSearchOptions, "order">
  & { order?: SpecOrder | readonly SpecOrder[] };

const TTT_CELLS = [1, 0, 1, 0, 2, 0, 1, 0, 1];
const STATIC_ORDERS: Record<GameName, MoveScorer> = {
  "connect-four": (_position, move) => 3 - Math.abs(move - 3),
  "tic-tac-toe": (_position, move) => TTT_CELLS[move] ?? 0,
  // Chess: captures first, most valuable victim, least valuable attacker.
  chess: (position, move) => (position as Chess).mvvLva(move),
};

function searchOptions(
  game: GameName,
  options: SearchSpecOptions | undefined,
): SearchPlayerSearchOptions | undefined {
  if (options === null || typeof options !== "object") {
    return options as undefined;
  }
  const { order } = options;
  if (order === undefined) return options as SearchPlayerSearchOptions;
  const named = (o: SpecOrder) => o === "static" ? STATIC_ORDERS[game] : o;
  return {
    ...options,
    order: Array.isArray(order) ? order.map(named) : named(order as SpecOrder),
  } as SearchPlayerSearchOptions;
}

/** Whether `position` is a position of `game`: one `instanceof`. */
function isOfGame(game: GameName, position: unknown): boolean {
  return game === "connect-four"
    ? position instanceof ConnectFour
    : game === "chess"
    ? position instanceof Chess
    : position instanceof TicTacToe;
}

/** The class of `game`'s positions, for messages. */
const GAME_CLASSES: Record<GameName, string> = {
  "connect-four": ConnectFour.name,
  "tic-tac-toe": TicTacToe.name,
  chess: Chess.name,
};

/** A fresh position of `game`: its start. */
function startOf(game: GameName): Position {
  return game === "connect-four"
    ? ConnectFour.empty()
    : game === "chess"
    ? Chess.start()
    : TicTacToe.empty();
}

/**
 * `player` (the same object), its `chooseMove` first refusing a position
 * of another game than `game`: one `instanceof` a move, so that a player
 * made for one game does not fail deep in its search on another's
 * position, or play it silently with the wrong game's static order.
 */
function forGame<T extends Player>(game: GameName, player: T): T {
  const choose = player.chooseMove;
  player.chooseMove = (position: Position) => {
    if (!isOfGame(game, position)) {
      throw new Error(
        `chooseMove of player ${
          JSON.stringify(player.name)
        } (made by createPlayer for ${game}): position must be a ${
          GAME_CLASSES[game]
        }, the game it was made for, got ${describe(position)}`,
      );
    }
    return choose.call(player, position);
  };
  return player;
}

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
 * @param game `"connect-four"`, `"tic-tac-toe"` or `"chess"`
 * @param spec the description
 * @returns a new player, whose `chooseMove` refuses a position of another
 *   game
 * @throws {Error} on an unknown game or kind, a bad option of the player,
 *   or a searcher option the game cannot support (`checkExtensions` on
 *   tic-tac-toe, which has no `isCheck()`)
 *
 * @example Players from plain data
 * ```ts
 * import assert from "node:assert/strict";
 * import { createPlayer, parsePosition } from "../../mod.ts";
 * const player = createPlayer("connect-four", { kind: "alpha-beta", depth: 4, quality: "poor" });
 * assert.equal(player.name, "poor d4");
 * assert.equal(createPlayer("tic-tac-toe", { kind: "mcts", playouts: 100 }).name, "mcts p100");
 * assert.equal(createPlayer("connect-four", { kind: "mcts", playouts: 100, solver: true }).name, "mcts-solver p100");
 * const engine = createPlayer("chess", {
 *   kind: "search", searcher: "deepening", maxNodes: 2000, table: 4096,
 *   options: { order: ["tt", "static", "killer", "history"], quiescence: true, nullMove: {} },
 * });
 * assert.equal(engine.name, "deepening n2000");
 * const pesto = createPlayer("chess", { kind: "search", searcher: "deepening", maxNodes: 2000, evaluation: "engine" });
 * assert.equal(pesto.name, "deepening n2000");
 * assert.throws(
 *   () => createPlayer("connect-four", { kind: "search", maxNodes: 10, evaluation: "engine" }),
 *   /createPlayer: evaluation is for chess only \(the game is connect-four\), got "engine"/,
 * );
 * createPlayer("chess", { kind: "search", maxNodes: 10, evaluation: "engine", evaluationTerms: { safeMobility: true } });
 * assert.throws(
 *   () => createPlayer("chess", { kind: "search", maxNodes: 10, evaluationTerms: { safeMobility: true } }),
 *   /createPlayer: evaluationTerms are terms of the engine evaluation; pass evaluation "engine" with them, got evaluation undefined/,
 * );
 * assert.throws(
 *   () => createPlayer("chess", { kind: "search", maxNodes: 10, evaluation: "engine", evaluationTerms: { safeMobility: 1 as never } }),
 *   /createPlayer: evaluationTerms.safeMobility must be a boolean, got 1/,
 * );
 * assert.throws(
 *   () => engine.chooseMove(parsePosition("tic-tac-toe", "X...O....")),
 *   /position must be a Chess, the game it was made for, got a TicTacToe/,
 * );
 * ```
 */
export function createPlayer(game: GameName, spec: PlayerSpec): Player {
  const where = "createPlayer";
  checkGame(where, game);
  return forGame(game, buildPlayer(where, game, spec, false));
}

/** What {@linkcode checkPlayerSpec} tells of a valid spec. */
export interface PlayerSpecCheck {
  /** The name the player will have. */
  name: string;
  /**
   * Bytes of the tables the player allocates once built (its own table,
   * or the one its searcher makes for each search): an alpha-beta
   * player's {@linkcode ALPHA_BETA_TABLE_ENTRIES}, a search player's
   * `table` (`"mtdf"` and `"sss"` without one: the table of each search),
   * a solver player's `entries` as its table rounds them; 0 for the others.
   */
  tableBytes: number;
  /** The spec's field that sets those bytes (`"table"`, `"entries"`), or null when none does. */
  tableField: "table" | "entries" | null;
}

/**
 * Checks a spec by every rule {@linkcode createPlayer} applies (the same
 * code: the player is built, but with tables of one entry in place of the
 * ones the spec asks for), without allocating the tables: a spec asking
 * for a table of 2^26 entries (1.5 GiB) is checked in microseconds. A
 * message from the network can ask for many such players; only the games
 * that play them should pay for their tables.
 *
 * @param game `"connect-four"`, `"tic-tac-toe"` or `"chess"`
 * @param spec the description
 * @returns the player's name and the bytes of its tables once built
 * @throws {Error} as {@linkcode createPlayer} throws, naming `checkPlayerSpec` (or the player's constructor) and the field
 *
 * @example Check a large player without building it
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkPlayerSpec } from "./player_spec.ts";
 * const check = checkPlayerSpec("connect-four", { kind: "search", maxNodes: 1000, table: 1 << 26 });
 * assert.deepEqual(check, { name: "alpha-beta n1000", tableBytes: 1.5 * 2 ** 30, tableField: "table" });
 * assert.equal(checkPlayerSpec("tic-tac-toe", { kind: "random" }).tableBytes, 0);
 * assert.throws(
 *   () => checkPlayerSpec("connect-four", { kind: "search", maxNodes: 1000, table: 2 ** 27 }),
 *   /table must be an integer in 1…67108864, got 134217728/,
 * );
 * ```
 */
export function checkPlayerSpec(
  game: GameName,
  spec: PlayerSpec,
): PlayerSpecCheck {
  const where = "checkPlayerSpec";
  checkGame(where, game);
  const player = buildPlayer(where, game, spec, true);
  const asked = spec as Record<string, unknown>;
  if (spec.kind === "alpha-beta") {
    return {
      name: player.name,
      tableBytes: ALPHA_BETA_TABLE_ENTRIES * BYTES_PER_ENTRY,
      tableField: null,
    };
  }
  if (spec.kind === "search") {
    const searcher = spec.searcher ?? "alpha-beta";
    const entries = spec.table ??
      (searcher === "mtdf" || searcher === "sss" ? DEFAULT_TABLE_ENTRIES : 0);
    return {
      name: player.name,
      tableBytes: entries * BYTES_PER_ENTRY,
      tableField: spec.table === undefined ? null : "table",
    };
  }
  if (spec.kind === "solver") {
    const entries = asked.entries as number | undefined;
    return {
      name: player.name,
      tableBytes: solverTableEntries(entries ?? DEFAULT_SOLVER_ENTRIES) *
        SOLVER_BYTES_PER_ENTRY,
      tableField: entries === undefined ? null : "entries",
    };
  }
  return { name: player.name, tableBytes: 0, tableField: null };
}

/**
 * The table size to check a spec with: one entry in place of any size the
 * constructor accepts (a size it refuses is passed on, for its own error).
 */
function checkedTableSize(entries: unknown): unknown {
  return entries === undefined ||
      (Number.isInteger(entries) && (entries as number) >= 1 &&
        (entries as number) <= MAX_PLAYER_TABLE_ENTRIES)
    ? 1
    : entries;
}

/**
 * {@linkcode createPlayer} for a known game, before the game check of its
 * moves; with `checkOnly`, every table of one entry (the rules are the
 * constructors' own, whatever the size).
 */
function buildPlayer(
  where: string,
  game: GameName,
  spec: PlayerSpec,
  checkOnly: boolean,
): Player {
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
          checkOnly ? 1 : undefined,
        ) as unknown as Player;
      }
      if (quality !== undefined) {
        throw new Error(`${where}: quality is for connect-four only`);
      }
      return new AlphaBetaPlayer({
        depth,
        ...(name === undefined ? {} : { name }),
        ...(checkOnly ? { entries: 1 } : {}),
      });
    }
    case "mcts":
      return new MctsPlayer(
        options as ConstructorParameters<typeof MctsPlayer>[0],
      );
    case "solver": {
      if (game !== "connect-four") {
        throw new Error(`${where}: the solver plays connect-four only`);
      }
      const { entries } = options as { entries?: unknown };
      return new SolverPlayer(
        checkOnly
          ? { ...options, entries: checkedTableSize(entries) as number }
          : options,
      ) as unknown as Player;
    }
    case "random":
      return new RandomPlayer(options);
    case "search": {
      const {
        kind: _kind,
        quality,
        columns,
        evaluation,
        evaluationTerms,
        options: search,
        ...given
      } = spec;
      // Checked with a table of one entry where the spec asks for one
      // (none stays none: some options need a table).
      const rest = checkOnly && given.table !== undefined
        ? { ...given, table: checkedTableSize(given.table) as number }
        : given;
      checkOptions(where, options, [
        "searcher",
        "maxNodes",
        "timeMs",
        "maxDepth",
        "table",
        "options",
        "quality",
        "columns",
        "evaluation",
        "evaluationTerms",
        "name",
      ]);
      if (evaluationTerms !== undefined) {
        if (evaluation !== "engine") {
          throw new Error(
            `${where}: evaluationTerms are terms of the engine evaluation; pass evaluation "engine" with them, got evaluation ${
              describe(evaluation)
            }`,
          );
        }
        // Checked here, so that the error names the spec's field.
        checkOptions(
          `${where}: evaluationTerms`,
          evaluationTerms,
          CHESS_EVALUATION_TERMS,
        );
        for (const [term, on] of Object.entries(evaluationTerms)) {
          checkBoolean(where, `evaluationTerms.${term}`, on);
        }
      }
      if (evaluation !== undefined && game !== "chess") {
        throw new Error(
          `${where}: evaluation is for chess only (the game is ${game}), got ${
            describe(evaluation)
          }`,
        );
      }
      if (game === "connect-four") {
        const evaluation = connectFourEvaluation(quality ?? "good");
        if (
          columns !== undefined && columns !== "centre-first" &&
          columns !== "left-to-right"
        ) {
          throw new Error(
            `${where}: columns must be "centre-first" or "left-to-right", got ${
              describe(columns)
            }`,
          );
        }
        const View = columns === "left-to-right"
          ? LeftToRight
          : EvaluatedConnectFour;
        return checkedFor(
          where,
          game,
          new SearchPlayer<ConnectFour>({
            ...rest,
            options: searchOptions(game, search),
            view: (board) => new View(board, evaluation),
          }),
        );
      }
      for (const [key, value] of [["quality", quality], ["columns", columns]]) {
        if (value !== undefined) {
          throw new Error(`${where}: ${key} is for connect-four only`);
        }
      }
      if (evaluation !== undefined) {
        if (evaluation !== "simplified" && evaluation !== "engine") {
          throw new Error(
            `${where}: evaluation must be "simplified" or "engine", got ${
              describe(evaluation)
            }`,
          );
        }
        return checkedFor(
          where,
          game,
          new SearchPlayer<Chess>({
            ...rest,
            options: searchOptions(game, search),
            view: (position) =>
              position.withEvaluation(evaluation, evaluationTerms),
          }),
        );
      }
      return checkedFor(
        where,
        game,
        new SearchPlayer({
          ...rest,
          options: searchOptions(game, search),
        }),
      );
    }
    default:
      throw new Error(
        `${where}: kind must be "alpha-beta", "mcts", "solver", "random" or "search", got ${
          describe(kind)
        }`,
      );
  }
}

/**
 * `player` once its searcher options are checked against `game`'s start
 * position (what the searcher checks on every move: `checkExtensions`
 * needs `isCheck()`, …), so that an option the game cannot support is
 * refused now, not on the first move.
 */
function checkedFor<P extends Position>(
  where: string,
  game: GameName,
  player: SearchPlayer<P>,
): Player {
  player.checkOptionsFor(startOf(game) as P, where);
  return player as unknown as Player;
}

/**
 * Builds a position of `game` from its text: Connect Four's column digits,
 * tic-tac-toe's nine cells or a chess FEN (what the records' `opening`
 * holds).
 *
 * @param game `"connect-four"`, `"tic-tac-toe"` or `"chess"`
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
 * const fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
 * assert.equal(String(parsePosition("chess", fen)), fen);
 * ```
 */
export function parsePosition(game: GameName, text: string): Position {
  checkGame("parsePosition", game);
  return game === "connect-four"
    ? ConnectFour.parse(text)
    : game === "chess"
    ? Chess.fromFen(text)
    : TicTacToe.parse(text);
}
