/**
 * Issue 25: the engine's candidate techniques (`CHESS_ENGINE_CANDIDATES`)
 * as options of the shared deep node: the table in quiescence, null move
 * reduced by the static value's lead, exchange pruning, "improving", late
 * moves reduced by history, and the evaluation terms of the candidates.
 * Each is off unless asked for and changes nothing when off; each bad
 * value or combination is an error naming the option, the value and the
 * rule; each, when on, changes the search, and every search leaves the
 * position as it found it, errors included.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { Chess as ChessJs } from "chess.js";
import {
  alphaBeta,
  Chess,
  iterativeDeepening,
  quiescence,
  readPgnGames,
  TranspositionTable,
  UniformTree,
} from "../mod.ts";
import { searchesThatThrow } from "./_planted_chess.ts";
import { assertRefusedOnWac, engine, searched, WAC } from "./_engine_search.ts";
import {
  CHESS_CANDIDATE_POSITION,
  CHESS_ENGINE_CANDIDATES,
  CHESS_ENGINE_ORDER,
  CHESS_ENGINE_POSITION,
  searchChess,
} from "../src/players/_chess_search.ts";
import {
  engineTerms,
  EXTRA_PASSER_KINGS,
  EXTRA_PIECE_THREATS,
  EXTRA_SAFE_MOBILITY,
  HANGING_EG,
  HANGING_MG,
  PAWN_THREAT_EG,
  PAWN_THREAT_MG,
  pawnThreats,
  THREAT_BY_MINOR_EG,
  THREAT_BY_MINOR_MG,
  THREAT_BY_ROOK_EG,
  THREAT_BY_ROOK_MG,
} from "../src/games/chess/_engine_evaluation.ts";
import {
  DEFAULT_ENGINE_WEIGHTS,
  W_MOBILITY_EG,
  W_MOBILITY_MG,
} from "../src/games/chess/_engine_weights.ts";
import { BISHOP, KNIGHT, QUEEN, ROOK } from "../src/games/chess/_squares.ts";
import { parseFen } from "../src/games/chess/_fen.ts";
import { chessAfterChoices } from "./_arbitraries.ts";
import { firstGames } from "./_games_pgn.ts";
import { parseEngineSpec } from "../src/uci/engine_spec.ts";
import { engineOptions } from "../src/uci/engines.ts";

/** Each candidate alone, as `CHESS_ENGINE_CANDIDATES` sets it. */
const EACH: [string, object][] = [
  ["quiescenceTable", { quiescenceTable: true }],
  ["nullMove.evalDivisor", {
    nullMove: CHESS_ENGINE_CANDIDATES.nullMove,
  }],
  ["exchangePruning", {
    exchangePruning: CHESS_ENGINE_CANDIDATES.exchangePruning,
  }],
  ["improving", { improving: true }],
  ["lateMoveReductions.historyDivisor", {
    lateMoveReductions: CHESS_ENGINE_CANDIDATES.lateMoveReductions,
  }],
];

Deno.test("each candidate off, or absent, searches exactly as the engine without it", () => {
  const off: [string, object][] = [
    ["quiescenceTable", { quiescenceTable: false }],
    ["exchangePruning", { exchangePruning: false }],
    ["improving", { improving: false }],
  ];
  for (const index of [0, 10]) {
    const base = searched(index, 7);
    for (const [name, extra] of off) {
      assert.deepEqual(searched(index, 7, extra), base, name);
    }
  }
});

// Depth 10: below it, null move's reduction already leaves its 1-ply floor.
Deno.test("each candidate on changes the engine's search at depth 10 on WAC.001 or WAC.011", () => {
  const bases = [0, 10].map((index) => searched(index, 10));
  for (const [name, extra] of EACH) {
    const changed = [0, 10].some((index, k) =>
      searched(index, 10, extra).nodes !== bases[k]!.nodes
    );
    assert.ok(changed, `${name} changed no node count`);
  }
});

