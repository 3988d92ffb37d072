/**
 * Issue 25, item 8: the options that let the engine search deep — PVS in
 * iterative deepening (`pvs`), the depth-adaptive null move
 * (`nullMove.depthDivisor`), logarithmic late-move reductions
 * (`lateMoveReductions.formula: "log"`), reverse futility pruning
 * (`reverseFutility`) and late-move pruning (`lateMovePruning`). Each is
 * off by default (tests/selective_search_test.ts proves absent and off
 * agree); here: bad values are clear errors, each option leaves the
 * position as it was and returns a legal move, PVS keeps the value, forced
 * mates survive every pruning, and each option searches fewer nodes at a
 * fixed depth (counts, never times).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { lmrLogReduction } from "../src/search/_selective_settings.ts";
import {
  alphaBeta,
  aspiration,
  Chess,
  CHESS_MATE,
  CHESS_MOVE_LIMIT,
  ConnectFour,
  iterativeDeepening,
  minimax,
  mtdf,
  type Position,
  pvs,
  quiescence,
  type SearchResult,
  TranspositionTable,
} from "../mod.ts";
import { loadWac } from "../src/course/chess/wac.ts";
import { CHESS_ENGINE_ORDER } from "../src/players/_chess_search.ts";
import { SearchPlayer } from "../src/players/player.ts";
import { playChoices } from "./_arbitraries.ts";
import { assertLegalLine } from "./_legal_line.ts";

const WAC = loadWac();

/** WAC positions with at least 20 pieces: middlegames, as the engine's depth table uses. */
const MIDDLEGAMES = WAC.filter((entry) =>
  [...entry.fen.split(" ")[0]!].filter((ch) => /[a-z]/i.test(ch)).length >= 20
);

/** WAC positions where White or Black mates in 2 (alpha-beta at depth 3 finds it). */
const MATES_IN_TWO = [
  "WAC.001",
  "WAC.004",
  "WAC.005",
  "WAC.012",
  "WAC.027",
  "WAC.054",
  "WAC.060",
  "WAC.061",
  "WAC.084",
  "WAC.099",
].map((id) => WAC.find((entry) => entry.id === id)!);

/** The chess engine's base: ordering, table size, quiescence. */
const ENGINE = {
  order: CHESS_ENGINE_ORDER,
  maxMove: CHESS_MOVE_LIMIT,
  quiescence: true,
} as const;

/** Each new option on, as the engine would use it. */
const NEW_OPTIONS: [string, object][] = [
  ["nullMove.depthDivisor", {
    nullMove: { reduction: 3, minDepth: 2, depthDivisor: 3 },
  }],
  ["lateMoveReductions.formula", {
    lateMoveReductions: { formula: "log", fullMoves: 2 },
  }],
  ["reverseFutility", { reverseFutility: { margin: 100 } }],
  ["lateMovePruning", { lateMovePruning: {} }],
];

type Searcher = (position: Position, options: object) => SearchResult;

const SEARCHERS: [string, Searcher, object][] = [
  ["alphaBeta", alphaBeta, { order: CHESS_ENGINE_ORDER }],
  ["pvs", pvs, { order: CHESS_ENGINE_ORDER }],
  ["quiescence", quiescence, { order: CHESS_ENGINE_ORDER }],
  ["iterativeDeepening", iterativeDeepening, { ...ENGINE, pvs: true }],
  ["aspiration", aspiration, { order: CHESS_ENGINE_ORDER }],
  ["mtdf", mtdf, { order: CHESS_ENGINE_ORDER }],
];

