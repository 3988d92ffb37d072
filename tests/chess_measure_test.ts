/**
 * Issue 9's measurements on tiny samples: deterministic, and right on
 * positions whose numbers can be checked by hand.
 */
import assert from "node:assert/strict";
import { alphaBeta } from "../src/search/mod.ts";
import { Chess } from "../src/games/chess/mod.ts";
import {
  boardSvg,
  branchingRule,
  chessReport,
  chessRows,
  deepeningOverhead,
  ebf,
  findHorizonExamples,
  lazyGamePositions,
  leafArithmetic,
  legalMoveCounts,
  loadGameList,
  loadGames,
  materialOf,
  measureChess,
  measurePosition,
  phaseOf,
  readEpd,
  readFullResults,
  readGamePositions,
  sampleMiddlegames,
  SMALL_RUN,
  solveRates,
  summariseBranching,
  withinBranchingRule,
} from "../src/course/chess/mod.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// White's queen may take a pawn on d5 that a pawn on e6 defends.
const QUEEN_TRAP = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";

const PGN = `[Event "a"]
[Result "*"]

1. e4 { [%eval 0.2] } { Two comments in a row, as the broadcast writes. } 1... e5 2. Nf3 *

[Event "b"]
[Result "1-0"]

1. f3 e5 2. g4 Qh4# 0-1
`;

Deno.test("readGamePositions: every position of each game, comments dropped", () => {
  const games = readGamePositions(PGN);
  assert.equal(games.length, 2);
  assert.deepEqual(readGamePositions(PGN, 1), games.slice(0, 1));
  assert.equal(games[0]!.fens.length, 4);
  assert.equal(games[0]!.fens[0], START);
  assert.equal(games[1]!.fens.length, 5);
  const counts = legalMoveCounts(games);
  // The final positions are left out: 3 + 4 positions where a player moved.
  assert.equal(counts.length, 7);
  // The start position has 20 legal moves, after 1. e4 Black has 20 too.
  assert.deepEqual(counts.slice(0, 2).map((c) => c.moves), [20, 20]);
  // After 1. f3 e5 2. g4 White is to be mated: Black's moves there are counted.
  assert.equal(
    counts.at(-1)!.moves,
    Chess.fromFen(games[1]!.fens[3]!).legalMoves().length,
  );
});

Deno.test("readGamePositions: a bad game is named", () => {
  assert.throws(
    () => readGamePositions('[Event "x"]\n\n1. e5 *\n'),
    /readGamePositions: game 1 does not parse/,
  );
});

Deno.test("lazyGamePositions: each game replayed once, when first asked for, as readGamePositions reads it", () => {
  const games = lazyGamePositions(PGN + '\n[Event "bad"]\n\n1. e5 *\n');
  assert.equal(games.length, 3);
  // The bad third game is not replayed until asked for.
  const first = games.at(0);
  assert.deepEqual(first, readGamePositions(PGN)[0]);
  assert.equal(games.at(0), first, "kept, not replayed");
  assert.deepEqual(games.at(1), readGamePositions(PGN)[1]);
  assert.throws(() => games.at(2), /readGamePositions: game 3 does not parse/);
  for (const index of [-1, 3, 0.5, NaN]) {
    assert.equal(games.at(index), undefined);
  }
});

Deno.test("sampleMiddlegames: the games of games.pgn read on demand give the sample of the whole file read at once", () => {
  const all = loadGames();
  const list = loadGameList();
  assert.equal(list.length, all.length);
  for (const [count, seed] of [[20, 1], [30, 7]] as const) {
    assert.deepEqual(
      sampleMiddlegames(list, count, seed),
      sampleMiddlegames(all, count, seed),
    );
  }
});