Deno.test("the candidates keep the engine's best moves on the first WAC positions it solves at depth 8", () => {
  const withThem = (index: number) => {
    const position = Chess.fromFen(WAC[index]!.fen, CHESS_CANDIDATE_POSITION);
    position.markRoot();
    const result = searchChess(
      position,
      new TranspositionTable({ megabytes: 4 }),
      { depth: 8, candidates: true },
    );
    return position.moveToSan(result.move);
  };
  let solved = 0;
  for (let index = 0; index < 8; index++) {
    const position = Chess.fromFen(WAC[index]!.fen, CHESS_ENGINE_POSITION);
    const without = position.moveToSan(searched(index, 8).move);
    if (!WAC[index]!.best.includes(without)) continue;
    solved++;
    assert.ok(
      WAC[index]!.best.includes(withThem(index)),
      `${WAC[index]!.id}: ${withThem(index)} instead of ${WAC[index]!.best}`,
    );
  }
  assert.ok(solved >= 4, `only ${solved} of 8 solved without the candidates`);
});

Deno.test("bad candidate options are errors naming the searcher, the option, the value and the rule", () => {
  const chess = () => Chess.fromFen(WAC[0]!.fen, CHESS_ENGINE_POSITION);
  const cases: [object, string][] = [
    [
      { nullMove: { evalDivisor: 200 } },
      "iterativeDeepening: nullMove.evalDivisor adds to the depth-adaptive reduction, so it needs nullMove.depthDivisor, got evalDivisor 200 without it",
    ],
    [
      { nullMove: { depthDivisor: 3, evalDivisor: 0 } },
      "iterativeDeepening: nullMove.evalDivisor must be an integer in 1…1000000, got 0",
    ],
    [
      {
        lateMoveReductions: { historyDivisor: 1.5 },
        order: CHESS_ENGINE_ORDER,
        tt: new TranspositionTable({ entries: 64 }),
      },
      "iterativeDeepening: lateMoveReductions.historyDivisor must be an integer in 1…16777216, got 1.5",
    ],
    [
      {
        lateMoveReductions: { historyDivisor: 100 },
        order: ["tt"],
        tt: new TranspositionTable({ entries: 64 }),
      },
      'iterativeDeepening: lateMoveReductions.historyDivisor reduces by the quiet history, which only order "quiet-history" keeps, and order has none',
    ],
    [
      { exchangePruning: { quietMargin: -1 } },
      "iterativeDeepening: exchangePruning.quietMargin must be an integer in 0…1000000, got -1",
    ],
    [
      { exchangePruning: { maxDepth: 0 } },
      "iterativeDeepening: exchangePruning.maxDepth must be an integer in 1…64, got 0",
    ],
    [
      { exchangePruning: { margin: 60 } },
      'iterativeDeepening: exchangePruning has an unknown key "margin"; known keys: quietMargin, captureMargin, maxDepth',
    ],
    [
      { exchangePruning: true },
      "iterativeDeepening: exchangePruning must be false or an object with quietMargin, captureMargin, maxDepth, got true",
    ],
    [
      { improving: true },
      "iterativeDeepening: improving adjusts reverseFutility, lateMovePruning and lateMoveReductions by whether the static value rises, and none of them is on",
    ],
    [
      { improving: "yes" },
      'iterativeDeepening: improving must be a boolean, got "yes"',
    ],
    [
      { quiescenceTable: true, quiescence: true },
      "iterativeDeepening: quiescenceTable needs a transposition table (the tt option), got none",
    ],
    [
      { quiescenceTable: true, tt: new TranspositionTable({ entries: 64 }) },
      "iterativeDeepening: quiescenceTable stores quiescence's results, and this search has no quiescence (pass quiescence: true)",
    ],
    [
      {
        quiescenceTable: true,
        quiescence: true,
        exactDepth: true,
        tt: new TranspositionTable({ entries: 64 }),
      },
      "iterativeDeepening: quiescenceTable cannot be combined with exactDepth: its entries would settle nodes that a fixed-depth search must search",
    ],
  ];
  assertRefusedOnWac(cases);
  assert.throws(
    () =>
      alphaBeta(new UniformTree({ branching: 3, depth: 4, seed: 1 }), {
        depth: 3,
        exchangePruning: {},
      }),
    {
      message:
        "alphaBeta: exchangePruning needs the position to implement staticExchange(), which UniformTree lacks",
    },
  );
  // The quiescence searcher always has a quiescence search.
  const position = chess();
  assert.equal(
    quiescence(position, {
      depth: 1,
      tt: new TranspositionTable({ entries: 1024 }),
      quiescenceTable: true,
    }).move,
    quiescence(position, { depth: 1 }).move,
  );
});

