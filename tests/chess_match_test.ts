// Matches: the openings file, the runner's adjudication and errors with
// in-process movers, and a real match through processes (our `cli/uci.ts`
// against Stockfish, which .ci/run installs) whose PGN parses back.
import assert from "node:assert/strict";
import { Chess as ChessJs } from "chess.js";
import {
  Chess,
  ChessMatchError,
  type ChessMover,
  type ChessOpening,
  maxPliesProblem,
  openingsFromGames,
  playChessGame,
  playChessMatch,
  readOpenings,
  readPgnGames,
  UciProcess,
} from "../mod.ts";
import { lacks, pathOf } from "./_programs.ts";
import { chessMatchOverNats } from "../src/jobs/remote.ts";
import type { EngineSpec } from "../src/jobs/job.ts";

const ROOT = new URL("..", import.meta.url);

/** A mover that plays the `pick`-th legal move (natural order). */
function scripted(name: string, pick: (count: number) => number): ChessMover {
  return {
    name,
    move: (moves) => {
      const position = Chess.start();
      for (const uci of moves) position.play(position.moveFromUci(uci));
      const legal = position.legalMoves();
      return Promise.resolve(position.moveToUci(legal[pick(legal.length)]!));
    },
  };
}

Deno.test("data/chess/openings.txt: every line legal, names unique", () => {
  const openings = readOpenings(
    Deno.readTextFileSync(new URL("data/chess/openings.txt", ROOT)),
  );
  assert.equal(openings.length, 12);
  assert.equal(new Set(openings.map((o) => o.name)).size, 12);
  assert.deepEqual(openings[0]!.moves.slice(0, 2), ["e2e4", "e7e5"]);
  const text = Deno.readTextFileSync(new URL("data/chess/games.pgn", ROOT))
    .slice(0, 30_000);
  const fromGames = openingsFromGames(
    readPgnGames(text.slice(0, text.lastIndexOf("\n[Event "))),
    8,
  );
  assert.ok(fromGames.length >= 2);
  assert.match(
    fromGames[0]!.name,
    /^Charkhalashvili, Inga - Ju, Wenjun \(round 1\.1\), 8 plies$/,
  );
  assert.deepEqual(fromGames[0]!.moves.slice(0, 2), ["d2d4", "g8f6"]);
  assert.throws(
    () => openingsFromGames([], 0),
    /openingsFromGames: plies must be an integer in 1…100, got 0/,
  );
  assert.throws(
    () => readOpenings("no semicolon here"),
    /readOpenings: line 1: expected "name ; moves in UCI", got "no semicolon here"/,
  );
  // Names become the PGN's Opening tag: refused when read, not after a game.
  for (const name of ['Evil "name', "tab\there", "back\\slash"]) {
    assert.throws(
      () => readOpenings(`ok ; e2e4\n${name} ; e2e4 e7e5`),
      /readOpenings: line 2: the name .* must not hold a quote, a backslash or a control character/,
    );
  }
  const [player] = readPgnGames(
    `[White "A\\\\B"]\n[Black "C"]\n\n1. e4 e5 2. Nf3 Nc6 *\n`,
  );
  assert.equal(openingsFromGames([player!], 2)[0]!.name, "A??B - C, 2 plies");
});

