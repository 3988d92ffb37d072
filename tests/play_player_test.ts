import assert from "node:assert/strict";
import {
  AlphaBetaPlayer,
  Chess,
  ConnectFour,
  connectFourAlphaBetaPlayer,
  connectFourThreatEvaluation,
  createPlayer,
  EvaluatedConnectFour,
  type GameName,
  MAX_MOVE_RANGE,
  MctsPlayer,
  NO_MOVE,
  type Player,
  type PlayerSpec,
  randomConnectFour,
  RandomPlayer,
  SearchPlayer,
  SolverPlayer,
  TicTacToe,
} from "../mod.ts";

/** Plays a game from `start`; returns the moves and the result for the first mover (1, ½, 0). */
function play<P extends TicTacToe | ConnectFour>(
  start: P,
  first: Player<P>,
  second: Player<P>,
): { moves: number[]; score: number } {
  const position = start.clone() as P;
  const moves: number[] = [];
  while (!position.isTerminal()) {
    const player = moves.length % 2 === 0 ? first : second;
    const before = position.key();
    const move = player.chooseMove(position);
    assert.equal(position.key(), before, `${player.name} left the position`);
    position.play(move);
    moves.push(move);
  }
  const end = position.evaluate();
  const score = end === 0 ? 0.5 : moves.length % 2 === 1 ? 1 : 0;
  return { moves, score };
}

/** Plays the game of `seed` twice (both players' newGame(seed) before each) and asserts the replay is the same game. */
function reproducibleGame<P extends TicTacToe | ConnectFour>(
  start: P,
  first: Player<P>,
  second: Player<P>,
  seed: number,
): { moves: number[]; score: number } {
  first.newGame(seed);
  second.newGame(seed);
  const game = play(start, first, second);
  first.newGame(seed);
  second.newGame(seed);
  assert.deepEqual(play(start, first, second), game);
  return game;
}

Deno.test("RandomPlayer: legal moves, the same game for the same seeds, different for others", () => {
  const a = new RandomPlayer<TicTacToe>({ seed: 1 });
  const b = new RandomPlayer<TicTacToe>({ seed: 2 });
  const games = new Set<string>();
  for (let seed = 0; seed < 20; seed++) {
    const game = reproducibleGame(TicTacToe.empty(), a, b, seed);
    games.add(game.moves.join());
  }
  assert.ok(games.size > 15);
  assert.equal(a.lastNodes, 0);
  assert.equal(a.name, "random");
});

Deno.test("AlphaBetaPlayer: full-depth tic-tac-toe never loses to the random player", () => {
  const perfect = new AlphaBetaPlayer<TicTacToe>({ depth: 9 });
  const random = new RandomPlayer<TicTacToe>({ seed: 5 });
  for (let seed = 0; seed < 20; seed++) {
    random.newGame(seed);
    assert.ok(play(TicTacToe.empty(), perfect, random).score >= 0.5);
    assert.ok(play(TicTacToe.empty(), random, perfect).score <= 0.5);
  }
  assert.ok(perfect.lastNodes > 0);
  assert.equal(perfect.name, "alpha-beta d9");
});

Deno.test("AlphaBetaPlayer: a move is a function of the position; deeper costs more nodes", () => {
  const board = ConnectFour.parse("4453");
  const nodes: number[] = [];
  for (const depth of [2, 4, 6]) {
    const player = connectFourAlphaBetaPlayer(depth, "good");
    const move = player.chooseMove(board);
    nodes.push(player.lastNodes);
    player.chooseMove(ConnectFour.parse("1"));
    assert.equal(player.chooseMove(board), move);
    assert.equal(player.lastNodes, nodes.at(-1));
    assert.equal(board.toString(), "4453");
  }
  assert.ok(nodes[0]! < nodes[1]! && nodes[1]! < nodes[2]!);
  const viewed = new AlphaBetaPlayer<ConnectFour>({
    depth: 4,
    view: (b) => new EvaluatedConnectFour(b, connectFourThreatEvaluation),
    name: "mine",
  });
  assert.equal(
    viewed.chooseMove(board),
    connectFourAlphaBetaPlayer(4, "good").chooseMove(board),
  );
  assert.equal(viewed.name, "mine");
});