Deno.test("bad values of the new options are clear errors naming the searcher, the option, the value and the rule", () => {
  const chess = Chess.start();
  const fen = chess.toFen();
  const cases: [object, RegExp][] = [
    [
      { nullMove: { depthDivisor: 0 } },
      /^iterativeDeepening: nullMove\.depthDivisor must be an integer in 1…64, got 0$/,
    ],
    [
      { nullMove: { depthDivisor: 2.5 } },
      /^iterativeDeepening: nullMove\.depthDivisor must be an integer in 1…64, got 2\.5$/,
    ],
    [
      { lateMoveReductions: { formula: "sqrt" } },
      /^iterativeDeepening: lateMoveReductions\.formula must be "fixed" or "log", got "sqrt"$/,
    ],
    [
      { lateMoveReductions: { formula: "log", reduction: 2 } },
      /^iterativeDeepening: lateMoveReductions\.reduction is the "fixed" formula's plies; with formula "log" the table gives them, got 2$/,
    ],
    [
      { reverseFutility: true },
      /^iterativeDeepening: reverseFutility must be false or an object with margin, maxDepth, got true$/,
    ],
    [
      { reverseFutility: {} },
      /^iterativeDeepening: reverseFutility\.margin must be an integer in 1…1000000, got undefined$/,
    ],
    [
      { reverseFutility: { margin: 0 } },
      /^iterativeDeepening: reverseFutility\.margin must be an integer in 1…1000000, got 0$/,
    ],
    [
      { reverseFutility: { margin: 100, maxDepth: 65 } },
      /^iterativeDeepening: reverseFutility\.maxDepth must be an integer in 1…64, got 65$/,
    ],
    [
      { reverseFutility: { margin: 100, depth: 3 } },
      /^iterativeDeepening: reverseFutility has an unknown key "depth"; known keys: margin, maxDepth$/,
    ],
    [
      { lateMovePruning: "on" },
      /^iterativeDeepening: lateMovePruning must be false or an object with maxDepth, baseMoves, got "on"$/,
    ],
    [
      { lateMovePruning: { maxDepth: 0 } },
      /^iterativeDeepening: lateMovePruning\.maxDepth must be an integer in 1…64, got 0$/,
    ],
    [
      { lateMovePruning: { baseMoves: -1 } },
      /^iterativeDeepening: lateMovePruning\.baseMoves must be an integer in 0…256, got -1$/,
    ],
    [
      { lateMovePruning: { quota: 3 } },
      /^iterativeDeepening: lateMovePruning has an unknown key "quota"; known keys: maxDepth, baseMoves$/,
    ],
    [{ pvs: 1 }, /^iterativeDeepening: pvs must be a boolean, got 1$/],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => iterativeDeepening(chess, { depth: 2, ...options }),
      (e: Error) => message.test(e.message),
      JSON.stringify(options),
    );
  }
  // pvs is iterative deepening's switch: the pvs searcher is PVS already.
  assert.throws(
    () => alphaBeta(chess, { depth: 2, pvs: true } as object),
    /^Error: alphaBeta: unknown option "pvs"; known options: /,
  );
  // The players pass the new options on, checked the same way.
  assert.throws(
    () =>
      new SearchPlayer({
        searcher: "alpha-beta",
        maxNodes: 100,
        options: { pvs: true },
      }),
    /options\.pvs is for the "deepening" searcher, got searcher "alpha-beta"/,
  );
  assert.throws(
    () =>
      new SearchPlayer({
        searcher: "deepening",
        maxNodes: 100,
        options: { reverseFutility: 100 as never },
      }),
    /options\.reverseFutility must be an object of its options or false, got 100/,
  );
  assert.equal(chess.toFen(), fen);
});