Deno.test("readOpenings refuses a line that ends the game, naming the line and how it ended; openingsFromGames skips such a line", () => {
  // Found by review: `Fool ; f2f3 e7e5 g2g4 d8h4` was read, and every game
  // from it was scored 0-1 with no engine having moved.
  const cases: [string, RegExp][] = [
    [
      "Fool ; f2f3 e7e5 g2g4 d8h4",
      /^Error: readOpenings: line 2: the opening "Fool" must leave an unfinished position, got checkmate after its 4 plies \(no engine would move\)$/,
    ],
    [
      // Loyd's ten-move stalemate.
      "Loyd ; e2e3 a7a5 d1h5 a8a6 h5a5 h7h5 h2h4 a6h6 a5c7 f7f6 c7d7 e8f7 d7b7 d8d3 b7b8 d3h7 b8c8 f7g6 c8e6",
      /line 2: the opening "Loyd" must leave an unfinished position, got stalemate after its 19 plies/,
    ],
    [
      "Knights ; g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
      /line 2: the opening "Knights" must leave an unfinished position, got threefold repetition after its 8 plies/,
    ],
  ];
  for (const [line, message] of cases) {
    assert.throws(() => readOpenings(`ok ; e2e4\n${line}\n`), message, line);
  }
  // Twice is not yet a repetition by the rules a match plays by.
  assert.equal(readOpenings("Twice ; g1f3 g8f6 f3g1 f6g8").length, 1);
  // A real game may go past a repetition nobody claimed: that line is no
  // opening, the others of the file are.
  const games = readPgnGames(
    `[White "A"]\n[Black "B"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n\n` +
      `[White "C"]\n[Black "D"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O *\n`,
  );
  assert.deepEqual(
    openingsFromGames(games, 8).map((o) => o.name),
    ["C - D, 8 plies"],
  );
  assert.equal(openingsFromGames(games, 7).length, 2);
});

Deno.test("playChessGame adjudicates: checkmate, max plies, an illegal move loses, no move loses as a fault", async () => {
  const fool = await playChessGame(
    scripted("w", () => 0),
    scripted("b", () => 0),
    { name: "fool", moves: ["f2f3", "e7e5", "g2g4", "d8h4"] },
  );
  assert.deepEqual([fool.result, fool.reason], ["0-1", "checkmate"]);
  assert.equal(fool.moves.length, 4);
  const long = await playChessGame(
    scripted("w", () => 0),
    scripted("b", (n) => n - 1),
    { name: "start", moves: [] },
    { maxPlies: 10 },
  );
  assert.deepEqual([long.result, long.reason], ["1/2-1/2", "max plies"]);
  assert.equal(long.moves.length, 10);
  const cheat: ChessMover = {
    name: "cheat",
    move: () => Promise.resolve("e2e5"),
  };
  const lost = await playChessGame(cheat, scripted("b", () => 0), {
    name: "start",
    moves: [],
  });
  assert.deepEqual([lost.result, lost.reason], [
    "0-1",
    "illegal move e2e5 by cheat",
  ]);
  assert.match(lost.pgn, /\[Termination "illegal move e2e5 by cheat"\]/);
  assert.equal(lost.faultSide, null, "an illegal move is no fault");
  // Found by review: no move was reported as "illegal move 0000". It is a
  // fault of the engine's (restarted before the next game).
  for (const none of ["0000", "(none)", ""]) {
    const idle: ChessMover = {
      name: "idle",
      move: () => Promise.resolve(none),
    };
    const game = await playChessGame(scripted("w", () => 0), idle, {
      name: "start",
      moves: ["e2e4"],
    });
    assert.deepEqual(
      [game.result, game.reason, game.faultSide, game.fault],
      [
        "1-0",
        "idle answered with no move",
        "black",
        `idle answered with no move (${JSON.stringify(none)})`,
      ],
      none,
    );
    assert.match(game.pgn, /\[Termination "idle answered with no move"\]/);
    assert.deepEqual(game.moves, ["e2e4"]);
  }
  await assert.rejects(
    () =>
      playChessGame(cheat, cheat, { name: "x", moves: [] }, { maxPlies: 0 }),
    /playChessGame: maxPlies must be an integer in 1…100000, got 0/,
  );
  await assert.rejects(
    () => playChessMatch(cheat, cheat, []),
    /playChessMatch: openings must be a non-empty array, got an array of 0/,
  );
  await assert.rejects(
    () =>
      playChessMatch(cheat, cheat, [{ name: "x", moves: [] }], {
        rounds: 2,
      } as never),
    /playChessMatch: unknown option "rounds"/,
  );
  // Found by review: an opening object was used unchecked, so an illegal
  // move or a finished line failed in mid-match, or every game from it was
  // scored before an engine moved.
  const never: ChessMover = {
    name: "never",
    move: () => Promise.reject(new Error("asked for a move")),
  };
  const bad: [unknown, RegExp][] = [
    ["e4", /openings\[1\]: must be an opening \{ name, moves \}, got "e4"/],
    [
      { name: "x", moves: ["e2e5"] },
      /openings\[1\]: "e2e5" is not a legal move in rnbqkbnr/,
    ],
    [
      { name: "Fool", moves: ["f2f3", "e7e5", "g2g4", "d8h4"] },
      /openings\[1\]: the opening "Fool" must leave an unfinished position, got checkmate/,
    ],
    [
      { name: 'say "hi"', moves: ["e2e4"] },
      /openings\[1\]: the name .* must not hold a quote/,
    ],
    [{ name: 7, moves: [] }, /openings\[1\]: the name must be a string/],
    [
      { name: "x", moves: "e2e4" },
      /openings\[1\]: the moves of "x" must be an array of moves in UCI/,
    ],
  ];
  for (const [opening, message] of bad) {
    await assert.rejects(
      () =>
        playChessMatch(never, never, [
          { name: "e4", moves: ["e2e4"] },
          opening as ChessOpening,
        ]),
      message,
    );
  }
});