/** The `Chess` options of the engine evaluation's extra terms. */
const EVALUATION_OPTIONS = [
  "pawnThreats",
  "safeMobility",
  "passerKings",
  "pieceThreats",
] as const;
type EvaluationOption = typeof EVALUATION_OPTIONS[number];

/**
 * Checks an option of the engine evaluation's terms on `fen`: a value that
 * is not a boolean and the option without the engine evaluation are
 * refused with the messages given, `clone` and `withEvaluation("engine")`
 * keep it, `withEvaluation("simplified")` drops it; returns the position
 * without and with the option.
 */
function checkEvaluationOption(
  key: EvaluationOption,
  fen: string,
  bad: { value: unknown; shown: string },
  verb: string,
): [Chess, Chess] {
  assert.throws(
    () => Chess.fromFen(fen, { evaluation: "engine", [key]: bad.value }),
    { message: `Chess.fromFen: ${key} must be a boolean, got ${bad.shown}` },
  );
  assert.throws(
    () => Chess.start({ [key]: true }),
    {
      message:
        `Chess.start: ${key} ${verb} the engine evaluation; pass evaluation "engine" with it, got evaluation "simplified"`,
    },
  );
  const on = Chess.fromFen(fen, { evaluation: "engine", [key]: true });
  assert.ok(on[key] && on.clone()[key]);
  assert.ok(on.withEvaluation("engine")[key]);
  assert.ok(!on.withEvaluation("simplified")[key]);
  const others = EVALUATION_OPTIONS.filter((other) => other !== key);
  assert.ok(others.every((other) => !on[other]), `${key} alone`);
  return [Chess.fromFen(fen, { evaluation: "engine" }), on];
}

Deno.test("pawnThreats: a boolean, with the engine evaluation only, kept by clone and withEvaluation", () => {
  const [plain, threats] = checkEvaluationOption(
    "pawnThreats",
    "4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1",
    { value: 1, shown: "1" },
    "adds a term to",
  );
  // One white knight attacked, no queens or rooks: the endgame value; the
  // evaluation cache keeps the two apart, in either order.
  const [a, b] = [plain.evaluate(), threats.evaluate()];
  assert.equal(b - a, -40);
  assert.deepEqual([threats.evaluate(), plain.evaluate()], [b, a]);
});

Deno.test("safeMobility: a boolean, with the engine evaluation only, kept by clone and withEvaluation", () => {
  // The white knight reaches eight squares, of which black's pawns guard
  // four (b5, c6, e6, f5).
  const fen = "4k3/3p4/p5p1/8/3N4/8/8/4K3 w - - 0 1";
  const [plain, safe] = checkEvaluationOption(
    "safeMobility",
    fen,
    { value: "yes", shown: '"yes"' },
    "changes a term of",
  );
  const both = Chess.fromFen(fen, {
    evaluation: "engine",
    safeMobility: true,
    pawnThreats: true,
  });
  assert.ok(both.safeMobility && both.pawnThreats);
  // Four squares fewer at the knight's endgame weight (no other piece moves
  // but the kings, and nothing else changes); the cache keeps the three apart.
  const [a, b, c] = [plain.evaluate(), safe.evaluate(), both.evaluate()];
  assert.equal(b - a, -4 * DEFAULT_ENGINE_WEIGHTS[W_MOBILITY_EG]!);
  assert.equal(c, b); // no piece is attacked by a pawn
  assert.deepEqual([both.evaluate(), safe.evaluate(), plain.evaluate()], [
    c,
    b,
    a,
  ]);
});