Deno.test("MctsPlayer: reproducible per game seed, and beats the random player at Connect Four", () => {
  const mctsPlayer = new MctsPlayer<ConnectFour>({ playouts: 300, seed: 9 });
  const random = new RandomPlayer<ConnectFour>({ seed: 9 });
  let score = 0;
  for (let seed = 0; seed < 6; seed++) {
    const game = reproducibleGame(
      ConnectFour.empty(),
      mctsPlayer,
      random,
      seed,
    );
    score += game.score;
  }
  assert.ok(score >= 5, `score ${score}/6`);
  assert.ok(mctsPlayer.lastNodes > 300);
  assert.equal(mctsPlayer.name, "mcts p300");
  assert.equal(new MctsPlayer({ maxNodes: 5000 }).name, "mcts n5000");
});

Deno.test("SolverPlayer: every move keeps the solved score", () => {
  const text = Deno.readTextFileSync(
    new URL("../data/connect4/end_easy.txt", import.meta.url),
  );
  const player = new SolverPlayer({ entries: 1 << 18 });
  for (const line of text.trim().split("\n").slice(0, 20)) {
    const [moves, score] = line.split(" ");
    const board = ConnectFour.parse(moves!);
    const scores = player.scoreMoves(board);
    const move = player.chooseMove(board);
    assert.equal(scores[move], Number(score), moves);
    assert.equal(board.toString(), moves);
    assert.ok(player.lastNodes >= 0);
  }
  const weak = new SolverPlayer({ weak: true, entries: 1 << 16 });
  const board = ConnectFour.parse("7422341735647741166133573473242566");
  assert.deepEqual(
    weak.scoreMoves(board),
    player.scoreMoves(board).map((score) =>
      score === -Infinity ? score : Math.sign(score)
    ),
  );
  assert.equal(weak.name, "weak solver");
});

Deno.test("SolverPlayer with maxNodes: a move ends within its budget, scores are proven lower bounds, and lastStopped says so", () => {
  const board = ConnectFour.parse("44");
  const exact = new SolverPlayer({ entries: 1 << 18 });
  const bounded = new SolverPlayer({ entries: 1 << 18, maxNodes: 5000 });
  const bounds = bounded.scoreMoves(board);
  assert.equal(bounded.lastStopped, true);
  // Seven solves and the node of each column played, all within the budget.
  assert.ok(bounded.lastNodes <= 5000, String(bounded.lastNodes));
  // At any budget, on positions of every size (it went one node over).
  for (const [stones, seed] of [[8, 1], [14, 2], [20, 3], [27, 4]] as const) {
    const position = randomConnectFour(stones, seed);
    if (position.isTerminal()) continue;
    for (const maxNodes of [1, 2, 3, 10, 200, 2000]) {
      const player = new SolverPlayer({ entries: 1 << 16, maxNodes });
      player.scoreMoves(position);
      assert.ok(
        player.lastNodes <= maxNodes,
        `${stones} stones, maxNodes ${maxNodes}: ${player.lastNodes}`,
      );
    }
  }
  assert.equal(board.toString(), "44");
  const near = ConnectFour.parse("7422341735647741166133573473242566");
  const scores = exact.scoreMoves(near);
  assert.deepEqual(bounded.scoreMoves(near), scores);
  assert.equal(bounded.lastStopped, false);
  assert.equal(bounds.length, 7);
  // On a position solved in full too: every bound at or below the score.
  const middle = ConnectFour.parse(
    Deno.readTextFileSync(
      new URL("../data/connect4/middle_easy.txt", import.meta.url),
    ).split(" ")[0]!,
  );
  const full = exact.scoreMoves(middle);
  const small = new SolverPlayer({ entries: 1 << 18, maxNodes: 40 });
  const partial = small.scoreMoves(middle);
  assert.equal(small.lastStopped, true);
  partial.forEach((bound, col) => assert.ok(bound <= full[col]!, `${col}`));
  assert.throws(
    () => new SolverPlayer({ maxNodes: 0 }),
    /new SolverPlayer: maxNodes must be an integer in 1…1000000000000000, got 0/,
  );
});

