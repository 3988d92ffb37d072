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

/**
 * A slow position on a clock of the test's own: each move played moves the
 * clock 100 µs on and is timed by it, so the test sees the same search on a
 * loaded machine as on an idle one (a wall-clock version failed whenever
 * another process held the core).
 */
class Slow extends DelegatingPosition {
  constructor(inner: Chess, readonly played: number[]) {
    super(inner);
  }
  override play(move: Move): void {
    fakeNow += 0.1;
    this.played.push(fakeNow);
    this.inner.play(move);
  }
  clone(): this {
    return new Slow(this.inner.clone() as Chess, this.played) as this;
  }
}

/** The test's clock, in milliseconds; it moves only when a move is played. */
let fakeNow = 1_000;

/** Runs `body` with `performance.now()` reading {@linkcode fakeNow}, as connect_four_test.ts stubs the clock. */
function onFakeClock<T>(body: () => T): T {
  const clock = performance.now;
  performance.now = () => fakeNow;
  try {
    return body();
  } finally {
    performance.now = clock;
  }
}

Deno.test("a time budget stops a search of about 10,000 nodes a second within a few dozen nodes (the clock was read every 1,024, so ~100 ms late)", () => {
  const played: number[] = [];
  const position = new Slow(Chess.start(), played);
  const timeMs = 50;
  const start = fakeNow;
  const result = onFakeClock(() =>
    iterativeDeepening(position, {
      depth: 30,
      timeMs,
      tt: new TranspositionTable({ entries: 1 << 12 }),
      maxMove: CHESS_MOVE_LIMIT,
      quiescence: true,
    })
  );
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