Deno.test("phases: by ply and non-pawn material", () => {
  assert.equal(phaseOf(19, START), "opening");
  assert.equal(phaseOf(20, START), "middlegame");
  // Two rooks and two minor pieces each side: 3,200 > 2,600.
  assert.equal(
    phaseOf(60, "r1b1k2r/8/8/8/8/8/8/R1B1K1NR w - - 0 1"),
    "middlegame",
  );
  // A rook and a bishop each: 1,600.
  assert.equal(phaseOf(60, "r1b1k3/8/8/8/8/8/8/R1B1K3 w - - 0 1"), "endgame");
  assert.deepEqual(materialOf("4k3/8/8/8/8/8/P7/Q3K3 w - - 0 1"), {
    white: 1000,
    black: 0,
    pieces: 900,
  });
});

Deno.test("summariseBranching: mean, median, phases", () => {
  const rows = summariseBranching([
    { game: 1, ply: 0, phase: "opening", moves: 20 },
    { game: 1, ply: 1, phase: "opening", moves: 22 },
    { game: 1, ply: 30, phase: "middlegame", moves: 40 },
    { game: 1, ply: 70, phase: "endgame", moves: 6 },
  ]);
  assert.deepEqual(rows.map((r) => [r.set, r.positions, r.mean, r.median]), [
    ["all", 4, 22, 21],
    ["opening", 2, 21, 21],
    ["middlegame", 1, 40, 40],
    ["endgame", 1, 6, 6],
  ]);
});

Deno.test("leafArithmetic: the course's 2.25e12 / 1.84e9 / 1.50e6 at b = 35", () => {
  const a = leafArithmetic(35, 8);
  assert.equal(a.minimax, 35 ** 8);
  assert.equal(a.randomOrder, 35 ** 6);
  assert.equal(a.perfectOrder, 35 ** 4);
  assert.equal(ebf([1, 30, 100, 3000]), Math.sqrt(100));
});

Deno.test("measurePosition: deterministic, hand-checkable, every searcher agrees", () => {
  const one = measurePosition(START, 1);
  // One ply from the start: the root and its 20 children.
  assert.deepEqual(one.plainIterations, [21]);
  assert.ok(one.ordering.every((n) => n >= 21));
  const fen =
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
  const a = measurePosition(fen, 3);
  const b = measurePosition(fen, 3);
  assert.deepEqual(a, b);
  const position = Chess.fromFen(fen);
  for (let d = 1; d <= 3; d++) {
    assert.equal(
      a.plainIterations[d - 1],
      alphaBeta(position, { depth: d }).stats.nodes,
    );
  }
  const value = alphaBeta(position, { depth: 3 }).value;
  assert.deepEqual(a.orderingValues, a.orderingValues.map(() => value));
  // Without hints the variants "natural" and the iterations are the same search.
  assert.equal(a.variants[0], a.plainIterations.reduce((s, n) => s + n, 0));
});

Deno.test("deepeningOverhead: the course's arithmetic on hand-made counts", () => {
  const rows = deepeningOverhead([
    {
      plainIterations: [1, 35, 1225],
      orderedSingle: [1, 10, 100],
      orderedDeepening: [1, 12, 120],
    },
  ], 35);
  assert.equal(rows.length, 2);
  assert.equal(rows[1]!.plain, 36 / 1225);
  assert.ok(Math.abs(rows[1]!.ordered - 0.2) < 1e-12);
  assert.equal(rows[1]!.course, 1 / 34);
});

Deno.test("sampleMiddlegames: seeded, distinct games, middlegame plies", () => {
  const games = Array.from({ length: 10 }, (_, i) => ({
    game: i + 1,
    fens: Array(40).fill(START),
  }));
  const a = sampleMiddlegames(games, 4, 3);
  assert.deepEqual(a, sampleMiddlegames(games, 4, 3));
  assert.equal(new Set(a.map((s) => s.game)).size, 4);
  assert.ok(a.every((s) => s.ply >= 20 && s.ply < 39 && s.moves === 20));
});

Deno.test("readEpd and solveRates: a mate in one is solved at depth 1", () => {
  const entries = readEpd(
    '6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "mate";\n',
  );
  assert.deepEqual(entries[0]!.best, ["Ra8#"]);
  const rows = solveRates(entries, 2);
  assert.deepEqual(
    rows.map((r) => [r.mode, r.depth, r.solved]),
    [
      ["none", 1, 1],
      ["none", 2, 1],
      ["captures", 1, 1],
      ["captures", 2, 1],
      ["captures+checks", 1, 1],
      ["captures+checks", 2, 1],
    ],
  );
  // Nodes are cumulative: depth 2 costs at least depth 1.
  assert.ok(rows[1]!.nodes > rows[0]!.nodes);
  assert.throws(
    () => readEpd('8/8/8/8/8/8/8/K1k5 w - - id "x";'),
    /line 1 has no bm/,
  );
});

