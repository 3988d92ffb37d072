// The engine evaluation's weights as one array (src/games/chess/_engine_weights.ts)
// and `deno task bench:tune` (bench/tune_evaluation.ts), which fits them to
// Stockfish's scores: the defaults are the evaluation's, a change reaches
// every cached value, bad weights are refused by name, and the fit finds
// weights that were used to make the labels.
import assert from "node:assert/strict";
import { Chess } from "../mod.ts";
import { CHESS_ENGINE_POSITION } from "../src/players/_chess_search.ts";
import {
  DEFAULT_ENGINE_WEIGHTS,
  ENGINE_WEIGHT_NAMES,
  ENGINE_WEIGHTS,
  setEngineWeights,
  W_BISHOP_PAIR_EG,
  W_BISHOP_PAIR_MG,
  W_TEMPO,
} from "../src/games/chess/_engine_weights.ts";
import {
  evaluationLoss,
  fitWeights,
  type Labelled,
  parseTuneArgs,
  tuningPositions,
} from "../bench/tune_evaluation.ts";
import { readPgnGames } from "../mod.ts";
import { firstGames } from "./_games_pgn.ts";
import { assertRefused, runBenchTask } from "./_bench_task.ts";
import { lacks } from "./_programs.ts";

/** `weights` with entry `index` set to `value`. */
function withWeight(index: number, value: number): number[] {
  const weights = [...DEFAULT_ENGINE_WEIGHTS];
  weights[index] = value;
  return weights;
}

Deno.test("the weights in force are the defaults, one per name", () => {
  assert.equal(DEFAULT_ENGINE_WEIGHTS.length, ENGINE_WEIGHT_NAMES.length);
  assert.deepEqual([...ENGINE_WEIGHTS], [...DEFAULT_ENGINE_WEIGHTS]);
  assert.equal(new Set(ENGINE_WEIGHT_NAMES).size, ENGINE_WEIGHT_NAMES.length);
});

Deno.test("a change of weights reaches positions already evaluated (the caches are emptied), and back", () => {
  // White has both bishops, black one: the pair counts once, tapered.
  const position = Chess.fromFen(
    "4k3/8/3b4/8/8/8/8/2B1KB2 w - - 0 1",
    CHESS_ENGINE_POSITION,
  );
  const before = position.evaluate();
  try {
    setEngineWeights(withWeight(W_TEMPO, DEFAULT_ENGINE_WEIGHTS[W_TEMPO]! + 7));
    assert.equal(position.evaluate(), before + 7);
    // Kings and three bishops: phase 3 of 24.
    const pair = withWeight(W_BISHOP_PAIR_MG, 30 + 24);
    pair[W_BISHOP_PAIR_EG] = 50 + 24;
    setEngineWeights(pair);
    assert.equal(position.evaluate(), before + 24);
  } finally {
    setEngineWeights(DEFAULT_ENGINE_WEIGHTS);
  }
  assert.equal(position.evaluate(), before);
});

Deno.test("bad weights are refused naming the argument, the weight and the rule; the weights stay", () => {
  const cases: [unknown, string][] = [
    [
      [1, 2],
      "setEngineWeights: weights must hold 41 integers (ENGINE_WEIGHT_NAMES), got an array of 2",
    ],
    [
      null,
      "setEngineWeights: weights must hold 41 integers (ENGINE_WEIGHT_NAMES), got null",
    ],
    [
      withWeight(3, 2.5),
      "setEngineWeights: weights[3] (rookOpenEg) must be an integer within ±10000, got 2.5",
    ],
    [
      withWeight(21, 10_001),
      "setEngineWeights: weights[21] (kingAttackCap) must be an integer within ±10000, got 10001",
    ],
  ];
  for (const [weights, message] of cases) {
    assert.throws(
      () => setEngineWeights(weights as number[]),
      (error: Error) => error.message === message,
      message,
    );
    assert.deepEqual([...ENGINE_WEIGHTS], [...DEFAULT_ENGINE_WEIGHTS]);
  }
});