Deno.test("SolverPlayer with a budget solves the centre columns first and bounds the unsearched ones within -18…18, so it does not drift to the edge", () => {
  const board = ConnectFour.parse("44");
  const player = new SolverPlayer({ entries: 1 << 17, maxNodes: 20_000 });
  const scores = player.scoreMoves(board);
  assert.equal(player.lastStopped, true);
  for (const score of scores) {
    assert.ok(score >= -18 && score <= 18, `${scores}`);
  }
  // It played column 0, the one the left-to-right solves reached first.
  assert.equal(player.chooseMove(board), 3);
  assert.equal(board.toString(), "44");
  // With budget for one node only, every column is unsearched: -18 each.
  const none = new SolverPlayer({ entries: 1 << 17, maxNodes: 1 });
  assert.deepEqual(none.scoreMoves(board), [-18, -18, -18, -18, -18, -18, -18]);
  assert.equal(none.chooseMove(board), 3);
});

Deno.test("SolverPlayer refuses a board that is not a ConnectFour by name", () => {
  const player = new SolverPlayer({ entries: 1 << 17 });
  assert.throws(
    () => player.chooseMove("4455" as never),
    /^Error: SolverPlayer\.chooseMove: board must be a ConnectFour, got "4455"$/,
  );
  assert.throws(
    () => player.scoreMoves(null as never),
    /SolverPlayer\.scoreMoves: board must be a ConnectFour, got null/,
  );
  assert.equal(player.chooseMove(ConnectFour.parse("4455667")), NO_MOVE);
});

Deno.test("Players reject bad options with clear errors", () => {
  const cases: [() => unknown, RegExp][] = [
    [
      () => new RandomPlayer({ sed: 1 } as never),
      /new RandomPlayer: unknown option "sed"; known options: seed, name/,
    ],
    [
      () => new RandomPlayer({ seed: -1 }),
      /new RandomPlayer: seed must be an integer in 0…4294967295, got -1/,
    ],
    [
      () => new RandomPlayer({ name: "" }),
      /new RandomPlayer: name must be a non-empty string, got ""/,
    ],
    [
      () => new AlphaBetaPlayer({ depth: 0 }),
      /new AlphaBetaPlayer: depth must be an integer in 1…64, got 0/,
    ],
    [
      () => new AlphaBetaPlayer(undefined as never),
      /new AlphaBetaPlayer: options must be an object, got undefined/,
    ],
    [
      () => new AlphaBetaPlayer({ depth: 2, view: 3 as never }),
      /new AlphaBetaPlayer: view must be a function, got 3/,
    ],
    [
      () => new AlphaBetaPlayer({ depth: 2, entries: 0 }),
      /new AlphaBetaPlayer: entries must be an integer in 1…67108864, got 0/,
    ],
    [
      () => connectFourAlphaBetaPlayer(2, "great" as never),
      /connectFourAlphaBetaPlayer: quality must be "poor", "medium" or "good", got "great"/,
    ],
    [
      () => connectFourAlphaBetaPlayer(2, "toString" as never),
      /quality must be "poor", "medium" or "good", got "toString"/,
    ],
    [
      () => connectFourAlphaBetaPlayer(43, "good"),
      /connectFourAlphaBetaPlayer: depth must be an integer in 1…42, got 43/,
    ],
    [
      () => new MctsPlayer({ playouts: 0 }),
      /new MctsPlayer: playouts must be an integer in 1…1000000000, got 0/,
    ],
    [
      () => new MctsPlayer({ tiemMs: 5 } as never),
      /new MctsPlayer: unknown option "tiemMs"; known options: playouts, maxNodes, timeMs, exploration, seed, solver, name/,
    ],
    [
      () => new MctsPlayer({ timeMs: -5 }),
      /new MctsPlayer: timeMs must be a number of milliseconds in 1…3600000, got -5/,
    ],
    [
      () => new MctsPlayer({ exploration: -2 }),
      /new MctsPlayer: exploration must be a finite number ≥ 0, got -2/,
    ],
    [
      () => new MctsPlayer({ maxNodes: 1.5 }),
      /new MctsPlayer: maxNodes must be an integer/,
    ],
    [
      () => new SolverPlayer({ weak: 1 as never }),
      /new SolverPlayer: weak must be a boolean, got 1/,
    ],
    [
      () => new SolverPlayer({ entries: 0 }),
      /new SolverPlayer: entries must be an integer in 1…67108864, got 0/,
    ],
  ];
  for (const [make, message] of cases) assert.throws(make, message);
});

