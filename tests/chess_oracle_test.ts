// The dedicated move generator against chess.js on random games: the same
// legal moves, FEN, UCI and rule verdicts at every position, the same perft,
// and undo back to the start restoring every FEN and key. Moves are compared
// by UCI: SAN now comes from chess.js itself (notation.ts), so comparing it
// would test chess.js against itself; UCI is the generator's own.
import assert from "node:assert/strict";
import fc from "fast-check";
import { Chess as ChessJs } from "chess.js";
import { Chess, perft, Random } from "../mod.ts";

const STARTS = [
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

/** `CHESS_ORACLE_FULL=1` plays ten times as many games (minutes, not seconds). */
const FULL = Deno.env.get("CHESS_ORACLE_FULL") === "1";

/** Placement, side, castling, en passant: what the repetition rule compares. */
function positionPart(fen: string): string {
  return fen.split(" ").slice(0, 4).join(" ");
}

/** The noisy moves in UCI, in the order generated. */
function noisyUcis(position: Chess): string[] {
  const moves = new Int32Array(position.maxMoves);
  const count = position.generateNoisyMoves(moves);
  return Array.from(
    moves.subarray(0, count),
    (move) => position.moveToUci(move),
  );
}

interface GameRecord {
  positions: number;
  perfts: number;
}

/**
 * Plays a seeded random game on both boards (captures preferred half the
 * time, so games reach endgames), checking every position, then undoes it.
 */
function playBoth(
  seed: number,
  start: string,
  maxPlies: number,
  perftEvery: number,
): GameRecord {
  const random = new Random(seed);
  const ours = Chess.fromFen(start);
  const theirs = new ChessJs(start);
  const record: GameRecord = { positions: 0, perfts: 0 };
  const fens: string[] = [], keys: number[] = [], moves: number[] = [];
  const seen = new Set<string>();
  const keyOf = new Map<number, string>();
  for (let ply = 0;; ply++) {
    const fen = ours.toFen();
    const part = positionPart(fen);
    record.positions++;
    fens.push(fen);
    keys.push(ours.key());
    // The same position, the same moves (UCI names a move uniquely), the
    // same verdicts.
    assert.equal(fen, theirs.fen(), `seed ${seed} ply ${ply}`);
    const verbose = theirs.moves({ verbose: true });
    const sans = verbose.map((m) => m.san);
    const uciOf = new Map(verbose.map((m) => [m.san, m.lan]));
    assert.deepEqual(
      ours.legalMoves().map((m) => ours.moveToUci(m)).sort(),
      verbose.map((m) => m.lan).sort(),
      fen,
    );
    const check = theirs.isCheck();
    const checkmate = check && sans.length === 0;
    const stalemate = !check && sans.length === 0;
    const fifty = theirs.isDrawByFiftyMoves();
    const insufficient = theirs.isInsufficientMaterial();
    const threefold = theirs.isThreefoldRepetition();
    assert.equal(ours.isCheck(), check, fen);
    assert.equal(ours.isCheckmate(), checkmate, fen);
    assert.equal(ours.isStalemate(), stalemate, fen);
    assert.equal(ours.isInsufficientMaterial(), insufficient, fen);
    assert.equal(ours.isDrawByFiftyMoves(), fifty, fen);
    assert.equal(ours.isThreefoldRepetition(), threefold, fen);
    // isTerminal: the rules, with a single repetition since the root (here
    // the start of the game) ending the line.
    const repeated = seen.has(part);
    seen.add(part);
    assert.equal(
      ours.isTerminal(),
      checkmate || stalemate || fifty || insufficient || repeated,
      fen,
    );
    // The incremental key and evaluation are those computed from scratch
    // (a fresh position knows no history: no repetition, mates at ply 0),
    // and keys and positions correspond one to one.
    const fresh = Chess.fromFen(fen);
    assert.equal(fresh.key(), ours.key(), fen);
    if (!ours.isTerminal() && !fresh.isTerminal()) {
      assert.equal(fresh.evaluate(), ours.evaluate(), fen);
    }
    assert.ok(Number.isSafeInteger(ours.key()) && ours.key() >= 0);
    const other = keyOf.get(ours.key());
    assert.ok(other === undefined || other === part, `${other} ${part}`);
    keyOf.set(ours.key(), part);
    // Noisy moves: the legal captures and promotions (SAN with "x" or
    // "="), then with noisyChecks the quiet moves that give check.
    const noisy = noisyUcis(ours);
    assert.deepEqual(
      [...noisy].sort(),
      sans.filter((san) => /[x=]/.test(san)).map((san) => uciOf.get(san)!)
        .sort(),
      fen,
    );
    ours.noisyChecks = true;
    assert.deepEqual(
      noisyUcis(ours).sort(),
      sans.filter((san) => /[x=+#]/.test(san)).map((san) => uciOf.get(san)!)
        .sort(),
      fen,
    );
    ours.noisyChecks = false;
    if (ply % perftEvery === 0) {
      assert.equal(perft(ours, 2), theirs.perft(2), fen);
      record.perfts++;
    }
    const over = checkmate || stalemate || fifty || insufficient || threefold;
    if (over || ply === maxPlies) break;
    // Pick a move: a capture half the time when there is one.
    const captures = sans.filter((san) => san.includes("x"));
    const pool = captures.length > 0 && random.nextUint32() % 2 === 0
      ? captures
      : sans;
    const san = pool[random.nextUint32() % pool.length]!;
    // Every 8th move through SAN (chess.js's, at the boundary), else UCI.
    const move = ply % 8 === 0
      ? ours.moveFromSan(san)
      : ours.moveFromUci(uciOf.get(san)!);
    const played = theirs.move(san);
    assert.equal(
      ours.moveToUci(move),
      played.from + played.to + (played.promotion ?? ""),
    );
    assert.equal(ours.moveFromUci(ours.moveToUci(move)), move);
    if (ply % 8 === 0) assert.equal(ours.moveToSan(move), san);
    ours.play(move);
    moves.push(move);
  }
  // Undo to the start: every FEN and key comes back.
  for (let i = moves.length - 1; i >= 0; i--) {
    ours.undo(moves[i]!);
    assert.equal(ours.toFen(), fens[i]);
    assert.equal(ours.key(), keys[i]);
  }
  return record;
}

Deno.test("random games: moves, FEN, UCI (SAN sampled), noisy moves, check, mate, draws, keys, evaluation from scratch and perft(2) agree with chess.js; undo restores every FEN and key", () => {
  let positions = 0, perfts = 0;
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 0x7fffffff }),
      fc.constantFrom(...STARTS),
      (seed, start) => {
        const record = playBoth(seed, start, 200, 16);
        positions += record.positions;
        perfts += record.perfts;
      },
    ),
    { seed: 42, numRuns: FULL ? 100 : 10 },
  );
  assert.ok(positions > 1000, `only ${positions} positions`);
  assert.ok(perfts > 60, `only ${perfts} perft comparisons`);
});

Deno.test("perft(3) equals chess.js's a few random moves from each start", () => {
  const random = new Random(7);
  for (const start of STARTS) {
    const ours = Chess.fromFen(start);
    const theirs = new ChessJs(start);
    for (let ply = 0; ply < 6; ply++) {
      const moves = theirs.moves();
      const san = moves[random.nextUint32() % moves.length]!;
      ours.play(ours.moveFromSan(san));
      theirs.move(san);
    }
    assert.equal(perft(ours, 3), theirs.perft(3), ours.toFen());
  }
});
