/**
 * Chess matches between two engines: games from opening lines with colours
 * alternated, adjudicated by the rules on this project's {@linkcode Chess}
 * (checkmate, stalemate, the fifty-move rule, threefold repetition,
 * insufficient material) plus a draw after a maximum number of plies, each
 * written as PGN by chess.js, and the score as an Elo difference with its
 * 95% interval ({@linkcode eloRatings}). An engine is a fault domain: a
 * move that is not legal loses that game for it; so does no move (the null
 * move `0000`, `(none)`, a bare `bestmove`) or a `move`/`newGame` that
 * throws (a crashed, silent or flooding UCI process), and the match then
 * calls that engine's `restart` before the next game, and stops with a
 * {@linkcode ChessMatchError} (holding the games so far) only when the
 * restart fails; each reason is in the record and the PGN's
 * `Termination` tag. The engines are anything with an
 * async `move`: UCI subprocesses ({@linkcode UciProcess}) in
 * `deno task match`, plain functions in tests.
 *
 * @module
 */

import { Chess } from "../games/chess/mod.ts";
import {
  isPgnTagValue,
  type PgnGame,
  writePgn,
} from "../games/chess/notation.ts";
import { checkInteger, checkOptions, describe } from "../validate.ts";
import { type EloGame, eloRatings } from "../match/elo.ts";
import type { UciProcess } from "./uci_engine.ts";
import { UciError } from "./uci_error.ts";

/** An opening: a name and moves in UCI from the start position. */
export interface ChessOpening {
  /** Its name (for the PGN's `Opening` tag). */
  name: string;
  /** Its moves in UCI. */
  moves: string[];
}

/**
 * Why an opening cannot start a match's games, or null when it can: each
 * move must be a legal move in UCI from the start, in turn; the moves must
 * leave a position the rules a match plays by have not ended (checkmate,
 * stalemate, insufficient material, the fifty-move rule, threefold
 * repetition: every game from it would be scored with no engine move);
 * the name becomes each game's PGN `Opening` tag, so it holds no quote,
 * backslash or control character.
 *
 * @param name the opening's name
 * @param moves its moves
 * @returns the reason, for a message that names where the opening came from
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openingProblem } from "./chess_match.ts";
 * assert.equal(openingProblem("Open", ["e2e4", "e7e5"]), null);
 * assert.match(openingProblem("x", ["e2e5"])!, /^"e2e5" is not a legal move in /);
 * assert.match(
 *   openingProblem("Fool's mate", ["f2f3", "e7e5", "g2g4", "d8h4"])!,
 *   /must leave an unfinished position/,
 * );
 * assert.match(openingProblem('a "b"', [])!, /must not hold a quote/);
 * assert.match(openingProblem("x", "e2e4")!, /must be an array of moves/);
 * ```
 */
export function openingProblem(
  name: unknown,
  moves: unknown,
): string | null {
  if (typeof name !== "string") {
    return `the name must be a string, got ${describe(name)}`;
  }
  if (!Array.isArray(moves)) {
    return `the moves of ${
      describe(name)
    } must be an array of moves in UCI, got ${describe(moves)}`;
  }
  const position = Chess.start();
  for (const uci of moves) {
    try {
      position.play(position.moveFromUci(uci));
    } catch {
      return `${describe(uci)} is not a legal move in ${position.toFen()}`;
    }
  }
  // The rules playChessGame applies before the first engine move.
  const ended = adjudicate(position);
  if (ended !== null) {
    return `the opening ${
      describe(name)
    } must leave an unfinished position, got ${
      ended[1]
    } after its ${moves.length} plies (no engine would move)`;
  }
  if (!isPgnTagValue(name)) {
    // The name becomes each game's Opening tag: refused here, not after
    // a game was played.
    return `the name ${
      describe(name)
    } must not hold a quote, a backslash or a control character (it is the PGN's Opening tag)`;
  }
  return null;
}