Deno.test("newGame takes a game's seed as the constructors take theirs: an integer in 0…2^32 − 1 (found by review)", () => {
  for (
    const [name, player] of [
      ["RandomPlayer", new RandomPlayer()],
      ["MctsPlayer", new MctsPlayer({ playouts: 10 })],
    ] as const
  ) {
    for (const seed of [-1, 1.5, Number.NaN, 2 ** 32, "x" as never]) {
      assert.throws(
        () => player.newGame(seed),
        new RegExp(
          `${name}\\.newGame: seed must be an integer in 0…4294967295`,
        ),
      );
    }
    player.newGame(0);
    player.newGame(2 ** 32 - 1);
  }
});

Deno.test("an MCTS player gives adjudication no score: its value is a win rate, not the evaluation's scale (found by review)", () => {
  const position = TicTacToe.parse("XX.OO....");
  const mctsPlayer = new MctsPlayer<TicTacToe>({ playouts: 200 });
  mctsPlayer.chooseMove(position);
  assert.equal((mctsPlayer as Player<TicTacToe>).lastValue, undefined);
  assert.ok(Math.abs(mctsPlayer.lastWinRate) <= 1000);
  const searcher = new AlphaBetaPlayer<TicTacToe>({ depth: 2 });
  searcher.chooseMove(position);
  assert.equal(typeof searcher.lastValue, "number");
});

