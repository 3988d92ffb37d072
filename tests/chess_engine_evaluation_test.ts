// The engine evaluation (Chess with evaluation: "engine"): colour symmetric,
// each term where it belongs, computed from the position alone (the same
// after any play/undo path), the position untouched; the course's default
// evaluation unchanged, value for value.
import assert from "node:assert/strict";
import fc from "fast-check";
import { Chess, readPgnGames } from "../mod.ts";
import { parseFen } from "../src/games/chess/_fen.ts";
import {
  BISHOP_PAIR_EG,
  BISHOP_PAIR_MG,
  clearEngineEvaluationCache,
  engineTerms,
  ROOK_HALF_OPEN_MG,
  ROOK_OPEN_MG,
  SHIELD_NEAR,
} from "../src/games/chess/_engine_evaluation.ts";
import {
  DOUBLED_EG,
  DOUBLED_MG,
  ISOLATED_MG,
  PASSED_EG,
} from "../src/games/chess/_pawns.ts";
import { firstGames, GAMES_PGN } from "./_games_pgn.ts";

const ENGINE = { evaluation: "engine" } as const;
/** The first 60 games, whole. */
const GAMES = readPgnGames(firstGames(60));
/** Every game's first 30 plies: the openings random play starts from. */
const OPENINGS = readPgnGames(GAMES_PGN, { maxPlies: 30 });

/** The same position with the colours swapped and the board turned over (a1 ↔ a8). */
function mirrorFen(fen: string): string {
  const [placement, side, castling, ep, halfmove, fullmove] = fen.split(" ");
  const swap = (c: string) =>
    c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
  const rows = placement!.split("/").reverse().map((row) =>
    [...row].map(swap).join("")
  );
  const rights = castling === "-"
    ? "-"
    : [...castling!].map(swap).sort((a, b) =>
      "KQkq".indexOf(a) - "KQkq".indexOf(b)
    ).join("");
  const passant = ep === "-" ? "-" : ep![0]! + (ep![1] === "3" ? "6" : "3");
  return [
    rows.join("/"),
    side === "w" ? "b" : "w",
    rights,
    passant,
    halfmove,
    fullmove,
  ].join(" ");
}

function engineValue(fen: string): number {
  return Chess.fromFen(fen, ENGINE).evaluate();
}

function terms(fen: string) {
  return engineTerms(parseFen("test", fen));
}

Deno.test("the engine evaluation is colour symmetric on every 3rd position of 60 real games", () => {
  let checked = 0;
  for (const game of GAMES.slice(0, 60)) {
    for (let i = 0; i < game.fens.length; i += 3) {
      const fen = game.fens[i]!;
      const position = Chess.fromFen(fen, ENGINE);
      if (position.isTerminal()) continue;
      assert.equal(position.evaluate(), engineValue(mirrorFen(fen)), fen);
      checked++;
    }
  }
  assert.ok(checked > 1000, `${checked} positions`);
});

Deno.test("the engine evaluation is colour symmetric after seeded random play from real openings (fast-check)", () => {
  fc.assert(
    fc.property(
      fc.nat(OPENINGS.length - 1),
      fc.integer({ min: 0, max: 30 }),
      fc.array(fc.nat(), { minLength: 0, maxLength: 40 }),
      (gameIndex, openingPlies, choices) => {
        const game = OPENINGS[gameIndex]!;
        const start = game.fens[Math.min(openingPlies, game.fens.length - 1)]!;
        const position = Chess.fromFen(start, ENGINE);
        for (const choice of choices) {
          const moves = position.legalMoves();
          if (moves.length === 0) break;
          position.play(moves[choice % moves.length]!);
        }
        const fen = position.toFen();
        const fresh = Chess.fromFen(fen, ENGINE);
        if (fresh.isTerminal()) return;
        assert.equal(fresh.evaluate(), engineValue(mirrorFen(fen)), fen);
      },
    ),
    { seed: 20261202, numRuns: 400 },
  );
});

/** The engine evaluation of `fen` from the side to move's view, computed afresh (no cache). */
function freshValue(fen: string): number {
  const total = terms(fen).total;
  return (fen.split(" ")[1] === "w" ? total : -total) + 10;
}

Deno.test("the engine evaluation depends on the position alone: along random play and back by undo it equals a fresh computation", () => {
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { minLength: 1, maxLength: 60 }),
      fc.boolean(),
      (choices, clear) => {
        if (clear) clearEngineEvaluationCache();
        const position = Chess.start(ENGINE);
        const played: number[] = [];
        const values: number[] = [];
        for (const choice of choices) {
          if (position.isTerminal()) break;
          values.push(position.evaluate());
          assert.equal(values.at(-1), freshValue(position.toFen()));
          const moves = position.legalMoves();
          const move = moves[choice % moves.length]!;
          position.play(move);
          played.push(move);
        }
        while (played.length > 0) {
          position.undo(played.pop()!);
          assert.equal(position.evaluate(), values[played.length]);
          assert.equal(values[played.length], freshValue(position.toFen()));
        }
      },
    ),
    { seed: 7, numRuns: 100 },
  );
});

