// DelegatingPosition, the base of the wrappers that watch a search: a
// wrapped position must be searched as the same game as the bare one.
import assert from "node:assert/strict";
import {
  alphaBeta,
  ExplicitTree,
  type Move,
  quiescence,
  TicTacToe,
} from "../mod.ts";
import { DelegatingPosition } from "../src/_delegating_position.ts";

class Plain extends DelegatingPosition {
  clone(): this {
    return new Plain(this.inner.clone()) as this;
  }
}

/** T003.5: quiescence sees the recapture after the pawn grab and prefers the quiet move. */
const t0035 = () =>
  ExplicitTree.from({
    value: 0,
    children: [
      { value: 1, children: [1, 1] },
      { value: 3, children: [{ value: -5, noisy: true }, 3] },
    ],
  });

Deno.test("a wrapped tree with noisy moves gets the bare tree's quiescence result (found by review)", () => {
  // The wrapper dropped generateNoisyMoves: quiescence saw no captures and
  // answered 3 with move 1 where the bare tree gives 1 with move 0.
  const bare = quiescence(t0035(), { depth: 1 });
  const wrapped = quiescence(new Plain(t0035()), { depth: 1 });
  assert.deepEqual([bare.value, bare.move], [1, 0]);
  assert.deepEqual([wrapped.value, wrapped.move], [bare.value, bare.move]);
  assert.deepEqual(wrapped.pv, bare.pv);
});

Deno.test("DelegatingPosition forwards only the optional methods inner has, keeps a subclass's own, and never playGenerated", () => {
  // Tic-tac-toe has no noisy moves: the wrapper must not claim any.
  const ticTacToe = new Plain(TicTacToe.empty());
  assert.ok(!("generateNoisyMoves" in ticTacToe));
  assert.ok(!("playGenerated" in ticTacToe) && !("undoGenerated" in ticTacToe));
  assert.ok(typeof new Plain(t0035()).generateNoisyMoves === "function");

  class NoCaptures extends DelegatingPosition {
    override generateNoisyMoves(_out: Int32Array): number {
      return 0;
    }
    clone(): this {
      return new NoCaptures(this.inner.clone()) as this;
    }
  }
  assert.equal(quiescence(new NoCaptures(t0035()), { depth: 1 }).move, 1);

  // A subclass watching play sees every move, though TicTacToe has
  // playGenerated (which would bypass the subclass's play).
  class CountingPlays extends DelegatingPosition {
    plays = 0;
    override play(move: Move): void {
      this.plays++;
      this.inner.play(move);
    }
    clone(): this {
      return new CountingPlays(this.inner.clone()) as this;
    }
  }
  const counted = new CountingPlays(TicTacToe.parse("XO.XO...."));
  const result = alphaBeta(counted);
  assert.equal(counted.plays, result.stats.nodes - 1);
});