/**
 * What safe mobility takes off the mobility term, `[middlegame, endgame]`,
 * white's view, by chess.js's attack maps: each knight, bishop, rook or
 * queen loses its weight for each square it attacks that holds no piece of
 * its side and that an enemy pawn attacks.
 */
function unsafeSquares(fen: string): [number, number] {
  const board = new ChessJs(fen);
  const weightIndex = { n: 0, b: 1, r: 2, q: 3 } as Record<string, number>;
  let mg = 0, eg = 0;
  for (const file of "abcdefgh") {
    for (const rank of "12345678") {
      const square = `${file}${rank}` as Parameters<ChessJs["get"]>[0];
      const occupant = board.get(square);
      for (const color of ["w", "b"] as const) {
        if (occupant && occupant.color === color) continue;
        const enemy = color === "w" ? "b" : "w";
        const guarded = board.attackers(square, enemy).some((from) =>
          board.get(from)?.type === "p"
        );
        if (!guarded) continue;
        for (const from of board.attackers(square, color)) {
          const index = weightIndex[board.get(from)!.type];
          if (index === undefined) continue;
          const sign = color === "w" ? 1 : -1;
          mg += sign * DEFAULT_ENGINE_WEIGHTS[W_MOBILITY_MG + index]!;
          eg += sign * DEFAULT_ENGINE_WEIGHTS[W_MOBILITY_EG + index]!;
        }
      }
    }
  }
  return [mg, eg];
}

Deno.test("safe mobility leaves out the squares chess.js's attack maps show enemy pawns guarding, on positions of real games", () => {
  let positions = 0, changed = 0;
  for (const game of readPgnGames(firstGames(8))) {
    for (const fen of game.fens) {
      const board = parseFen("test", fen);
      const plain = engineTerms(board).mobility;
      const safe = engineTerms(board, EXTRA_SAFE_MOBILITY).mobility;
      const [mg, eg] = unsafeSquares(fen);
      assert.deepEqual([plain[0] - safe[0], plain[1] - safe[1]], [mg, eg], fen);
      positions++;
      if (mg !== 0 || eg !== 0) changed++;
    }
  }
  assert.ok(positions > 300 && changed > 200, `${positions}, ${changed}`);
});

Deno.test("passerKings: a boolean, with the engine evaluation only, kept by clone and withEvaluation", () => {
  // White's passed pawn on d5 (its 5th rank, weight 7), its king on the
  // square in front of it (distance 0), black's on a1 (5 or more away).
  const [plain, kings] = checkEvaluationOption(
    "passerKings",
    "8/8/3K4/3P4/8/8/8/k7 w - - 0 1",
    { value: 0, shown: "0" },
    "adds a term to",
  );
  // No pieces: the phase is 0, the endgame value whole.
  const [a, b] = [plain.evaluate(), kings.evaluate()];
  assert.equal(b - a, 7 * (2 * 5 - 0));
  assert.deepEqual([kings.evaluate(), plain.evaluate()], [b, a]);
  // Black to move in the mirrored position: the same value for the mover.
  const mirrored = Chess.fromFen("K7/8/8/8/3p4/3k4/8/8 b - - 0 1", {
    evaluation: "engine",
    passerKings: true,
  });
  assert.equal(mirrored.evaluate(), b);
});

/**
 * The kings' distances to the passed pawns, white's view, computed from
 * chess.js's board: each pawn with no enemy pawn ahead of it on its file or
 * the files beside it, and none of its own ahead on its file, on its 4th
 * rank or beyond, counts 5 · rank − 13 (rank from 0) times twice the enemy
 * king's distance to the square in front of it, less its own king's (each
 * distance at most 5).
 */
