/**
 * Adjudication of a game by the players' scores (cutechess's resign and
 * draw rules): each rule ends a game, a game where the engines disagree
 * or one reports no score plays on to its end, and bad rules are refused.
 */

import assert from "node:assert/strict";
import {
  type Adjudication,
  checkAdjudication,
  Chess,
  CHESS_ADJUDICATION,
  ConnectFour,
  createPlayer,
  type GameRecord,
  type Player,
  type PlayerSpec,
  playGame,
  type Position,
  sprtMatch,
} from "../mod.ts";
import { closeTaskRunner, runTask } from "../src/jobs/run.ts";
import { decodeJob, encodeJob, JOB_FORMAT, JobError } from "../src/jobs/job.ts";

/** Plays the first legal move and reports the scores of `scores` in turn (its own view). */
class Scripted implements Player {
  readonly name: string;
  lastNodes = 1;
  lastValue?: number;
  readonly #scores: (number | undefined)[];
  #moves = 0;
  constructor(name: string, scores: (number | undefined)[]) {
    this.name = name;
    this.#scores = scores;
  }
  newGame(): void {
    this.#moves = 0;
  }
  chooseMove(position: Position) {
    const buffer = new Int32Array(position.maxMoves);
    position.generateMoves(buffer);
    this.lastValue = this.#scores[this.#moves++ % this.#scores.length];
    return buffer[0]!;
  }
}

const RULES: Adjudication = {
  resign: { score: 600, moves: 3 },
  draw: { score: 20, moves: 2, afterPly: 10 },
};

Deno.test("playGame: both engines agree the first player is lost by 600 for 3 moves each: 0-1 by resign after 6 plies", () => {
  const record = playGame(
    ConnectFour.empty(),
    new Scripted("loser", [-700]),
    new Scripted("winner", [650]),
    0,
    { adjudication: RULES },
  );
  assert.equal(record.adjudicated, "resign");
  assert.equal(record.result, "0-1");
  assert.equal(record.moves.length, 6);
});

Deno.test("playGame: scores within ±20 for 2 moves each after 10 plies: drawn at ply 10, not before", () => {
  const record = playGame(
    ConnectFour.empty(),
    new Scripted("a", [5]),
    new Scripted("b", [-20]),
    0,
    { adjudication: RULES },
  );
  assert.equal(record.adjudicated, "draw");
  assert.equal(record.result, "1/2-1/2");
  assert.equal(record.moves.length, 10);
});

Deno.test("playGame: when the engines disagree (both think they lose) or one gives no score, the game is played to its end", () => {
  for (
    const [a, b] of [
      [[-700], [-700]],
      [[-700], [undefined]],
      [[100], [-100]],
    ] as (number | undefined)[][][]
  ) {
    const first = new Scripted("a", a!);
    const second = new Scripted("b", b!);
    const adjudicated = playGame(ConnectFour.empty(), first, second, 0, {
      adjudication: RULES,
    });
    const plain = playGame(ConnectFour.empty(), first, second, 0);
    assert.equal(adjudicated.adjudicated, undefined);
    assert.deepEqual(adjudicated, plain);
  }
});

Deno.test("playGame: a single bad score breaks the streak (resign counts consecutive moves)", () => {
  const record = playGame(
    ConnectFour.empty(),
    new Scripted("loser", [-700, -700, -100, -700, -700, -700]),
    new Scripted("winner", [700]),
    0,
    { adjudication: { resign: { score: 600, moves: 3 } } },
  );
  assert.equal(record.adjudicated, "resign");
  // Ply 5 (the loser's third move, −100) breaks the streak: six agreeing
  // plies are 6…11, not 1…6.
  assert.equal(record.moves.length, 11);
});

Deno.test("playGame: the chess engine a queen up against itself is adjudicated a win by resign long before mate", () => {
  const spec = {
    kind: "search",
    searcher: "deepening",
    table: 1 << 12,
    maxNodes: 2000,
    options: { order: ["tt", "captures", "static"], quiescence: true },
  } as const;
  const engine = createPlayer("chess", spec) as Player;
  const other = createPlayer("chess", spec) as Player;
  const record = playGame(
    Chess.fromFen("4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1"),
    engine,
    other,
    0,
    { adjudication: CHESS_ADJUDICATION },
  );
  assert.equal(record.adjudicated, "resign");
  assert.equal(record.result, "1-0");
  assert.equal(record.moves.length, 6);
});

Deno.test("checkAdjudication: names the key, the value and the rule", () => {
  assert.throws(
    () => checkAdjudication("here", { draw: { score: 20, moves: 8 } }),
    /adjudication\.draw\.afterPly is required/,
  );
  assert.throws(
    () => checkAdjudication("here", { resign: { score: 600, moves: 0 } }),
    /adjudication\.resign\.moves.*0/,
  );
  assert.throws(
    () => checkAdjudication("here", { forfeit: {} }),
    /forfeit/,
  );
  assert.throws(() => checkAdjudication("here", "resign"), /must be an object/);
  // At 0 a level game would be resigned: a resign threshold is above a draw.
  assert.throws(
    () => checkAdjudication("here", { resign: { score: 0, moves: 1 } }),
    /here: adjudication\.resign\.score must be an integer in 1…1000000, got 0/,
  );
  assert.throws(
    () =>
      playGame(
        ConnectFour.empty(),
        new Scripted("a", [0]),
        new Scripted("b", [0]),
        0,
        {
          adjudication: { resign: { score: 1.5, moves: 3 } },
        },
      ),
    /resign\.score/,
  );
});

const QUEEN_UP = "4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1";
const small: PlayerSpec = {
  kind: "search",
  searcher: "deepening",
  table: 1 << 12,
  maxNodes: 2000,
  options: { order: ["tt", "captures", "static"], quiescence: true },
};

Deno.test("sprtMatch: the adjudication reaches the games on the Deno workers and through a job (codec and runTask)", async () => {
  const options = {
    game: "chess" as const,
    candidate: small,
    baseline: small,
    openings: [QUEEN_UP],
    elo0: 0,
    elo1: 100,
    maxGames: 2,
    batchGames: 2,
    workers: 1,
    adjudication: CHESS_ADJUDICATION,
  };
  const onWorkers = await sprtMatch(options);
  // The queen's side wins by resign in both games (each colour once).
  assert.deepEqual(onWorkers.records.map((r) => r.adjudicated), [
    "resign",
    "resign",
  ]);
  try {
    const viaJobs = await sprtMatch({
      ...options,
      playBatch: async (task, index) => {
        const job = {
          format: JOB_FORMAT,
          run: "adj",
          index,
          code: "test",
          task,
        };
        const decoded = decodeJob(encodeJob(job)).task;
        assert.deepEqual(decoded, task);
        const outcome = await runTask(decoded);
        if (!outcome.ok) throw new Error(outcome.error);
        return outcome.records as GameRecord[];
      },
    });
    assert.deepEqual(viaJobs.records, onWorkers.records);
  } finally {
    closeTaskRunner();
  }
});

Deno.test("decodeJob: a games task with a bad adjudication is refused as invalid", () => {
  const task = {
    kind: "games",
    game: "chess",
    players: [small, small],
    openings: [QUEEN_UP],
    games: [{ round: 0, opening: 0, seats: [0, 1], seed: 0 }],
    adjudication: { resign: { score: 600, moves: 3, extra: 1 } },
  };
  const job = { format: JOB_FORMAT, run: "adj", index: 0, code: "test", task };
  assert.throws(
    () => decodeJob(encodeJob(job as never)),
    (error) =>
      error instanceof JobError &&
      /adjudication\.resign.*extra/.test(error.message),
  );
});
