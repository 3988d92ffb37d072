// How soon a time budget stops a slow search: the clock is read more often
// than every 1,024 nodes when nodes come slowly (a fresh process's cold
// search overran `go movetime 100` by up to 56 ms).
import assert from "node:assert/strict";
import {
  Chess,
  CHESS_MOVE_LIMIT,
  iterativeDeepening,
  type Move,
  TranspositionTable,
} from "../mod.ts";
import { DelegatingPosition } from "../src/_delegating_position.ts";

/** A slow position: each move played takes 100 µs and is timed. */
class Slow extends DelegatingPosition {
  constructor(inner: Chess, readonly played: number[]) {
    super(inner);
  }
  override play(move: Move): void {
    const until = performance.now() + 0.1;
    while (performance.now() < until);
    this.played.push(performance.now());
    this.inner.play(move);
  }
  clone(): this {
    return new Slow(this.inner.clone() as Chess, this.played) as this;
  }
}

Deno.test("a time budget stops a search of about 10,000 nodes a second within a few dozen nodes (the clock was read every 1,024, so ~100 ms late)", () => {
  const played: number[] = [];
  const position = new Slow(Chess.start(), played);
  const timeMs = 50;
  const start = performance.now();
  const result = iterativeDeepening(position, {
    depth: 30,
    timeMs,
    tt: new TranspositionTable({ entries: 1 << 12 }),
    maxMove: CHESS_MOVE_LIMIT,
    quiescence: true,
  });
  assert.ok(result.stoppedByBudget);
  // The deadline is at least `start + timeMs`: every move after it counts.
  const late = played.filter((t) => t > start + timeMs).length;
  assert.ok(played.length > 100, `${played.length} moves played`);
  assert.ok(
    late <= 40,
    `${late} of ${played.length} moves played past the deadline`,
  );
});

Deno.test("reading the clock more often changes no node-limited search: the same nodes and move with and without a far deadline", () => {
  const search = (extra: object) =>
    iterativeDeepening(Chess.start(), {
      depth: 30,
      maxNodes: 20_000,
      tt: new TranspositionTable({ entries: 1 << 14 }),
      maxMove: CHESS_MOVE_LIMIT,
      quiescence: true,
      ...extra,
    });
  const plain = search({});
  const timed = search({ timeMs: 3_600_000 });
  assert.equal(timed.stats.nodes, plain.stats.nodes);
  assert.equal(timed.move, plain.move);
  assert.deepEqual(timed.pv, plain.pv);
});