Deno.test("bench:tune's parser: defaults, --full, and each refusal names the flag, the value and the rule", async () => {
  assert.deepEqual(parseTuneArgs([]), {
    help: false,
    positions: 60,
    depth: 4,
    passes: 1,
    pgn: ["data/chess/games.pgn", "data/chess/engine_games.pgn"],
  });
  assert.deepEqual(parseTuneArgs(["--full", "--pgn", "x.pgn"]).pgn, ["x.pgn"]);
  for (
    const [args, message] of [
      [
        ["--depth", "0"],
        /bench:tune: --depth must be an integer in 1…30, got "0"/,
      ],
      [
        ["--full", "--depth", "3"],
        /bench:tune: give --depth and --full not both/,
      ],
      [["--passes"], /bench:tune: --passes needs a value, an integer in 1…100/],
      [["--pgn="], /bench:tune: --pgn needs a file of games/],
      [["--games", "3"], /bench:tune: unknown argument "--games"/],
    ] as const
  ) {
    await assertRefused("bench:tune", args, message);
  }
});

Deno.test("tuning positions: spread over the games, past the opening, each once, none in check", () => {
  const games = readPgnGames(firstGames(20)).map((game) => game.fens);
  const positions = tuningPositions(games, 100);
  assert.equal(positions.length, 100);
  const boards = positions.map((p) => p.fen.split(" ").slice(0, 4).join(" "));
  assert.equal(new Set(boards).size, 100);
  // The first round takes one position of each game, in order.
  assert.deepEqual(
    positions.slice(0, 5).map((p) => p.game),
    [1, 2, 3, 4, 5],
  );
  for (const { fen, game } of positions) {
    assert.ok(games[game - 1]!.indexOf(fen) >= 12, fen);
    assert.ok(!Chess.fromFen(fen).isCheck(), fen);
  }
});

Deno.test("the fit recovers the weights that made the labels", () => {
  const games = readPgnGames(firstGames(30)).map((game) => game.fens);
  const leaves = tuningPositions(games, 150).map(({ fen, game }) => ({
    leaf: Chess.fromFen(fen, CHESS_ENGINE_POSITION),
    game,
  }));
  // Labels from the evaluation with a stronger bishop pair and tempo.
  const truth = withWeight(W_BISHOP_PAIR_MG, 62);
  truth[W_TEMPO] = 26;
  setEngineWeights(truth);
  const items: Labelled[] = leaves.map(({ leaf, game }) => ({
    leaf,
    label: leaf.turn() * leaf.evaluate(),
    game,
  }));
  setEngineWeights(DEFAULT_ENGINE_WEIGHTS);
  const before = evaluationLoss(items);
  assert.ok(before > 0);
  const { weights, loss } = fitWeights(items, DEFAULT_ENGINE_WEIGHTS, 20);
  assert.deepEqual([...ENGINE_WEIGHTS], [...DEFAULT_ENGINE_WEIGHTS]);
  assert.ok(loss < before / 10, `${loss} against ${before}`);
  assert.equal(weights[W_TEMPO], 26);
  assert.ok(Math.abs(weights[W_BISHOP_PAIR_MG]! - 62) <= 4, `${weights}`);
});

Deno.test(
  "bench:tune: a small run labels positions with Stockfish and prints both weight sets and both losses",
  { ignore: lacks("stockfish") },
  async () => {
    const { code, out, err } = await runBenchTask(
      "bench:tune",
      "--positions",
      "20",
      "--depth",
      "2",
    );
    assert.equal(code, 0, out + err);
    assert.match(
      out,
      /^# bench:tune: 20 positions of 1040 games of data\/chess\/games\.pgn and data\/chess\/engine_games\.pgn, Stockfish depth 2/m,
    );
    assert.match(out, /^labelled: \d+ \(\d+ fitted, \d+ held out\)/m);
    assert.match(out, /^\| bishopPairMg \| 30 \| -?\d+ \|$/m);
    assert.match(out, /^\| held-out positions \| 0\.\d{6} \| 0\.\d{6} \|$/m);
    assert.match(out, /^fitted weights: \[(-?\d+,){40}-?\d+\]$/m);
  },
);
