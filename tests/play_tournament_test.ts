import assert from "node:assert/strict";
import {
  ConnectFour,
  connectFourAlphaBetaPlayer,
  connectFourOpenings,
  eloGames,
  eloRatings,
  formatRecord,
  MAX_GAME_PLIES,
  MctsPlayer,
  type Move,
  type Player,
  playGame,
  RandomPlayer,
  roundRobin,
  scheduleRoundRobin,
  solveConnectFour,
  TicTacToe,
} from "../mod.ts";

/** Plays the cells of `script` in order (the one it is at that ply). */
class ScriptedPlayer implements Player<TicTacToe> {
  readonly name: string;
  lastNodes = 0;
  constructor(readonly script: number[], name = "script") {
    this.name = name;
  }
  newGame(_seed: number): void {}
  chooseMove(position: TicTacToe): Move {
    return this.script[9 - position.toString().split(".").length + 1]!;
  }
}

Deno.test("playGame() records the result for the player who moved first", () => {
  // X: 0, 1, 2 wins; O: 3, 4.
  const script = [0, 3, 1, 4, 2];
  const x = new ScriptedPlayer(script, "x"),
    o = new ScriptedPlayer(script, "o");
  const won = playGame(TicTacToe.empty(), x, o, 0);
  assert.deepEqual(
    [won.result, won.moves, won.players, won.opening],
    ["1-0", [0, 3, 1, 4, 2], ["x", "o"], "........."],
  );
  // From an opening with O to move, O's player moves first and loses.
  const lost = playGame(TicTacToe.parse("X........"), o, x, 0);
  assert.deepEqual([lost.result, lost.moves], ["0-1", [3, 1, 4, 2]]);
  // O wins: X 0, 1, 8; O 3, 4, 5.
  const oWins = [0, 3, 1, 4, 8, 5];
  const x2 = new ScriptedPlayer(oWins), o2 = new ScriptedPlayer(oWins);
  assert.equal(playGame(TicTacToe.empty(), x2, o2, 0).result, "0-1");
  const draw = [0, 4, 8, 1, 7, 6, 2, 5, 3];
  const d = new ScriptedPlayer(draw);
  assert.equal(playGame(TicTacToe.empty(), d, d, 0).result, "1/2-1/2");
  assert.equal(
    formatRecord(won),
    '[Round "0"]\n[Opening "........."]\n[First "x"]\n[Second "o"]\n[Result "1-0"]\n[Nodes "0 0"]\n[Seed "0"]\n\n0 3 1 4 2 1-0\n',
  );
});

Deno.test("playGame() rejects an illegal move and a player that changes the position", () => {
  const bad = new ScriptedPlayer([0, 0], "cheat");
  assert.throws(
    () => playGame(TicTacToe.empty(), bad, bad, 0),
    /playGame: cheat chose 0, not a legal move of X\.\.\.\.\.\.\.\./,
  );
  const meddler: Player<TicTacToe> = {
    name: "meddler",
    lastNodes: 0,
    newGame() {},
    chooseMove(position) {
      position.play(4);
      return 0;
    },
  };
  assert.throws(
    () => playGame(TicTacToe.empty(), meddler, bad, 0),
    /playGame: meddler changed the position \(after no moves\)/,
  );
  assert.throws(
    () => playGame(TicTacToe.empty(), bad, bad, -1),
    /playGame: seed must be an integer in 0…4294967295, got -1/,
  );
});

Deno.test("roundRobin(): pairs of games per opening with colours swapped, reproducible game by game", () => {
  const players = [
    connectFourAlphaBetaPlayer(2, "good"),
    new MctsPlayer<ConnectFour>({ playouts: 50, seed: 4 }),
    new RandomPlayer<ConnectFour>({ seed: 4 }),
  ];
  const openings = connectFourOpenings(5, { stones: 2, seed: 3 });
  const records = roundRobin(players, { openings, gamesPerPair: 4, seed: 8 });
  assert.equal(records.length, 3 * 4);
  for (let i = 0; i < records.length; i += 2) {
    const [a, b] = [records[i]!, records[i + 1]!];
    assert.equal(a.opening, b.opening);
    assert.deepEqual(a.seats, [b.seats[1], b.seats[0]]);
    assert.equal(a.round, i);
  }
  assert.deepEqual(records.map((r) => r.seats[0]), [
    0,
    1,
    0,
    1,
    0,
    2,
    0,
    2,
    1,
    2,
    1,
    2,
  ]);
  assert.deepEqual(
    roundRobin(players, { openings, gamesPerPair: 4, seed: 8 }),
    records,
  );
  const other = roundRobin(players, { openings, gamesPerPair: 4, seed: 9 });
  assert.notDeepEqual(other.map((r) => r.moves), records.map((r) => r.moves));
  // A game replays alone from its opening and seed.
  const record = records[7]!;
  const opening = openings.find((p) => p.toString() === record.opening)!;
  const alone = playGame(
    opening,
    players[record.seats[0]]!,
    players[record.seats[1]]!,
    record.seed,
  );
  assert.deepEqual(alone.moves, record.moves);
  assert.ok(records.every((r) => r.nodes[0] >= 0 && r.nodes[1] >= 0));
});

