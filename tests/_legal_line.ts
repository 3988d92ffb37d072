// The check that a searcher's line is made of real moves, shared by the
// selective-search tests.
import assert from "node:assert/strict";
import type { Position, SearchResult } from "../mod.ts";

/**
 * Asserts that `result.pv` replays move by move as legal moves from a copy
 * of `position` and starts with `result.move`: a pruned or reduced search
 * must still hand back a line of real moves (a null move's pass, −1, or a
 * move of another line would fail here).
 */
export function assertLegalLine(
  position: Position,
  result: SearchResult,
  where: string,
): void {
  assert.ok(result.pv.length > 0, `${where}: no line`);
  assert.equal(result.pv[0], result.move, `${where}: move is not pv[0]`);
  const copy = position.clone();
  const moves = new Int32Array(copy.maxMoves);
  for (const [k, move] of result.pv.entries()) {
    const count = copy.generateMoves(moves);
    assert.ok(
      moves.subarray(0, count).includes(move),
      `${where}: pv move ${k} (${move}) is not legal`,
    );
    copy.play(move);
  }
}
