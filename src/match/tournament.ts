/**
 * Matches between players on any game: openings from a seeded list, colours
 * alternated (each opening is played twice, once with each player first),
 * results as PGN-like records that {@linkcode eloRatings} reads. Games run
 * one after another in this process; each game is a function of the
 * players, its opening and its seed alone, so a later version can spread
 * them over workers and get the same records.
 *
 * @module
 */

import { ConnectFour, randomConnectFour } from "../games/connect_four.ts";
import { solveConnectFour } from "../games/connect_four_solver.ts";
import type { Move, Position } from "../position.ts";
import { hashInts, Random } from "../random.ts";
import { checkInteger, checkOptions, describe } from "../validate.ts";
import type { EloGame } from "./elo.ts";
import type { Player } from "../players/player.ts";
import { type Adjudication, Adjudicator } from "./adjudication.ts";
import { checkDistinctNames } from "./_player_names.ts";

/** A finished game. */
export interface GameRecord {
  /** The game's number in its match or tournament, from 0. */
  round: number;
  /** The opening, as the position's `toString()` (Connect Four: its column digits). */
  opening: string;
  /** Indices of the players (in the list given to the runner): [moved first from the opening, second]. */
  seats: [number, number];
  /** Their names, in the same order. */
  players: [string, string];
  /** The moves played from the opening. */
  moves: Move[];
  /** PGN style, for the player who moved first: `"1-0"`, `"0-1"` or `"1/2-1/2"`. */
  result: "1-0" | "0-1" | "1/2-1/2";
  /** Nodes each spent over the game, in seat order. */
  nodes: [number, number];
  /** The seed the players were given for this game. */
  seed: number;
  /** Set when the game was ended by the players' scores (`playGame`'s `adjudication`), not by its rules. */
  adjudicated?: "resign" | "draw";
}

/** Options of {@linkcode playGame}. */
export interface PlayGameOptions {
  /** End the game early when both players' scores agree (see `adjudication.ts`); absent: play to the end. */
  adjudication?: Adjudication;
}

/**
 * Plies after which {@linkcode playGame} gives up on a game with a clear
 * error: a position whose game never ends would otherwise play for ever.
 */
export const MAX_GAME_PLIES = 1 << 16;

/**
 * Games a round robin may schedule (players × (players − 1) / 2 ×
 * gamesPerPair): more is an error before any game is played, rather than
 * a schedule that fills the memory.
 */
export const MAX_SCHEDULED_GAMES = 1_000_000;

/**
 * Plays one game from `opening` (not changed): `first` moves first. Every
 * move is checked legal and every player checked to leave the position as
 * it found it.
 *
 * @param opening an unfinished position
 * @param first the player to move first
 * @param second the other player
 * @param seed given to both players' `newGame` (integer 0…2^32 − 1)
 * @param options `adjudication`: end the game early by the players' scores
 * @returns the record, with `round` 0 and seats [0, 1] (`adjudicated` set
 *   when a rule of `adjudication` ended it)
 * @throws {Error} when a player returns an illegal move or changes the position
 *
 * @example Perfect tic-tac-toe against itself is a draw
 * ```ts
 * import assert from "node:assert/strict";
 * import { AlphaBetaPlayer, playGame, TicTacToe } from "../../mod.ts";
 * const perfect = new AlphaBetaPlayer<TicTacToe>({ depth: 9 });
 * const record = playGame(TicTacToe.empty(), perfect, perfect, 0);
 * assert.equal(record.result, "1/2-1/2");
 * assert.equal(record.moves.length, 9);
 * ```
 */
