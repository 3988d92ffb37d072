// Every searcher returns minimax's value on chess positions (depth 2 on a
// few dozen positions of random games, depth 3 on a few), each with a fresh
// table: chess's values (material, tables, mate distances, draws) are what
// the searchers were proved on with trees, now on a real game.
import assert from "node:assert/strict";
import {
  alphaBeta,
  aspiration,
  Chess,
  CHESS_MATE,
  CHESS_MOVE_LIMIT,
  type ChessOptions,
  iterativeDeepening,
  minimax,
  type MoveScorer,
  mtdf,
  negamax,
  pvs,
  quiescence,
  Random,
  sssStar,
  TranspositionTable,
} from "../mod.ts";

const STARTS = [
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

/** Positions where mates, stalemates and promotions are within two or three plies. */
const TACTICAL = [
  "k7/8/1K6/8/8/8/8/7R w - - 0 1", // mate in one
  "k7/8/2K5/8/8/8/8/7R w - - 0 1", // mate in two
  "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", // stalemate at the root
  "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", // mates beside stalemates
  "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3",
  "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
];

/** FENs `count` positions reached by seeded random play from the starts. */
function randomPositions(seed: number, count: number): string[] {
  const random = new Random(seed);
  const fens: string[] = [];
  while (fens.length < count) {
    const position = Chess.fromFen(STARTS[fens.length % STARTS.length]!);
    const plies = random.nextUint32() % 40;
    for (let ply = 0; ply < plies && !position.isTerminal(); ply++) {
      const moves = position.legalMoves();
      position.play(moves[random.nextUint32() % moves.length]!);
    }
    fens.push(position.toFen());
  }
  return fens;
}

/** MVV-LVA as a caller's scorer: captures first. */
const capturesFirst: MoveScorer = (position, move) =>
  (position as Chess).mvvLva(move);

/** Every searcher's value, each with its own fresh table. */
function allValues(
  fen: string,
  depth: number,
  options?: ChessOptions,
): Record<string, number> {
  const table = () => new TranspositionTable({ entries: 1 << 14 });
  const at = () => Chess.fromFen(fen, options);
  const ordered = {
    order: ["tt", "killer", "history"] as const,
    maxMove: CHESS_MOVE_LIMIT,
  };
  return {
    negamax: negamax(at(), { depth }).value,
    alphaBeta: alphaBeta(at(), { depth }).value,
    alphaBetaTable: alphaBeta(at(), { depth, tt: table() }).value,
    alphaBetaOrdered: alphaBeta(at(), {
      depth,
      tt: table(),
      order: [...ordered.order],
      maxMove: ordered.maxMove,
    }).value,
    alphaBetaCapturesFirst: alphaBeta(at(), {
      depth,
      tt: table(),
      order: ["tt", capturesFirst],
    }).value,
    alphaBetaFailHard: alphaBeta(at(), { depth, tt: table(), failHard: true })
      .value,
    pvs: pvs(at(), { depth, tt: table() }).value,
    aspiration: aspiration(at(), { depth, tt: table(), delta: 30 }).value,
    mtdf: mtdf(at(), { depth, tt: table() }).value,
    sssStar: sssStar(at(), { depth, tt: table() }).value,
    iterativeDeepening: iterativeDeepening(at(), { depth, tt: table() }).value,
    iterativeDeepeningOrdered: iterativeDeepening(at(), {
      depth,
      tt: table(),
      order: [...ordered.order],
      maxMove: ordered.maxMove,
    }).value,
  };
}

function assertAgree(
  fen: string,
  depth: number,
  options?: ChessOptions,
): void {
  const expected = minimax(Chess.fromFen(fen, options), { depth }).value;
  for (const [name, value] of Object.entries(allValues(fen, depth, options))) {
    assert.equal(value, expected, `${name} depth ${depth} on ${fen}`);
  }
}

Deno.test("every searcher returns minimax's value at depth 2 on 36 positions of random games and 6 tactical ones", () => {
  for (const fen of [...randomPositions(2024, 36), ...TACTICAL]) {
    assertAgree(fen, 2);
  }
});

Deno.test("every searcher returns minimax's value at depth 3 on the tactical positions and a few random ones", () => {
  for (const fen of [...TACTICAL, ...randomPositions(99, 4)]) {
    assertAgree(fen, 3);
  }
});

Deno.test("with the engine evaluation, every searcher returns minimax's value at depth 2 on 24 random positions and the tactical ones, depth 3 on a few", () => {
  const engine: ChessOptions = { evaluation: "engine" };
  for (const fen of [...randomPositions(4242, 24), ...TACTICAL]) {
    assertAgree(fen, 2, engine);
  }
  for (const fen of [...TACTICAL.slice(0, 2), ...randomPositions(77, 3)]) {
    assertAgree(fen, 3, engine);
  }
  // The values are the engine's: not those of the course's evaluation.
  const fen = STARTS[1]!;
  assert.notEqual(
    minimax(Chess.fromFen(fen, engine), { depth: 1 }).value,
    minimax(Chess.fromFen(fen), { depth: 1 }).value,
  );
});

Deno.test("the searchers see mate distances: mate in two is CHESS_MATE − 3 for all of them", () => {
  const values = allValues("k7/8/2K5/8/8/8/8/7R w - - 0 1", 3);
  for (const [name, value] of Object.entries(values)) {
    assert.equal(value, CHESS_MATE - 3, name);
  }
  assert.equal(
    minimax(Chess.fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), { depth: 2 })
      .value,
    0,
  );
});

Deno.test("quiescence sees the recapture that depth 1 misses: the horizon effect on a defended pawn", () => {
  const fen = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
  const position = Chess.fromFen(fen);
  const plain = alphaBeta(position, { depth: 1 });
  assert.equal(position.moveToSan(plain.move), "Qxd5");
  const quiet = quiescence(position, { depth: 1 });
  assert.notEqual(position.moveToSan(quiet.move), "Qxd5");
  assert.ok(quiet.value < plain.value && quiet.stats.quiescenceNodes > 0);
  const withChecks = quiescence(Chess.fromFen(fen, { noisyChecks: true }), {
    depth: 1,
  });
  assert.equal(withChecks.value, quiet.value);
  assert.equal(position.toFen(), fen);
});
