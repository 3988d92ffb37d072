/**
 * quiescenceEvasions (issue 25): a quiescence node whose side to move is in
 * check searches every legal move instead of standing pat; the value is the
 * one a plain negamax over that tree gives; off by default; bad values and
 * positions without `isCheck` are clear errors.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { chessAfterChoices } from "./_arbitraries.ts";
import { Chess, iterativeDeepening, quiescence, UniformTree } from "../mod.ts";

// Nxf7+ forks the king on h8 and the queen on d8: captures-only quiescence
// lets Black stand pat in check (a pawn for White); with the evasions, the
// king moves and Nxd8 takes the queen.
const FORK = "3q3k/5p2/8/6N1/8/8/P7/4K3 w - - 0 1";

/** The plies within which a quiescence search searches evasions. */
const EVASION_PLIES = 32;

/**
 * The quiescence value by the rule the option states, as plain fail-hard
 * alpha-beta in negamax form (exact at the root's full window): in check
 * (within the first plies) every legal move, otherwise the best of standing
 * pat and the noisy moves.
 */
function referenceValue(
  position: Chess,
  ply: number,
  alpha: number,
  beta: number,
): number {
  if (position.isTerminal()) return position.evaluate();
  const moves = new Int32Array(position.maxMoves);
  let count: number;
  if (ply < EVASION_PLIES && position.isCheck()) {
    count = position.generateMoves(moves);
  } else {
    const standPat = position.evaluate();
    if (standPat >= beta) return beta;
    if (standPat > alpha) alpha = standPat;
    count = position.generateNoisyMoves(moves);
  }
  for (let i = 0; i < count; i++) {
    position.play(moves[i]!);
    const value = 0 - referenceValue(position, ply + 1, 0 - beta, 0 - alpha);
    position.undo(moves[i]!);
    if (value >= beta) return beta;
    if (value > alpha) alpha = value;
  }
  return alpha;
}

Deno.test("a capture that checks and forks is answered by the evasions and what follows", () => {
  const position = Chess.fromFen(FORK);
  const plain = iterativeDeepening(position, { depth: 1, quiescence: true });
  const evading = iterativeDeepening(position, {
    depth: 1,
    quiescence: true,
    quiescenceEvasions: true,
  });
  assert.equal(position.moveToSan(evading.move), "Nxf7+");
  // Captures-only: Black, in check after Nxf7+, keeps its queen by standing pat.
  assert.ok(plain.value < 0, `${plain.value}`);
  // With the evasions White ends a knight and a pawn up.
  assert.ok(evading.value > 300, `${evading.value}`);
  assert.equal(position.toFen(), FORK);
});

Deno.test("quiescence with evasions returns the plain negamax value of its tree on random positions, and leaves them as found", () => {
  let differed = 0;
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { minLength: 6, maxLength: 40 }),
      (choices) => {
        const position = chessAfterChoices(choices);
        if (position.isTerminal()) return;
        position.markRoot();
        const fen = position.toFen();
        const evading = quiescence(position, {
          depth: 0,
          quiescenceEvasions: true,
        });
        assert.equal(position.toFen(), fen);
        assert.equal(
          evading.value,
          referenceValue(position, 0, -1_000_000, 1_000_000),
          fen,
        );
        const plain = quiescence(position, { depth: 0 });
        if (plain.value !== evading.value) differed++;
      },
    ),
    { numRuns: 150, seed: 2025 },
  );
  // The positions must exercise the rule: some values change with it.
  assert.ok(differed > 0, "no position had a check inside quiescence");
});

Deno.test("quiescenceEvasions is off by default and changes nothing where no check arises", () => {
  // Rxd5 wins a pawn and gives no check: the same tree either way.
  const fen = "4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1";
  const plain = quiescence(Chess.fromFen(fen), { depth: 0 });
  const evading = quiescence(Chess.fromFen(fen), {
    depth: 0,
    quiescenceEvasions: true,
  });
  assert.equal(evading.value, plain.value);
  assert.equal(evading.stats.nodes, plain.stats.nodes);
});

Deno.test("quiescenceEvasions: a bad value or a position without isCheck is a named error", () => {
  assert.throws(
    () => quiescence(Chess.start(), { quiescenceEvasions: "yes" as never }),
    /quiescence: quiescenceEvasions must be a boolean, got "yes"/,
  );
  const tree = new UniformTree({ branching: 2, depth: 3, seed: 1 });
  assert.throws(
    () => quiescence(tree, { quiescenceEvasions: true }),
    /quiescence: quiescenceEvasions needs the position to implement isCheck\(\), which UniformTree lacks/,
  );
});