/**
 * The openings of a text: `name ; uci uci ...` a line, `#` comments and
 * blank lines skipped (the format of `data/chess/openings.txt`). A line
 * whose moves end the game by the rules a match plays by (checkmate,
 * stalemate, insufficient material, the fifty-move rule, threefold
 * repetition) is refused: every game from it would be scored with no
 * engine having moved.
 *
 * @throws {Error} naming the line whose moves are not legal, that has no
 *   `;`, or whose moves end the game (and how)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readOpenings } from "../../mod.ts";
 * const [open] = readOpenings("# two lines\nOpen Game ; e2e4 e7e5\n");
 * assert.deepEqual(open, { name: "Open Game", moves: ["e2e4", "e7e5"] });
 * assert.throws(() => readOpenings("Bad ; e2e5"), /readOpenings: line 1: "e2e5" is not a legal move/);
 * assert.throws(
 *   () => readOpenings("Fool ; f2f3 e7e5 g2g4 d8h4"),
 *   /readOpenings: line 1: the opening "Fool" must leave an unfinished position, got checkmate after its 4 plies/,
 * );
 * ```
 */
export function readOpenings(text: string): ChessOpening[] {
  const openings: ChessOpening[] = [];
  String(text).split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const at = line.indexOf(";");
    if (at < 0) {
      throw new Error(
        `readOpenings: line ${i + 1}: expected "name ; moves in UCI", got ${
          describe(line)
        }`,
      );
    }
    const moves = line.slice(at + 1).trim().split(/\s+/).filter((m) => m);
    const name = line.slice(0, at).trim();
    const problem = openingProblem(name, moves);
    if (problem !== null) {
      throw new Error(`readOpenings: line ${i + 1}: ${problem}`);
    }
    openings.push({ name, moves });
  });
  return openings;
}

/**
 * Openings cut from real games: the first `plies` moves of each game that
 * has more and that they leave unfinished by the rules of a match, each
 * distinct line once, in the games' order; named by the game's players and
 * round (a quote, backslash or control character of theirs, which a PGN
 * tag may not hold, becomes "?"). Real games' openings are as balanced as
 * the players made them, and there are many more than a hand-written list.
 *
 * @throws {Error} when `plies` is not an integer in 1…100
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openingsFromGames, readPgnGames } from "../../mod.ts";
 * const games = readPgnGames(`[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[White "C"]\n\n1. e4 e5 2. Nc3 Nc6 *\n`);
 * assert.deepEqual(openingsFromGames(games, 2), [{ name: "A - B, 2 plies", moves: ["e2e4", "e7e5"] }]);
 * assert.ok(openingsFromGames(games, 3).length === 2);
 * ```
 */
export function openingsFromGames(
  games: readonly PgnGame[],
  plies: number,
): ChessOpening[] {
  checkInteger("openingsFromGames", "plies", plies, 1, 100);
  const seen = new Set<string>();
  const openings: ChessOpening[] = [];
  for (const game of games) {
    if (game.moves.length <= plies || game.fens[0] !== Chess.start().toFen()) {
      continue;
    }
    const moves = game.moves.slice(0, plies);
    const key = moves.join(" ");
    if (seen.has(key)) continue;
    // A line the rules of a match end (a threefold repetition or fifty
    // moves the players went past without claiming; insufficient
    // material) is no opening: every game from it would be scored before
    // an engine moved. Skipped, as a game too short is, not refused: one
    // such game would otherwise make a whole file of real games useless
    // (data/chess/games.pgn holds such lines from 60 plies on).
    const position = Chess.start();
    for (const uci of moves) position.play(position.moveFromUci(uci));
    if (adjudicate(position) !== null) continue;
    seen.add(key);
    const { White = "?", Black = "?", Round } = game.headers;
    const name = `${White} - ${Black}${
      Round && Round !== "?" ? ` (round ${Round})` : ""
    }, ${plies} plies`;
    // The name becomes each game's Opening tag: the players' names are
    // made fit for it as an engine's text is (tagText), uncut.
    openings.push({ name: tagText(name, Infinity), moves });
  }
  return openings;
}

