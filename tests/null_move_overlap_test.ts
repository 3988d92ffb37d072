import assert from "node:assert/strict";
import {
  Chess,
  CHESS_MOVE_LIMIT,
  iterativeDeepening,
  TranspositionTable,
} from "../mod.ts";
import {
  CHESS_ENGINE_ORDER,
  chessEngineOptions,
  chessPositionOptions,
} from "../src/players/_chess_search.ts";
import { ATLAS_GAMES } from "../src/course/atlas/games.ts";
import {
  nullMoveOverlap,
  nullMoveOverlapTable,
} from "../src/course/atlas/null_move_overlap.ts";

/** The full engine's nodes on one FEN (as the UCI engine plays by default), counted here without the module. */
function engineNodes(fen: string, depth: number, drop: string[]): number {
  const options: Record<string, unknown> = { ...chessEngineOptions() };
  for (const key of drop) delete options[key];
  return iterativeDeepening(Chess.fromFen(fen, chessPositionOptions()), {
    ...options,
    depth,
    tt: new TranspositionTable({ entries: 1 << 18 }),
    order: CHESS_ENGINE_ORDER,
    maxMove: CHESS_MOVE_LIMIT,
    quiescence: true,
  }).stats.nodes;
}

Deno.test("nullMoveOverlap: each row's nodes are the engine's with and without its null move, counted apart", () => {
  const depth = 5;
  const rows = nullMoveOverlap(2, [depth]);
  assert.deepEqual(
    rows.map((r) => [r.game, r.depth, r.reverseFutility, r.positions]),
    [
      ["chess", 5, true, 2],
      ["chess", 5, false, 2],
      ["wac", 5, true, 2],
      ["wac", 5, false, 2],
    ],
  );
  for (const row of rows) {
    const fens = ATLAS_GAMES[row.game].positions(2, true).map((p) => p.fen!);
    const rfp = row.reverseFutility ? [] : ["reverseFutility"];
    const sum = (drop: string[]) =>
      fens.reduce((s, fen) => s + engineNodes(fen, depth, drop), 0);
    assert.equal(row.nodesWith, sum(rfp), `${row.game} ${row.reverseFutility}`);
    assert.equal(row.nodesWithout, sum([...rfp, "nullMove"]));
    assert.ok(row.share.low <= row.share.median);
    assert.ok(row.share.median <= row.share.high);
  }
  const table = nullMoveOverlapTable(rows);
  assert.equal(table.trim().split("\n").length, 2 + rows.length);
  assert.match(table, /\| 2 middlegames +\| +5 \| on \(the engine\) +\|/);
});

Deno.test("nullMoveOverlap: bad positions or depths fail naming the argument, the value and the rule", () => {
  for (const positions of [0, 101, 1.5]) {
    assert.throws(
      () => nullMoveOverlap(positions, [4]),
      new RegExp(
        `nullMoveOverlap: positions must be an integer in 1…100, got ${positions}`,
      ),
    );
  }
  assert.throws(
    () => nullMoveOverlap(1, []),
    /nullMoveOverlap: depths must list at least one depth, got \[\]/,
  );
  for (const depth of [0, 21, 2.5]) {
    assert.throws(
      () => nullMoveOverlap(1, [4, depth]),
      new RegExp(
        `nullMoveOverlap: depths\\[1\\] must be an integer in 1…20, got ${depth}`,
      ),
    );
  }
});
