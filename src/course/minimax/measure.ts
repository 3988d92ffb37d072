/**
 * Lesson 004, minimax, recomputed: the rows T004.1–T004.9 of the course's
 * catalogue and the nodes per ply of the full tic-tac-toe tree.
 *
 * @module
 */

import { ExplicitTree } from "../../trees/mod.ts";
import { TicTacToe } from "../../games/mod.ts";
import { alphaBeta, minimax, negamax } from "../../search/mod.ts";
import { mistakeMaxOnBothLevels } from "../_traps.ts";
import { nodesPerPly } from "./ply_profile.ts";
import { type CourseRow, exactRow } from "../rows.ts";

/** Nodes at one ply of the full tic-tac-toe tree, for each searcher. */
export interface PlyNodes {
  ply: number;
  minimax: number;
  alphaBeta: number;
}

/** A tic-tac-toe position of the lesson with what each searcher spent on it. */
export interface PositionCost {
  name: string;
  cells: string;
  /** Value from X's view. */
  value: number;
  minimaxNodes: number;
  minimaxSteps: number;
  alphaBetaNodes: number;
  alphaBetaSteps: number;
}

/** Everything lesson 004's notebook and figures show. */
export interface Lesson004 {
  rows: CourseRow[];
  positions: PositionCost[];
  plyNodes: PlyNodes[];
  /** T004.9: for each reply of O after X plays 6, X's winning cells. */
  doubleThreat: {
    threats: number[];
    replies: { reply: number; xWins: number[] }[];
  };
  /** T004.6: the mistake's value next to the true one, on the empty board (X's view). */
  maxOnBothLevels: { mistake: number; truth: number };
}

/** Value from X's view of a search result at `position`. */
function xView(position: TicTacToe, value: number): number {
  return position.turn() === 1 ? value : 0 - value;
}

function cost(
  name: string,
  cells: string,
  played: number[] = [],
): PositionCost {
  const position = TicTacToe.parse(cells);
  for (const move of played) position.play(move);
  const full = minimax(position);
  const pruned = alphaBeta(position);
  return {
    name,
    cells: position.toString(),
    value: xView(position, full.value),
    minimaxNodes: full.stats.nodes,
    minimaxSteps: full.stats.steps,
    alphaBetaNodes: pruned.stats.nodes,
    alphaBetaSteps: pruned.stats.steps,
  };
}

/**
 * Recomputes lesson 004: every row is searched, none is typed in.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lesson004 } from "./measure.ts";
 * assert.ok(lesson004().rows.every((row) => row.agrees));
 * ```
 */
export function lesson004(): Lesson004 {
  const lesson = cost("X on 0 and 8, O on 2 and 4, X to move", "X.O.O...X");
  const after6 = cost("after X plays 6, O to move", "X.O.O...X", [6]);
  const corner = cost("X in a corner, O in the centre", "X...O....");
  const empty = cost("empty board", ".........");
  const wrong = mistakeMaxOnBothLevels(TicTacToe.empty());
  const exercise = minimax(ExplicitTree.from([[4, 7], [6, 5], [2, 9]]));

  const negamaxAgrees = [lesson, after6, corner, empty].every(({ cells }) => {
    const a = minimax(TicTacToe.parse(cells));
    const b = negamax(TicTacToe.parse(cells));
    return a.value === b.value && a.move === b.move &&
      a.stats.nodes === b.stats.nodes;
  });

  const threatened = TicTacToe.parse("X.O.O.X.X");
  const moves = new Int32Array(9);
  const replies = Array.from(
    moves.subarray(0, threatened.generateMoves(moves)),
    (reply) => {
      threatened.play(reply);
      const xWins = threatened.threats("X");
      threatened.undo(reply);
      return { reply, xWins };
    },
  );
  const threats = threatened.threats("X");
  const everyReplyLoses = replies.every(({ xWins }) => xWins.length > 0);

  const ordinal = ["first", "second", "third"][exercise.move] ??
    `move ${exercise.move}`;
  const rows: CourseRow[] = [
    exactRow("T004.1", "X on 0 and 8, O on 2 and 4, X to move: minimax value", [
      1,
    ], [lesson.value]),
    exactRow("T004.2", "same position: minimax / alpha-beta nodes", [178, 83], [
      lesson.minimaxNodes,
      lesson.alphaBetaNodes,
    ]),
    exactRow(
      "T004.3",
      "after X plays 6: value (X's view), minimax / alpha-beta nodes",
      [1, 37, 31],
      [
        after6.value,
        after6.minimaxNodes,
        after6.alphaBetaNodes,
      ],
    ),
    exactRow(
      "T004.4",
      "X in a corner, O in the centre: minimax nodes",
      [7332],
      [corner.minimaxNodes],
    ),
    exactRow("T004.5", "full tree from the empty board: nodes, value", [
      549946,
      0,
    ], [
      empty.minimaxNodes,
      empty.value,
    ]),
    exactRow(
      "T004.6",
      "max on both levels on the empty board: says / true value",
      [1, 0],
      [wrong, empty.value],
    ),
    exactRow("T004.7", "exercise tree (4,7), (6,5), (2,9): value, move", [
      5,
      "second",
    ], [exercise.value, ordinal]),
    exactRow("T004.8", "negamax gives minimax's values (and nodes)", ["same"], [
      negamaxAgrees ? "same" : "different",
    ]),
    exactRow(
      "T004.9",
      "double threat after X plays 6: X's threats; O can stop both?",
      ["3 and 7", "no"],
      [threats.join(" and "), everyReplyLoses ? "no" : "yes"],
    ),
  ];

  const perPlyMinimax = nodesPerPly(TicTacToe.empty(), minimax);
  const perPlyAlphaBeta = nodesPerPly(TicTacToe.empty(), alphaBeta);
  const plyNodes = perPlyMinimax.map((nodes, ply) => ({
    ply,
    minimax: nodes,
    alphaBeta: perPlyAlphaBeta[ply] ?? 0,
  }));

  return {
    rows,
    positions: [
      lesson,
      after6,
      corner,
      cost("X on 0, O on 1", "XO......."),
      empty,
    ],
    plyNodes,
    doubleThreat: { threats, replies },
    maxOnBothLevels: { mistake: wrong, truth: empty.value },
  };
}
