// PGN through chess.js: the project's games file reads back move by move on
// our generator (every move legal, every FEN equal), and PGN we write parses
// back. The whole file takes chess.js about ten seconds: the test reads the
// first games only.
import assert from "node:assert/strict";
import { Chess, readPgnGames, writePgn } from "../mod.ts";
import { firstGames } from "./_games_pgn.ts";

Deno.test("readPgnGames: the first games of data/chess/games.pgn replay on Chess, move by move", () => {
  const games = readPgnGames(firstGames(6));
  assert.equal(games.length, 6);
  // Golden: the first game (Charkhalashvili–Ju, 0-1) has 126 plies.
  assert.equal(games[0]!.moves.length, 126);
  assert.equal(games[0]!.headers.Black, "Ju, Wenjun");
  assert.equal(games[0]!.result, "0-1");
  for (const game of games) {
    assert.equal(game.fens.length, game.moves.length + 1);
    assert.equal(game.sans.length, game.moves.length);
    const position = Chess.fromFen(game.fens[0]!);
    game.moves.forEach((uci, i) => {
      assert.equal(position.toFen(), game.fens[i]);
      const move = position.moveFromUci(uci);
      assert.equal(position.moveToSan(move), game.sans[i]);
      position.play(move);
    });
    assert.equal(position.toFen(), game.fens.at(-1));
  }
});

Deno.test("readPgnGames with maxPlies: each game's first plies, as the whole game reads them", () => {
  const text = firstGames(30);
  const whole = readPgnGames(text);
  for (const plies of [0, 1, 8, 21]) {
    const cut = readPgnGames(text, { maxPlies: plies });
    assert.equal(cut.length, whole.length);
    cut.forEach((game, i) => {
      const full = whole[i]!;
      assert.deepEqual(game.moves, full.moves.slice(0, plies));
      assert.deepEqual(game.sans, full.sans.slice(0, plies));
      assert.deepEqual(game.fens, full.fens.slice(0, game.moves.length + 1));
      assert.deepEqual([game.headers, game.result], [
        full.headers,
        full.result,
      ]);
    });
  }
  // Comments, nested variations, NAGs, a ";" comment, "3.Bc4" and "2..." are
  // stepped over; a result ends the moves.
  const marked =
    `[Result "1-0"]\n\n1. e4 {best (by test)} e5 $1 (1... c5 (1... e6 2. d4) 2. Nf3) 2. Nf3 ; a) comment\n2... Nc6 3.Bc4 Bc5 1-0\n`;
  assert.deepEqual(readPgnGames(marked, { maxPlies: 3 })[0]!.sans, [
    "e4",
    "e5",
    "Nf3",
  ]);
  assert.deepEqual(readPgnGames(marked, { maxPlies: 5 })[0]!.sans, [
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "Bc4",
  ]);
  assert.equal(readPgnGames(marked, { maxPlies: 50 })[0]!.moves.length, 6);
  // Without a Result tag, the result comes from the end of the moves.
  const untagged = "1. f3 e5 2. g4 Qh4# 0-1\n";
  for (const maxPlies of [2, 4]) {
    assert.equal(readPgnGames(untagged, { maxPlies })[0]!.result, "0-1");
  }
  for (const maxPlies of [-1, 1.5, NaN, "3"]) {
    assert.throws(
      () => readPgnGames(marked, { maxPlies: maxPlies as number }),
      /readPgnGames: options\.maxPlies must be an integer in 0…1000000000, got /,
    );
  }
  assert.throws(
    () => readPgnGames(marked, { plies: 3 } as never),
    /readPgnGames: .*plies/,
  );
});

