/**
 * Chess notation at the boundary, through chess.js (BSD-2-Clause, pinned as
 * `npm:chess.js@1.4.0`): reading and writing PGN, SAN both ways, and FEN
 * validation. The project writes by hand only what speed or the course
 * demands: the move generator, and UCI strings (trivial).
 *
 * FEN: chess.js validates first ({@linkcode fenRejection}); the project's
 * own parser then fills the typed-array board and adds the rules chess.js
 * does not check (castling rights need the king and rook at home, the side
 * not to move is not in check, at most 8 pawns and 16 pieces a side, an en
 * passant square behind a pawn that just moved two squares). Where chess.js
 * rejects a FEN, the own parser is asked too, for a message that names the
 * field and the rule; chess.js's own message is given when it alone objects.
 *
 * The full specifier, not the `"chess.js"` import-map name, so that `mod.ts`
 * also loads with `deno run --no-config` (checks from outside the
 * repository).
 *
 * @module
 */

// deno-lint-ignore no-import-prefix -- mod.ts must load without deno.json (see the module doc)
import { Chess as ChessJs, validateFen } from "npm:chess.js@1.4.0";
import { checkInteger, checkOptions, describe } from "../../validate.ts";
import type { Board } from "./_board.ts";
import { parseFen, START_FEN, toFen } from "./_fen.ts";
import { parseUci } from "./_notation.ts";

export { isUciMove } from "./_notation.ts";

/** One game read from PGN by {@linkcode readPgnGames}. */
export interface PgnGame {
  /** The tag pairs (`Event`, `White`, `Result`, ...), as written. */
  headers: Record<string, string>;
  /** The moves in UCI (`"e2e4"`, `"e7e8q"`, castling as the king's move `"e1g1"`). */
  moves: string[];
  /** The same moves in SAN, as chess.js writes them. */
  sans: string[];
  /**
   * The FEN of every position: before each move, then after the last
   * (`moves.length + 1` entries; the first is the start position or the
   * game's `FEN` tag).
   */
  fens: string[];
  /** The result: `"1-0"`, `"0-1"`, `"1/2-1/2"` or `"*"`. */
  result: string;
}

/** A line that ends a game's moves with its result. */
const TERMINATION = /(?:^|\s)(?:1-0|0-1|1\/2-1\/2|\*)\s*$/;

/** A result, as a token or a Result tag's value. */
const RESULT = /^(?:1-0|0-1|1\/2-1\/2|\*)$/;