Deno.test("findHorizonExamples: finds the constructed queen trap, and quiescence cures it", () => {
  const found = findHorizonExamples([{ id: "trap", fen: QUEEN_TRAP }], [1]);
  assert.equal(found.length, 1);
  const e = found[0]!;
  assert.equal(e.move, "Qxd5");
  assert.equal(e.line[1], "exd5");
  assert.ok(e.cured && e.quietMove !== "Qxd5");
  // The queen (900) for a pawn: the reference sees some 800 cp the shallow search did not.
  assert.ok(e.shallowValue - e.referenceValue > 700);
  assert.ok(e.quietReferenceValue - e.referenceValue > 700);
  assert.equal(e.lossPly, 2);
  // A move the suite lists as best is no error.
  assert.equal(
    findHorizonExamples([{ id: "trap", fen: QUEEN_TRAP, best: ["Qxd5"] }], [1])
      .length,
    0,
  );
  // A quiet position has none.
  assert.equal(
    findHorizonExamples([{ id: "start", fen: START }], [1, 2]).length,
    0,
  );
});

Deno.test("boardSvg: squares, pieces, the line's arrows", () => {
  const svg = boardSvg(QUEEN_TRAP, {
    move: "d1d5",
    line: ["d1d5", "e6d5"],
    caption: "a < b",
  });
  assert.equal((svg.match(/<rect x=/g) ?? []).length, 64);
  assert.equal((svg.match(/class="piece"/g) ?? []).length, 5);
  assert.equal((svg.match(/<line /g) ?? []).length, 2);
  assert.ok(svg.includes("a &lt; b"));
});

Deno.test("measureChess + chessReport: a tiny run is deterministic and has every row", () => {
  const games = readGamePositions(PGN.repeat(1)).concat(
    readGamePositions(
      `[Event "c"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 *\n`,
    ),
  );
  const settings = {
    ...SMALL_RUN,
    positions: 1,
    depth: 2,
    wacPositions: 3,
    wacDepth: 1,
    horizons: [1],
  };
  const a = measureChess(settings, undefined, games);
  const b = measureChess(settings, undefined, games);
  const strip = (r: typeof a) => ({ ...r, timing: null });
  assert.deepEqual(strip(a), strip(b));
  assert.equal(a.sample.length, 1);
  const report = chessReport(a);
  assert.deepEqual(report.rows.map((r) => r.id), [
    "T001.3c",
    "T001.3d",
    "T001.5c",
    "T003.5b",
    "T003.10a",
    "T003.11",
  ]);
  assert.ok(report.rows[0]!.agrees, "the course's arithmetic is exact");
  assert.ok(report.charts.every((c) => c.svg.startsWith("<svg")));
});

Deno.test("T001.3d's rule is read from the row and the course's b: the notebook's sentences judge by the band the row is marked by", () => {
  const full = readFullResults()!;
  assert.deepEqual(branchingRule(full), {
    b: 35,
    percent: 10,
    low: 31.5,
    high: 38.5,
  });
  // Another course b moves the band with it: nothing is typed beside it.
  const other = {
    ...full,
    leaves: { ...full.leaves, course: leafArithmetic(30, 8) },
  };
  assert.deepEqual(branchingRule(other), {
    b: 30,
    percent: 10,
    low: 27,
    high: 33,
  });
  const row = chessRows(other).find((r) => r.id === "T001.3d")!;
  assert.match(row.test, /within 10 % of 30 \(27…33\)/);
  assert.equal(withinBranchingRule(other, 33), true);
  assert.equal(withinBranchingRule(other, 34), false);
  assert.equal(withinBranchingRule(full, 34), true);
});
