// PGN through chess.js: the project's games file reads back move by move on
// our generator (every move legal, every FEN equal), and PGN we write parses
// back. The whole file takes chess.js about ten seconds: the test reads the
// first games only.
import assert from "node:assert/strict";
import { Chess, readPgnGames, writePgn } from "../mod.ts";

const GAMES = Deno.readTextFileSync(
  new URL("../data/chess/games.pgn", import.meta.url),
);

/** The text of the first `n` games of the file. */
function firstGames(n: number): string {
  let at = 0;
  for (let i = 0; i < n; i++) at = GAMES.indexOf("[Event ", at + 1);
  return GAMES.slice(0, at);
}

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
    /writePgn: fen "8\/8\/8 w - - 0 1" is not a position chess.js reads/,
  );
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
