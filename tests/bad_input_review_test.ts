// Exported functions that took a bad value silently or failed with a message
// naming no function (found by review): each now names the function, the
// option or argument, the value and the rule.
import assert from "node:assert/strict";
import {
  eloGames,
  type GameRecord,
  scheduleRoundRobin,
} from "../src/match/tournament.ts";
import { eloRatings, expectedScore } from "../src/match/elo.ts";
import { moveAccuracy } from "../src/match/accuracy.ts";
import { scoreChessMatch } from "../src/uci/chess_match.ts";
import { depthGrowth } from "../src/course/pruning/depth_growth.ts";
import { boardSvg } from "../src/course/chess/board_svg.ts";
import { readEpd } from "../src/course/chess/wac.ts";
import { readGamePositions } from "../src/course/chess/_games.ts";
import { showSource } from "../src/notebook/show_source.ts";
import { minimax } from "../mod.ts";
import { RandomPlayer } from "../src/players/player.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Deno.test("bad input is named: match statistics and schedules", () => {
  const cases: [() => unknown, RegExp][] = [
    [
      () => scheduleRoundRobin(2, 3, { gamesPerPairs: 6 } as never),
      /roundRobin: unknown option "gamesPerPairs"; known options: gamesPerPair, seed/,
    ],
    [
      () => expectedScore(NaN),
      /expectedScore: difference must be a number of Elo points, got NaN/,
    ],
    [() => expectedScore("100" as never), /expectedScore: .* got "100"/],
    [
      () =>
        eloGames([{ seats: [0, 1], result: "1-1" } as unknown as GameRecord]),
      /eloGames: records\[0\]\.result must be "1-0", "0-1" or "1\/2-1\/2", got "1-1"/,
    ],
    [
      () => eloRatings([{ a: 0, b: 1, score: 1 }], { anchor: null as never }),
      /eloRatings: anchor must be an integer in 0…1, got null/,
    ],
    [
      () => moveAccuracy(new RandomPlayer() as never, "abc" as never),
      /moveAccuracy: graded must be a list of graded positions/,
    ],
    [
      () => scoreChessMatch([]),
      /scoreChessMatch: games must be a list of at least one game/,
    ],
  ];
  for (const [call, message] of cases) assert.throws(call, message);
  assert.ok(Math.abs(expectedScore(400) - 10 / 11) < 1e-12);
});

Deno.test("bad input is named: course helpers and showSource", () => {
  const cases: [() => unknown, RegExp][] = [
    [
      () => depthGrowth({ bogus: 1 } as never),
      /depthGrowth: unknown option "bogus"/,
    ],
    [
      () => depthGrowth({ seeds: 0 }),
      /depthGrowth: seeds must be an integer in 1…1000, got 0/,
    ],
    [
      () => depthGrowth({ branchings: [1.5] }),
      /depthGrowth: branchings\[0\] must be an integer in 2…64/,
    ],
    [
      () => boardSvg(START, { bogus: 1 } as never),
      /boardSvg: unknown option "bogus"/,
    ],
    [
      () => boardSvg(START, { square: -5 }),
      /boardSvg: square must be an integer in 8…400, got -5/,
    ],
    [
      () => readEpd(5 as never),
      /readEpd: text must be the EPD file's text, a string, got 5/,
    ],
    [
      () => readGamePositions("", -1),
      /readGamePositions: limit must be an integer in 0…\d+, got -1/,
    ],
    [
      () => readGamePositions("", Number.NaN),
      /readGamePositions: limit must be an integer/,
    ],
    [
      () => boardSvg("hello"),
      /boardSvg: fen must start with a board of eight ranks of eight squares .*, got "hello"/,
    ],
    [
      () => boardSvg(123 as never),
      /boardSvg: fen must start with a board .*, got 123/,
    ],
    [
      () => boardSvg("<img/8/8/8/8/8/8/8 w - - 0 1"),
      /boardSvg: fen must start with a board/,
    ],
    [
      () => boardSvg("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
      /boardSvg: fen must start with a board/,
    ],
    [
      () => boardSvg(START, { move: "e2" }),
      /boardSvg: move must be a move in UCI \(e2e4, e7e8q\), got "e2"/,
    ],
    [
      () => boardSvg(START, { line: ["e2e4", "zz99"] }),
      /boardSvg: line\[1\] must be a move in UCI .*, got "zz99"/,
    ],
    [
      () => showSource(minimax, { doc: "no" as never }),
      /showSource: options\.doc must be true or false, got "no"/,
    ],
  ];
  for (const [call, message] of cases) assert.throws(call, message);
  assert.match(boardSvg(START, { square: 20 }), /^<svg /);
});