/**
 * Why a ply limit leaves the games of one of `openings` no engine move, or
 * null when it does not: a game is a draw once it has `maxPlies` plies,
 * the opening's included, so a limit at or below an opening's length ends
 * every game from it, scored, before an engine has moved.
 *
 * @param name how the message names the limit (`maxPlies`, `--max-plies`)
 * @param maxPlies the limit
 * @param openings the openings
 * @returns the rule broken, naming the limit, its value and the longest
 *   opening; or null
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { maxPliesProblem } from "../../mod.ts";
 * const openings = [{ name: "Open", moves: ["e2e4", "e7e5"] }, { name: "e4", moves: ["e2e4"] }];
 * assert.equal(maxPliesProblem("maxPlies", 3, openings), null);
 * assert.equal(
 *   maxPliesProblem("maxPlies", 2, openings),
 *   'maxPlies must be above the longest opening\'s plies, got 2 with "Open" of 2 plies (every game from it would be a draw before an engine moved)',
 * );
 * ```
 */
export function maxPliesProblem(
  name: string,
  maxPlies: number,
  openings: readonly ChessOpening[],
): string | null {
  const longest = openings.reduce<ChessOpening | null>(
    (best, opening) =>
      best === null || opening.moves.length > best.moves.length
        ? opening
        : best,
    null,
  );
  if (longest === null || maxPlies > longest.moves.length) return null;
  return `${name} must be above the longest opening's plies, got ${maxPlies} with ${
    describe(longest.name)
  } of ${longest.moves.length} plies (every game from it would be a draw before an engine moved)`;
}

/** One side of a match: a name and a move for the game so far. */
export interface ChessMover {
  /** Its name (PGN tags, reports). */
  readonly name: string;
  /** Called before each game (a UCI engine's `ucinewgame`). */
  newGame?(): Promise<void>;
  /** Its move in UCI for the position after `moves` (UCI, from the start position). */
  move(moves: readonly string[]): Promise<string>;
  /**
   * Called by {@linkcode playChessMatch} after a game in which `move` or
   * `newGame` threw, before the next game: a UCI engine starts a new
   * process. When it throws, the match stops.
   */
  restart?(): Promise<void>;
}

/** A finished game. */
export interface ChessGameRecord {
  /** White's name. */
  white: string;
  /** Black's name. */
  black: string;
  /** The opening's name. */
  opening: string;
  /** Every move in UCI from the start position, the opening's included. */
  moves: string[];
  /** The result. */
  result: "1-0" | "0-1" | "1/2-1/2";
  /**
   * Why it ended: `"checkmate"`, `"stalemate"`, `"fifty-move rule"`,
   * `"threefold repetition"`, `"insufficient material"`, `"max plies"`,
   * `"illegal move <uci> by <name>"`, or a fault of an engine:
   * `"<name> answered with no move"`, `"<name> crashed"`,
   * `"<name> did not answer in time"`,
   * `"<name> flooded its output"`, `"<name> was not running"`,
   * `"<name> failed"`.
   */
  reason: string;
  /** Which side's engine failed (no move, a throw from `move` or `newGame`), or null. */
  faultSide: "white" | "black" | null;
  /** That engine's error message, in full (one line), or null. */
  fault: string | null;
  /** The game as PGN (chess.js). */
  pgn: string;
}

/** Options of {@linkcode playChessGame} and {@linkcode playChessMatch}. */
export interface ChessGameOptions {
  /** A draw is adjudicated after this many plies in all, the opening's included (default 300). */
  maxPlies?: number;
  /** PGN tags added to every game (`Event`, ...). */
  headers?: Record<string, string>;
}

const GAME_KEYS = ["maxPlies", "headers"];

/**
 * Plays one game from `opening` between `white` and `black` (after the
 * opening's moves the side to move asks its engine) and adjudicates it by
 * the rules, then by `maxPlies` as a draw. A move that is not legal loses
 * the game for the side that sent it, and so does no move (`"0000"`,
 * `"(none)"`, `""`: a side is asked only when it has moves), which counts
 * as a fault of its engine (`faultSide`, `NAME answered with no move`).
 *
 * @example Two "engines" that play their first legal move
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess, type ChessMover, playChessGame } from "../../mod.ts";
 * const first = (name: string): ChessMover => ({
 *   name,
 *   move: (moves) => {
 *     const position = Chess.start();
 *     for (const uci of moves) position.play(position.moveFromUci(uci));
 *     return Promise.resolve(position.moveToUci(position.legalMoves()[0]!));
 *   },
 * });
 * const game = await playChessGame(first("a"), first("b"), { name: "e4", moves: ["e2e4"] }, { maxPlies: 20 });
 * assert.ok(game.moves.length <= 20 && game.moves[0] === "e2e4");
 * assert.match(game.pgn, /\[White "a"\]/);
 * ```
 */
