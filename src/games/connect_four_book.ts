/**
 * An opening book for Connect Four: exact scores of early positions, read
 * from a text file of solved positions (`data/connect4/book.txt`, written by
 * `deno task openings --book`), so that a solve of those positions is a
 * lookup.
 *
 * @module
 */

import { ConnectFour } from "./connect_four.ts";

/** One book position as the file gives it. */
interface BookLine {
  moves: string;
  score: number;
  line: number;
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
   * Reads a book: one position a line, `<moves> <score>` and optionally more
   * fields after a blank (nodes, seconds, how it was found), `#` comments
   * and blank lines skipped. Every line must be an exact score.
   *
   * @param text the file's text
   * @returns the book, with the shallower positions added
   * @throws {Error} naming the line on a bad line, a score that is not exact
   *   (`lower..upper`), an illegal or finished position, a score outside
   *   −18…18, or two lines that disagree about one position (or its mirror)
   */
  static parse(text: string): ConnectFourBook {
    const lines: BookLine[] = [];
    text.split("\n").forEach((raw, index) => {
      const trimmed = raw.trim();
      if (trimmed === "" || trimmed.startsWith("#")) return;
      const where = `ConnectFourBook.parse: line ${index + 1}`;
      const match = trimmed.match(/^([1-7]+) (\S+)(?: .*)?$/);
      if (match === null) {
        throw new Error(
          `${where}: expected "<moves> <score> …", got ${
            JSON.stringify(trimmed)
          }`,
        );
      }
      const [, moves, scoreText] = match as unknown as [string, string, string];
      if (!/^-?\d+$/.test(scoreText)) {
        throw new Error(
          `${where}: the score must be an exact integer (a book holds solved positions), got ${
            JSON.stringify(scoreText)
          }`,
        );
      }
      const score = Number(scoreText);
      if (Math.abs(score) > 18) {
        throw new Error(`${where}: the score must lie in -18…18, got ${score}`);
      }
      lines.push({ moves, score, line: index + 1 });
    });
    const scores = new Map<number, number>();
    const seen = new Map<number, BookLine>();
    let deepest = 0;
    for (const entry of lines) {
      const where = `ConnectFourBook.parse: line ${entry.line}`;
      let position: ConnectFour;
      try {
        position = ConnectFour.parse(entry.moves);
      } catch (error) {
        throw new Error(`${where}: ${(error as Error).message}`);
      }
      if (position.isTerminal()) {
        throw new Error(`${where}: the game is over after ${entry.moves}`);
      }
      const key = position.symmetricKey();
      const earlier = seen.get(key);
      if (earlier !== undefined && earlier.score !== entry.score) {
        throw new Error(
          `${where}: ${entry.moves} scores ${entry.score}, but line ${earlier.line} gives ${earlier.moves} (the same position or its mirror) ${earlier.score}`,
        );
      }
      seen.set(key, entry);
      scores.set(key, entry.score);
      deepest = Math.max(deepest, entry.moves.length);
    }
    const given = scores.size;
    // Shallower positions, deepest first: a parent is added when every
    // legal child is known and none of its moves wins at once.
    let level = [...seen.values()].map((entry) => entry.moves);
    for (let plies = deepest - 1; plies >= 0; plies--) {
      const parents = new Set<string>();
      for (const moves of level) {
        if (moves.length === plies + 1) parents.add(moves.slice(0, plies));
      }
      const added: string[] = [];
      for (const moves of parents) {
        const parent = ConnectFour.parse(moves);
        if (scores.has(parent.symmetricKey())) continue;
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
        scores.set(parent.symmetricKey(), best);
        added.push(moves);
      }
      level = [...level, ...added];
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