Deno.test("playChessMatch and chessMatchOverNats refuse a maxPlies at or below the longest opening's plies, naming it", async () => {
  // Found by review: every game was drawn at the ply limit before an
  // engine moved, and the match scored 0 Elo.
  const never: ChessMover = {
    name: "never",
    move: () => Promise.reject(new Error("asked for a move")),
  };
  const openings = [{ name: "e4", moves: ["e2e4"] }, {
    name: "Open",
    moves: ["e2e4", "e7e5"],
  }];
  const ours: EngineSpec = {
    engine: "ours",
    label: "ours:depth=1",
    go: "depth 1",
    options: {},
  };
  for (const maxPlies of [1, 2]) {
    await assert.rejects(
      () => playChessMatch(never, never, openings, { maxPlies }),
      new RegExp(
        `^Error: playChessMatch: maxPlies must be above the longest opening's plies, got ${maxPlies} with "Open" of 2 plies \\(every game from it would be a draw before an engine moved\\)$`,
      ),
    );
    await assert.rejects(
      () =>
        chessMatchOverNats(null as never, ours, ours, openings, { maxPlies }),
      /^Error: chessMatchOverNats: maxPlies must be above the longest opening's plies, got \d with "Open" of 2 plies/,
    );
  }
  assert.equal(maxPliesProblem("maxPlies", 3, openings), null);
});

Deno.test("playChessMatch: colours alternate, openings cycle, the Elo interval is there (with one virtual draw after a clean sweep)", async () => {
  const openings = [{ name: "e4", moves: ["e2e4"] }, {
    name: "d4",
    moves: ["d2d4"],
  }];
  const cheat: ChessMover = {
    name: "cheat",
    move: () => Promise.resolve("a1a1"),
  };
  const seen: number[] = [];
  const match = await playChessMatch(scripted("a", () => 0), cheat, openings, {
    games: 4,
    onGame: (_, i) => seen.push(i),
  });
  assert.deepEqual(seen, [0, 1, 2, 3]);
  assert.deepEqual(match.games.map((g) => [g.white, g.opening]), [
    ["a", "e4"],
    ["cheat", "e4"],
    ["a", "d4"],
    ["cheat", "d4"],
  ]);
  assert.deepEqual([match.wins, match.draws, match.losses], [4, 0, 0]);
  assert.equal(match.score, 4);
  assert.ok(match.elo.prior);
  assert.ok(match.elo.low < match.elo.difference);
  assert.ok(match.elo.difference < match.elo.high);
  assert.ok(match.elo.difference > 0);
});

