/**
 * T003.11: horizon errors found automatically, and how many quiescence
 * cures. A position has a horizon error at horizon h when
 *
 * 1. alpha-beta to depth h without quiescence chooses a move m,
 * 2. a deeper reference search (quiescence over captures to depth h + 2
 *    after m) values m at least a pawn below what the shallow search
 *    believed, and
 * 3. along the reference line after m, the material of the side to move
 *    drops by at least a pawn after ply h: the loss lies past the horizon.
 *
 * A move the position's test suite lists as best (WAC's `bm`) is never an
 * error: there the shallow reference, not the move, is wrong (WAC.002's
 * Rxb2 wins by a pawn promotion the reference does not reach).
 *
 * Quiescence (over captures, same depth h) cures the error when it chooses
 * another move q that the reference values at least a pawn above m. The
 * cured errors are the examples the notebook draws.
 *
 * @module
 */

import { Chess, CHESS_MATE, CHESS_MOVE_LIMIT } from "../../games/chess/mod.ts";
import type { Move } from "../../position.ts";
import { alphaBeta, quiescence, TranspositionTable } from "../../search/mod.ts";
import { FULL_ORDER } from "./orders.ts";
import { materialOf } from "./phase.ts";

/** A found horizon error. */
export interface HorizonExample {
  /** Whether quiescence at the same depth avoids it (see the module text). */
  cured: boolean;
  id: string;
  fen: string;
  horizon: number;
  /** The move without quiescence, SAN and UCI. */
  move: string;
  moveUci: string;
  /** Its value to the shallow search, centipawns, side to move's view. */
  shallowValue: number;
  /** Its value to the reference search. */
  referenceValue: number;
  /** The move with quiescence, SAN and UCI. */
  quietMove: string;
  quietMoveUci: string;
  /** Its value to the reference search. */
  quietReferenceValue: number;
  /** The reference line after the shallow move, SAN, the move first. */
  line: string[];
  /** The same line in UCI (for drawing). */
  lineUci: string[];
  /** Ply of `line` (1 = the move) after which the material loss shows. */
  lossPly: number;
  /** Material lost by the side to move along the line past the horizon, centipawns. */
  loss: number;
}

/** One pawn, the threshold of every comparison. */
export const PAWN = 100;

const noMate = (v: number) => Math.abs(v) < CHESS_MATE - 1000;

function balance(fen: string, white: boolean): number {
  const m = materialOf(fen);
  return white ? m.white - m.black : m.black - m.white;
}

/**
 * Looks for horizon errors (see the module text) among `positions` at each
 * horizon of `horizons`, and marks those quiescence cures.
 *
 * @example A queen that takes a defended pawn at depth 1
 * ```ts
 * import assert from "node:assert/strict";
 * import { findHorizonExamples } from "./horizon.ts";
 * const found = findHorizonExamples([{ id: "q", fen: "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1" }], [1]);
 * assert.equal(found.length, 1);
 * assert.ok(found[0]!.cured);
 * assert.equal(found[0]!.move, "Qxd5");
 * assert.deepEqual(found[0]!.line.slice(0, 2), ["Qxd5", "exd5"]);
 * ```
 */
export function findHorizonExamples(
  positions: readonly { id: string; fen: string; best?: readonly string[] }[],
  horizons: readonly number[],
  progress?: (message: string) => void,
): HorizonExample[] {
  const tt = new TranspositionTable({ entries: 1 << 18 });
  const examples: HorizonExample[] = [];
  const options = (depth: number) => ({
    depth,
    tt,
    order: FULL_ORDER,
    maxMove: CHESS_MOVE_LIMIT,
  });
  const reference = (position: Chess, move: Move, depth: number) => {
    position.play(move);
    tt.clear();
    const r = quiescence(position, options(depth - 1));
    position.undo(move);
    return { value: -r.value, pv: [move, ...r.pv] };
  };
  for (const [i, { id, fen, best }] of positions.entries()) {
    const position = Chess.fromFen(fen);
    if (position.isTerminal()) continue;
    const bestMoves = new Set(
      (best ?? []).map((san) => position.moveFromSan(san)),
    );
    for (const h of horizons) {
      tt.clear();
      const shallow = alphaBeta(position, options(h));
      if (bestMoves.has(shallow.move)) continue;
      const refMove = reference(position, shallow.move, h + 2);
      if (![shallow.value, refMove.value].every(noMate)) continue;
      if (shallow.value - refMove.value < PAWN) continue;
      const white = position.turn() === 1;
      const line = position.clone();
      const san: string[] = [], uci: string[] = [];
      let atHorizon = 0, lossPly = 0, loss = 0;
      for (const [ply, move] of refMove.pv.entries()) {
        san.push(line.moveToSan(move));
        uci.push(line.moveToUci(move));
        line.play(move);
        const b = balance(line.toFen(), white);
        if (ply + 1 === h) atHorizon = b;
        if (ply + 1 > h && lossPly === 0 && atHorizon - b >= PAWN) {
          lossPly = ply + 1;
          loss = atHorizon - b;
        }
      }
      if (lossPly === 0) continue;
      tt.clear();
      const quiet = quiescence(position, options(h));
      const refQuiet = quiet.move === shallow.move
        ? refMove
        : reference(position, quiet.move, h + 2);
      examples.push({
        cured: quiet.move !== shallow.move &&
          refQuiet.value - refMove.value >= PAWN,
        id,
        fen,
        horizon: h,
        move: san[0]!,
        moveUci: uci[0]!,
        shallowValue: shallow.value,
        referenceValue: refMove.value,
        quietMove: position.moveToSan(quiet.move),
        quietMoveUci: position.moveToUci(quiet.move),
        quietReferenceValue: refQuiet.value,
        line: san,
        lineUci: uci,
        lossPly,
        loss,
      });
    }
    if ((i + 1) % 25 === 0 || i + 1 === positions.length) {
      progress?.(
        `horizon: ${
          i + 1
        }/${positions.length} positions, ${examples.length} errors`,
      );
    }
  }
  return examples;
}