export function playGame<P extends Position>(
  opening: P,
  first: Player<P>,
  second: Player<P>,
  seed: number,
  options: PlayGameOptions = {},
): GameRecord {
  checkInteger("playGame", "seed", seed, 0, 0xffffffff);
  checkOptions("playGame", options, ["adjudication"]);
  const judge = options.adjudication === undefined
    ? null
    : new Adjudicator(options.adjudication);
  let adjudicated:
    | { result: GameRecord["result"]; rule: "resign" | "draw" }
    | null = null;
  const position = opening.clone();
  const moves: Move[] = [];
  const nodes: [number, number] = [0, 0];
  const buffer = new Int32Array(position.maxMoves);
  first.newGame(seed);
  second.newGame(seed);
  position.markRoot?.();
  while (!position.isTerminal()) {
    if (moves.length >= MAX_GAME_PLIES) {
      throw new Error(
        `playGame: the game passed MAX_GAME_PLIES = ${MAX_GAME_PLIES} plies without ending (a game without an end, or players that never finish it)`,
      );
    }
    const side = moves.length & 1;
    const player = side === 0 ? first : second;
    const key = position.key();
    const move = player.chooseMove(position);
    if (position.key() !== key) {
      throw new Error(
        `playGame: ${player.name} changed the position (after ${
          moves.join(",") || "no moves"
        })`,
      );
    }
    const count = position.generateMoves(buffer);
    if (!buffer.subarray(0, count).includes(move)) {
      throw new Error(
        `playGame: ${player.name} chose ${
          describe(move)
        }, not a legal move of ${String(position)}`,
      );
    }
    nodes[side] = nodes[side]! + player.lastNodes;
    position.play(move);
    moves.push(move);
    // Chess: the game's repetitions count three times, the next search's once.
    position.markRoot?.();
    const verdict = judge?.add(player.lastValue) ?? null;
    if (verdict !== null && !position.isTerminal()) {
      adjudicated = {
        result: verdict,
        rule: verdict === "1/2-1/2" ? "draw" : "resign",
      };
      break;
    }
  }
  // The side to move at the end has lost (negative), drawn (0) or won.
  const end = Math.sign(position.evaluate());
  const firstToMoveAtEnd = (moves.length & 1) === 0;
  const firstScore = end === 0 ? 0.5 : (end > 0) === firstToMoveAtEnd ? 1 : 0;
  const record: GameRecord = {
    round: 0,
    opening: String(opening),
    seats: [0, 1],
    players: [first.name, second.name],
    moves,
    result: firstScore === 1 ? "1-0" : firstScore === 0 ? "0-1" : "1/2-1/2",
    nodes,
    seed,
  };
  if (adjudicated !== null) {
    record.result = adjudicated.result;
    record.adjudicated = adjudicated.rule;
  }
  return record;
}

/** Options of {@linkcode roundRobin}. */
export interface RoundRobinOptions<P extends Position> {
  /** The openings (unfinished positions); shuffled by the seed, then used in turn. */
  openings: readonly P[];
  /** Games between every pair: an even number, each opening once with each colour (default 2). */
  gamesPerPair?: number;
  /** Seed of the opening order and of the players' game seeds (integer 0…2^32 − 1, default 0). */
  seed?: number;
}

/**
 * Every pair of `players` plays `gamesPerPair` games; games come in pairs
 * on one opening with the colours swapped. Two players make a match.
 *
 * @param players two or more players of the same game
 * @param options `openings`, `gamesPerPair`, `seed`
 * @returns the records, in order
 * @throws {Error} on a bad option, or when a game throws
 *
 * @example A depth-4 searcher against a random player, two openings
 * ```ts
 * import assert from "node:assert/strict";
 * import {
 *   ConnectFour,
 *   connectFourAlphaBetaPlayer,
 *   eloGames,
 *   RandomPlayer,
 *   roundRobin,
 * } from "../../mod.ts";
 * const players = [connectFourAlphaBetaPlayer(4, "good"), new RandomPlayer<ConnectFour>({ seed: 1 })];
 * const openings = [ConnectFour.parse("44"), ConnectFour.parse("3")];
 * const records = roundRobin(players, { openings, gamesPerPair: 4, seed: 2 });
 * assert.equal(records.length, 4);
 * assert.equal(records[0]!.opening, records[1]!.opening);
 * assert.deepEqual(records[1]!.seats, [1, 0]);
 * assert.ok(eloGames(records).every((game) => game.a === 0 ? game.score === 1 : game.score === 0));
 * ```
 */
export function roundRobin<P extends Position>(
  players: readonly Player<P>[],
  options: RoundRobinOptions<P>,
): GameRecord[] {
  const where = "roundRobin";
  if (!Array.isArray(players) || players.length < 2) {
    throw new Error(
      `${where}: players must be an array of at least 2 players, got ${
        describe(players)
      }`,
    );
  }
  checkOptions(where, options, ["openings", "gamesPerPair", "seed"]);
  checkDistinctNames(where, players.map((player) => player?.name));
  const openings = options?.openings;
  if (!Array.isArray(openings) || openings.length === 0) {
    throw new Error(
      `${where}: openings must be a non-empty array of positions, got ${
        describe(openings)
      }`,
    );
  }
  openings.forEach((opening, i) => {
    if (
      opening === null || typeof opening !== "object" ||
      typeof opening.isTerminal !== "function" || opening.isTerminal()
    ) {
      throw new Error(
        `${where}: openings[${i}] must be an unfinished position, got ${
          describe(opening)
        }`,
      );
    }
  });
  const records: GameRecord[] = [];
  for (
    const game of scheduleRoundRobin(players.length, openings.length, {
      gamesPerPair: options.gamesPerPair,
      seed: options.seed,
    })
  ) {
    const [first, second] = game.seats;
    const record = playGame(
      openings[game.opening]!,
      players[first]!,
      players[second]!,
      game.seed,
    );
    record.round = game.round;
    record.seats = game.seats;
    records.push(record);
  }
  return records;
}