Deno.test("each new option on, in every deep searcher: a legal move, and the position exactly as it was", () => {
  for (const entry of MIDDLEGAMES.slice(0, 6)) {
    for (const [name, options] of NEW_OPTIONS) {
      for (const [searcher, search, base] of SEARCHERS) {
        const position = Chess.fromFen(entry.fen);
        const key = position.key();
        const result = search(position, {
          depth: 5,
          tt: new TranspositionTable({ entries: 1 << 16 }),
          maxMove: CHESS_MOVE_LIMIT,
          ...base,
          ...options,
        });
        const where = `${searcher} with ${name} on ${entry.id}`;
        assert.equal(position.toFen(), entry.fen, where);
        assert.equal(position.key(), key, where);
        assert.ok(position.legalMoves().includes(result.move), where);
        // These options may change the value (none is sound in chess), so
        // it is not compared with plain search; but it is a chess value,
        // an evaluation or a mate at ply p worth ±(CHESS_MATE − p), and
        // the line is one of real moves.
        assert.ok(
          Math.abs(result.value) < CHESS_MATE,
          `${where}: ${result.value}`,
        );
        assertLegalLine(position, result, where);
      }
    }
  }
  // A budget that stops the search mid-iteration restores the position too.
  const entry = MIDDLEGAMES[0]!;
  const position = Chess.fromFen(entry.fen);
  const all = Object.assign({}, ...NEW_OPTIONS.map(([, o]) => o));
  const result = iterativeDeepening(position, {
    ...ENGINE,
    ...all,
    pvs: true,
    aspirationDelta: 50,
    tt: new TranspositionTable({ entries: 1 << 16 }),
    maxNodes: 3_000,
  });
  assert.ok(result.stoppedByBudget);
  assert.equal(position.toFen(), entry.fen);
  assert.ok(position.legalMoves().includes(result.move));
});

Deno.test("pvs in iterative deepening keeps the value: minimax's at the depth, with and without aspiration", () => {
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { maxLength: 6 }),
      fc.integer({ min: 1, max: 9 }),
      fc.constantFrom(undefined, 1, 3),
      (choices, depth, delta) => {
        const position = playChoices(choices);
        const before = position.key();
        const expected = minimax(position, { depth }).value;
        const result = iterativeDeepening(position, {
          depth,
          pvs: true,
          tt: new TranspositionTable({ entries: 1 << 10 }),
          ...(delta === undefined ? {} : { aspirationDelta: delta }),
        });
        assert.equal(result.value, expected);
        assert.equal(position.key(), before);
      },
    ),
    { seed: 25, numRuns: 150 },
  );
  // Connect Four: each position has one ply from the root (table contract).
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { maxLength: 8 }),
      fc.integer({ min: 1, max: 6 }),
      (choices, depth) => {
        const position = ConnectFour.parse("");
        const moves = new Int32Array(7);
        for (const choice of choices) {
          if (position.isTerminal()) break;
          position.play(moves[choice % position.generateMoves(moves)]!);
        }
        const plain = iterativeDeepening(position, { depth });
        const result = iterativeDeepening(position, {
          depth,
          pvs: true,
          aspirationDelta: 2,
        });
        assert.equal(result.value, plain.value);
        assert.equal(result.value, alphaBeta(position, { depth }).value);
      },
    ),
    { seed: 8, numRuns: 60 },
  );
});

Deno.test("a forced mate survives every new pruning: all on at a generous depth, the value is plain alpha-beta's mate score", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...MATES_IN_TWO),
      fc.boolean(),
      fc.record({
        margin: fc.integer({ min: 30, max: 300 }),
        rfpDepth: fc.integer({ min: 1, max: 8 }),
        lmpDepth: fc.integer({ min: 1, max: 6 }),
        baseMoves: fc.integer({ min: 0, max: 4 }),
        reduction: fc.integer({ min: 2, max: 4 }),
        divisor: fc.integer({ min: 2, max: 4 }),
        depth: fc.integer({ min: 5, max: 7 }),
      }),
      (entry, defender, k) => {
        const position = Chess.fromFen(entry.fen);
        // The defender's view: the mating move played, mated in one more.
        if (defender) {
          const first = alphaBeta(position, {
            depth: 3,
            order: CHESS_ENGINE_ORDER,
            tt: new TranspositionTable({ entries: 1 << 14 }),
          }).move;
          position.play(first);
        }
        position.markRoot();
        const fen = position.toFen();
        const plies = defender ? 2 : 3;
        const plain = alphaBeta(position, { depth: plies }).value;
        assert.equal(Math.abs(plain), CHESS_MATE - plies);
        const pruned = iterativeDeepening(position, {
          ...ENGINE,
          depth: k.depth,
          pvs: true,
          aspirationDelta: 50,
          tt: new TranspositionTable({ entries: 1 << 16 }),
          nullMove: {
            reduction: k.reduction,
            minDepth: 2,
            depthDivisor: k.divisor,
          },
          lateMoveReductions: { formula: "log", fullMoves: 2 },
          reverseFutility: { margin: k.margin, maxDepth: k.rfpDepth },
          lateMovePruning: { maxDepth: k.lmpDepth, baseMoves: k.baseMoves },
        });
        assert.equal(pruned.value, plain, `${entry.id} ${fen}`);
        assert.equal(position.toFen(), fen);
      },
    ),
    { seed: 26, numRuns: 200 },
  );
});

