import assert from "node:assert/strict";
import fc from "fast-check";
import { createPlaySession, type PlaySession } from "../src/play/mod.ts";
import { Chess, TranspositionTable } from "../mod.ts";
import {
  chessPositionOptions,
  searchChess,
} from "../src/players/_chess_search.ts";

/** Plays `choices` as moves, skipping to the next candidate when one is illegal; returns the transcript. */
function playOut(
  session: PlaySession,
  choices: number[],
  candidates: (choice: number, k: number) => string,
  tries: number,
): string {
  let transcript = session.start();
  for (const choice of choices) {
    for (let k = 0; k < tries; k++) {
      const { text, done } = session.input(candidates(choice, k));
      transcript += text;
      if (done) return transcript;
      if (!text.startsWith("Illegal:")) break;
    }
  }
  return transcript;
}

Deno.test("tic-tac-toe: perfect minimax never loses, first or second", () => {
  fc.assert(
    fc.property(
      fc.boolean(),
      fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 5, maxLength: 5 }),
      (engineFirst, choices) => {
        const session = createPlaySession("tictactoe", {
          first: engineFirst ? "engine" : "human",
        });
        const transcript = playOut(
          session,
          choices,
          (c, k) => String((c + k) % 9),
          9,
        );
        assert.ok(/(Draw\.|The engine wins\.)\n$/.test(transcript), transcript);
      },
    ),
    { seed: 42, numRuns: 60 },
  );
});

Deno.test("nim: from a non-zero nim-sum the engine moving first always wins", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 4 })
        .filter((heaps) => heaps.reduce((a, b) => a ^ b) !== 0),
      fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
      (heaps, choices) => {
        const session = createPlaySession("nim", {
          first: "engine",
          position: heaps.join(" "),
        });
        // Candidate k of a choice: heap (c + k) mod n, take 1 + c mod 3 or 1.
        const n = heaps.length;
        const transcript = playOut(
          session,
          choices,
          (c, k) => `${1 + (c + (k >> 1)) % n} ${k & 1 ? 1 : 1 + c % 3}`,
          2 * n,
        );
        assert.ok(transcript.endsWith("The engine wins.\n"), transcript);
      },
    ),
    { seed: 42, numRuns: 60 },
  );
});

Deno.test("nim: a zero nim-sum is explained as a losing position", () => {
  const session = createPlaySession("nim", {
    first: "engine",
    position: "1 2 3",
  });
  assert.match(
    session.start(),
    /It is 0: every move leaves a non-zero nim-sum/,
  );
});