Deno.test("evaluate leaves the position as it was (FEN, key, moves)", () => {
  for (const game of GAMES.slice(0, 10)) {
    const fen = game.fens[20] ?? game.fens.at(-1)!;
    const position = Chess.fromFen(fen, ENGINE);
    const key = position.key(), moves = position.legalMoves();
    position.evaluate();
    assert.equal(position.toFen(), fen);
    assert.equal(position.key(), key);
    assert.deepEqual(position.legalMoves(), moves);
  }
});

Deno.test("the default evaluation is the course's, value for value: 4,338 positions of 40 games sum as before", () => {
  // Pinned with the code before the engine evaluation existed (commit fe34121).
  let count = 0, sum = 0, hash = 0;
  for (const game of GAMES.slice(0, 40)) {
    for (const fen of game.fens) {
      const value = Chess.fromFen(fen).evaluate();
      count++;
      sum += value;
      hash = (Math.imul(hash, 31) + value) | 0;
    }
  }
  assert.deepEqual([count, sum, hash], [4338, -219495, -103276391]);
  assert.equal(Chess.start().evaluation, "simplified");
  assert.equal(Chess.start().evaluate(), 0);
});

Deno.test("doubled and isolated pawns are counted for their side only", () => {
  // White: two pawns on c2 and c3, nothing on b or d; black: b7, c7, d7,
  // which stop every pawn from being passed and are neither doubled nor isolated.
  const fen = "4k3/1ppp4/8/8/8/2P5/2P5/4K3 w - - 0 1";
  const doubled = terms(fen);
  assert.equal(doubled.pawns[0], DOUBLED_MG + 2 * ISOLATED_MG);
  assert.ok(DOUBLED_EG < 0 && doubled.pawns[1] < doubled.pawns[0]);
  // The same white pawns side by side: neither doubled nor isolated.
  assert.deepEqual(
    terms("4k3/1ppp4/8/8/8/8/2PP4/4K3 w - - 0 1").pawns,
    [0, 0],
  );
  // Colour flipped: the same term with the sign turned.
  assert.deepEqual(
    terms(mirrorFen(fen)).pawns,
    doubled.pawns.map((v) => 0 - v),
  );
  // Of two passed pawns on one file, only the front one is passed.
  const twoPassed = terms("4k3/8/8/8/8/2P5/2P5/4K3 w - - 0 1");
  assert.equal(
    twoPassed.pawns[1],
    DOUBLED_EG + 2 * -15 + PASSED_EG[2]!,
  );
});

Deno.test("a passed pawn scores by its rank; a pawn facing an enemy pawn on a neighbouring file ahead is not passed", () => {
  // White e5 passed (black's pawn is on a7), black a7 passed (no white pawn on a/b).
  const both = terms("4k3/p7/8/4P3/8/8/8/4K3 w - - 0 1");
  // Isolation cancels (one isolated pawn each); passed: white rank 5 (index 4), black rank 7 = its 2nd (index 1).
  assert.equal(both.pawns[1], PASSED_EG[4]! - PASSED_EG[1]!);
  // A black pawn on d6 stops e5 from being passed (it guards e6... and d5 itself is beside).
  const stopped = terms("4k3/p7/3p4/4P3/8/8/8/4K3 w - - 0 1");
  // Now black has two isolated pawns and white one; white no longer passed, black a7 still passed, d6 passed too (no white pawn on c/d/e below rank 6? e5 is below): d6 is not passed.
  assert.ok(stopped.pawns[1] < both.pawns[1]);
  // A black pawn behind the white pawn (on f4) does not stop it.
  const behind = terms("4k3/8/8/4P3/5p2/8/8/4K3 w - - 0 1");
  const alone = terms("4k3/8/8/4P3/8/8/8/4K3 w - - 0 1");
  assert.equal(alone.pawns[1], PASSED_EG[4]! + -15);
  // f4 is passed for black too, on its fifth rank as e5 is on white's: they cancel.
  assert.equal(behind.pawns[1], 0);
});

