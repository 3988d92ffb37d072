/**
 * Which Connect Four positions the opening book must answer so that a game
 * of sensible play against the engine finds every column proven at once in
 * its first plies: the positions where the human is to move (the hint
 * scores every column) and those where the engine is (it scores every
 * column to choose), along the moves a student plays and the engine's
 * replies. `deno task openings --book` walks this cover ply by ply and
 * solves the children of each position in it.
 *
 * A **sensible** move does not lose against perfect play when a move that
 * does not lose exists, and loses as late as possible when every move
 * loses. The **engine** plays the highest score, the column nearest the
 * centre on a tie, then the left one (the choice of `deno task play` and of
 * the site's play page when every column is proven). The human may move
 * first or second: a position is covered when some game reaches it with the
 * human's moves sensible and the engine's its own.
 *
 * @module
 */

import { CELLS, ConnectFour, WIDTH } from "./connect_four.ts";
import { describe } from "../validate.ts";

/** Who the human is in a game of the cover: bit 1, the first player; bit 2, the second. */
export type CoverRoles = 1 | 2 | 3;

/** The human moves first and second: the roles of the empty board. */
export const BOTH_ROLES: CoverRoles = 3;

/**
 * The score of each column for the side to move, as the solver and the
 * book give scores (0 a draw, 22 − k a win with the mover's k-th stone):
 * a column that wins at once scores `(43 − n) >> 1` with `n` stones on the
 * board, any other the negated score of the position after it.
 *
 * @param position the position (not over)
 * @param scoreAfter the exact score of a position after one move, from its
 *   side to move, or null when it is not known
 * @returns seven entries: the column's score, `undefined` for a full
 *   column, null for a column whose position after it has no known score
 * @throws {Error} when `position` is not a {@linkcode ConnectFour} or is
 *   over, or `scoreAfter` is not a function; what `scoreAfter` throws,
 *   with `position` as it was
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { columnScores, ConnectFour } from "../../mod.ts";
 * const scores = columnScores(ConnectFour.parse("445566"), () => 0);
 * // X has columns 4, 5 and 6 of the bottom row: 3 and 7 win at once.
 * assert.deepEqual(scores, [0, 0, 18, 0, 0, 0, 18]);
 * ```
 */
export function columnScores(
  position: ConnectFour,
  scoreAfter: (child: ConnectFour) => number | null,
): (number | null | undefined)[] {
  if (!ConnectFour.isConnectFour(position)) {
    throw new Error(
      `columnScores: position must be a ConnectFour, got ${describe(position)}`,
    );
  }
  if (typeof scoreAfter !== "function") {
    throw new Error(
      `columnScores: scoreAfter must be a function, got ${
        describe(scoreAfter)
      }`,
    );
  }
  if (position.isTerminal()) {
    throw new Error(
      `columnScores: position must be a game not over, got "${position}" (${
        position.won ? "won" : "a full board"
      }): no column can be played`,
    );
  }
  const scores: (number | null | undefined)[] = [];
  const n = position.moveCount;
  for (let col = 0; col < WIDTH; col++) {
    if (!position.canPlay(col)) scores.push(undefined);
    else if (position.isWinningMove(col)) scores.push((CELLS + 1 - n) >> 1);
    else {
      position.play(col);
      let after: number | null;
      try {
        after = position.moveCount === CELLS ? 0 : scoreAfter(position);
      } finally {
        // Also when scoreAfter throws: the caller's position as it was.
        position.undo(col);
      }
      scores.push(after === null ? null : 0 - after);
    }
  }
  return scores;
}

/** The known scores of the playable columns, or null when one is unknown. */
function known(
  scores: readonly (number | null | undefined)[],
): [number, number][] | null {
  const out: [number, number][] = [];
  for (let col = 0; col < scores.length; col++) {
    const score = scores[col];
    if (score === null) return null;
    if (score !== undefined) out.push([col, score]);
  }
  return out;
}

/**
 * The sensible columns: those that do not lose when one of them does not
 * lose (score ≥ 0), else those that lose latest (the highest score).
 *
 * @param scores {@linkcode columnScores}' result, every playable column known
 * @returns the columns, left to right
 * @throws {Error} when a playable column's score is unknown
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sensibleColumns } from "../../mod.ts";
 * assert.deepEqual(sensibleColumns([-2, -1, 0, 1, 0, -1, -2]), [2, 3, 4]);
 * assert.deepEqual(sensibleColumns([-5, -3, -3, undefined, -4, -9, -9]), [1, 2]);
 * ```
 */
export function sensibleColumns(
  scores: readonly (number | null | undefined)[],
): number[] {
  const list = known(scores);
  if (list === null || list.length === 0) {
    throw new Error(
      `sensibleColumns: every playable column needs a known score, got ${
        JSON.stringify(scores)
      }`,
    );
  }
  const best = Math.max(...list.map(([, score]) => score));
  return list.filter(([, score]) => best >= 0 ? score >= 0 : score === best)
    .map(([col]) => col);
}