Deno.test("a search player refuses bad searcher options when it is made, not on its first move (found by review)", () => {
  const made = (game: GameName, options: unknown, searcher?: string) => () =>
    createPlayer(game, {
      kind: "search",
      maxNodes: 100,
      ...(searcher === undefined ? {} : { searcher }),
      options,
    } as PlayerSpec);
  // The searchers' own rules, run by the constructor: before the fix each
  // of these was accepted and threw on the first move (mid-match, in a worker).
  for (
    const [options, message] of [
      [
        { order: "bogus" },
        /^Error: new SearchPlayer: options: order must be one of natural, .*got "bogus"$/,
      ],
      [
        { nullMove: { bogus: 1 } },
        /^Error: new SearchPlayer: options: nullMove has an unknown key "bogus"; known keys: reduction, minDepth, depthDivisor, evalDivisor$/,
      ],
      [
        { futility: { margins: [-5] } },
        /^Error: new SearchPlayer: options: futility\.margins\[0\] must be an integer in 0…\d+, got -5$/,
      ],
      [
        { enhancedCutoffs: true },
        /^Error: new SearchPlayer: options\.enhancedCutoffs needs a transposition table \(the table option\) with searcher "alpha-beta", got no table/,
      ],
      [
        { order: ["killer", "tt"] },
        /^Error: new SearchPlayer: options\.order "tt" needs a transposition table \(the table option\) with searcher "alpha-beta", got no table$/,
      ],
      [
        null,
        /^Error: new SearchPlayer: options must be an object of searcher options, got null$/,
      ],
    ] as const
  ) {
    assert.throws(made("tic-tac-toe", options), message);
    assert.throws(
      () => new SearchPlayer({ maxNodes: 100, options: options as never }),
      message,
    );
  }
  // What the game cannot support, checked on a fresh position of the game.
  assert.throws(
    made("tic-tac-toe", { checkExtensions: true }),
    /^Error: createPlayer: options: checkExtensions needs the position to implement isCheck\(\), which TicTacToe lacks$/,
  );
  assert.throws(
    made("tic-tac-toe", { skipLosingCaptures: true }, "deepening"),
    /^Error: createPlayer: options: skipLosingCaptures needs the position to implement staticExchange\(\), which TicTacToe lacks$/,
  );
  assert.throws(
    made("connect-four", { nullMove: {} }),
    /^Error: createPlayer: options: nullMove needs the position to implement playNull\(\) and undoNull\(\), which EvaluatedConnectFour lacks$/,
  );
  // What the game and searcher support is still accepted, and plays.
  const chess = createPlayer("chess", {
    kind: "search",
    searcher: "deepening",
    maxNodes: 300,
    table: 1024,
    options: {
      checkExtensions: true,
      skipLosingCaptures: true,
      nullMove: {},
      enhancedCutoffs: true,
    },
  });
  assert.ok(chess.chooseMove(Chess.start()) >= 0);
  // The engine's candidate techniques, as options of a search player.
  const candidates = createPlayer("chess", {
    kind: "search",
    searcher: "deepening",
    maxNodes: 3000,
    table: 1024,
    options: {
      order: ["tt", "captures", "quiet-killer", "quiet-history"],
      quiescence: true,
      quiescenceTable: true,
      improving: true,
      lateMovePruning: {},
      exchangePruning: { quietMargin: 60 },
      lateMoveReductions: { formula: "log", historyDivisor: 6144 },
    },
  });
  assert.ok(candidates.chooseMove(Chess.start()) >= 0);
  assert.throws(
    made("chess", { quiescence: true, quiescenceTable: true }, "deepening"),
    /^Error: new SearchPlayer: options\.quiescenceTable needs a transposition table \(the table option\) with searcher "deepening", got no table$/,
  );
  assert.throws(
    made("tic-tac-toe", { exchangePruning: {} }),
    /^Error: createPlayer: options: exchangePruning needs the position to implement staticExchange\(\), which TicTacToe lacks$/,
  );
  assert.throws(
    made("chess", { improving: 1 }),
    /^Error: new SearchPlayer: options\.improving must be a boolean, got 1$/,
  );
  // MTD(f) and SSS* make their own table: enhanced cutoffs need none given.
  for (const searcher of ["mtdf", "sss"]) {
    const player = made("tic-tac-toe", { enhancedCutoffs: true }, searcher)();
    assert.equal(player.chooseMove(TicTacToe.parse("XX.OO....")), 2);
  }
});

Deno.test("a player made for one game refuses another game's position, naming both (found by review)", () => {
  const ticTacToe = TicTacToe.parse("X...O....");
  const connectFour = ConnectFour.parse("44");
  const chess = Chess.start();
  const message = (made: string, got: string) =>
    new RegExp(
      `^Error: chooseMove of player "[^"]+" \\(made by createPlayer for [a-z-]+\\): position must be a ${made}, the game it was made for, got a ${got}$`,
    );
  // Before the fix: a bare TypeError (board.canPlay is not a function).
  assert.throws(
    () =>
      createPlayer("connect-four", { kind: "search", maxNodes: 100 })
        .chooseMove(ticTacToe),
    message("ConnectFour", "TicTacToe"),
  );
  // Before the fix: played silently with tic-tac-toe's cell weights.
  assert.throws(
    () =>
      createPlayer("tic-tac-toe", {
        kind: "search",
        maxNodes: 100,
        options: { order: "static" },
      }).chooseMove(connectFour),
    message("TicTacToe", "ConnectFour"),
  );
  for (
    const [game, spec, wrong] of [
      ["connect-four", { kind: "alpha-beta", depth: 2 }, chess],
      ["connect-four", { kind: "solver", maxNodes: 100 }, ticTacToe],
      ["tic-tac-toe", { kind: "mcts", playouts: 10 }, connectFour],
      ["tic-tac-toe", { kind: "random" }, chess],
      ["chess", { kind: "search", maxNodes: 100 }, connectFour],
    ] as const
  ) {
    const player = createPlayer(game, spec as PlayerSpec);
    assert.throws(() => player.chooseMove(wrong), /position must be a /);
  }
  // The right game's position plays as before, the player still itself.
  const player = createPlayer("connect-four", {
    kind: "search",
    maxNodes: 100,
  });
  assert.ok(player instanceof SearchPlayer);
  assert.ok(player.chooseMove(connectFour) >= 0 && player.lastNodes > 0);
});