Deno.test("the bishop pair counts for the side with two bishops only", () => {
  const pair = terms("2b1k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
  assert.deepEqual(pair.bishopPair, [BISHOP_PAIR_MG, BISHOP_PAIR_EG]);
  assert.deepEqual(
    terms("2b1kb2/8/8/8/8/8/8/2B1KB2 w - - 0 1").bishopPair,
    [0, 0],
  );
  assert.deepEqual(
    terms("2b1kb2/8/8/8/8/8/8/2B1K3 w - - 0 1").bishopPair,
    [-BISHOP_PAIR_MG, -BISHOP_PAIR_EG],
  );
});

Deno.test("rooks score on open and half-open files, not on closed ones", () => {
  // White rook on the open d-file; black rook on the closed a-file.
  assert.equal(
    terms("r3k3/p7/8/8/8/8/P7/3RK3 w - - 0 1").rooks[0],
    ROOK_OPEN_MG,
  );
  // White rook on d with only a black pawn there: half-open.
  assert.equal(
    terms("4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1").rooks[0],
    ROOK_HALF_OPEN_MG,
  );
  // Own pawn on the file: nothing.
  assert.equal(terms("4k3/8/8/8/8/8/3P4/3RK3 w - - 0 1").rooks[0], 0);
});

Deno.test("mobility: a knight in the centre beats one in the corner; a boxed-in bishop scores below a free one", () => {
  const centre = terms("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").mobility;
  const corner = terms("4k3/8/8/8/8/8/8/N3K3 w - - 0 1").mobility;
  assert.equal(centre[0] - corner[0], (8 - 2) * 4);
  const free = terms("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1").mobility;
  const boxed = terms("4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1").mobility;
  assert.equal(free[0] - boxed[0], 7 * 5);
  // A piece's mobility counts enemy pieces it could take, not its own.
  const takes = terms("4k3/8/8/8/8/8/2p5/N3K3 w - - 0 1").mobility;
  const blocked = terms("4k3/8/8/8/8/8/2P5/N3K3 w - - 0 1").mobility;
  assert.equal(takes[0] - blocked[0], 4);
});

Deno.test("the king's pawn shield counts pawns in front of a castled king, not of a wandering one", () => {
  const shielded = terms("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1").king[0];
  const bare = terms("6k1/8/8/8/8/8/PPP5/6K1 w - - 0 1").king[0];
  assert.equal(shielded - bare, 3 * SHIELD_NEAR + 3 * 15);
  // A king in the middle of the board gets no shield from pawns beside it.
  const wandering = terms("6k1/8/8/8/4K3/4PPP1/8/8 w - - 0 1").king[0];
  const wanderingBare = terms("6k1/8/8/8/4K3/8/PPP5/8 w - - 0 1").king[0];
  assert.equal(wandering, wanderingBare);
});

Deno.test("pieces around the enemy king cost it safety once two attack and a queen is on", () => {
  const quiet = terms("6k1/5ppp/8/8/8/8/5PPP/Q3RNK1 w - - 0 1").king[0];
  // Ne5 reaches f7, Qh5 reaches f7 and h7: 2 + 2 · 5 = 12 units, 12² / 4.
  const attacked = terms("6k1/5ppp/8/4N2Q/8/8/5PPP/4R1K1 w - - 0 1").king[0];
  assert.equal(attacked - quiet, 36);
  // Without the queen, the same knight near the king costs nothing.
  const noQueen = terms("6k1/5ppp/8/4N3/8/8/5PPP/4R1K1 w - - 0 1").king[0];
  const noQueenFar = terms("6k1/5ppp/8/8/8/N7/5PPP/4R1K1 w - - 0 1").king[0];
  assert.equal(noQueen, noQueenFar);
});

Deno.test("the phase blends middlegame and endgame: 24 at the start, 0 with kings and pawns", () => {
  assert.equal(
    terms("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").phase,
    24,
  );
  const pawns = terms("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1");
  assert.equal(pawns.phase, 0);
  assert.equal(
    pawns.total,
    pawns.material[1] + pawns.pawns[1] + pawns.bishopPair[1] +
      pawns.rooks[1] + pawns.mobility[1] + pawns.king[1],
  );
});

Deno.test("the engine evaluation stays small beside the mate range, and draws and mates are as before", () => {
  for (const game of GAMES.slice(0, 30)) {
    for (const fen of game.fens) {
      if (Chess.fromFen(fen).isTerminal()) continue;
      const value = engineValue(fen);
      assert.ok(Math.abs(value) < 10_000, `${value} on ${fen}`);
    }
  }
  // Mated, stalemated: the same values under both evaluations.
  const mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
  assert.equal(engineValue(mated), Chess.fromFen(mated).evaluate());
  assert.equal(engineValue("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), 0);
});

Deno.test("the evaluation option: kept by clone, swapped by withEvaluation with the game's history, bad values refused", () => {
  const position = Chess.start(ENGINE);
  assert.equal(position.evaluation, "engine");
  assert.equal(position.clone().evaluation, "engine");
  assert.equal(
    Chess.start({ evaluation: "simplified" }).evaluation,
    "simplified",
  );
  // Knights out and back twice: the start position a third time, a draw by repetition.
  for (const uci of ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]) {
    position.play(position.moveFromUci(uci));
  }
  position.markRoot();
  const course = position.withEvaluation("simplified");
  assert.equal(course.evaluation, "simplified");
  assert.equal(course.toFen(), position.toFen());
  course.play(course.moveFromUci("f6g8"));
  assert.ok(course.isTerminal(), "the copy keeps the history: threefold");
  assert.throws(
    () =>
      Chess.fromFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", {
        evaluation: "pesto" as "engine",
      }),
    /^Error: Chess.fromFen: evaluation must be "simplified" or "engine", got "pesto"$/,
  );
  assert.throws(
    () => Chess.start({ evaluation: 1 as unknown as "engine" }),
    /Chess.start: evaluation must be "simplified" or "engine", got 1/,
  );
  assert.throws(
    () => position.withEvaluation(undefined as unknown as "engine"),
    /Chess.withEvaluation: evaluation must be "simplified" or "engine", got undefined/,
  );
});
