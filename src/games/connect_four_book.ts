/**
 * An opening book for Connect Four: exact scores of early positions, read
 * from a text file of solved positions (`data/connect4/book.txt`, written by
 * `deno task openings --book`), so that a solve of those positions is a
 * lookup.
 *
 * @module
 */

import { ConnectFour } from "./connect_four.ts";

import { checkInteger, checkOptions, describe } from "../validate.ts";

/** One book position as the file gives it. */
interface BookLine {
  moves: string;
  score: number;
  line: number;
}

/** Options of {@linkcode ConnectFourBook.parse}. */
export interface BookParseOptions {
  /**
   * The file's name, for errors: they then read `<source>:<line>: …`
   * instead of `line <line>: …`.
   */
  source?: string;
  /**
   * The book claims to hold every unfinished position after this many moves
   * (an integer in 0…{@linkcode MAX_BOOK_ALL_AFTER}; the committed book: 2);
   * a position missing from the file (itself and its mirror) is an error.
   */
  allAfter?: number;
}

/**
 * The largest {@linkcode BookParseOptions.allAfter}: 7^4 = 2,401 move
 * strings are checked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFourBook, MAX_BOOK_ALL_AFTER } from "../../mod.ts";
 * assert.throws(
 *   () => ConnectFourBook.parse("", { allAfter: MAX_BOOK_ALL_AFTER + 1 }),
 *   /allAfter must be an integer in 0…4, got 5/,
 * );
 * ```
 */
export const MAX_BOOK_ALL_AFTER = 4;

const PARSE_OPTIONS = ["source", "allAfter"] as const;

/**
 * The score range a position with `n` stones allows, from the side to move:
 * it has ⌊n/2⌋ stones and wins at best with its next (at least its 4th);
 * the opponent has ⌈n/2⌉ and wins at best with its next (at least its 4th).
 */
function scoreRange(n: number): [number, number] {
  const own = n >> 1, other = n - own;
  return [0 - (22 - Math.max(4, other + 1)), 22 - Math.max(4, own + 1)];
}

/** Whether the side to move has a move that wins at once. */
function winsAtOnce(position: ConnectFour): boolean {
  for (let column = 0; column < 7; column++) {
    if (position.canPlay(column) && position.isWinningMove(column)) {
      return true;
    }
  }
  return false;
}

/** The column digits of `moves` mirrored (column c becomes 8 − c). */
function mirror(moves: string): string {
  let out = "";
  for (const digit of moves) out += String(8 - Number(digit));
  return out;
}

/**
 * Exact scores of early Connect Four positions, keyed by the position and
 * its mirror image. The file gives the deepest positions; every shallower
 * position whose legal moves all lead into the book is added by negamax
 * (a position's score is the largest of its children's scores negated: the
 * benchmarks' scores count the winner's stones, so they negate exactly), so
 * a book of every 2-move position also answers the 7 first moves and the
 * empty board.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectFour, ConnectFourBook } from "../../mod.ts";
 * // A toy book: the seven positions after 444444 are given, 444444 follows
 * // (the first player to move takes the best of the negated scores).
 * const book = ConnectFourBook.parse(
 *   "4444441 -1\n4444442 0\n4444443 1\n4444445 1\n4444446 0\n4444447 -1\n",
 * );
 * assert.equal(book.lookup(ConnectFour.parse("4444441")), -1);
 * assert.equal(book.lookup(ConnectFour.parse("444444")), 1);
 * assert.equal(book.lookup(ConnectFour.parse("4444447")), -1); // the mirror of 4444441
 * assert.ok(book.given === 3 && book.derived === 1); // 3 and 5, 2 and 6, 1 and 7 are mirrors
 * assert.equal(book.lookup(ConnectFour.parse("4455")), null);
 * // A line that contradicts the others is an error naming it.
 * assert.throws(
 *   () => ConnectFourBook.parse("4444441 -1\n4444442 0\n4444443 1\n444444 0\n"),
 *   /line 4: 444444 scores 0, but the scores of its moves give 1/,
 * );
 * ```
 */
export class ConnectFourBook {
  readonly #scores: Map<number, number>;
  /** The positions the file gave (a position and its mirror count once). */
  readonly given: number;
  /** The positions added by negamax. */
  readonly derived: number;

  private constructor(scores: Map<number, number>, given: number) {
    this.#scores = scores;
    this.given = given;
    this.derived = scores.size - given;
  }

