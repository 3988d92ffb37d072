import assert from "node:assert/strict";
import fc from "fast-check";
import {
  AlphaBetaPlayer,
  MctsPlayer,
  NO_MOVE,
  RandomPlayer,
  SearchPlayer,
  TicTacToe,
} from "../mod.ts";
import { ticTacToePositions } from "./_arbitraries.ts";

Deno.test("TicTacToe.parse() reads cells in reading order and finds the side to move", () => {
  const position = TicTacToe.parse("X.O.O...X");
  assert.equal(position.toString(), "X.O.O...X");
  assert.equal(position.turn(), 1);
  assert.equal(TicTacToe.parse("X........").turn(), -1);
  const moves = new Int32Array(9);
  assert.deepEqual(
    Array.from(moves.subarray(0, position.generateMoves(moves))),
    [1, 3, 5, 6, 7],
  );
});

Deno.test("TicTacToe.parse() rejects bad input with an Error that names the problem", () => {
  const cases: [string, RegExp][] = [
    ["X.O", /expects 9 characters, got 3/],
    ["X.O.O...XX", /expects 9 characters, got 10/],
    ["X.O.o...X", /cell 4 is "o", expected X, O or \./],
    ["XX.......", /2 X and 0 O cannot happen/],
    ["O........", /0 X and 1 O cannot happen/],
    ["XXXOOO...", /both X and O have three in a row/],
    ["XXXOO.O..", /X has three in a row but O moved after the game ended/],
    ["OOOXX.X.X", /O has three in a row but X moved after the game ended/],
  ];
  for (const [cells, message] of cases) {
    assert.throws(() => TicTacToe.parse(cells), message, cells);
  }
  assert.throws(
    () => TicTacToe.parse(42 as unknown as string),
    /expects 9 characters, got number/,
  );
});

Deno.test("TicTacToe.play() rejects an occupied cell, a cell off the board and a finished game", () => {
  const position = TicTacToe.parse("X.O.O...X");
  assert.throws(() => position.play(0), /cell 0 is occupied/);
  assert.throws(() => position.play(9), /cell 9 is not an integer 0–8/);
  assert.throws(() => position.play(1.5), /cell 1.5 is not an integer 0–8/);
  const won = TicTacToe.parse("XXXOO....");
  assert.ok(won.isTerminal());
  assert.throws(() => won.play(5), /the game is over, cannot play cell 5/);
  const full = TicTacToe.parse("XOXXOOOXX");
  assert.ok(full.isTerminal());
  assert.equal(full.evaluate(), 0);
  assert.throws(
    () => position.undo(1),
    /cell 1 does not hold the last move's mark/,
  );
});

Deno.test("TicTacToe.undo of a parsed stone refuses one that cannot have been the last move (its side had a line without it)", () => {
  // X holds two lines through cell 0: only 0 can have been X's last move.
  for (const cell of [1, 2, 3, 6]) {
    const position = TicTacToe.parse("XXXXOOXOO");
    assert.throws(
      () => position.undo(cell),
      new RegExp(
        `^Error: TicTacToe\\.undo: cell ${cell} cannot have been the last move: X has three in a row without it, so the game was over before it$`,
      ),
    );
    assert.equal(position.toString(), "XXXXOOXOO");
  }
  const position = TicTacToe.parse("XXXXOOXOO");
  position.undo(0);
  assert.equal(position.toString(), ".XXXOOXOO");
  assert.ok(!position.isTerminal() && position.winner() === null);
  // Every board that parses and every parsed stone undone: the result
  // parses again, as a board a game can reach.
  const boards = [
    "XXXOO....",
    "XOXOXO...",
    "XXXXOOXOO",
    "OOOXX.X..",
    "X.O.O...X",
  ];
  for (const board of boards) {
    for (let cell = 0; cell < 9; cell++) {
      const undone = TicTacToe.parse(board);
      try {
        undone.undo(cell);
      } catch {
        continue;
      }
      assert.equal(
        TicTacToe.parse(undone.toString()).toString(),
        undone.toString(),
      );
    }
  }
});

Deno.test("TicTacToe ends on a line even with empty cells, and values it for the side to move", () => {
  const xWon = TicTacToe.parse("XXXOO....");
  assert.deepEqual([xWon.isTerminal(), xWon.winner(), xWon.evaluate()], [
    true,
    "X",
    -1,
  ]);
  const oWon = TicTacToe.parse("OOOXX.X..");
  assert.deepEqual([oWon.isTerminal(), oWon.winner(), oWon.evaluate()], [
    true,
    "O",
    -1,
  ]);
  const open = TicTacToe.parse("X.O.O...X");
  assert.deepEqual([open.isTerminal(), open.winner(), open.evaluate()], [
    false,
    null,
    0,
  ]);
  const moves = new Int32Array(9);
  assert.equal(
    xWon.generateMoves(moves),
    0,
    "a finished game has no legal move (play refuses every cell)",
  );
  assert.equal(oWon.generateMoves(moves), 0);
  assert.equal(TicTacToe.parse("XOXXOOOXX").generateMoves(moves), 0);
});

Deno.test("Every player answers NO_MOVE on a tic-tac-toe game won with empty cells left, never an empty cell", () => {
  const won = TicTacToe.parse("XXXOO....");
  const players = [
    new RandomPlayer({ seed: 1 }),
    new SearchPlayer({ maxNodes: 100 }),
    new SearchPlayer({ maxNodes: 100, searcher: "deepening" }),
    new AlphaBetaPlayer({ depth: 2 }),
    new MctsPlayer({ playouts: 10 }),
  ];
  for (const player of players) {
    assert.equal(player.chooseMove(won), NO_MOVE, player.name);
    assert.equal(won.toString(), "XXXOO....", player.name);
  }
});

Deno.test("TicTacToe play/undo restores the key, the board and the winner", () => {
  fc.assert(
    fc.property(ticTacToePositions, fc.nat(), (position, choice) => {
      if (position.isTerminal()) return;
      const moves = new Int32Array(9);
      const move = moves[choice % position.generateMoves(moves)]!;
      const before = [
        position.key(),
        position.toString(),
        position.winner(),
        position.ply,
      ];
      position.play(move);
      assert.notEqual(position.key(), before[0]);
      position.undo(move);
      assert.deepEqual([
        position.key(),
        position.toString(),
        position.winner(),
        position.ply,
      ], before);
    }),
    { numRuns: 500, seed: 1 },
  );
});

Deno.test("TicTacToe keys are the base-3 board: equal boards, equal keys, and parse agrees with play", () => {
  fc.assert(
    fc.property(ticTacToePositions, (position) => {
      const reparsed = TicTacToe.parse(position.toString());
      assert.equal(reparsed.key(), position.key());
      assert.equal(reparsed.isTerminal(), position.isTerminal());
      assert.equal(reparsed.winner(), position.winner());
      assert.ok(position.key() >= 0 && position.key() < 3 ** 9);
    }),
    { numRuns: 500, seed: 2 },
  );
});