Deno.test("connect4: the solver takes a win at once and says so", () => {
  const session = createPlaySession("connect4", {
    first: "engine",
    position: "44554433",
  });
  const start = session.start();
  assert.match(start, /Engine plays column 2\. \(perfect: \+17/);
  assert.match(start, /The engine wins\.\n$/);
});

Deno.test("connect4 --hint: the hint comes back after undo, as after every move", () => {
  const session = createPlaySession("connect4", {
    hint: true,
    position: "44554433",
  });
  const hint = /Scores for you[^]*\nProven: columns 1, 2, 3, 4, 5, 6, 7\.\n$/;
  assert.match(session.start(), hint);
  assert.match(session.input("1").text, /Engine plays column 4\./);
  const undone = session.input("undo").text;
  assert.match(undone, /^Took back 2 moves\.\n/);
  // The old session printed the board and no hint: they "disappeared".
  assert.match(undone, hint);
  // Without --hint, undo shows the board alone.
  const plain = createPlaySession("connect4", { position: "44554433" });
  plain.start();
  plain.input("1");
  assert.doesNotMatch(plain.input("undo").text, /Scores for you/);
});

Deno.test("play sessions reject bad options with a clear message", () => {
  assert.throws(
    () => createPlaySession("nim", { heaps: [1] } as never),
    /play: unknown option "heaps"; known options: first, depth, hint, position, solveFrom, nodes/,
  );
  assert.throws(
    () => createPlaySession("tictactoe", { depth: 0 }),
    /play: --depth must be an integer in 1…64, got 0/,
  );
  assert.throws(
    () => createPlaySession("connect4", { solveFrom: 43 }),
    /play: --solve-from must be an integer in 0…42, got 43/,
  );
  assert.throws(
    () => createPlaySession("nim", { position: "3 x" }),
    /play nim: --position heap 2 must be an integer in 0…1000, got "x"/,
  );
  assert.throws(
    () => createPlaySession("nim", { position: "3 2000" }),
    /play nim: --position heap 2 must be an integer in 0…1000, got "2000"/,
  );
  assert.throws(
    () => createPlaySession("tictactoe", { position: "XX" }),
    /^Error: play tictactoe: --position must be nine cells of X, O and \.: TicTacToe/,
  );
  assert.throws(
    () => createPlaySession("connect4", { position: "48" }),
    /^Error: play connect4: --position must be the columns played, digits 1…7: ConnectFour/,
  );
  assert.throws(
    () => createPlaySession("chess", { position: "rnbqkbnr/pppppppp/8" }),
    /^Error: play chess: --position must be a legal FEN: Chess\.fromFen: /,
  );
  assert.throws(
    () => createPlaySession("othello"),
    /play: game must be one of tictactoe, connect4, nim, chess, got "othello"/,
  );
});

Deno.test("play sessions: options of another game and finished positions are refused; a game the engine's first move ends is over", () => {
  assert.throws(
    () => createPlaySession("chess", { nodes: 5 }),
    /^Error: play: --nodes does not apply to chess \(it is for connect4\)$/,
  );
  assert.throws(
    () => createPlaySession("nim", { depth: 3 }),
    /^Error: play: --depth does not apply to nim \(it is for tictactoe, connect4, chess\)$/,
  );
  assert.throws(
    () => createPlaySession("tictactoe", { solveFrom: 3 }),
    /--solve-from does not apply to tictactoe/,
  );
  for (
    const [game, position] of [
      ["nim", "0 0 0"],
      ["tictactoe", "XXXOO...."],
      ["connect4", "1212121"],
      ["chess", "4k3/8/8/8/8/8/8/R3K3 w - - 150 1"],
    ]
  ) {
    assert.throws(
      () => createPlaySession(game!, { position }),
      /play: --position is a finished game: there is no move to play/,
      `${game} ${position}`,
    );
  }
  assert.throws(
    () =>
      createPlaySession("nim", { position: "1000 1000 1000 1000 1000 1000" }),
    /^Error: play nim: --position must be heap sizes 0…1000 whose positions fit the table's keys: new Nim: /,
  );
  const won = createPlaySession("tictactoe", {
    first: "engine",
    position: "XX.OO....",
  });
  assert.ok(!won.over);
  assert.match(won.start(), /Engine plays cell 2\.[^]*The engine wins\.\n$/);
  assert.ok(won.over);
  assert.equal(won.prompt(), "");
});

Deno.test("tic-tac-toe with --depth: a 0 within the depth is no result, not a draw", () => {
  const session = createPlaySession("tictactoe", { depth: 1 });
  session.start();
  const { text } = session.input("0");
  assert.match(
    text,
    /\(minimax to depth 1: no win or loss within 1 ply for me\)/,
  );
  assert.doesNotMatch(text, /a draw/);
  const hint = session.input("hint").text;
  assert.doesNotMatch(hint, /a draw/);
  const full = createPlaySession("tictactoe", {});
  full.start();
  assert.match(full.input("4").text, /\(minimax: a draw for me\)/);
});

Deno.test("createPlaySession chess: the engine searches with the engine evaluation (its hint's score is the engine's)", () => {
  const fen =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  const game = createPlaySession("chess", { depth: 2, position: fen });
  game.start();
  const score = (position: Chess) => {
    position.markRoot();
    const value =
      searchChess(position, new TranspositionTable({ megabytes: 16 }), {
        depth: 2,
      }).value;
    return `${value >= 0 ? "+" : "-"}${(Math.abs(value) / 100).toFixed(2)}`;
  };
  const engine = score(Chess.fromFen(fen, chessPositionOptions()));
  assert.notEqual(engine, score(Chess.fromFen(fen)));
  assert.ok(game.input("hint").text.includes(`, ${engine} for you.`));
});

Deno.test("createPlaySession chess: a position repeated once goes on; the third time is a draw", () => {
  // The black king has one move each time: h8-h7-h8 (the rook holds the
  // g-file, the knight h6), while the rook shuffles g1-g2-g1.
  const game = createPlaySession("chess", {
    depth: 2,
    position: "7k/8/5K2/5N2/8/8/8/6R1 w - - 0 1",
  });
  game.start();
  const outs = ["g1g2", "g2g1", "g1g2", "g2g1"].map((uci) =>
    game.input(uci).text
  );
  assert.match(outs[1]!, /Engine plays Kh8\./);
  assert.doesNotMatch(outs.slice(0, 3).join(""), /Draw|repetition/);
  assert.match(
    outs[3]!,
    /Engine plays Kh8\. .*\n[^]*Threefold repetition\. Draw\.\n$/,
  );
});
