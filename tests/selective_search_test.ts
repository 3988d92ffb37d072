/**
 * Issue 17: the selective techniques of the shared deep node (null move,
 * late-move reductions, futility, razoring, check extensions). Each is off
 * by default and changes nothing when off; bad values are clear errors;
 * when on, the search runs and leaves the position as it was, and what it
 * changes (nodes, values against plain alpha-beta at the same depth) is
 * measured and printed, not judged.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  aspiration,
  Chess,
  CHESS_MATE,
  CHESS_MOVE_LIMIT,
  ConnectFour,
  iterativeDeepening,
  mtdf,
  type Position,
  pvs,
  quiescence,
  type SearchResult,
  TicTacToe,
  TranspositionTable,
} from "../mod.ts";
import { loadWac } from "../src/course/chess/wac.ts";
import { FULL_ORDER } from "../src/course/chess/orders.ts";
import { playChoices } from "./_arbitraries.ts";
import { assertLegalLine } from "./_legal_line.ts";

/** Every selective option, explicitly off. */
const ALL_OFF = {
  nullMove: false,
  lateMoveReductions: false,
  futility: false,
  razoring: false,
  checkExtensions: false,
} as const;

/** Each technique on, with chess-scale margins (centipawns). */
const TECHNIQUES: [string, object][] = [
  ["nullMove", { nullMove: {} }],
  ["lateMoveReductions", { lateMoveReductions: {} }],
  ["futility", { futility: { margins: [150, 300, 500] } }],
  ["razoring", { razoring: { margins: [300, 600] } }],
  ["checkExtensions", { checkExtensions: true }],
];

type Searcher = (position: Position, options: object) => SearchResult;

/** The deep searchers, each with options that select the shared node. */
const SEARCHERS: [string, Searcher, object][] = [
  ["alphaBeta", alphaBeta, { order: "natural" }],
  ["pvs", pvs, {}],
  ["quiescence", quiescence, {}],
  ["iterativeDeepening", iterativeDeepening, {}],
  ["aspiration", aspiration, {}],
  ["mtdf", mtdf, {}],
];

const WAC = loadWac();

function summary(result: SearchResult): unknown {
  return [result.value, result.move, result.pv, { ...result.stats }];
}

Deno.test("every selective option is off by default: absent and explicitly off give the same search", () => {
  for (const entry of WAC.slice(0, 12)) {
    for (const [name, search, base] of SEARCHERS) {
      const run = (extra: object) => {
        const position = Chess.fromFen(entry.fen);
        const tt = new TranspositionTable({ entries: 1 << 14 });
        return summary(search(position, { depth: 2, tt, ...base, ...extra }));
      };
      assert.deepEqual(run(ALL_OFF), run({}), `${name} on ${entry.id}`);
    }
  }
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { maxLength: 5 }),
      fc.constantFrom(...SEARCHERS),
      (choices, [name, search, base]) => {
        const run = (extra: object) =>
          summary(
            search(playChoices(choices), { depth: 9, ...base, ...extra }),
          );
        assert.deepEqual(run(ALL_OFF), run({}), name);
      },
    ),
    { seed: 17, numRuns: 120 },
  );
});

Deno.test("bad selective values are clear errors naming the searcher, the option and the value", () => {
  const chess = Chess.start();
  const cases: [object, RegExp][] = [
    [
      { nullMove: true },
      /^pvs: nullMove must be false or an object with reduction, minDepth, depthDivisor, evalDivisor, got true$/,
    ],
    [
      { nullMove: { r: 2 } },
      /^pvs: nullMove has an unknown key "r"; known keys: reduction, minDepth, depthDivisor, evalDivisor$/,
    ],
    [
      { nullMove: { reduction: 0 } },
      /^pvs: nullMove\.reduction must be an integer in 1…16, got 0$/,
    ],
    [
      { lateMoveReductions: { minDepth: 1 } },
      /^pvs: lateMoveReductions\.minDepth must be an integer in 2…64, got 1$/,
    ],
    [
      { futility: { margins: [] } },
      /^pvs: futility\.margins must be an array of 1 to 16 integers, got an array of 0$/,
    ],
    [
      { razoring: { margins: [100, -1] } },
      /^pvs: razoring\.margins\[1\] must be an integer in 0…1000000, got -1$/,
    ],
    [{ checkExtensions: 1 }, /^pvs: checkExtensions must be a boolean, got 1$/],
  ];
  for (const [options, message] of cases) {
    assert.throws(
      () => pvs(chess, { depth: 2, ...options }),
      (e: Error) => message.test(e.message),
    );
  }
  // A technique on a game without the methods it needs.
  assert.throws(
    () => pvs(TicTacToe.empty(), { nullMove: {} }),
    /^Error: pvs: nullMove needs the position to implement playNull\(\) and undoNull\(\), which TicTacToe lacks$/,
  );
  assert.throws(
    () =>
      iterativeDeepening(ConnectFour.parse("44"), {
        depth: 3,
        checkExtensions: true,
      }),
    /^Error: iterativeDeepening: checkExtensions needs the position to implement isCheck\(\), which ConnectFour lacks$/,
  );
  assert.equal(chess.toFen(), Chess.start().toFen());
});