Deno.test(
  "UciProcess: Stockfish's handshake, a bestmove, clear errors for a missing program and a timeout",
  { ignore: lacks("stockfish") },
  async () => {
    const engine = await UciProcess.start([pathOf("stockfish")], {
      options: { "Skill Level": 0, Threads: 1 },
    });
    assert.match(engine.name, /Stockfish/);
    const { bestMove, lastInfo } = await engine.go(
      { moves: ["e2e4"] },
      "depth 2",
    );
    const position = Chess.start();
    position.play(position.moveFromUci("e2e4"));
    assert.ok(
      position.legalMoves().map((m) => position.moveToUci(m)).includes(
        bestMove,
      ),
    );
    assert.match(lastInfo!, / score /);
    await engine.close();
    await assert.rejects(
      () => engine.send("isready"),
      /UciProcess Stockfish.*: cannot send "isready": closed/,
    );
    await assert.rejects(
      () => UciProcess.start(["/nonexistent/engine"]),
      /UciProcess engine: cannot run "\/nonexistent\/engine": .*No such file/,
    );
    await assert.rejects(
      () => UciProcess.start(["cat"], { handshakeTimeoutMs: 200 }),
      /UciProcess cat: no answer to "uci" within 200 ms/,
    );
    await assert.rejects(
      () => UciProcess.start(["true"]),
      /UciProcess true: the engine ended(, cannot send "uci"| while answering "uci")/,
    );
    await assert.rejects(
      () => UciProcess.start([] as never),
      /UciProcess.start: command must be a non-empty array of strings/,
    );
    await assert.rejects(
      () => UciProcess.start(["cat"], { signal: {} as never }),
      /UciProcess.start: signal must be an AbortSignal, got an object/,
    );
  },
);

