// What the publisher takes from the network: events and results are messages
// anyone who may publish there can send, so each is read field by field
// (src/jobs/job_event.ts) and a result's records must answer their job
// (src/jobs/records.ts), or they are dropped and refused, never half-read.
import assert from "node:assert/strict";
import fc from "fast-check";
import { readJobEvent } from "../src/jobs/job_event.ts";
import { recordsProblem } from "../src/jobs/records.ts";
import { judgeResult } from "../src/jobs/result.ts";
import type { SolveTask, Task } from "../src/jobs/job.ts";
import { scheduleRoundRobin } from "../src/match/tournament.ts";
import type { SprtBatch } from "../src/match/sprt_runner.ts";

Deno.test("readJobEvent: any text gives an event of the run or null, never an exception", () => {
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
      const event = readJobEvent(text, 3);
      // A refusal names no job (its worker never receives the run's jobs).
      assert.ok(
        event === null || event.type === "refused" ||
          (event.index >= 0 && event.index < 3),
      );
    }),
    { numRuns: 500, seed: 27 },
  );
});

Deno.test("readJobEvent: the messages that stopped the publisher's reader, and names it would print, are dropped", () => {
  const probe = { probe: 0, lower: -2, upper: 3, nodes: 100, seconds: 0.5 };
  const event = (fields: object) =>
    JSON.stringify({ index: 0, worker: "w1", ...fields });
  assert.deepEqual(readJobEvent(event({ type: "probe", probe }), 1), {
    type: "probe",
    index: 0,
    worker: "w1",
    probe,
  });
  for (
    const text of [
      "null",
      "[]",
      "7",
      event({ type: "probe", probe: { ...probe, lower: "x" } }),
      event({ type: "probe", probe: { ...probe, seconds: -1 } }),
      event({ type: "probe" }),
      event({ type: "start", delivery: 0 }),
      event({ type: "start", delivery: "1" }),
      event({ type: "game", index: 1 }),
      event({ type: "game", index: -1 }),
      event({ type: "game", index: 0.5 }),
      event({ type: "game", worker: "w\u001b[2J" }),
      event({ type: "game", worker: "" }),
      event({ type: "game", worker: "w".repeat(201) }),
      event({ type: "refused", workerCode: "a" }),
      event({ type: "refused", workerCode: "a", jobCode: "b\u0007" }),
      event({ type: "other" }),
    ]
  ) assert.equal(readJobEvent(text, 1), null, text);
});

const SOLVE: SolveTask = {
  kind: "solve",
  moves: "4453",
  weak: false,
  megabytes: 1,
  threads: 1,
  maxNodes: null,
  timeMs: null,
};
const SOLVED = {
  moves: "4453",
  lower: 2,
  upper: 2,
  nodes: 1000,
  seconds: 0.01,
  stopReason: null,
};

Deno.test("recordsProblem: a solve job's one record, its position, bounds and counts", () => {
  assert.equal(recordsProblem(SOLVE, [SOLVED]), null);
  assert.equal(
    recordsProblem({ ...SOLVE, weak: true }, [{
      ...SOLVED,
      lower: 1,
      upper: 1,
    }]),
    null,
  );
  const problems: [unknown[], RegExp][] = [
    [[], /^1 record expected, got 0$/],
    [[SOLVED, SOLVED], /^1 record expected, got 2$/],
    [[null], /^record 0 is not an object$/],
    [[{ ...SOLVED, moves: "44" }], /moves is not the job's 4453/],
    [[{ ...SOLVED, lower: 3 }], /lower must not exceed upper/],
    [[{ ...SOLVED, upper: 22 }], /upper must be an integer in -21…21/],
    [[{ ...SOLVED, nodes: -1 }], /nodes must be a non-negative integer/],
    [[{ ...SOLVED, seconds: NaN }], /seconds must be a non-negative number/],
    [[{ ...SOLVED, stopReason: "x" }], /stopReason must be null/],
  ];
  for (const [records, problem] of problems) {
    assert.match(recordsProblem(SOLVE, records)!, problem);
  }
  assert.match(
    recordsProblem({ ...SOLVE, weak: true }, [{ ...SOLVED, lower: -2 }])!,
    /lower must be an integer in -1…1/,
  );
});

Deno.test("recordsProblem: a games job's records answer each of its rounds once", () => {
  const games = scheduleRoundRobin(2, 1, { gamesPerPair: 4 }).slice(1, 3);
  const task: SprtBatch = {
    kind: "games",
    game: "tic-tac-toe",
    players: [],
    openings: ["."],
    games,
  };
  const record = (round: number) => ({
    round,
    opening: ".",
    seats: [0, 1],
    players: ["a", "b"],
    moves: [4],
    result: "1/2-1/2",
    nodes: [1, 2],
    seed: 1,
  });
  const [first, second] = games.map((game) => game.round);
  assert.equal(recordsProblem(task, [record(first!), record(second!)]), null);
  assert.match(
    recordsProblem(task, [record(first!), record(first!)])!,
    /^record 1: round is not one of the job's games, or repeats one$/,
  );
  assert.match(recordsProblem(task, [record(first!)])!, /^2 records expected/);
  assert.match(
    recordsProblem(task, [record(first!), {
      ...record(second!),
      result: "1-1",
    }])!,
    /^record 1: result must be/,
  );
});

Deno.test("judgeResult: with the run's tasks, a result whose records do not answer its job is refused as malformed", () => {
  const stored = (records: unknown[]) =>
    new TextEncoder().encode(JSON.stringify({
      run: "r",
      index: 0,
      digest: "ab",
      code: "c",
      worker: "w",
      ms: 1,
      delivery: 1,
      outcome: { ok: true, records },
    }));
  const tasks: Task[] = [SOLVE];
  assert.equal(
    judgeResult("r.0", stored([SOLVED]), "r", ["ab"], "c", tasks).ok,
    true,
  );
  const forged = judgeResult("r.0", stored([]), "r", ["ab"], "c", tasks);
  assert.equal(forged.ok, false);
  assert.deepEqual(forged.ok ? null : [forged.reason, forged.error], [
    "result-malformed",
    "the result stored under r.0 holds records that do not answer job r.0: 1 record expected, got 0",
  ]);
});

Deno.test("judgeResult: a worker's name or code the publisher would print with control characters, a negative ms and a delivery below 1 are refused as malformed", () => {
  const stored = (fields: object) =>
    new TextEncoder().encode(JSON.stringify({
      run: "r",
      index: 0,
      digest: "ab",
      code: "c",
      worker: "w",
      ms: 1,
      delivery: 1,
      outcome: { ok: false, error: "boom" },
      ...fields,
    }));
  assert.equal(judgeResult("r.0", stored({}), "r", ["ab"], "c").ok, true);
  for (
    const fields of [
      { worker: "w\nmatch: all games won" },
      { worker: "\u001b[2J" },
      { worker: "" },
      { worker: "w".repeat(201) },
      { code: "c\u009b" },
      { ms: -1 },
      { delivery: 0 },
      { delivery: -3 },
    ]
  ) {
    const verdict = judgeResult("r.0", stored(fields), "r", ["ab"], "c");
    assert.equal(
      verdict.ok ? "taken" : verdict.reason,
      "result-malformed",
      JSON.stringify(fields),
    );
  }
});