Deno.test("readPgnGames: games split at tag lines after moves, a FEN tag, no tags at all", () => {
  const text = `[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n[Event "b"]\n` +
    `[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. O-O *\n\n` +
    `1. d4 d5 *\n`;
  const games = readPgnGames(text);
  assert.equal(games.length, 3);
  assert.deepEqual(games[0]!.moves, ["e2e4", "e7e5"]);
  assert.equal(games[0]!.result, "1-0");
  assert.deepEqual(games[1]!.moves, ["e1g1"]);
  assert.equal(games[1]!.fens[0], "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  assert.equal(games[1]!.result, "*");
  assert.deepEqual(games[2]!.moves, ["d2d4", "d7d5"]);
  assert.deepEqual(readPgnGames(""), []);
});

Deno.test("readPgnGames and writePgn: errors name the game or move and the rule", () => {
  assert.throws(
    () => readPgnGames(`[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n\n1. e5 *\n`),
    /readPgnGames: game 2 \(line 5\) cannot be read by chess.js: /,
  );
  assert.throws(
    () => readPgnGames(42 as never),
    /readPgnGames: text must be a string of PGN, got 42/,
  );
  assert.throws(
    () => writePgn({ moves: ["e2e4", "e2e4"] }),
    /writePgn: move 2 "e2e4" is not legal in rnbqkbnr\/pppppppp\/8\/8\/4P3/,
  );
  assert.throws(
    () => writePgn({ fen: "8/8/8 w - - 0 1", moves: [] }),
    /writePgn: the piece placement must have 8 ranks separated by "\/", got 3 \(FEN "8\/8\/8 w - - 0 1"\)/,
  );
});

Deno.test("writePgn: a bad record is an Error naming the field, never a TypeError", () => {
  const cases: [unknown, RegExp][] = [
    [
      null,
      /writePgn: record must be an object like \{ moves: \["e2e4"\] \}, got null/,
    ],
    [[], /writePgn: record must be an object .*, got an array of 0/],
    ["e2e4", /writePgn: record must be an object .*, got "e2e4"/],
    [{}, /writePgn: moves must be an array of UCI strings, got undefined/],
    [
      { moves: null },
      /writePgn: moves must be an array of UCI strings, got null/,
    ],
    [
      { moves: "e2e4" },
      /writePgn: moves must be an array of UCI strings, got "e2e4"/,
    ],
    [
      { moves: [1] },
      /writePgn: moves\[0\] must be a UCI string like "e2e4", got 1/,
    ],
    [{ moves: ["e2e4", null] }, /writePgn: moves\[1\] must be a UCI string/],
    [
      { moves: ["e2e4"], move: [] },
      /writePgn: unknown field "move"; known fields: headers, fen, moves, result/,
    ],
    [
      { moves: [], result: "2-0" },
      /writePgn: result must be one of "1-0", "0-1", "1\/2-1\/2", "\*", got "2-0"/,
    ],
    [
      { moves: [], result: null },
      /writePgn: result must be one of .*, got null/,
    ],
    [
      { moves: [], headers: "x" },
      /writePgn: headers must be an object of tag names and string values, got "x"/,
    ],
    [
      { moves: [], headers: { White: 3 } },
      /writePgn: headers.White must be a string, got 3/,
    ],
    [
      { moves: [], headers: { "Wh ite": "a" } },
      /writePgn: tag name "Wh ite" must be letters, digits and underscores/,
    ],
    [
      { moves: [], headers: { Result: "1-0" } },
      /writePgn: headers.Result "1-0" disagrees with result "\*"/,
    ],
    [
      { moves: [], headers: { FEN: "8/8 w" } },
      /writePgn: headers.FEN is written from record.fen/,
    ],
    [{ moves: [], fen: 7 }, /writePgn: fen must be a string, got 7/],
    [
      { moves: ["a7a8"], fen: "4k3/P7/8/8/8/8/8/4K3 w - - 0 1" },
      /writePgn: move 1 "a7a8" is not legal in 4k3\/P7/,
    ],
  ];
  for (const [record, message] of cases) {
    assert.throws(
      () => writePgn(record as never),
      message,
      JSON.stringify(record),
    );
    try {
      writePgn(record as never);
    } catch (error) {
      assert.equal((error as Error).constructor, Error, JSON.stringify(record));
    }
  }
});

Deno.test("writePgn: a tag value cannot forge a tag; ] and other printable text read back as written", () => {
  for (
    const value of ['a"] [Black "x', "a\\", "a\n1. e4", "a\rb", "tab\there"]
  ) {
    assert.throws(
      () => writePgn({ moves: [], headers: { White: value } }),
      /writePgn: headers.White must not hold a quote, a backslash or a control character such as a newline, got /,
      JSON.stringify(value),
    );
  }
  const headers = {
    White: "Smith, J. [GM]",
    Event: "Café ]] {x} ; 1. e4",
  };
  const pgn = writePgn({ moves: ["e2e4"], headers, result: "1-0" });
  const [game] = readPgnGames(pgn);
  for (const [name, value] of Object.entries(headers)) {
    assert.equal(game!.headers[name], value, name);
  }
  assert.equal(game!.headers.Result, "1-0");
  assert.deepEqual(game!.moves, ["e2e4"]);
  assert.equal(
    pgn.match(/^\[/gm)!.length,
    7,
    "the seven-tag roster, nothing forged",
  );
});

Deno.test("writePgn: a FEN with whitespace around it and move number 0 is read as Chess.fromFen reads it", () => {
  const pgn = writePgn({
    fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 0\n",
    moves: ["e1g1"],
  });
  assert.match(pgn, /\[FEN "4k3\/8\/8\/8\/8\/8\/8\/4K2R w K - 0 1"\]/);
  assert.match(pgn, /1\. O-O \*/);
});

Deno.test("writePgn: a game from a FEN, with a promotion, reads back the same", () => {
  const fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
  const moves = ["a7a8q", "e8d7", "a8b7"];
  const pgn = writePgn({ fen, moves, result: "1-0", headers: { White: "w" } });
  assert.match(pgn, /\[FEN "4k3\/P7\/8\/8\/8\/8\/8\/4K3 w - - 0 1"\]/);
  assert.match(pgn, /1\. a8=Q\+ Kd7 2\. Qb7\+ 1-0/);
  const [game] = readPgnGames(pgn);
  assert.deepEqual(game!.moves, moves);
  assert.equal(game!.headers.White, "w");
  assert.equal(game!.result, "1-0");
});