Deno.test(
  "deno task match: our engine against Stockfish, 2 games through real processes; every move legal, the PGN parses back",
  { ignore: lacks("stockfish") },
  async () => {
    const pgnFile = Deno.makeTempFileSync({ suffix: ".pgn" });
    const { success, stdout, stderr } = await new Deno.Command(
      Deno.execPath(),
      {
        args: [
          "task",
          "--quiet",
          "match",
          "--a",
          "ours:depth=1",
          "--b",
          "stockfish:skill=0,depth=1",
          "--games",
          "2",
          "--max-plies",
          "60",
          // Ours is Deno starting up: 60 s for its handshake.
          "--handshake-timeout-ms",
          "60000",
          "--pgn",
          pgnFile,
        ],
        cwd: ROOT,
        stdout: "piped",
        stderr: "piped",
      },
    ).output();
    const out = new TextDecoder().decode(stdout);
    assert.ok(success, out + new TextDecoder().decode(stderr));
    assert.match(out, /^game 1: ours:depth=1 - stockfish:skill=0,depth=1 /m);
    assert.match(out, /^game 2: stockfish:skill=0,depth=1 - ours:depth=1 /m);
    assert.match(
      out,
      /ours:depth=1 vs stockfish:skill=0,depth=1: \+\d+ =\d+ -\d+, score [\d.]+\/2 \([\d.]+%\), Elo difference -?\d+ \[-?\d+, -?\d+\]/,
    );
    const text = Deno.readTextFileSync(pgnFile);
    Deno.removeSync(pgnFile);
    const games = readPgnGames(text);
    assert.equal(games.length, 2);
    for (const game of games) {
      assert.doesNotMatch(game.headers.Termination ?? "", /illegal/);
      assert.ok(game.moves.length > 2 && game.moves.length <= 60);
      // Every move legal on our generator, and chess.js reads the game's text.
      const position = Chess.start();
      for (const uci of game.moves) position.play(position.moveFromUci(uci));
      const chess = new ChessJs();
      chess.loadPgn(
        text.split(/\n(?=\[Event )/).find((g) =>
          g.includes(`[Round "${game.headers.Round}"]`)
        )!,
      );
      assert.equal(chess.history().length, game.moves.length);
      assert.equal(chess.fen(), position.toFen());
    }
  },
);

Deno.test("playChessMatch with morePairs: every game is played once, by index its opening and colours, the same games as one pair; a pair whose engine cannot restart stops the others taking games", async () => {
  const openings = [{ name: "e4", moves: ["e2e4"] }, {
    name: "d4",
    moves: ["d2d4"],
  }, { name: "c4", moves: ["c2c4"] }];
  // Deterministic movers: the game depends on its opening and colours only.
  const pick = (k: number) => (count: number) => k % count;
  const pairs = [0, 1, 2].map(() =>
    [scripted("a", pick(3)), scripted("b", pick(5))] as const
  );
  const played: number[][] = [[], [], []];
  // Which pairs played: each pair's first engine notes its first move as
  // black (the opening's one move played, its reply the game's second).
  const counting = pairs.map(([first, second], p) =>
    [{
      ...first,
      name: first.name,
      move: (moves: readonly string[]) => {
        const index = moves.length;
        if (index <= 1) played[p]!.push(index);
        return first.move(moves);
      },
    }, second] as const
  );
  const alone = await playChessMatch(pairs[0]![0], pairs[0]![1], openings, {
    games: 12,
    maxPlies: 30,
  });
  const seen: number[] = [];
  const together = await playChessMatch(
    counting[0]![0],
    counting[0]![1],
    openings,
    {
      games: 12,
      maxPlies: 30,
      morePairs: counting.slice(1),
      onGame: (_, i) => seen.push(i),
    },
  );
  assert.deepEqual(seen.toSorted((x, y) => x - y), [...Array(12).keys()]);
  assert.deepEqual(
    together.games.map((g) => [g.white, g.opening, g.moves.join(" ")]),
    alone.games.map((g) => [g.white, g.opening, g.moves.join(" ")]),
  );
  assert.deepEqual(
    [together.wins, together.draws, together.losses],
    [alone.wins, alone.draws, alone.losses],
  );
  assert.ok(
    played.every((moves) => moves.length > 0),
    `every pair played: ${JSON.stringify(played)}`,
  );
  // A pair's engine fails and cannot restart: the match stops with the
  // games that ended, and no pair starts a game after the failure.
  let started = 0;
  const broken: ChessMover = {
    name: "broken",
    move: () => Promise.reject(new Error("gone")),
    restart: () => Promise.reject(new Error("no program")),
  };
  const counted: ChessMover = {
    name: "a",
    newGame: () => {
      started++;
      return Promise.resolve();
    },
    move: pairs[0]![0].move,
  };
  const error = await playChessMatch(counted, pairs[0]![1], openings, {
    games: 40,
    maxPlies: 30,
    morePairs: [[broken, pairs[1]![1]]],
  }).then(() => null, (e) => e);
  assert.ok(error instanceof ChessMatchError, "the match stopped");
  assert.ok(error.games.length <= 2, `${error.games.length} games ended`);
  assert.match(
    error.message,
    /playChessMatch: broken failed in game 2 and could not be restarted: no program/,
  );
  assert.ok(started <= 2, `the other pair went on: ${started} games`);
  // A throw from onGame stops every pair: no game starts after it.
  let games = 0;
  await assert.rejects(
    () =>
      playChessMatch(pairs[0]![0], pairs[0]![1], openings, {
        games: 40,
        maxPlies: 30,
        morePairs: [pairs[1]!, pairs[2]!],
        onGame: () => {
          if (++games === 1) throw new Error("stdout closed");
        },
      }),
    /^Error: stdout closed$/,
  );
  // Time for any pair left playing to show it.
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.ok(games <= 3, `${games} games ended after the throw`);
  await assert.rejects(
    () =>
      playChessMatch(pairs[0]![0], pairs[0]![1], openings, {
        morePairs: [pairs[1]!, [pairs[2]![0]]] as never,
      }),
    /playChessMatch: morePairs\[1\] must be a pair \[engine, engine\], got /,
  );
  await assert.rejects(
    () =>
      playChessMatch(pairs[0]![0], pairs[0]![1], openings, {
        morePairs: "two" as never,
      }),
    /playChessMatch: morePairs must be an array of \[engine, engine\] pairs, got "two"/,
  );
  await assert.rejects(
    () =>
      playChessMatch(pairs[0]![0], pairs[0]![1], openings, {
        morePairs: [pairs[1]!, [pairs[2]![0], pairs[0]![1]]],
      }),
    /playChessMatch: morePairs\[1\] plays "b" of \(a, b\) too: games at the same time need their own engines/,
  );
});
