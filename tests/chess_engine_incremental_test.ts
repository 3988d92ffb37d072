// The engine evaluation's incremental parts: the PeSTO sums and the pawn
// key the board keeps through make/unmake and null moves equal a
// recomputation from scratch on every position of seeded random play
// (promotions, en passant, castling and null moves included); the pawn
// cache answers what a fresh scan does; and the evaluation's values are
// those of the code that summed everything afresh (pinned).
import assert from "node:assert/strict";
import fc from "fast-check";
import { Chess, readPgnGames } from "../mod.ts";
import { Board } from "../src/games/chess/_board.ts";
import { parseFen, toFen } from "../src/games/chess/_fen.ts";
import { generateLegal } from "../src/games/chess/_movegen.ts";
import { parseUci } from "../src/games/chess/_notation.ts";
import {
  CASTLING,
  EN_PASSANT,
  moveKind,
  PROMOTION,
} from "../src/games/chess/_move.ts";
import {
  EG_PIECE_SQUARE,
  MG_PIECE_SQUARE,
  PESTO_PACKED,
  pestoEndgame,
  pestoMiddlegame,
  PHASE_MAX,
  PHASE_WEIGHT,
} from "../src/games/chess/_pesto.ts";
import {
  PAWN_ENTRY,
  PAWNS_ON_FILE,
  pawnStructure,
  probePawns,
  scanPawns,
} from "../src/games/chess/_pawns.ts";
import {
  clearEngineEvaluationCache,
  engineTerms,
} from "../src/games/chess/_engine_evaluation.ts";
import { Random } from "../src/random.ts";
import { firstGames } from "./_games_pgn.ts";

const GAMES = readPgnGames(firstGames(40));

/** Positions rich in the moves that change the sums oddly: promotions (with captures), en passant, castling. */
const SPECIAL_FENS = [
  "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
  "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
  "4k3/p1p1p1p1/8/1P1P1P1P/1p1p1p1p/8/P1P1P1P1/4K3 w - - 0 1",
];

/** Start positions: the special ones and some of real games' (openings to endgames). */
const STARTS = [
  ...SPECIAL_FENS,
  ...GAMES.slice(0, 40).map((game, i) =>
    game.fens[Math.min(game.fens.length - 1, (i * 7) % 60)]!
  ),
];

/** The PeSTO sums, the phase and the pawn key of `board`, recomputed square by square. */
function fromScratch(board: Board) {
  let mg = 0, eg = 0, packed = 0, phase = 0;
  for (let square = 0; square < 128; square++) {
    const piece = board.squares[square]!;
    if ((square & 0x88) || piece === 0) continue;
    mg += MG_PIECE_SQUARE[piece * 128 + square]!;
    eg += EG_PIECE_SQUARE[piece * 128 + square]!;
    packed += PESTO_PACKED[piece * 128 + square]!;
    phase += PHASE_WEIGHT[piece]!;
  }
  return {
    mg,
    eg,
    packed,
    phase: Math.min(phase, PHASE_MAX),
    pawnKey: board.computePawnKey(),
  };
}

/** What the board keeps, read the way the evaluation reads it. */
function kept(board: Board) {
  return {
    mg: pestoMiddlegame(board.pesto),
    eg: pestoEndgame(board.pesto),
    packed: board.pesto,
    phase: engineTerms(board).phase,
    pawnKey: [board.pawnKeyLo, board.pawnKeyHi],
  };
}

/** The engine terms of `board` against those of a board set up afresh from its FEN, both caches emptied. */
function assertFreshTerms(board: Board): void {
  const live = engineTerms(board);
  clearEngineEvaluationCache();
  const fresh = engineTerms(parseFen("test", toFen(board)));
  assert.deepEqual(live, fresh, toFen(board));
}

Deno.test("the PeSTO sums, phase and pawn key the board keeps equal a recomputation after every make, unmake and null move along seeded random play (fast-check)", () => {
  const seen = { promotion: 0, enPassant: 0, castling: 0, nullMove: 0 };
  const moves = new Int32Array(256);
  let checked = 0;
  fc.assert(
    fc.property(
      fc.nat(STARTS.length - 1),
      fc.array(fc.nat(), { minLength: 20, maxLength: 80, size: "max" }),
      (start, choices) => {
        const board = parseFen("test", STARTS[start]!);
        const startFen = toFen(board);
        const played: number[] = []; // −1 for a null move
        const check = () => {
          assert.deepEqual(kept(board), fromScratch(board), toFen(board));
          checked++;
        };
        check();
        for (const choice of choices) {
          if (choice % 7 === 0 && played.length > 0) {
            const move = played.pop()!;
            if (move < 0) board.unmakeNull();
            else board.unmake(move);
          } else if (choice % 7 === 1 && !board.inCheck()) {
            board.makeNull();
            played.push(-1);
            seen.nullMove++;
          } else {
            const n = generateLegal(board, moves);
            if (n === 0) continue;
            let move = moves[choice % n]!;
            // En passant is rare in random play: taken whenever the choice is even.
            for (let i = 0; i < n && choice % 2 === 0; i++) {
              if (moveKind(moves[i]!) === EN_PASSANT) move = moves[i]!;
            }
            const kind = moveKind(move);
            if (kind === PROMOTION) seen.promotion++;
            if (kind === EN_PASSANT) seen.enPassant++;
            if (kind === CASTLING) seen.castling++;
            board.make(move);
            played.push(move);
          }
          check();
        }
        // A copy keeps them too, and so does the way back.
        assert.deepEqual(kept(board.copy()), fromScratch(board));
        while (played.length > 0) {
          const move = played.pop()!;
          if (move < 0) board.unmakeNull();
          else board.unmake(move);
          check();
        }
        assert.equal(toFen(board), startFen);
      },
    ),
    { seed: 20261202, numRuns: 300 },
  );
  assert.ok(checked > 10_000, `${checked} positions checked`);
  for (const [kind, count] of Object.entries(seen)) {
    assert.ok(count >= 20, `${kind}: ${count} played`);
  }
});