Deno.test("Chess's null move is an exact inverse, refused in check and not allowed with king and pawns alone", () => {
  for (const entry of WAC.slice(0, 60)) {
    const position = Chess.fromFen(entry.fen);
    if (position.isCheck()) {
      assert.throws(
        () => position.playNull(),
        /Chess\.playNull: the side to move is in check/,
      );
      assert.ok(!position.nullMoveAllowed());
      continue;
    }
    const key = position.key();
    position.playNull();
    const [board, side, castling] = entry.fen.split(" ");
    const passed = Chess.fromFen(
      `${board} ${side === "w" ? "b" : "w"} ${castling} - 0 1`,
    );
    assert.equal(position.key(), passed.key(), entry.id);
    assert.throws(
      () => position.undo(position.legalMoves()[0]!),
      /not the last move played \(a null move\)/,
    );
    position.undoNull();
    assert.equal(position.key(), key);
    assert.equal(position.toFen(), entry.fen);
  }
});

Deno.test("each technique on: the search runs, leaves the position as it was, and its cost and risk are printed", () => {
  const rows: string[] = [];
  for (const depth of [4, 5]) {
    const entries = WAC.slice(0, depth === 4 ? 20 : 8);
    const plain = entries.map((entry) =>
      alphaBeta(Chess.fromFen(entry.fen), {
        depth,
        tt: new TranspositionTable({ megabytes: 4 }),
        order: FULL_ORDER,
        maxMove: CHESS_MOVE_LIMIT,
      })
    );
    const plainNodes = plain.reduce((sum, r) => sum + r.stats.nodes, 0);
    for (const [name, options] of TECHNIQUES) {
      let nodes = 0, changed = 0, moves = 0;
      entries.forEach((entry, i) => {
        const position = Chess.fromFen(entry.fen);
        const result = alphaBeta(position, {
          depth,
          tt: new TranspositionTable({ megabytes: 4 }),
          order: FULL_ORDER,
          maxMove: CHESS_MOVE_LIMIT,
          ...options,
        });
        assert.equal(position.toFen(), entry.fen, `${name} ${entry.id}`);
        // None of these is sound in chess (zugzwang, margins, a deeper
        // search), so the value is not compared with plain alpha-beta's;
        // but it is a chess value: an evaluation, or a mate at ply p worth
        // ±(CHESS_MATE − p), never an unproven bound or a mate score the
        // table shifted past the mate itself.
        assert.ok(
          Math.abs(result.value) < CHESS_MATE,
          `${name} ${entry.id}: ${result.value}`,
        );
        assertLegalLine(position, result, `${name} ${entry.id}`);
        nodes += result.stats.nodes;
        if (result.value !== plain[i]!.value) changed++;
        if (result.move !== plain[i]!.move) moves++;
      });
      rows.push(
        `depth ${depth}, ${entries.length} WAC positions, ${name}: nodes ${nodes} vs ${plainNodes} (x${
          (nodes / plainNodes).toFixed(3)
        }), value changed on ${changed}, move changed on ${moves}`,
      );
    }
  }
  console.log(rows.join("\n"));
});

Deno.test("the techniques that need no chess method run on Connect Four and tic-tac-toe too", () => {
  const options = [
    { lateMoveReductions: {} },
    { futility: { margins: [2, 4] } },
    { razoring: { margins: [4] } },
  ];
  for (const extra of options) {
    const c4 = ConnectFour.parse("4453");
    const before = c4.toString();
    const plain = pvs(c4, { depth: 7 });
    const result = pvs(c4, { depth: 7, ...extra });
    assert.equal(c4.toString(), before);
    // Not sound here (a pruned or reduced move may win sooner), so not
    // compared with plain pvs; but a Connect Four value: 0, or a win or a
    // loss worth 22 less the winner's stones, within ±21.
    assert.ok(Math.abs(result.value) <= 21, `${result.value}`);
    assertLegalLine(c4, result, `Connect Four ${Object.keys(extra)[0]}`);
    console.log(
      `Connect Four 4453 depth 7, ${
        Object.keys(extra)[0]
      }: nodes ${result.stats.nodes} vs ${plain.stats.nodes}, value ${result.value} vs ${plain.value}`,
    );
    // Without a depth no node is near a horizon: futility and razoring
    // never apply, and a reduced move is still searched to the end of the
    // game, so the value is minimax's (a draw, a win or a loss here).
    for (
      const cells of [
        ".........",
        "XO.......",
        "XO..X....",
        "XOX.O....",
        "X.O.O.X.X",
      ]
    ) {
      const ttt = TicTacToe.parse(cells);
      assert.equal(
        pvs(ttt, { ...extra }).value,
        alphaBeta(ttt).value,
        `${cells} ${Object.keys(extra)[0]}`,
      );
      assert.equal(ttt.toString(), cells);
    }
  }
});