function passerKingTerm(fen: string): number {
  const board = new ChessJs(fen);
  const at = (file: number, rank: number) =>
    board.get(
      `${"abcdefgh"[file]}${rank + 1}` as Parameters<ChessJs["get"]>[0],
    );
  const kingSquare = (color: "w" | "b") =>
    board.findPiece({ type: "k", color })[0]!;
  const distance = (square: string, file: number, rank: number) =>
    Math.min(
      5,
      Math.max(
        Math.abs(square.charCodeAt(0) - 97 - file),
        Math.abs(Number(square[1]) - 1 - rank),
      ),
    );
  let term = 0;
  for (let file = 0; file < 8; file++) {
    for (let rank = 1; rank < 7; rank++) {
      const piece = at(file, rank);
      if (piece?.type !== "p") continue;
      const ahead = piece.color === "w" ? 1 : -1;
      let passed = true;
      for (let r = rank + ahead; r >= 0 && r < 8; r += ahead) {
        for (let f = file - 1; f <= file + 1; f++) {
          const other = f >= 0 && f < 8 ? at(f, r) : undefined;
          if (other?.type !== "p") continue;
          if (other.color !== piece.color || f === file) passed = false;
        }
      }
      const relative = piece.color === "w" ? rank : 7 - rank;
      if (!passed || relative < 3) continue;
      const own = kingSquare(piece.color);
      const enemy = kingSquare(piece.color === "w" ? "b" : "w");
      const value = (5 * relative - 13) *
        (2 * distance(enemy, file, rank + ahead) -
          distance(own, file, rank + ahead));
      term += piece.color === "w" ? value : -value;
    }
  }
  return term;
}

Deno.test("passerKings adds to the pawns' endgame term what chess.js's board gives, on positions of real games", () => {
  let positions = 0, counted = 0;
  for (const game of readPgnGames(firstGames(30))) {
    for (const fen of game.fens) {
      const board = parseFen("test", fen);
      const plain = engineTerms(board).pawns;
      const kings = engineTerms(board, EXTRA_PASSER_KINGS).pawns;
      const expected = passerKingTerm(fen);
      assert.deepEqual(kings, [plain[0], plain[1] + expected], fen);
      positions++;
      if (expected !== 0) counted++;
    }
  }
  assert.ok(positions > 1000 && counted > 50, `${positions}, ${counted}`);
});

Deno.test("pieceThreats: a boolean, with the engine evaluation only, kept by clone and withEvaluation", () => {
  // White's knight on e3 attacks black's rook on d5, which nothing defends.
  const fen = "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1";
  const [plain, threats] = checkEvaluationOption(
    "pieceThreats",
    fen,
    { value: null, shown: "null" },
    "adds a term to",
  );
  const board = parseFen("test", fen);
  const expected = [57 + 45, 54 + 16];
  assert.deepEqual(engineTerms(board, EXTRA_PIECE_THREATS).threats, expected);
  assert.deepEqual(engineTerms(board).threats, [0, 0]);
  // Phase 3 (a knight, a rook): the term tapered, the rest unchanged.
  const tapered = Math.trunc((expected[0]! * 3 + expected[1]! * 21) / 24);
  const [a, b] = [plain.evaluate(), threats.evaluate()];
  assert.ok(Math.abs(b - a - tapered) <= 1, `${a} → ${b}`);
  assert.deepEqual([threats.evaluate(), plain.evaluate()], [b, a]);
  // Defended by a pawn: the minor's threat stays, the piece no longer hangs.
  const defended = "4k3/8/2p5/3r4/8/4N3/8/4K3 w - - 0 1";
  assert.deepEqual(
    engineTerms(parseFen("test", defended), EXTRA_PIECE_THREATS).threats,
    [57, 54],
  );
  // Black to move in the mirrored position: the same value for the mover.
  const mirrored = Chess.fromFen("4k3/8/4n3/8/3R4/8/8/4K3 b - - 0 1", {
    evaluation: "engine",
    pieceThreats: true,
  });
  assert.equal(mirrored.evaluate(), b);
});