Deno.test("the pawn cache answers what a fresh scan does along random play, and the engine terms equal a fresh board's (fast-check)", () => {
  const moves = new Int32Array(256);
  const structure = new Int32Array(3);
  fc.assert(
    fc.property(
      fc.nat(STARTS.length - 1),
      fc.array(fc.nat(), { minLength: 10, maxLength: 60 }),
      (start, choices) => {
        const board = parseFen("test", STARTS[start]!);
        for (const choice of choices) {
          const n = generateLegal(board, moves);
          if (n === 0) break;
          board.make(moves[choice % n]!);
          probePawns(board);
          const cached = [...PAWN_ENTRY];
          scanPawns(board);
          pawnStructure(board, structure);
          let files = 0;
          for (let file = 0; file < 8; file++) {
            if (PAWNS_ON_FILE[file + 1]! > 0) files |= 1 << file;
            if (PAWNS_ON_FILE[11 + file]! > 0) files |= 1 << (8 + file);
          }
          assert.deepEqual(cached, [
            structure[0],
            structure[1],
            files | structure[2]!,
          ]);
        }
        // Emptying the caches here, not at each move: the probes above hit
        // entries of earlier runs.
        assertFreshTerms(board);
      },
    ),
    { seed: 99, numRuns: 150 },
  );
});

Deno.test("the pawn key changes with the pawns only: a knight's move and a null move leave it, a pawn push, a pawn capture and a promotion change it", () => {
  const board = parseFen("test", "4k3/1P6/8/3p4/4P3/8/8/4K1N1 w - - 0 1");
  const key = () => `${board.pawnKeyLo},${board.pawnKeyHi}`;
  const start = key();
  const knight = parseUci(board, "test", "g1f3");
  board.make(knight);
  assert.equal(key(), start);
  board.makeNull();
  assert.equal(key(), start);
  board.unmakeNull();
  board.unmake(knight);
  const keys = new Set([start]);
  for (const uci of ["e4e5", "e4d5", "b7b8q", "b7b8n"]) {
    const move = parseUci(board, "test", uci);
    board.make(move);
    assert.equal(key(), board.computePawnKey().join(","), uci);
    keys.add(key());
    board.unmake(move);
    assert.equal(key(), start);
  }
  // Both promotions leave one pawn structure (b7 gone): four keys in all.
  assert.equal(keys.size, 4);
});

Deno.test("a fresh board's pawn key and PeSTO sums come from its FEN alone, whatever was played before", () => {
  const moves = new Int32Array(256);
  const board = parseFen("test", SPECIAL_FENS[0]!);
  const random = new Random(5);
  for (let i = 0; i < 30; i++) {
    const n = generateLegal(board, moves);
    if (n === 0) break;
    board.make(moves[random.nextUint32() % n]!);
  }
  const fresh = parseFen("test", toFen(board));
  assert.deepEqual(kept(fresh), kept(board));
  assert.deepEqual(
    [board.pesto, board.pawnKeyLo, board.pawnKeyHi],
    [fresh.pesto, fresh.pawnKeyLo, fresh.pawnKeyHi],
  );
  // An empty board before setup holds no sums.
  const empty = new Board();
  assert.deepEqual([empty.pesto, empty.pawnKeyLo, empty.pawnKeyHi], [0, 0, 0]);
});

/** Sum, count and a rolling hash of the engine evaluation along seeded random play (public API only: the same script runs on any version). */
function engineValueHash(): [number, number, number] {
  let count = 0, sum = 0, hash = 0;
  const add = (value: number) => {
    count++;
    sum += value;
    hash = (Math.imul(hash, 31) + value) | 0;
  };
  for (const game of GAMES.slice(0, 40)) {
    for (const fen of game.fens) {
      add(Chess.fromFen(fen, { evaluation: "engine" }).evaluate());
    }
  }
  const random = new Random(20261202);
  for (const start of STARTS) {
    const position = Chess.fromFen(start, { evaluation: "engine" });
    const played: number[] = [];
    for (let ply = 0; ply < 120; ply++) {
      if (position.isTerminal()) break;
      add(position.evaluate());
      const r = random.nextUint32();
      if (r % 5 === 0 && played.length > 0) {
        position.undo(played.pop()!);
        continue;
      }
      const moves = position.legalMoves();
      const move = moves[r % moves.length]!;
      position.play(move);
      played.push(move);
    }
  }
  return [count, sum, hash];
}

Deno.test("the engine evaluation is the from-scratch one's, value for value: games and random play sum as before", () => {
  // Pinned with commit a9fca7f, whose evaluation summed the tables and
  // scanned the pawns afresh at every call.
  // Afresh, then again with both caches holding the positions.
  clearEngineEvaluationCache();
  assert.deepEqual(engineValueHash(), [9706, -274225, 1007862587]);
  assert.deepEqual(engineValueHash(), [9706, -274225, 1007862587]);
});