/** One game of a round robin's schedule. */
export interface ScheduledGame {
  /** Its number, from 0. */
  round: number;
  /** Index of its opening in the openings list. */
  opening: number;
  /** Player indices: [moves first, second]. */
  seats: [number, number];
  /** The seed both players get for it. */
  seed: number;
}

/**
 * The games {@linkcode roundRobin} plays, in order: for every pair (a, b)
 * with a < b, `gamesPerPair / 2` openings, each played with a first and
 * then with b first; openings are taken in turn from a shuffle seeded by
 * `seed`; game `round` gives the players the seed `hashInts(seed, round, 0)`.
 * A game depends on nothing else, so the schedule can be played in any
 * order or split among workers.
 *
 * @param players how many players (2…1000)
 * @param openings how many openings (1…10^6)
 * @param options `gamesPerPair` (even, default 2), `seed` (default 0)
 * @returns the games
 * @throws {Error} on a bad count or option
 *
 * @example Three players: each pair plays one opening with both colours
 * ```ts
 * import assert from "node:assert/strict";
 * import { scheduleRoundRobin } from "../../mod.ts";
 * const games = scheduleRoundRobin(3, 10, { gamesPerPair: 2 });
 * assert.deepEqual(games.map((g) => g.seats.join("")), ["01", "10", "02", "20", "12", "21"]);
 * assert.equal(games[0]!.opening, games[1]!.opening);
 * ```
 */