export async function playChessGame(
  white: ChessMover,
  black: ChessMover,
  opening: ChessOpening,
  options?: ChessGameOptions,
): Promise<ChessGameRecord> {
  checkOptions("playChessGame", options, GAME_KEYS);
  const maxPlies = options?.maxPlies ?? 300;
  checkInteger("playChessGame", "maxPlies", maxPlies, 1, 100_000);
  let faultSide: ChessGameRecord["faultSide"] = null;
  let fault: string | null = null;
  let result: ChessGameRecord["result"] = "1/2-1/2";
  let reason = "";
  const failed = (side: "white" | "black", error: unknown) => {
    const mover = side === "white" ? white : black;
    faultSide = side;
    fault = error instanceof Error ? error.message : String(error);
    result = side === "white" ? "0-1" : "1-0";
    reason = faultReason(mover.name, error);
  };
  try {
    await white.newGame?.();
  } catch (error) {
    failed("white", error);
  }
  if (faultSide === null) {
    try {
      await black.newGame?.();
    } catch (error) {
      failed("black", error);
    }
  }
  const position = Chess.start();
  const moves: string[] = [];
  for (const uci of opening.moves) {
    position.play(position.moveFromUci(uci));
    moves.push(uci);
  }
  while (faultSide === null) {
    const ended = adjudicate(position);
    if (ended !== null) {
      [result, reason] = ended;
      break;
    }
    if (moves.length >= maxPlies) {
      reason = "max plies";
      break;
    }
    const side = position.turn() === 1 ? "white" : "black";
    const mover = side === "white" ? white : black;
    let uci: string;
    try {
      uci = await mover.move(moves);
    } catch (error) {
      failed(side, error);
      break;
    }
    if (NO_MOVES.includes(uci)) {
      // Not an illegal move: the engine moved nothing (found by review:
      // a bare bestmove was reported as "illegal move 0000").
      failed(
        side,
        new NoMoveError(
          `${mover.name} answered with no move (${JSON.stringify(uci)})`,
        ),
      );
      break;
    }
    let move: number;
    try {
      move = position.moveFromUci(uci);
    } catch {
      result = side === "white" ? "0-1" : "1-0";
      reason = `illegal move ${tagText(String(uci), 20)} by ${mover.name}`;
      break;
    }
    position.play(move);
    moves.push(uci);
  }
  const pgn = writePgn({
    headers: {
      ...options?.headers,
      White: white.name,
      Black: black.name,
      Opening: opening.name,
      Termination: tagText(reason, 200),
    },
    // A rejected move is not written: chess.js would refuse it.
    moves,
    result,
  });
  return {
    white: white.name,
    black: black.name,
    opening: opening.name,
    moves,
    result,
    reason,
    faultSide,
    fault,
    pgn,
  };
}

/** How an engine says it has no move: UCI's null move, Stockfish's word, nothing. */
const NO_MOVES: readonly unknown[] = ["0000", "(none)", ""];

/** An engine that answered with no move (in a position that has moves). */
class NoMoveError extends Error {
  override name = "NoMoveError";
}

/** What a failed engine did, in a few words, for the record and the PGN. */
function faultReason(name: string, error: unknown): string {
  if (error instanceof NoMoveError) return `${name} answered with no move`;
  if (error instanceof UciError) {
    const did = {
      spawn: "was not running",
      closed: "was not running",
      exit: "crashed",
      timeout: "did not answer in time",
      flood: "flooded its output",
    }[error.fault];
    return `${name} ${did}`;
  }
  return `${name} failed`;
}

/**
 * Text an engine chose, fit for a PGN tag: chess.js writes tags unescaped,
 * so quotes, backslashes and control characters are replaced; cut to `max`.
 */