  /**
   * Reads a book: one position a line, `<moves> <score>` or `<moves> <score>
   * <nodes> <seconds> <how>` (`how`: `solved`, or `mirror:<moves>` naming
   * the line's mirror image), fields separated by blanks, `#` comments and
   * blank lines skipped, every line (the last included) ending in a
   * newline. Every line must be an exact score.
   *
   * What a book must be, checked here so that a damaged file is an error
   * naming its line and never a wrong score:
   * - each line well formed (a last line without its newline is a
   *   truncated file), its position legal and unfinished, its score an
   *   integer the move count allows (−18…18, a win no earlier than the
   *   winner's next stone and 4th stone; the immediate-win score when the
   *   side to move can win at once);
   * - each move string listed once: the same line again (a file pasted
   *   twice, say) is an error even with the same score; a mirror image or
   *   a transposition (another move order to the same board) is accepted
   *   when its score agrees, an error otherwise;
   * - each family whole: when a position is given, so is every unfinished
   *   position after each legal move of its parent (the tool that writes
   *   books solves whole families), unless the parent can win at once;
   * - each given position whose moves are all given scores their negamax;
   * - with `allAfter`, every unfinished position after that many moves.
   *
   * Work: linear in the text's length (each line parsed once, each
   * position's parent checked with its seven moves), plus 7^`allAfter`
   * move strings with `allAfter`.
   *
   * @param text the file's text
   * @param options `source` (the file's name, for errors), `allAfter`
   * @returns the book, with the shallower positions added
   * @throws {Error} naming the line (`<source>:<line>` or `line <line>`)
   *   and the rule on any of the faults above
   */
  static parse(text: string, options?: BookParseOptions): ConnectFourBook {
    const where = "ConnectFourBook.parse";
    if (typeof text !== "string") {
      throw new Error(`${where}: text must be a string, got ${describe(text)}`);
    }
    checkOptions(where, options, PARSE_OPTIONS);
    const source = options?.source;
    if (source !== undefined && typeof source !== "string") {
      throw new Error(
        `${where}: source must be a string, got ${describe(source)}`,
      );
    }
    const allAfter = options?.allAfter === undefined ? null : checkInteger(
      where,
      "allAfter",
      options.allAfter,
      0,
      MAX_BOOK_ALL_AFTER,
    );
    const at = (line: number) =>
      source === undefined
        ? `${where}: line ${line}`
        : `${where}: ${source}:${line}`;
    const rows = text.split("\n");
    const last = rows.at(-1)!;
    if (last.trim() !== "") {
      throw new Error(
        `${
          at(rows.length)
        }: the last line does not end with a newline (a truncated file?), got ${
          JSON.stringify(last.length > 80 ? last.slice(0, 80) + "…" : last)
        }`,
      );
    }
    const lines: BookLine[] = [];
    rows.forEach((raw, index) => {
      const trimmed = raw.trim();
      if (trimmed === "" || trimmed.startsWith("#")) return;
      const here = at(index + 1);
      const shown = JSON.stringify(
        trimmed.length > 80 ? trimmed.slice(0, 80) + "…" : trimmed,
      );
      const fields = trimmed.split(/[ \t]+/);
      const [moves, scoreText] = fields as [string, string | undefined];
      if (!/^[1-7]{1,42}$/.test(moves) || scoreText === undefined) {
        throw new Error(
          `${here}: expected "<moves> <score> …", got ${shown} (moves: 1 to 42 column digits 1-7)`,
        );
      }
      if (!/^-?\d{1,3}$/.test(scoreText)) {
        throw new Error(
          `${here}: the score must be an exact integer (a book holds solved positions), got ${
            JSON.stringify(scoreText)
          }`,
        );
      }
      const score = Number(scoreText);
      if (Math.abs(score) > 18) {
        throw new Error(`${here}: the score must lie in -18…18, got ${score}`);
      }
      if (fields.length !== 2) {
        const [, , nodes, seconds, how] = fields;
        if (
          fields.length !== 5 || !/^\d{1,20}$/.test(nodes!) ||
          !/^\d{1,12}(\.\d{1,6})?$/.test(seconds!) ||
          !(how === "solved" || how === `mirror:${mirror(moves)}`)
        ) {
          throw new Error(
            `${here}: expected "<moves> <score>" or "<moves> <score> <nodes> <seconds> solved|mirror:<mirrored moves>", got ${shown}`,
          );
        }
      }
      lines.push({ moves, score, line: index + 1 });
    });
    const scores = new Map<number, number>();
    /** The first line of each position (or its mirror). */
    const seen = new Map<number, BookLine>();
    const byMoves = new Map<string, BookLine>();
    let deepest = 0;
    for (const entry of lines) {
      const here = at(entry.line);
      const again = byMoves.get(entry.moves);
      if (again !== undefined) {
        throw new Error(
          `${here}: ${entry.moves} is listed again (first at line ${again.line}, score ${again.score}; here ${entry.score}): a book lists each move string once`,
        );
      }
      byMoves.set(entry.moves, entry);
      let position: ConnectFour;
      try {
        position = ConnectFour.parse(entry.moves);
      } catch (error) {
        throw new Error(`${here}: ${(error as Error).message}`);
      }
      if (position.isTerminal()) {
        throw new Error(`${here}: the game is over after ${entry.moves}`);
      }
      const n = position.moveCount;
      const [lowest, highest] = scoreRange(n);
      if (entry.score < lowest || entry.score > highest) {
        throw new Error(
          `${here}: ${entry.moves} scores ${entry.score}, impossible after ${n} moves: the score must lie in ${lowest}…${highest} (a win no earlier than the winner's next stone)`,
        );
      }
      if (winsAtOnce(position) && entry.score !== (43 - n) >> 1) {
        throw new Error(
          `${here}: ${entry.moves} scores ${entry.score}, but the side to move wins at once there: its score is ${
            (43 - n) >> 1
          }`,
        );
      }
      const key = position.symmetricKey();
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        if (earlier.score !== entry.score) {
          throw new Error(
            `${here}: ${entry.moves} scores ${entry.score}, but line ${earlier.line} gives ${earlier.moves} (the same position or its mirror) ${earlier.score}`,
          );
        }
        // A mirror image or a transposition that agrees: accepted.
        continue;
      }
      seen.set(key, entry);
      scores.set(key, entry.score);
      deepest = Math.max(deepest, entry.moves.length);
    }
    const given = scores.size;
    /** Given positions (symmetric keys) whose moves' scores confirmed them. */
    const verified = new Set<number>();
    // Shallower positions, deepest first: a parent is added when every
    // legal child is known and none of its moves wins at once; a given
    // parent must agree with its children.
    let level = [...seen.values()].map((entry) => entry.moves);
    for (let plies = deepest - 1; plies >= 0; plies--) {
      const parents = new Set<string>();
      for (const moves of level) {
        if (moves.length === plies + 1) parents.add(moves.slice(0, plies));
      }
      const added: string[] = [];
      for (const moves of parents) {
        const parent = ConnectFour.parse(moves);
        let best = -Infinity;
        for (let column = 0; column < 7; column++) {
          if (!parent.canPlay(column)) continue;
          const child = ConnectFour.parse(moves + (column + 1));
          if (child.isTerminal()) {
            best = -Infinity;
            break;
          }
          const score = scores.get(child.symmetricKey());
          if (score === undefined) {
            best = -Infinity;
            break;
          }
          best = Math.max(best, 0 - score);
        }
        if (best === -Infinity) continue;
        const key = parent.symmetricKey();
        const stored = scores.get(key);
        if (stored !== undefined) {
          if (stored !== best) {
            const entry = seen.get(key)!;
            throw new Error(
              `${
                at(entry.line)
              }: ${entry.moves} scores ${stored}, but the scores of its moves give ${best} (the largest of their negated scores)`,
            );
          }
          verified.add(key);
          continue;
        }
        scores.set(key, best);
        added.push(moves);
      }
      level = [...level, ...added];
    }
    // Every family whole: the siblings of each given position are given.
    const checkedParents = new Set<string>();
    for (const entry of lines) {
      // A given position whose own moves are all given was checked above.
      if (verified.has(ConnectFour.parse(entry.moves).symmetricKey())) {
        continue;
      }
      const parentMoves = entry.moves.slice(0, -1);
      if (checkedParents.has(parentMoves)) continue;
      checkedParents.add(parentMoves);
      const parent = ConnectFour.parse(parentMoves);
      if (winsAtOnce(parent)) continue;
      for (let column = 0; column < 7; column++) {
        if (!parent.canPlay(column)) continue;
        parent.play(column);
        const missing = !parent.isTerminal() &&
          !scores.has(parent.symmetricKey());
        parent.undo(column);
        if (missing) {
          const sibling = parentMoves + (column + 1);
          const twin = mirror(sibling);
          throw new Error(
            `${at(entry.line)}: ${entry.moves} is given but not ${sibling}${
              twin === sibling ? "" : ` (nor its mirror ${twin})`
            }: a book gives every move from a position (a line lost?)`,
          );
        }
      }
    }
    if (allAfter !== null) {
      const file = source ?? "the book";
      const count = 7 ** allAfter;
      for (let index = 0; index < count; index++) {
        let moves = "";
        for (
          let rest = index, i = 0;
          i < allAfter;
          i++, rest = Math.floor(rest / 7)
        ) {
          moves = String(1 + (rest % 7)) + moves;
        }
        let position: ConnectFour;
        try {
          position = ConnectFour.parse(moves);
        } catch {
          continue; // not a legal game
        }
        if (position.isTerminal() || scores.has(position.symmetricKey())) {
          continue;
        }
        const twin = mirror(moves);
        throw new Error(
          `${where}: ${file}: ${moves === "" ? "the empty board" : moves}${
            twin === moves ? "" : ` (nor its mirror ${twin})`
          } is missing: the book must hold every position after ${allAfter} moves (allAfter)`,
        );
      }
    }
    return new ConnectFourBook(scores, given);
  }

  /** Positions the book answers (given and derived; a position and its mirror count once). */
  get size(): number {
    return this.#scores.size;
  }

  /**
   * The position's exact score from the side to move, as
   * {@linkcode solveConnectFour} gives it, or `null` when it is not in the
   * book.
   *
   * @param position any Connect Four position
   * @returns the score, or `null`
   */
  lookup(position: ConnectFour): number | null {
    return this.#scores.get(position.symmetricKey()) ?? null;
  }
}