/**
 * The threat term, `[middlegame, endgame]`, white's view, from chess.js's
 * attack maps: for each pawn, knight, bishop, rook or queen the other side
 * attacks, a minor's threat (a pawn only when no pawn defends it), a
 * rook's (when no pawn defends it), and hanging (no pawn defends it, and
 * nothing else does or, not a pawn, two or more attack it).
 */
function pieceThreatTerm(fen: string): [number, number] {
  const board = new ChessJs(fen);
  const type = { p: 1, n: 2, b: 3, r: 4, q: 5 } as Record<string, number>;
  let mg = 0, eg = 0;
  for (const row of board.board()) {
    for (const piece of row) {
      if (piece === null || piece.type === "k") continue;
      const enemy = piece.color === "w" ? "b" : "w";
      const attackers = board.attackers(piece.square, enemy)
        .map((square) => board.get(square)!.type);
      if (attackers.length === 0) continue;
      const defenders = board.attackers(piece.square, piece.color)
        .map((square) => board.get(square)!.type);
      const pawnDefended = defenders.includes("p");
      const victim = type[piece.type]!;
      const sign = piece.color === "w" ? -1 : 1;
      const minor = attackers.includes("n") || attackers.includes("b");
      if (minor && (piece.type !== "p" || !pawnDefended)) {
        mg += sign * THREAT_BY_MINOR_MG[victim]!;
        eg += sign * THREAT_BY_MINOR_EG[victim]!;
      }
      if (attackers.includes("r") && !pawnDefended) {
        mg += sign * THREAT_BY_ROOK_MG[victim]!;
        eg += sign * THREAT_BY_ROOK_EG[victim]!;
      }
      const hanging = !pawnDefended &&
        (defenders.length === 0 ||
          (piece.type !== "p" && attackers.length >= 2));
      if (hanging) {
        mg += sign * HANGING_MG;
        eg += sign * HANGING_EG;
      }
    }
  }
  return [mg, eg];
}

Deno.test("pieceThreats counts what chess.js's attack maps give, on positions of real games, and changes no other term", () => {
  let positions = 0, counted = 0;
  for (const game of readPgnGames(firstGames(30))) {
    for (const fen of game.fens) {
      const board = parseFen("test", fen);
      const plain = engineTerms(board);
      const threats = engineTerms(board, EXTRA_PIECE_THREATS);
      const expected = pieceThreatTerm(fen);
      assert.deepEqual(threats.threats, expected, fen);
      assert.deepEqual(
        { ...threats, threats: [0, 0], total: 0 },
        { ...plain, total: 0 },
        fen,
      );
      positions++;
      if (expected[0] !== 0 || expected[1] !== 0) counted++;
    }
  }
  assert.ok(positions > 1000 && counted > 500, `${positions}, ${counted}`);
});

/** White's attacked pieces minus black's, by chess.js's attack maps. */
function threatCount(fen: string): number {
  const board = new ChessJs(fen);
  let count = 0;
  for (const row of board.board()) {
    for (const piece of row) {
      if (piece === null || piece.type === "p" || piece.type === "k") continue;
      const enemy = piece.color === "w" ? "b" : "w";
      const byPawn = board.attackers(piece.square, enemy).some((square) =>
        board.get(square)?.type === "p"
      );
      if (byPawn) count += piece.color === "w" ? 1 : -1;
    }
  }
  return count;
}