Deno.test("roundRobin() and eloRatings(): the searchers rank above the random player", () => {
  const players = [
    connectFourAlphaBetaPlayer(4, "good"),
    new MctsPlayer<ConnectFour>({ playouts: 200, seed: 1 }),
    new RandomPlayer<ConnectFour>({ seed: 1 }),
  ];
  const openings = connectFourOpenings(6, { stones: 2, seed: 5 });
  const records = roundRobin(players, { openings, gamesPerPair: 6, seed: 1 });
  const { ratings } = eloRatings(eloGames(records), {
    anchor: 2,
    priorDraws: 1,
  });
  assert.ok(ratings[0]!.elo > 0 && ratings[1]!.elo > 0);
  assert.equal(ratings[0]!.games, 12);
});

Deno.test("connectFourOpenings(): distinct, seeded, balanced when asked", () => {
  const a = connectFourOpenings(20, { stones: 3, seed: 2 });
  assert.deepEqual(
    connectFourOpenings(20, { stones: 3, seed: 2 }).map(String),
    a.map(String),
  );
  assert.equal(new Set(a.map(String)).size, 20);
  const balanced = connectFourOpenings(3, {
    stones: 20,
    seed: 1,
    balanced: true,
  });
  for (const opening of balanced) {
    assert.equal(opening.moveCount, 20);
    // === rather than Object.is: the weak solver may say −0 for a draw.
    assert.ok(solveConnectFour(opening, { weak: true }).score === 0);
  }
  assert.equal(connectFourOpenings(1, { stones: 0 })[0]!.moveCount, 0);
});

Deno.test("Tournament functions reject bad input with clear errors", () => {
  const p = new RandomPlayer<ConnectFour>();
  const q = new RandomPlayer<ConnectFour>({ name: "random 2" });
  const openings = [ConnectFour.empty()];
  const cases: [() => unknown, RegExp][] = [
    [
      () => roundRobin([p, new RandomPlayer<ConnectFour>()], { openings }),
      /roundRobin: players\[1\] has the name "random" of players\[0\]; names must differ$/,
    ],
    [
      () => scheduleRoundRobin(1000, 1, { gamesPerPair: 4 }),
      /roundRobin: 1000 players with gamesPerPair 4 make 1998000 games, more than MAX_SCHEDULED_GAMES = 1000000$/,
    ],
    [
      () => roundRobin([p], { openings }),
      /roundRobin: players must be an array of at least 2 players, got an array of 1/,
    ],
    [
      () => roundRobin([p, q], { openings, games: 2 } as never),
      /roundRobin: unknown option "games"/,
    ],
    [
      () => roundRobin([p, q], { openings: [] }),
      /roundRobin: openings must be a non-empty array of positions, got an array of 0/,
    ],
    [
      () => roundRobin([p, q], { openings: [ConnectFour.parse("1212121")] }),
      /roundRobin: openings\[0\] must be an unfinished position, got a ConnectFour/,
    ],
    [
      () => roundRobin([p, q], { openings, gamesPerPair: 3 }),
      /roundRobin: gamesPerPair must be even \(each opening with both colours\), got 3/,
    ],
    [
      () => roundRobin([p, q], { openings, gamesPerPair: 0 }),
      /roundRobin: gamesPerPair must be an integer in 2…1000000, got 0/,
    ],
    [
      () => roundRobin([p, q], { openings, seed: 1.5 }),
      /roundRobin: seed must be an integer in 0…4294967295, got 1.5/,
    ],
    [
      () => connectFourOpenings(0),
      /connectFourOpenings: count must be an integer in 1…10000, got 0/,
    ],
    [
      () => connectFourOpenings(1, { stones: 21 }),
      /connectFourOpenings: stones must be an integer in 0…20, got 21/,
    ],
    [
      () => connectFourOpenings(1, { balanced: "yes" } as never),
      /connectFourOpenings: balanced must be a boolean, got "yes"/,
    ],
    [
      () => connectFourOpenings(2, { stones: 0 }),
      /connectFourOpenings: found only 1 distinct openings of 0 stones, asked for 2/,
    ],
  ];
  for (const [run, message] of cases) assert.throws(run, message);
});

Deno.test("playGame gives up on a game without an end at MAX_GAME_PLIES with a clear error", () => {
  // A position that never ends: the random player always has a move.
  const endless = {
    maxMoves: 1,
    plies: 0,
    generateMoves(out: Int32Array) {
      out[0] = 0;
      return 1;
    },
    play() {
      this.plies++;
    },
    undo() {
      this.plies--;
    },
    isTerminal: () => false,
    evaluate: () => 0,
    turn(): 1 | -1 {
      return (this.plies & 1) === 0 ? 1 : -1;
    },
    key() {
      return this.plies;
    },
    clone() {
      return { ...this };
    },
  };
  const p = new RandomPlayer<typeof endless>();
  assert.equal(MAX_GAME_PLIES, 65536);
  assert.throws(
    () => playGame(endless, p, p, 1),
    /^Error: playGame: the game passed MAX_GAME_PLIES = 65536 plies without ending/,
  );
});