function tagText(text: string, max: number): string {
  // deno-lint-ignore no-control-regex
  const clean = text.replace(/["\\\u0000-\u001f\u007f]/g, "?");
  return clean.length > max ? clean.slice(0, max - 3) + "..." : clean;
}

/** The result by the rules, or null while the game goes on. */
function adjudicate(
  position: Chess,
): [ChessGameRecord["result"], string] | null {
  if (position.isCheckmate()) {
    return [position.turn() === 1 ? "0-1" : "1-0", "checkmate"];
  }
  if (position.isStalemate()) return ["1/2-1/2", "stalemate"];
  if (position.isInsufficientMaterial()) {
    return ["1/2-1/2", "insufficient material"];
  }
  if (position.isDrawByFiftyMoves()) return ["1/2-1/2", "fifty-move rule"];
  if (position.isThreefoldRepetition()) {
    return ["1/2-1/2", "threefold repetition"];
  }
  return null;
}

/**
 * The score of engine A in one game: 1 a win, 0.5 a draw, 0 a loss.
 *
 * @param result the PGN result, `"1-0"`, `"0-1"` or `"1/2-1/2"`
 * @param aWhite whether A had the white pieces
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gameScore } from "./chess_match.ts";
 * assert.equal(gameScore("0-1", false), 1);
 * assert.equal(gameScore("1/2-1/2", true), 0.5);
 * ```
 */
export function gameScore(result: string, aWhite: boolean): number {
  if (result === "1/2-1/2") return 0.5;
  return (result === "1-0") === aWhite ? 1 : 0;
}

/**
 * A match stopped early: an engine failed and its restart failed too.
 * `games` holds the games finished before (each already given to `onGame`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ChessMatchError, type ChessMover, playChessMatch } from "../../mod.ts";
 * const broken: ChessMover = {
 *   name: "broken",
 *   move: () => Promise.reject(new Error("no engine")),
 *   restart: () => Promise.reject(new Error("still no engine")),
 * };
 * const error = await playChessMatch(broken, broken, [{ name: "x", moves: [] }]).catch((e) => e);
 * assert.ok(error instanceof ChessMatchError && error.games.length === 1);
 * assert.equal(error.games[0]!.reason, "broken failed");
 * assert.match(error.message, /broken failed in game 1 and could not be restarted: still no engine/);
 * ```
 */
export class ChessMatchError extends Error {
  /** The games finished before the match stopped. */
  readonly games: ChessGameRecord[];

  /** A stop with `message`, after `games`. */
  constructor(message: string, games: ChessGameRecord[]) {
    super(message);
    this.name = "ChessMatchError";
    this.games = games;
  }
}

/** Options of {@linkcode playChessMatch}. */
export interface ChessMatchOptions extends ChessGameOptions {
  /** Games to play (default: two per opening, colours swapped). */
  games?: number;
  /** Called after each game (progress), in the order the games end. */
  onGame?: (game: ChessGameRecord, index: number) => void;
  /**
   * More pairs of the same two engines, each its own processes, that play
   * games at the same time as `a` and `b` (a pair takes the next game as it
   * finishes one): game i is still opening ⌊i/2⌋ with the first engine
   * white in the even games, whichever pair plays it. Default none.
   */
  morePairs?: readonly (readonly [ChessMover, ChessMover])[];
}

/** The outcome of {@linkcode playChessMatch}, from the first engine's side. */
export interface ChessMatchResult {
  /** Every game, in order. */
  games: ChessGameRecord[];
  /** The first engine's wins, draws and losses. */
  wins: number;
  /** Draws. */
  draws: number;
  /** Losses. */
  losses: number;
  /** Its score: wins plus half the draws. */
  score: number;
  /**
   * Its Elo difference over the second engine with the 95% interval, by
   * maximum likelihood ({@linkcode eloRatings}); when it won or lost every
   * game the likelihood has no maximum and one virtual draw is added
   * (`priorDraws: 1`), as `prior` says.
   */
  elo: { difference: number; low: number; high: number; prior: boolean };
}

/**
 * The move a UCI engine answers to `go <go>` after `moves` from the start,
 * for a {@linkcode ChessMover} over a {@linkcode UciProcess}. No move (a
 * bare `bestmove`, `bestmove 0000` or `(none)`: a game asks only in a
 * position with moves) is an `Error` quoting the engine's `info string`
 * lines, which say why when it refused the search, so that the game is
 * lost with the reason `NAME answered with no move`.
 *
 * @param engine the running engine, or null when it is not running (an error)
 * @param label the engine's name in messages
 * @param go the arguments of `go` (`"depth 3"`)
 * @param moves the game's moves so far, in UCI
 * @returns the move, in UCI
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { engineMove } from "./chess_match.ts";
 * await assert.rejects(() => engineMove(null, "ours", "depth 1", []), /ours is not running/);
 * ```
 */
export async function engineMove(
  engine: UciProcess | null,
  label: string,
  go: string,
  moves: readonly string[],
): Promise<string> {
  if (engine === null) throw new Error(`${label} is not running`);
  const { bestMove, messages } = await engine.go({ moves }, go);
  if (NO_MOVES.includes(bestMove)) {
    throw new NoMoveError(
      `${label} answered "go ${go}" with no move${
        messages.length === 0
          ? ""
          : `; it said: ${messages.map((m) => JSON.stringify(m)).join(" | ")}`
      }`,
    );
  }
  return bestMove;
}

/**
 * The score of a match's games from the first engine's side, computed as
 * `playChessMatch` does (the first engine white in the even games; one
 * virtual draw when every game was won or lost).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scoreChessMatch } from "./chess_match.ts";
 * const game = (result: "1-0" | "0-1" | "1/2-1/2") => ({ result }) as Parameters<typeof scoreChessMatch>[0][number];
 * const match = scoreChessMatch([game("1-0"), game("1-0")]);
 * assert.deepEqual([match.wins, match.draws, match.losses, match.score], [1, 0, 1, 1]);
 * ```
 */
export function scoreChessMatch(games: ChessGameRecord[]): ChessMatchResult {
  if (!Array.isArray(games) || games.length === 0) {
    throw new Error(
      `scoreChessMatch: games must be a list of at least one game, got ${
        describe(games)
      }`,
    );
  }
  let wins = 0, draws = 0, losses = 0;
  const elo: EloGame[] = [];
  games.forEach((game, i) => {
    const score = gameScore(game.result, i % 2 === 0);
    if (score === 1) wins++;
    else if (score === 0) losses++;
    else draws++;
    elo.push({ a: 0, b: 1, score });
  });
  const prior = draws === 0 && (wins === 0 || losses === 0);
  const rating = eloRatings(elo, {
    players: 2,
    anchor: 1,
    ...(prior ? { priorDraws: 1 } : {}),
  }).ratings[0]!;
  return {
    games,
    wins,
    draws,
    losses,
    score: wins + draws / 2,
    elo: {
      difference: rating.elo,
      low: rating.low,
      high: rating.high,
      prior,
    },
  };
}

/**
 * (a, b) and `morePairs`, checked: an array of [engine, engine] pairs, no
 * engine in two pairs (two games at once on one engine would garble both).
 */
function checkedPairs(
  a: ChessMover,
  b: ChessMover,
  more: readonly (readonly [ChessMover, ChessMover])[],
): (readonly [ChessMover, ChessMover])[] {
  if (!Array.isArray(more)) {
    throw new Error(
      `playChessMatch: morePairs must be an array of [engine, engine] pairs, got ${
        describe(more)
      }`,
    );
  }
  more.forEach((pair, k) => {
    if (!Array.isArray(pair) || pair.length !== 2) {
      throw new Error(
        `playChessMatch: morePairs[${k}] must be a pair [engine, engine], got ${
          describe(pair)
        }`,
      );
    }
  });
  const pairs = [[a, b] as const, ...more];
  const owner = new Map<ChessMover, number>();
  pairs.forEach((pair, p) => {
    for (const mover of pair) {
      const first = owner.get(mover) ?? p;
      if (first !== p) {
        throw new Error(
          `playChessMatch: morePairs[${p - 1}] plays ${
            describe(mover.name)
          } of ${
            first === 0 ? "(a, b)" : `morePairs[${first - 1}]`
          } too: games at the same time need their own engines`,
        );
      }
      owner.set(mover, first);
    }
  });
  return pairs;
}

/**
 * Plays `a` against `b`: game i starts from opening ⌊i/2⌋ (cycling), with
 * `a` white in the even games, so each opening is played with both colours.
 * A game in which an engine fails is lost by it; the engine is restarted
 * (its `restart`) before the next game.
 *
 * @throws {Error} on a bad option, an empty opening list, or a
 *   `maxPlies` at or below an opening's length ({@linkcode maxPliesProblem});
 *   {@linkcode ChessMatchError} when a failed engine cannot be restarted
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Chess, type ChessMover, playChessMatch } from "../../mod.ts";
 * const first = (name: string): ChessMover => ({
 *   name,
 *   move: (moves) => {
 *     const position = Chess.start();
 *     for (const uci of moves) position.play(position.moveFromUci(uci));
 *     return Promise.resolve(position.moveToUci(position.legalMoves()[0]!));
 *   },
 * });
 * const match = await playChessMatch(first("a"), first("b"), [{ name: "e4", moves: ["e2e4"] }], { maxPlies: 12 });
 * assert.ok(match.games.length === 2 && match.games[1]!.white === "b");
 * assert.ok(match.wins + match.draws + match.losses === 2);
 * ```
 */
export async function playChessMatch(
  a: ChessMover,
  b: ChessMover,
  openings: readonly ChessOpening[],
  options?: ChessMatchOptions,
): Promise<ChessMatchResult> {
  checkOptions("playChessMatch", options, [
    ...GAME_KEYS,
    "games",
    "onGame",
    "morePairs",
  ]);
  if (!Array.isArray(openings) || openings.length === 0) {
    throw new Error(
      `playChessMatch: openings must be a non-empty array, got ${
        describe(openings)
      }`,
    );
  }
  openings.forEach((opening, i) => {
    const problem = typeof opening === "object" && opening !== null
      ? openingProblem(opening.name, opening.moves)
      : `must be an opening { name, moves }, got ${describe(opening)}`;
    if (problem !== null) {
      throw new Error(`playChessMatch: openings[${i}]: ${problem}`);
    }
  });
  const count = options?.games ?? 2 * openings.length;
  checkInteger("playChessMatch", "games", count, 1, 1_000_000);
  if (options?.maxPlies !== undefined) {
    checkInteger("playChessMatch", "maxPlies", options.maxPlies, 1, 100_000);
  }
  const short = maxPliesProblem("maxPlies", options?.maxPlies ?? 300, openings);
  if (short !== null) throw new Error(`playChessMatch: ${short}`);
  const gameOptions: ChessGameOptions = {
    ...(options?.maxPlies === undefined ? {} : { maxPlies: options.maxPlies }),
    ...(options?.headers === undefined ? {} : { headers: options.headers }),
  };
  const pairs = checkedPairs(a, b, options?.morePairs ?? []);
  const games: ChessGameRecord[] = new Array(count);
  let next = 0;
  // The first error of any pair; then no pair starts another game, and the
  // games in progress end first (so no engine is left playing on its own).
  // A holder, since only the closures below write it.
  const stop: { failure: { restart: string } | { error: unknown } | null } = {
    failure: null,
  };
  const failed = () => stop.failure !== null;
  const play = async ([first, second]: readonly [ChessMover, ChessMover]) => {
    try {
      while (!failed() && next < count) {
        const i = next++;
        const opening = openings[Math.floor(i / 2) % openings.length]!;
        const aWhite = i % 2 === 0;
        const game = await playChessGame(
          aWhite ? first : second,
          aWhite ? second : first,
          opening,
          {
            ...gameOptions,
            headers: { ...gameOptions.headers, Round: String(i + 1) },
          },
        );
        games[i] = game;
        options?.onGame?.(game, i);
        if (game.faultSide === null || failed() || next >= count) continue;
        const faulty = (game.faultSide === "white") === aWhite ? first : second;
        try {
          await faulty.restart?.();
        } catch (error) {
          // Told with the games once every pair has stopped.
          stop.failure ??= {
            restart: `playChessMatch: ${faulty.name} failed in game ${
              i + 1
            } and could not be restarted: ${
              error instanceof Error ? error.message : String(error)
            }`,
          };
        }
      }
    } catch (error) {
      stop.failure ??= { error };
    }
  };
  await Promise.all(pairs.map(play));
  const { failure } = stop;
  if (failure !== null) {
    if ("error" in failure) throw failure.error;
    throw new ChessMatchError(
      failure.restart,
      games.filter((game) => game !== undefined),
    );
  }
  return scoreChessMatch(games);
}