/**
 * The engine's column: the highest score, on a tie the column nearest the
 * centre, then the left one.
 *
 * @param scores {@linkcode columnScores}' result, every playable column known
 * @returns the column
 * @throws {Error} when a playable column's score is unknown
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { engineColumn } from "../../mod.ts";
 * assert.equal(engineColumn([-2, -1, 0, 1, 0, -1, -2]), 3);
 * assert.equal(engineColumn([0, 0, 2, undefined, 2, 0, 0]), 2);
 * ```
 */
export function engineColumn(
  scores: readonly (number | null | undefined)[],
): number {
  const list = known(scores);
  if (list === null || list.length === 0) {
    throw new Error(
      `engineColumn: every playable column needs a known score, got ${
        JSON.stringify(scores)
      }`,
    );
  }
  let best = list[0]!;
  for (const entry of list) {
    const [col, score] = entry;
    if (
      score > best[1] ||
      (score === best[1] && Math.abs(col - 3) < Math.abs(best[0] - 3))
    ) best = entry;
  }
  return best[0];
}

/**
 * The positions of the cover one ply further: after the sensible columns
 * where the human is to move, after the engine's column where the engine
 * is, for each role; columns that end the game lead nowhere.
 *
 * @param position a position of the cover
 * @param roles the roles it is reached in
 * @param scores {@linkcode columnScores}' result, every playable column known
 * @returns `[column, roles]` for each column played on, left to right
 *
 * @example From the empty board, for both roles
 * ```ts
 * import assert from "node:assert/strict";
 * import { BOTH_ROLES, ConnectFour, coverNext } from "../../mod.ts";
 * // The first player's scores of the seven first moves.
 * const scores = [-2, -1, 0, 1, 0, -1, -2];
 * // The human first plays any of 3, 4, 5 (role 1); the engine first plays 4 (role 2).
 * assert.deepEqual(coverNext(ConnectFour.empty(), BOTH_ROLES, scores), [[2, 1], [3, 3], [4, 1]]);
 * ```
 */
export function coverNext(
  position: ConnectFour,
  roles: CoverRoles,
  scores: readonly (number | null | undefined)[],
): [number, CoverRoles][] {
  const next = new Map<number, number>();
  // Role 1: the human is the first player, who moves when the count is even.
  for (const role of [1, 2] as const) {
    if ((roles & role) === 0) continue;
    const humanToMove = (position.moveCount % 2 === 0) === (role === 1);
    const columns = humanToMove
      ? sensibleColumns(scores)
      : [engineColumn(scores)];
    for (const col of columns) {
      if (position.isWinningMove(col)) continue;
      next.set(col, (next.get(col) ?? 0) | role);
    }
  }
  return [...next].sort((a, b) => a[0] - b[0]) as [number, CoverRoles][];
}

/** A position of the cover: its moves from the empty board and its roles. */
export interface CoverPosition {
  /** Column digits 1–7 from the empty board. */
  moves: string;
  /** Who the human is in the games that reach it. */
  roles: CoverRoles;
}

/** The empty board, the cover's first position. */
export const COVER_START: readonly CoverPosition[] = [{
  moves: "",
  roles: BOTH_ROLES,
}];

/**
 * The next ply of the cover: {@linkcode coverNext} of each position of
 * `level` whose every column has a known score, the positions reached by
 * two move orders merged (their roles joined).
 *
 * @param level the positions of one ply of the cover
 * @param scoreAfter the exact score of a position after one move, or null
 * @returns `next`, the next ply's positions; `unknown`, the positions of
 *   `level` with a column of unknown score (not followed)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COVER_START, nextCoverLevel } from "../../mod.ts";
 * // With every position after a move scored 0 (a draw), every column
 * // draws: the human plays any, the engine the centre.
 * const { next, unknown } = nextCoverLevel(COVER_START, () => 0);
 * assert.equal(next.length, 7);
 * assert.deepEqual(next[3], { moves: "4", roles: 3 });
 * assert.deepEqual(unknown, []);
 * assert.deepEqual(nextCoverLevel(COVER_START, () => null).unknown, [""]);
 * ```
 */
export function nextCoverLevel(
  level: readonly CoverPosition[],
  scoreAfter: (child: ConnectFour) => number | null,
): { next: CoverPosition[]; unknown: string[] } {
  const next = new Map<number, CoverPosition>();
  const unknown: string[] = [];
  for (const { moves, roles } of level) {
    const position = ConnectFour.parse(moves);
    const scores = columnScores(position, scoreAfter);
    if (scores.some((score) => score === null)) {
      unknown.push(moves);
      continue;
    }
    for (const [col, more] of coverNext(position, roles, scores)) {
      const child = ConnectFour.parse(moves + (col + 1));
      const seen = next.get(child.key());
      next.set(child.key(), {
        moves: seen?.moves ?? moves + (col + 1),
        roles: ((seen?.roles ?? 0) | more) as CoverRoles,
      });
    }
  }
  return { next: [...next.values()], unknown };
}
