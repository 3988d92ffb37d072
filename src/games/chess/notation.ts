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
import { describe } from "../../validate.ts";

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

/** A tag pair line: `[Name "value"]`. */
const TAG_LINE = /^\s*\[[A-Za-z0-9_]+\s+"/;

/**
 * The games of a PGN text (one or many games, tag pairs then moves), read by
 * chess.js's `loadPgn`. Before reading, consecutive comments after a move
 * (`{ [%eval 2.17] } { Mistake. } { [%clk 0:05:18] }`, as Lichess broadcasts
 * write them) are merged into one, since chess.js 1.4.0's grammar refuses a
 * second comment in a row; comments are not kept.
 *
 * @param text PGN
 * @throws {Error} naming the game (its number and first line) that chess.js
 *   cannot read, with chess.js's reason
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
 * ```
 */
export function readPgnGames(text: string): PgnGame[] {
  if (typeof text !== "string") {
    throw new Error(
      `readPgnGames: text must be a string of PGN, got ${describe(text)}`,
    );
  }
  const games: PgnGame[] = [];
  for (const { first, body } of splitGames(text)) {
    const chess = new ChessJs();
    try {
      chess.loadPgn(body.replace(/\}\s*\{/g, " "));
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
      result: /^(1-0|0-1|1\/2-1\/2|\*)$/.test(headers.Result ?? "")
        ? headers.Result!
        : "*",
    });
  }
  return games;
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

/**
 * A game as PGN text, written by chess.js (moves in SAN, a `FEN` and `SetUp`
 * tag when the game does not start from the standard position).
 *
 * @throws {Error} naming the first move that is not legal, by its number
 *
 * @example Written and read back
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPgnGames, writePgn } from "../../../mod.ts";
 * const pgn = writePgn({ headers: { White: "us" }, moves: ["e2e4", "e7e5"], result: "1/2-1/2" });
 * assert.match(pgn, /1\. e4 e5 1\/2-1\/2/);
 * assert.deepEqual(readPgnGames(pgn)[0]!.moves, ["e2e4", "e7e5"]);
 * assert.throws(() => writePgn({ moves: ["e2e5"] }), /writePgn: move 1 "e2e5" is not legal/);
 * ```
 */
export function writePgn(record: PgnRecord): string {
  const chess = new ChessJs();
  if (record.fen !== undefined) {
    try {
      chess.load(record.fen);
    } catch (error) {
      throw new Error(
        `writePgn: fen ${
          describe(record.fen)
        } is not a position chess.js reads: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }
  const result = record.result ?? "*";
  for (const [name, value] of Object.entries(record.headers ?? {})) {
    chess.setHeader(name, value);
  }
  chess.setHeader("Result", result);
  record.moves.forEach((uci, i) => {
    try {
      chess.move({
        from: uci.slice(0, 2),
        to: uci.slice(2, 4),
        promotion: uci.length > 4 ? uci[4] : undefined,
      });
    } catch {
      throw new Error(
        `writePgn: move ${i + 1} ${
          describe(uci)
        } is not legal in ${chess.fen()}`,
      );
    }
  });
  return chess.pgn() + "\n";
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