Deno.test("each new option searches fewer nodes at a fixed depth on chess middlegames (counts printed)", () => {
  const entries = MIDDLEGAMES.slice(0, 4);
  const depth = 7;
  const nodes = (options: object) =>
    entries.reduce((sum, entry) => {
      const position = Chess.fromFen(entry.fen);
      const result = iterativeDeepening(position, {
        ...ENGINE,
        depth,
        tt: new TranspositionTable({ entries: 1 << 18 }),
        ...options,
      });
      return sum + result.stats.nodes;
    }, 0);
  const fixedNull = { nullMove: { reduction: 3, minDepth: 2 } };
  const fixedLmr = { lateMoveReductions: { fullMoves: 2 } };
  const comparisons: [string, object, object][] = [
    ["pvs", {}, { pvs: true }],
    ["nullMove.depthDivisor", { pvs: true, ...fixedNull }, {
      pvs: true,
      nullMove: { ...fixedNull.nullMove, depthDivisor: 3 },
    }],
    ["lateMoveReductions.formula", { pvs: true, ...fixedLmr }, {
      pvs: true,
      lateMoveReductions: { ...fixedLmr.lateMoveReductions, formula: "log" },
    }],
    ["reverseFutility", { pvs: true }, {
      pvs: true,
      reverseFutility: { margin: 100 },
    }],
    ["lateMovePruning", { pvs: true }, { pvs: true, lateMovePruning: {} }],
  ];
  for (const [name, without, withIt] of comparisons) {
    const before = nodes(without);
    const after = nodes(withIt);
    console.log(
      `depth ${depth}, ${entries.length} middlegames, ${name}: ${after} nodes with, ${before} without (x${
        (after / before).toFixed(3)
      })`,
    );
    assert.ok(
      after < before,
      `${name}: ${after} nodes with, ${before} without`,
    );
  }
});

Deno.test("lmrLogReduction: the table gives the formula's reductions, inside and past its edge", () => {
  // The formula as its JSDoc states it, computed here with no table.
  const formula = (depth: number, moveNumber: number, pvNode: boolean) => {
    if (depth < 2 || moveNumber < 2) return 0;
    let r = Math.floor(0.75 + Math.log(depth) * Math.log(moveNumber) / 2.25);
    if (pvNode) r--;
    if (r > depth - 2) r = depth - 2;
    return r > 0 ? r : 0;
  };
  let compared = 0;
  for (let depth = 0; depth <= 100; depth++) {
    for (let moveNumber = 0; moveNumber <= 260; moveNumber++) {
      for (const pvNode of [false, true]) {
        assert.equal(
          lmrLogReduction(depth, moveNumber, pvNode),
          formula(depth, moveNumber, pvNode),
          `depth ${depth}, move ${moveNumber}, pv ${pvNode}`,
        );
        compared++;
      }
    }
  }
  assert.equal(compared, 101 * 261 * 2);
});