Deno.test("the pawn-threat term counts what chess.js's attack maps count, on positions of real games", () => {
  let positions = 0, threatened = 0;
  for (const game of readPgnGames(firstGames(30))) {
    for (const fen of game.fens) {
      const count = threatCount(fen);
      const board = parseFen("test", fen);
      const counts = board.counts;
      // The phase as the evaluation takes it, to taper the expected value.
      const phase = Math.min(
        24,
        counts[KNIGHT]! + counts[KNIGHT | 8]! + counts[BISHOP]! +
          counts[BISHOP | 8]! + 2 * (counts[ROOK]! + counts[ROOK | 8]!) +
          4 * (counts[QUEEN]! + counts[QUEEN | 8]!),
      );
      // `|| 0`: a count of 0 truncates to −0, which the term never returns.
      const expected = Math.trunc(
        (count * PAWN_THREAT_MG * phase +
          count * PAWN_THREAT_EG * (24 - phase)) / 24,
      ) || 0;
      assert.equal(pawnThreats(board), expected, fen);
      positions++;
      if (count !== 0) threatened++;
    }
  }
  assert.ok(
    positions > 1000 && threatened > 100,
    `${positions}, ${threatened}`,
  );
});

Deno.test("quiescenceTable: the quiescence value of a position is the one without the table", () => {
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { minLength: 4, maxLength: 24 }),
      (choices) => {
        const position = chessAfterChoices(choices, CHESS_ENGINE_POSITION);
        if (position.isTerminal()) return;
        position.markRoot();
        const fen = position.toFen();
        const plain = quiescence(position, { depth: 0 });
        const tabled = quiescence(position, {
          depth: 0,
          tt: new TranspositionTable({ entries: 1 << 12 }),
          quiescenceTable: true,
        });
        assert.equal(tabled.value, plain.value);
        assert.ok(tabled.stats.nodes <= plain.stats.nodes);
        assert.equal(position.toFen(), fen);
      },
    ),
    { numRuns: 60, seed: 25 },
  );
});

Deno.test("with every candidate on, a search that throws inside leaves the position exactly as it was", () => {
  const thrown = searchesThatThrow(
    (position) =>
      iterativeDeepening(position, {
        depth: 6,
        ...engine(CHESS_ENGINE_CANDIDATES),
      }),
    {
      position: CHESS_CANDIDATE_POSITION,
      maxFailAt: 3000,
      numRuns: 40,
      seed: 7,
    },
  );
  assert.ok(thrown > 10, `only ${thrown} of 40 searches threw`);
});

Deno.test("ours:candidates=1 in a match spec sets our engine's Candidates option, and is ours alone", () => {
  const spec = parseEngineSpec("--a", "ours:movetime=50,candidates=1");
  assert.deepEqual(spec.options, { Candidates: 1 });
  assert.equal(spec.go, "movetime 50");
  assert.deepEqual(engineOptions(spec.engine, spec.options), {
    Candidates: true,
  });
  assert.deepEqual(
    engineOptions("ours", parseEngineSpec("--b", "ours:depth=2").options),
    {},
  );
  assert.throws(
    () => parseEngineSpec("--b", "stockfish:candidates=1,depth=2"),
    {
      message:
        `--b: unknown setting "candidates" in "stockfish:candidates=1,depth=2" (known: depth, nodes, movetime, skill; candidates is ours')`,
    },
  );
  assert.throws(
    () => parseEngineSpec("--a", "sf2:candidates=0,depth=2"),
    {
      message:
        `--a: unknown setting "candidates" in "sf2:candidates=0,depth=2" (known: depth, nodes, movetime; skill is Stockfish's, candidates ours')`,
    },
  );
  assert.throws(
    () => parseEngineSpec("--a", "ours:candidates=2,depth=2"),
    /--a: candidates must be an integer in 0…1, got 2/,
  );
});

Deno.test("searchChess with the candidates probes no enhanced transposition cutoff; without them it does", () => {
  const probes = (candidates: boolean) => {
    const position = Chess.fromFen(
      WAC[3]!.fen,
      candidates ? CHESS_CANDIDATE_POSITION : CHESS_ENGINE_POSITION,
    );
    position.markRoot();
    const result = searchChess(
      position,
      new TranspositionTable({ megabytes: 4 }),
      { depth: 7, candidates },
    );
    return (result.stats as { etcProbes: number }).etcProbes;
  };
  assert.equal(probes(true), 0);
  assert.ok(probes(false) > 0, "the selective engine probes ETC");
});