/** A tag pair line: `[Name "value"]`. */
const TAG_LINE = /^\s*\[[A-Za-z0-9_]+\s+"/;

/**
 * The games of a PGN text (one or many games, tag pairs then moves), read by
 * chess.js's `loadPgn`. Before reading, consecutive comments after a move
 * (`{ [%eval 2.17] } { Mistake. } { [%clk 0:05:18] }`, as Lichess broadcasts
 * write them) are merged into one, since chess.js 1.4.0's grammar refuses a
 * second comment in a row; comments are not kept.
 *
 * With `maxPlies`, each game is read to that many plies only (its moves,
 * SANs and FENs stop there; its headers and result are the game's): the
 * text is cut after that move before chess.js reads it, which is what makes
 * reading the openings of many games quick.
 *
 * @param text PGN
 * @param options `maxPlies`: read at most this many plies of each game
 *   (an integer from 0; default: all)
 * @throws {Error} naming the game (its number and first line) that chess.js
 *   cannot read, with chess.js's reason; on a bad `maxPlies`, naming it
 *
 * @example A short game with a comment pair
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPgnGames } from "../../../mod.ts";
 * const [game] = readPgnGames(`[White "A"]\n[Result "0-1"]\n\n1. f3 { x } { y } e5 2. g4 Qh4# 0-1\n`);
 * assert.deepEqual(game!.moves, ["f2f3", "e7e5", "g2g4", "d8h4"]);
 * assert.deepEqual(game!.sans, ["f3", "e5", "g4", "Qh4#"]);
 * assert.ok(game!.fens.length === 5 && game!.result === "0-1" && game!.headers.White === "A");
 * assert.throws(() => readPgnGames("1. e5 *"), /readPgnGames: game 1 \(line 1\) cannot be read/);
 * const [opening] = readPgnGames(`[Result "0-1"]\n\n1. f3 {x} (1. e4) e5 2. g4 Qh4# 0-1\n`, { maxPlies: 2 });
 * assert.ok(opening!.moves.join() === "f2f3,e7e5" && opening!.result === "0-1");
 * ```
 */
export function readPgnGames(
  text: string,
  options: { maxPlies?: number } = {},
): PgnGame[] {
  if (typeof text !== "string") {
    throw new Error(
      `readPgnGames: text must be a string of PGN, got ${describe(text)}`,
    );
  }
  checkOptions("readPgnGames", options, ["maxPlies"]);
  const maxPlies = options.maxPlies === undefined ? Infinity : checkInteger(
    "readPgnGames",
    "options.maxPlies",
    options.maxPlies,
    0,
    1e9,
  );
  const games: PgnGame[] = [];
  for (const { first, body } of splitGames(text)) {
    const chess = new ChessJs();
    try {
      const read = maxPlies === Infinity ? body : cutAfterPly(body, maxPlies);
      chess.loadPgn(read.replace(/\}\s*\{/g, " "));
    } catch (error) {
      throw new Error(
        `readPgnGames: game ${
          games.length + 1
        } (line ${first}) cannot be read by chess.js: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
    const history = chess.history({ verbose: true });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(chess.getHeaders())) {
      if (value !== undefined && value !== null) headers[name] = value;
    }
    const fens = history.map((move) => move.before);
    fens.push(chess.fen());
    games.push({
      headers,
      moves: history.map((move) => move.lan),
      sans: history.map((move) => move.san),
      fens,
      result: RESULT.test(headers.Result ?? "") ? headers.Result! : "*",
    });
  }
  return games;
}

/**
 * A game's text cut after its first `plies` moves: tag pairs kept, then the
 * move text up to the end of that move. Comments (`{…}`, `;` to the line's
 * end), variations (`(…)`, nested), NAGs (`$1`) and move numbers are
 * stepped over, not counted; a result ends the moves. chess.js then reads
 * the cut text and judges every move in it.
 */
function cutAfterPly(body: string, plies: number): string {
  let at = 0, counted = 0, depth = 0;
  // The tag pairs, and blank lines, as splitGames knows them.
  while (at < body.length) {
    const end = body.indexOf("\n", at);
    const line = body.slice(at, end < 0 ? body.length : end);
    if (line.trim() !== "" && !TAG_LINE.test(line)) break;
    at = end < 0 ? body.length : end + 1;
  }
  while (at < body.length && counted < plies) {
    const char = body[at]!;
    if (char === "{") {
      const close = body.indexOf("}", at);
      at = close < 0 ? body.length : close + 1;
    } else if (char === ";") {
      const close = body.indexOf("\n", at);
      at = close < 0 ? body.length : close + 1;
    } else if (char === "(") {
      depth++;
      at++;
    } else if (char === ")") {
      depth--;
      at++;
    } else if (/\s/.test(char)) {
      at++;
    } else {
      const token = /^[^\s{}();]+/.exec(body.slice(at, at + 64))![0];
      at += token.length;
      if (depth > 0 || token.startsWith("$") || /^\d+\.+$/.test(token)) {
        continue;
      }
      if (RESULT.test(token)) break;
      // "12.e4" writes the number and the move as one token.
      counted++;
    }
  }
  // The game's result, when its moves end with one, stays with the cut
  // text: a game without a Result tag gets its result from there.
  const result = TERMINATION.exec(body.slice(at));
  return result
    ? `${body.slice(0, at)} ${result[0].trim()}\n`
    : body.slice(0, at);
}

/** The games' texts: a game starts at a tag line that follows moves, or at moves after a result. */
function splitGames(text: string): { first: number; body: string }[] {
  const parts: { first: number; body: string }[] = [];
  let lines: string[] = [], first = 0, inMoves = false, last = "";
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") {
      if (lines.length > 0) lines.push(line);
      return;
    }
    const tag = TAG_LINE.test(line);
    if (inMoves && (tag || TERMINATION.test(last))) {
      parts.push({ first, body: lines.join("\n") });
      lines = [];
    }
    if (lines.length === 0) first = i + 1;
    inMoves = !tag;
    lines.push(line);
    last = line;
  });
  if (lines.length > 0) parts.push({ first, body: lines.join("\n") });
  return parts;
}

/** A game for {@linkcode writePgn}. */
export interface PgnRecord {
  /** Tag pairs (chess.js fills the seven-tag roster with `"?"` where missing). */
  headers?: Record<string, string>;
  /** The start position (default: the standard start). */
  fen?: string;
  /** The moves in UCI. */
  moves: readonly string[];
  /** The result written after the moves (default `"*"`). */
  result?: "1-0" | "0-1" | "1/2-1/2" | "*";
}

const RECORD_KEYS = ["headers", "fen", "moves", "result"];
const RESULTS = ["1-0", "0-1", "1/2-1/2", "*"];
/** The PGN standard's tag names: letters, digits and underscores. */
const TAG_NAME = /^[A-Za-z0-9_]+$/;
/**
 * What a tag value may not hold: a quote or backslash (chess.js 1.4.0
 * reads neither the standard's `\"` nor `\\` back, so escaping them would
 * not round-trip) and control characters such as a newline, which would end
 * the tag line.
 */
// deno-lint-ignore no-control-regex -- control characters are what it finds
const TAG_VALUE_FORBIDDEN = /["\\\u0000-\u001f\u007f]/;

/**
 * Whether `text` can be a PGN tag's value as {@linkcode writePgn} writes
 * it: no quote, no backslash, no control character. Whatever will become
 * a tag (an opening's name, an engine's label) is checked with it where it
 * is read, so that a game is never played only to fail when written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPgnTagName, isPgnTagValue } from "./notation.ts";
 * assert.equal(isPgnTagValue("Ruy Lopez, Morphy Defence (C78)"), true);
 * assert.equal(isPgnTagValue('Evil "name'), false);
 * assert.equal(isPgnTagName("Opening"), true);
 * assert.equal(isPgnTagName("Bad Key]"), false);
 * ```
 */
export function isPgnTagValue(text: string): boolean {
  return !TAG_VALUE_FORBIDDEN.test(text);
}

/**
 * Whether `name` can be a PGN tag's name: letters, digits and underscores
 * (see {@linkcode isPgnTagValue}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPgnTagName } from "./notation.ts";
 * assert.equal(isPgnTagName("White_Elo2"), true);
 * assert.equal(isPgnTagName(""), false);
 * ```
 */
export function isPgnTagName(name: string): boolean {
  return TAG_NAME.test(name);
}

/**
 * A game as PGN text, written by chess.js (moves in SAN, a `FEN` and `SetUp`
 * tag when the game does not start from the standard position). Every
 * field is checked first, so that the text reads back as the same game: a
 * tag value may not hold `"`, `\` or a control character such as a newline
 * (a value holding `"` could otherwise forge a tag), a tag name is letters,
 * digits and underscores, the start position is given as `fen` (not as
 * `FEN`/`SetUp` tags), and a `Result` tag must agree with `result`.
 *
 * @throws {Error} naming the field, the value and the rule: a record that
 *   is not an object or has an unknown field, a bad tag name or value, a
 *   result other than `"1-0"`, `"0-1"`, `"1/2-1/2"`, `"*"`, a FEN that
 *   `Chess.fromFen` refuses, or the first move that is not legal, by its
 *   number
 *
 * @example Written and read back
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPgnGames, writePgn } from "../../../mod.ts";
 * const pgn = writePgn({ headers: { White: "us [A]" }, moves: ["e2e4", "e7e5"], result: "1/2-1/2" });
 * assert.match(pgn, /1\. e4 e5 1\/2-1\/2/);
 * assert.deepEqual(readPgnGames(pgn)[0]!.moves, ["e2e4", "e7e5"]);
 * assert.ok(readPgnGames(pgn)[0]!.headers.White === "us [A]");
 * assert.throws(() => writePgn({ moves: ["e2e5"] }), /writePgn: move 1 "e2e5" is not legal/);
 * assert.throws(() => writePgn({ moves: [], result: "2-0" as "1-0" }), /writePgn: result must be one of/);
 * assert.throws(() => writePgn({ moves: [], headers: { White: 'a"] [Black "x' } }), /writePgn: headers\.White must not hold/);
 * ```
 */
export function writePgn(record: PgnRecord): string {
  if (
    record === null || typeof record !== "object" || Array.isArray(record)
  ) {
    throw new Error(
      `writePgn: record must be an object like { moves: ["e2e4"] }, got ${
        describe(record)
      }`,
    );
  }
  for (const key of Object.keys(record)) {
    if (!RECORD_KEYS.includes(key)) {
      throw new Error(
        `writePgn: unknown field ${JSON.stringify(key)}; known fields: ${
          RECORD_KEYS.join(", ")
        }`,
      );
    }
  }
  const result = record.result === undefined ? "*" : record.result;
  if (!RESULTS.includes(result)) {
    throw new Error(
      `writePgn: result must be one of "1-0", "0-1", "1/2-1/2", "*", got ${
        describe(result)
      }`,
    );
  }
  const headers = checkHeaders(record.headers, result);
  const moves = record.moves;
  if (!Array.isArray(moves)) {
    throw new Error(
      `writePgn: moves must be an array of UCI strings, got ${describe(moves)}`,
    );
  }
  let board: Board;
  if (record.fen === undefined) {
    board = parseFen("writePgn", START_FEN);
  } else {
    if (typeof record.fen !== "string") {
      throw new Error(
        `writePgn: fen must be a string, got ${describe(record.fen)}`,
      );
    }
    board = parseFen("writePgn", record.fen);
    const rejection = fenRejection(record.fen);
    if (rejection !== null) {
      throw new Error(
        `writePgn: fen ${
          describe(record.fen)
        } is not a position chess.js reads: ${rejection}`,
      );
    }
  }
  const chess = new ChessJs(toFen(board));
  for (const [name, value] of headers) chess.setHeader(name, value);
  chess.setHeader("Result", result);
  moves.forEach((uci: unknown, i) => {
    let move: number;
    try {
      move = parseUci(board, "writePgn", uci);
    } catch {
      throw new Error(
        typeof uci === "string"
          ? `writePgn: move ${i + 1} ${
            describe(uci)
          } is not legal in ${chess.fen()}`
          : `writePgn: moves[${i}] must be a UCI string like "e2e4", got ${
            describe(uci)
          }`,
      );
    }
    board.make(move);
    const text = uci as string;
    chess.move({
      from: text.slice(0, 2),
      to: text.slice(2, 4),
      promotion: text.length > 4 ? text[4] : undefined,
    });
  });
  return chess.pgn() + "\n";
}

/** The tag pairs of a {@linkcode PgnRecord}, checked. */
function checkHeaders(headers: unknown, result: string): [string, string][] {
  if (headers === undefined) return [];
  if (
    headers === null || typeof headers !== "object" || Array.isArray(headers)
  ) {
    throw new Error(
      `writePgn: headers must be an object of tag names and string values, got ${
        describe(headers)
      }`,
    );
  }
  const pairs = Object.entries(headers);
  for (const [name, value] of pairs) {
    if (!TAG_NAME.test(name)) {
      throw new Error(
        `writePgn: tag name ${
          describe(name)
        } must be letters, digits and underscores`,
      );
    }
    if (typeof value !== "string") {
      throw new Error(
        `writePgn: headers.${name} must be a string, got ${describe(value)}`,
      );
    }
    if (TAG_VALUE_FORBIDDEN.test(value)) {
      throw new Error(
        `writePgn: headers.${name} must not hold a quote, a backslash or a control character such as a newline, got ${
          describe(value)
        }`,
      );
    }
    if (name === "FEN" || name === "SetUp") {
      throw new Error(
        `writePgn: headers.${name} is written from record.fen; give the start position there`,
      );
    }
    if (name === "Result" && value !== result) {
      throw new Error(
        `writePgn: headers.Result ${describe(value)} disagrees with result ${
          describe(result)
        }`,
      );
    }
  }
  return pairs;
}

/**
 * Why chess.js rejects `fen`, or null when it accepts it. Surrounding
 * whitespace is dropped, four fields (EPD) are completed with the clocks
 * `0 1`, and move number 0 is given as 1 (chess.js refuses 0, Stockfish
 * reads it as 1).
 */
export function fenRejection(fen: string): string | null {
  const fields = fen.trim().split(/\s+/);
  if (fields.length === 4) fields.push("0", "1");
  if (fields.length === 6 && /^0+$/.test(fields[5]!)) fields[5] = "1";
  const verdict = validateFen(fields.join(" "));
  return verdict.ok ? null : verdict.error ?? "invalid FEN";
}

/** The SAN, by chess.js, of `uci`, a legal move in `fen`. */
export function sanOfUci(fen: string, uci: string): string {
  const chess = new ChessJs(fen);
  return chess.move({
    from: uci.slice(0, 2),
    to: uci.slice(2, 4),
    promotion: uci.length > 4 ? uci[4] : undefined,
  }).san;
}

/** SAN of every legal move in `fen`, by chess.js, keyed by UCI. */
export function sanByUci(fen: string): Map<string, string> {
  const chess = new ChessJs(fen);
  return new Map(
    chess.moves({ verbose: true }).map((move) => [move.lan, move.san]),
  );
}