Deno.test("SearchPlayer and MctsPlayer refuse a bad timeMs with one rule and one message", () => {
  for (const timeMs of [-1, 0, 0.5, NaN, Infinity, 3_600_001, "5"]) {
    for (
      const [where, make] of [
        [
          "new SearchPlayer",
          () => new SearchPlayer({ timeMs: timeMs as number }),
        ],
        ["new MctsPlayer", () => new MctsPlayer({ timeMs: timeMs as number })],
      ] as const
    ) {
      assert.throws(
        make,
        new RegExp(
          `^Error: ${where}: timeMs must be a number of milliseconds in 1…3600000, got `,
        ),
        `${where} ${String(timeMs)}`,
      );
    }
  }
  assert.equal(new SearchPlayer({ timeMs: 1 }).name.length > 0, true);
});

Deno.test("the random and search players check a position's move range and move count as the searchers do: a clear error naming the player, never a bare RangeError or a huge buffer (found by review)", () => {
  const range = (where: string, maxMoves: number) =>
    new RegExp(
      `^Error: ${where}: position\\.maxMoves must be an integer in 1…16777216, got ${maxMoves}$`,
    );
  // A view that has no moves: the search player falls back on the game
  // position's first move, the one buffer it sizes by that position.
  const finished = TicTacToe.parse("XXXOO....");
  for (const maxMoves of [MAX_MOVE_RANGE + 1, 2 ** 31, 1e12, 0, 2.5]) {
    const wide = () =>
      Object.assign(TicTacToe.parse("XO.XO...."), { maxMoves });
    assert.throws(
      () => new RandomPlayer().chooseMove(wide()),
      range("RandomPlayer.chooseMove", maxMoves),
    );
    for (const searcher of ["alpha-beta", "deepening"] as const) {
      for (const view of [undefined, () => finished]) {
        const player = new SearchPlayer({
          searcher,
          maxNodes: 100,
          ...(view ? { view } : {}),
        });
        assert.throws(
          () => player.chooseMove(wide()),
          range("SearchPlayer.chooseMove", maxMoves),
          `${searcher}, view ${view !== undefined}`,
        );
      }
    }
  }
  // A count outside 0…maxMoves is refused, not read past the moves written.
  for (const count of [-1, 10, NaN, 2.5]) {
    const lying = Object.assign(TicTacToe.parse("XO.XO...."), {
      generateMoves: () => count,
    });
    const rule = new RegExp(
      `^Error: (RandomPlayer|SearchPlayer)\\.chooseMove: position\\.generateMoves\\(\\) must return the number of moves it wrote, an integer in 0…9 \\(maxMoves\\), got ${count}$`,
    );
    assert.throws(() => new RandomPlayer().chooseMove(lying), rule);
    assert.throws(
      () =>
        new SearchPlayer({ maxNodes: 100, view: () => finished })
          .chooseMove(lying),
      rule,
    );
  }
  assert.throws(
    () => new RandomPlayer().chooseMove(null as unknown as TicTacToe),
    /^Error: RandomPlayer\.chooseMove: position must be a Position \(methods generateMoves, .*\), got null$/,
  );
  // At the limit, and with a view without moves, they play as before.
  const widest = Object.assign(TicTacToe.parse("XO.XO...."), {
    maxMoves: MAX_MOVE_RANGE,
  });
  assert.ok([2, 5, 6, 7, 8].includes(new RandomPlayer().chooseMove(widest)));
  const fallback = new SearchPlayer({ maxNodes: 100, view: () => finished });
  assert.equal(fallback.chooseMove(widest), 2);
});
