import assert from "node:assert/strict";
import { Chess, perft, PERFT_MAX_NODES, type Position } from "../mod.ts";

/** The published perft counts: `FEN ; d1 ; d2 ; d3 ; d4 ; d5` per line. */
function readPerft(): { fen: string; counts: number[] }[] {
  const text = Deno.readTextFileSync(
    new URL("../data/chess/perft.txt", import.meta.url),
  );
  return text.trim().split("\n").map((line) => {
    const [fen, ...counts] = line.split(";").map((field) => field.trim());
    return { fen: fen!, counts: counts.map(Number) };
  });
}

Deno.test("perft() reproduces the published counts to depth 3 on every position of perft.txt", () => {
  const positions = readPerft();
  assert.equal(positions.length, 4);
  for (const { fen, counts } of positions) {
    const position = Chess.fromFen(fen);
    for (let depth = 1; depth <= 3; depth++) {
      assert.equal(
        perft(position, depth),
        counts[depth - 1],
        `${fen} ${depth}`,
      );
    }
  }
});

Deno.test("perft() to depth 4 on the positions with under half a million leaves", () => {
  for (const { fen, counts } of readPerft()) {
    if (counts[3]! > 500_000) continue;
    assert.equal(perft(Chess.fromFen(fen), 4), counts[3], fen);
  }
});

Deno.test("perft() leaves the position as it found it", () => {
  for (const { fen } of readPerft()) {
    const position = Chess.fromFen(fen);
    const key = position.key();
    perft(position, 3);
    assert.equal(position.toFen(), fen);
    assert.equal(position.key(), key);
    assert.equal(position.ply, 0);
  }
});

Deno.test("perft() of depth 0 is 1, and a bad depth is an error naming it", () => {
  assert.equal(perft(Chess.start(), 0), 1);
  assert.throws(
    () => perft(Chess.start(), -1),
    /perft: depth must be an integer in 0…64, got -1/,
  );
  assert.throws(
    () => perft(Chess.start(), 1.5),
    /perft: depth must be an integer in 0…64, got 1.5/,
  );
});

Deno.test("perft() has a node budget: perft(start, 64) stops with an error and the position as it was", () => {
  assert.equal(PERFT_MAX_NODES, 1_000_000_000);
  const position = Chess.start();
  const key = position.key();
  assert.throws(
    () => perft(position, 64, { maxNodes: 50_000 }),
    /perft: the count passed maxNodes = 50000 positions before depth 64 was done; give a larger maxNodes or a smaller depth/,
  );
  assert.equal(position.toFen(), Chess.start().toFen());
  assert.equal(position.key(), key);
  assert.equal(position.ply, 0);
  // Exactly the budget: depth 3 visits 1 + 20 + 400 + 8,902 positions.
  assert.equal(perft(position, 3, { maxNodes: 9_323 }), 8_902);
  assert.throws(
    () => perft(position, 3, { maxNodes: 9_322 }),
    /perft: the count passed maxNodes = 9322 positions/,
  );
  assert.equal(perft(position, 1, { maxNodes: 21 }), 20);
  for (const bad of [0, -1, 1.5, NaN, "9" as unknown as number]) {
    assert.throws(
      () => perft(position, 2, { maxNodes: bad }),
      /perft: maxNodes must be an integer in 1…9007199254740991, got /,
      String(bad),
    );
  }
  assert.throws(
    () => perft(position, 2, { nodes: 5 } as never),
    /perft: unknown option "nodes"; known options: maxNodes/,
  );
  assert.equal(perft(position, 2), 400);
});

Deno.test("the position with the most legal moves known (218) fits a maxMoves buffer", () => {
  // The composed position usually quoted for the maximum (218 legal moves).
  const position = Chess.fromFen(
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
  );
  assert.equal(position.maxMoves, 256);
  assert.equal(position.generateMoves(new Int32Array(position.maxMoves)), 218);
});

Deno.test("perft() of a Chess (bare make/unmake, last ply counted unwritten) equals the count by generateMoves/play/undo along random games", () => {
  // The same position seen only through the Position methods perft's
  // generic count uses: not a Chess, so perft plays it by play/undo.
  const viaPlay = (chess: Chess): Position =>
    ({
      maxMoves: chess.maxMoves,
      generateMoves: (out: Int32Array) => chess.generateMoves(out),
      play: (move: number) => chess.play(move),
      undo: (move: number) => chess.undo(move),
    }) as unknown as Position;
  let seed = 12345;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  const starts = [
    ...readPerft().map(({ fen }) => fen),
    // En passant beside a pin along the rank, and promotions by capture.
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2",
    "1r2k3/2P5/8/8/8/8/5p2/4K1R1 w - - 0 1",
  ];
  let checked = 0;
  for (const fen of starts) {
    for (let game = 0; game < 4; game++) {
      const chess = Chess.fromFen(fen);
      const moves = new Int32Array(chess.maxMoves);
      for (let ply = 0; ply < 24; ply++) {
        for (let depth = 1; depth <= 2; depth++) {
          assert.equal(
            perft(chess, depth),
            perft(viaPlay(chess), depth),
            `${chess.toFen()} depth ${depth}`,
          );
        }
        checked++;
        const n = chess.generateMoves(moves);
        if (n === 0) break;
        chess.play(moves[random(n)]!);
      }
    }
  }
  assert.ok(checked > 400, `${checked} positions checked`);
});