export function scheduleRoundRobin(
  players: number,
  openings: number,
  options?: { gamesPerPair?: number | undefined; seed?: number | undefined },
): ScheduledGame[] {
  // Named as roundRobin, whose schedule this is and whose options these
  // are: the runners pass their own on (roundRobin, parallel, sprt).
  const where = "roundRobin";
  checkInteger(where, "players.length", players, 2, 1000);
  checkInteger(where, "openings.length", openings, 1, 1_000_000);
  checkOptions(where, options, ["gamesPerPair", "seed"]);
  const perPair = options?.gamesPerPair ?? 2;
  checkInteger(where, "gamesPerPair", perPair, 2, 1_000_000);
  if (perPair % 2 !== 0) {
    throw new Error(
      `${where}: gamesPerPair must be even (each opening with both colours), got ${perPair}`,
    );
  }
  const seed = options?.seed === undefined
    ? 0
    : checkInteger(where, "seed", options.seed, 0, 0xffffffff);
  // A seeded shuffle of the openings, cycled through.
  const order = Array.from({ length: openings }, (_, i) => i);
  const random = new Random(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const total = players * (players - 1) / 2 * perPair;
  if (total > MAX_SCHEDULED_GAMES) {
    throw new Error(
      `${where}: ${players} players with gamesPerPair ${perPair} make ${total} games, more than MAX_SCHEDULED_GAMES = ${MAX_SCHEDULED_GAMES}`,
    );
  }
  const games: ScheduledGame[] = [];
  let next = 0;
  for (let a = 0; a < players; a++) {
    for (let b = a + 1; b < players; b++) {
      for (let k = 0; k < perPair; k += 2) {
        const opening = order[next++ % order.length]!;
        for (const seats of [[a, b], [b, a]] as [number, number][]) {
          const round = games.length;
          games.push({ round, opening, seats, seed: hashInts(seed, round, 0) });
        }
      }
    }
  }
  return games;
}

/** The first player's score for each result a record may hold. */
const RESULT_SCORES: ReadonlyMap<string, number> = new Map([
  ["1-0", 1],
  ["0-1", 0],
  ["1/2-1/2", 0.5],
]);

/**
 * Whether `value` is one of the results a {@linkcode GameRecord} may hold:
 * `"1-0"`, `"0-1"` or `"1/2-1/2"`. Records that come from elsewhere (a
 * worker, a cache) are checked with it before they are scored: any other
 * text is an error, never a draw.
 *
 * @param value anything
 * @returns whether it is a record's result
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isGameResult } from "../../mod.ts";
 * assert.ok(isGameResult("1/2-1/2"));
 * assert.ok(!isGameResult("*") && !isGameResult(undefined));
 * ```
 */
export function isGameResult(value: unknown): value is GameRecord["result"] {
  return typeof value === "string" && RESULT_SCORES.has(value);
}

/**
 * The games of `records` for {@linkcode eloRatings}: seats as player
 * indices, the first mover's score.
 *
 * @param records game records
 * @returns one game per record
 *
 * @example A record as an Elo game
 * ```ts
 * import assert from "node:assert/strict";
 * import { eloGames, type GameRecord } from "../../mod.ts";
 * const record = { seats: [1, 0], result: "0-1" } as GameRecord;
 * assert.deepEqual(eloGames([record]), [{ a: 1, b: 0, score: 0 }]);
 * ```
 */
export function eloGames(records: readonly GameRecord[]): EloGame[] {
  return records.map(({ seats, result }, i) => {
    // Only a draw scores one half: any other text is an error, not a draw.
    const score = RESULT_SCORES.get(result);
    if (score === undefined) {
      throw new Error(
        `eloGames: records[${i}].result must be "1-0", "0-1" or "1/2-1/2", got ${
          describe(result)
        }`,
      );
    }
    return { a: seats[0], b: seats[1], score };
  });
}

/**
 * A record as PGN-like text: tag pairs, then the moves and the result.
 * Moves are written as the game's move numbers; `formatMove` can write
 * them otherwise (Connect Four: `(m) => String(m + 1)`).
 *
 * @param record a game record
 * @param formatMove how to write a move (default: the number)
 * @returns the text
 *
 * @example Perfect tic-tac-toe after a corner opening: a draw
 * ```ts
 * import assert from "node:assert/strict";
 * import { AlphaBetaPlayer, formatRecord, playGame, TicTacToe } from "../../mod.ts";
 * const perfect = new AlphaBetaPlayer<TicTacToe>({ depth: 9, name: "perfect" });
 * const text = formatRecord(playGame(TicTacToe.parse("X........"), perfect, perfect, 0));
 * assert.ok(text.startsWith('[Round "0"]\n[Opening "X........"]\n[First "perfect"]'));
 * assert.ok(text.endsWith("1/2-1/2\n"));
 * ```
 */
export function formatRecord(
  record: GameRecord,
  formatMove: (move: Move) => string = String,
): string {
  const tags = [
    ["Round", String(record.round)],
    ["Opening", record.opening],
    ["First", record.players[0]],
    ["Second", record.players[1]],
    ["Result", record.result],
    ["Nodes", record.nodes.join(" ")],
    ["Seed", String(record.seed)],
  ];
  return `${tags.map(([tag, value]) => `[${tag} "${value}"]`).join("\n")}\n\n${
    [...record.moves.map(formatMove), record.result].join(" ")
  }\n`;
}

/** Options of {@linkcode connectFourOpenings}. */
export interface ConnectFourOpeningsOptions {
  /** Stones in each opening (0…20, default 4). */
  stones?: number;
  /** Seed (integer 0…2^32 − 1, default 0). */
  seed?: number;
  /**
   * Keep only openings that are draws under perfect play (solved weakly;
   * costly below about 8 stones: the solver may take seconds per opening).
   */
  balanced?: boolean;
}

/**
 * Distinct seeded random Connect Four openings (no game over in them).
 *
 * @param count how many (1…10,000)
 * @param options `stones`, `seed`, `balanced`
 * @returns the openings
 * @throws {Error} on a bad option, or when too few distinct openings turn up
 *
 * @example Ten distinct four-stone openings
 * ```ts
 * import assert from "node:assert/strict";
 * import { connectFourOpenings } from "../../mod.ts";
 * const openings = connectFourOpenings(10, { stones: 4, seed: 1 });
 * assert.equal(new Set(openings.map(String)).size, 10);
 * assert.ok(openings.every((p) => p.moveCount === 4));
 * ```
 */
export function connectFourOpenings(
  count: number,
  options?: ConnectFourOpeningsOptions,
): ConnectFour[] {
  const where = "connectFourOpenings";
  checkInteger(where, "count", count, 1, 10_000);
  checkOptions(where, options, ["stones", "seed", "balanced"]);
  const stones = checkInteger(where, "stones", options?.stones ?? 4, 0, 20);
  const seed = checkInteger(where, "seed", options?.seed ?? 0, 0, 0xffffffff);
  const balanced = options?.balanced ?? false;
  if (typeof balanced !== "boolean") {
    throw new Error(
      `${where}: balanced must be a boolean, got ${describe(balanced)}`,
    );
  }
  const seen = new Set<string>();
  const openings: ConnectFour[] = [];
  for (let k = 0; openings.length < count && k < 100 * count + 1000; k++) {
    const position = stones === 0
      ? ConnectFour.empty()
      : randomConnectFour(stones, hashInts(seed, k, 2));
    const text = position.toString();
    if (seen.has(text)) continue;
    seen.add(text);
    if (balanced && solveConnectFour(position, { weak: true }).score !== 0) {
      continue;
    }
    openings.push(position);
  }
  if (openings.length < count) {
    throw new Error(
      `${where}: found only ${openings.length} distinct openings of ${stones} stones, asked for ${count}`,
    );
  }
  return openings;
}
