/**
 * Stockfish as the chess lesson's referee (`stockfishEvaluate`,
 * `refereeExamples`): a mate in one, and the horizon example it confirms.
 * Held back without Stockfish; the lesson's own measurements are in
 * tests/chess_measure_test.ts.
 */
import assert from "node:assert/strict";
import {
  findHorizonExamples,
  refereeExamples,
  stockfishEvaluate,
} from "../src/course/chess/mod.ts";
import { CHESS_MATE } from "../src/games/chess/mod.ts";
import { lacks, pathOf } from "./_programs.ts";

// White's queen may take a pawn on d5 that a pawn on e6 defends.
const QUEEN_TRAP = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";

Deno.test({
  name: "Stockfish referee: a mate in one, and the queen trap confirmed",
  ignore: lacks("stockfish"),
  async fn() {
    const stockfish = pathOf("stockfish");
    const [mate] = await stockfishEvaluate(
      [{
        fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        moves: [],
      }],
      6,
      stockfish,
    );
    assert.equal(mate!.score, CHESS_MATE - 1);
    assert.equal(mate!.pv[0], "a1a8");
    const found = findHorizonExamples([{ id: "trap", fen: QUEEN_TRAP }], [1]);
    const [verdict] = await refereeExamples(found, 8, stockfish);
    assert.ok(verdict!.confirmed && verdict!.quietMove - verdict!.move > 500);
  },
});
