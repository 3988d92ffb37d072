/**
 * Chess's trusted entry (`Chess.playGenerated`/`undoGenerated`): the same
 * change as `play`/`undo` for every generated move, and the deep searchers
 * (iterative deepening, quiescence, the engine's selective search) play
 * their own moves with it, with the results they give through `play`.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { chessAfterChoices } from "./_arbitraries.ts";
import {
  Chess,
  iterativeDeepening,
  type IterativeDeepeningOptions,
  TranspositionTable,
} from "../mod.ts";
import {
  CHESS_ENGINE_ORDER,
  CHESS_ENGINE_POSITION,
  CHESS_ENGINE_SELECTIVE,
} from "../src/players/_chess_search.ts";
import { CHESS_MOVE_LIMIT } from "../src/games/chess/mod.ts";

/** A position after `choices` picked among the legal moves from the start. */
const randomPosition = (choices: readonly number[]) =>
  chessAfterChoices(choices, CHESS_ENGINE_POSITION);

Deno.test("Chess.playGenerated/undoGenerated change the position as play/undo do, for every generated and noisy move", () => {
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { minLength: 0, maxLength: 60 }),
      (choices) => {
        const position = randomPosition(choices);
        const moves = new Int32Array(position.maxMoves);
        const fen = position.toFen();
        const key = position.key();
        for (const noisy of [false, true]) {
          const count = noisy
            ? position.generateNoisyMoves(moves)
            : position.generateMoves(moves);
          for (const move of moves.subarray(0, count)) {
            const checked = position.clone();
            checked.play(move);
            position.playGenerated(move);
            assert.equal(position.toFen(), checked.toFen());
            assert.equal(position.key(), checked.key());
            assert.equal(position.evaluate(), checked.evaluate());
            assert.equal(position.isTerminal(), checked.isTerminal());
            // A checked undo after a trusted play works as after play.
            position.undo(move);
            assert.equal(position.toFen(), fen);
            position.play(move);
            position.undoGenerated(move);
            assert.equal(position.toFen(), fen);
            assert.equal(position.key(), key);
          }
        }
      },
    ),
    { numRuns: 120, seed: 2712 },
  );
});

/** A copy of `position` with the trusted pair hidden: searchers fall back to play/undo. */
function checkedOnly(position: Chess): Chess {
  const copy = position.clone();
  Object.assign(copy, { playGenerated: undefined, undoGenerated: undefined });
  assert.equal(typeof copy.playGenerated, "undefined");
  return copy;
}

Deno.test("the engine's search plays its moves through the trusted pair, with the results play/undo give", () => {
  const options = (): IterativeDeepeningOptions => ({
    depth: 6,
    tt: new TranspositionTable({ entries: 1 << 14 }),
    order: CHESS_ENGINE_ORDER,
    maxMove: CHESS_MOVE_LIMIT,
    quiescence: true,
    ...CHESS_ENGINE_SELECTIVE,
  });
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { minLength: 6, maxLength: 30 }),
      (choices) => {
        const position = randomPosition(choices);
        if (position.isTerminal()) return;
        position.markRoot();
        const fen = position.toFen();
        let trusted = 0, checked = 0;
        const counted = position.clone();
        const play = counted.play.bind(counted);
        const playGenerated = counted.playGenerated.bind(counted);
        counted.play = (move) => {
          checked++;
          play(move);
        };
        counted.playGenerated = (move) => {
          trusted++;
          playGenerated(move);
        };
        const fast = iterativeDeepening(counted, options());
        const slow = iterativeDeepening(checkedOnly(position), options());
        assert.equal(fast.value, slow.value, fen);
        assert.deepEqual(fast.pv, slow.pv, fen);
        assert.deepEqual(fast.stats, slow.stats, fen);
        assert.ok(trusted > 0 && checked === 0, `${trusted} / ${checked}`);
        assert.equal(counted.toFen(), fen);
      },
    ),
    { numRuns: 12, seed: 2713 },
  );
});
