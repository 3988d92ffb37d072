// The "solve" job kind (issue #18: `deno task openings --nats URL`): its
// checks, its runner against a local solve, the plan the command sends, and
// the command over a real nats-server (127.0.0.1, a free port, a temporary
// store) with real worker processes: a worker SIGKILLed mid-solve, its job
// redelivered and stored once, the file equal to the local run's but for
// the seconds; a job of another code version reported, never run; a bad
// --nats one line and exit 2. Every process started here is killed in
// `finally`.
import assert from "node:assert/strict";
import fc from "fast-check";
import { assertCleanFailure, cliPath, runCli } from "./_cli.ts";
import { Child, CLOSED_ADDRESS, Server, worker } from "./_nats.ts";
import { JobHold } from "./_nats_hold.ts";
import { lacks } from "./_programs.ts";
import {
  decodeJob,
  encodeJob,
  type Job,
  JOB_FORMAT,
  MAX_SOLVE_JOB_MS,
  type SolveRecord,
  type SolveTask,
  type Task,
} from "../src/jobs/job.ts";
import { closeTaskRunner, runTask } from "../src/jobs/run.ts";
import { type Jobs, openJobs, runJobs } from "../src/jobs/nats.ts";
import { ConnectFour, ConnectFourSolver } from "../mod.ts";
import {
  bookPlan,
  openingsPlan,
  solveBook,
} from "../src/course/connect_four/openings.ts";
import { mirrorMoves } from "../src/course/connect_four/first_moves.ts";

const options = { sanitizeOps: false, sanitizeResources: false };

const TASK: SolveTask = {
  kind: "solve",
  moves: "44433322",
  weak: false,
  megabytes: 16,
  threads: 1,
  maxNodes: 50_000,
  timeMs: null,
};

const bytes = (value: unknown) =>
  new TextEncoder().encode(JSON.stringify(value));
const job = (task: unknown): Job =>
  ({ format: JOB_FORMAT, run: "r", index: 0, code: "abc", task }) as Job;

Deno.test("solve jobs: decodeJob takes a solve task and names each broken field", () => {
  assert.deepEqual(decodeJob(encodeJob(job(TASK))), job(TASK));
  assert.deepEqual(
    decodeJob(encodeJob(job({ ...TASK, moves: "", maxNodes: null, timeMs: 5 })))
      .task,
    { ...TASK, moves: "", maxNodes: null, timeMs: 5 },
  );
  const cases: [Record<string, unknown>, RegExp][] = [
    [
      { moves: "4480" },
      /task\.moves must be 0…41 column digits 1-7, got "4480"/,
    ],
    [{ moves: 44 }, /task\.moves must be 0…41 column digits 1-7, got 44/],
    [{ moves: "1111111" }, /decodeJob: task\.moves: /],
    [{ moves: "4455667" }, /task\.moves must be an unfinished position/],
    [{ weak: "no" }, /task\.weak must be true or false, got "no"/],
    [{ megabytes: 0 }, /task\.megabytes must be an integer in 1…4096, got 0/],
    [{ threads: 65 }, /task\.threads must be an integer in 1…64, got 65/],
    [{ maxNodes: -1 }, /task\.maxNodes must be an integer in 0…/],
    [{ timeMs: 1.5 }, /task\.timeMs must be an integer in 0…/],
    // Its worker keeps a job alive while it runs: a solve must have a budget.
    [
      { maxNodes: null },
      /task\.maxNodes must be a node budget when task\.timeMs is null .*got null/,
    ],
    [{ timeMs: 43_200_001 }, /task\.timeMs must be an integer in 0…43200000/],
    [{ kind: "solved" }, /task\.kind must be "games", "chess" or "solve"/],
  ];
  for (const [change, message] of cases) {
    assert.throws(
      () => decodeJob(bytes(job({ ...TASK, ...change }))),
      (error: Error) =>
        error.name === "JobError" && message.test(error.message),
      JSON.stringify(change),
    );
  }
});

/** Legal unfinished move strings of 20…36 stones, from column choices. */
const positions = fc.array(fc.integer({ min: 1, max: 7 }), {
  minLength: 60,
  maxLength: 120,
}).chain((columns) =>
  fc.integer({ min: 20, max: 36 }).map((stones) => {
    let moves = "";
    for (const column of columns) {
      if (moves.length === stones) break;
      try {
        if (!ConnectFour.parse(moves + column).isTerminal()) moves += column;
      } catch {
        // A full column: try the next.
      }
    }
    return moves;
  })
);

Deno.test("solve jobs: runTask gives the local solver's bounds and, on one thread, its nodes (fast-check)", async () => {
  const solver = new ConnectFourSolver({ megabytes: 16, threads: 1 });
  try {
    await fc.assert(
      fc.asyncProperty(
        positions,
        fc.constantFrom(null, 2_000, 200_000),
        fc.boolean(),
        async (moves, maxNodes, weak) => {
          // Without a node budget, the time budget solveOverNats gives
          // (a job must have one), which a solve of seconds never reaches.
          const timeMs = maxNodes === null ? MAX_SOLVE_JOB_MS : null;
          const task: SolveTask = { ...TASK, moves, maxNodes, timeMs, weak };
          const decoded = decodeJob(encodeJob(job(task))).task;
          const outcome = await runTask(decoded);
          assert.ok(outcome.ok, JSON.stringify(outcome));
          const [record] = outcome.records as SolveRecord[];
          const local = solver.solve(ConnectFour.parse(moves), {
            weak,
            ...(maxNodes === null ? {} : { maxNodes }),
          });
          assert.deepEqual(
            { ...record!, seconds: 0 },
            {
              moves,
              lower: local.lower,
              upper: local.upper,
              nodes: local.nodes,
              seconds: 0,
              stopReason: local.stopReason,
            },
          );
        },
      ),
      { seed: 1, numRuns: 25 },
    );
  } finally {
    solver.close();
    closeTaskRunner();
  }
});

Deno.test("solve jobs: a stopped solve job gives its job back (rejects) and the next one runs", async () => {
  const stop = new AbortController();
  const long = runTask({ ...TASK, moves: "4", maxNodes: null }, {
    signal: stop.signal,
  });
  setTimeout(() => stop.abort(), 300);
  await assert.rejects(long, /runTask: stopped/);
  const probes: number[] = [];
  const next = await runTask(TASK, { onProbe: (p) => probes.push(p.probe) });
  closeTaskRunner();
  assert.ok(next.ok);
  assert.ok(probes.length >= 1, "probes are reported");
});

Deno.test("solve jobs: the plan the command sends is the local run's order, and the book's plan covers the 49 positions", () => {
  const solver = new ConnectFourSolver({ megabytes: 1, threads: 1 });
  const seen: { moves: string; mirrorOf: string | null }[] = [];
  try {
    // A budget of 0 nodes: every solve stops at once; only the order counts.
    solveBook(
      solver,
      undefined,
      () => {},
      (line) => seen.push({ moves: line.moves, mirrorOf: line.mirrorOf }),
      0,
    );
  } finally {
    solver.close();
  }
  const plan = bookPlan();
  assert.deepEqual(plan, seen);
  const all = [];
  for (let a = 1; a <= 7; a++) {
    for (let b = 1; b <= 7; b++) all.push(`${a}${b}`);
  }
  assert.deepEqual(plan.map((l) => l.moves).sort(), all);
  assert.equal(plan.filter((l) => l.mirrorOf === null).length, 25);
  for (const line of plan) {
    if (line.mirrorOf === null) continue;
    assert.equal(line.mirrorOf, mirrorMoves(line.moves), line.moves);
    // A mirror copies a line planned (and so reported) before it.
    assert.ok(
      plan.findIndex((l) => l.moves === line.mirrorOf) <
        plan.indexOf(line),
    );
  }
  // A symmetric start: 5, 6, 7 copy 3, 2, 1; a full column is left out.
  assert.deepEqual(
    openingsPlan("444444").map((l) => `${l.moves}:${l.mirrorOf}`),
    [
      "4444443:null",
      "4444445:4444443",
      "4444442:null",
      "4444446:4444442",
      "4444441:null",
      "4444447:4444441",
    ],
  );
});

// --- over a real server ---------------------------------------------------

/** A file or stdout of openings with what is not deterministic masked: the seconds and the day. */
function masked(text: string): string {
  return text
    .replace(/^(\d+ -?\d+(?:\.\.-?\d+)? \d+) \d+\.\d\b/gm, "$1 S")
    .replace(/begun \d{4}-\d\d-\d\d/, "begun D")
    .replace(/ \d+ s in all/, " N s in all");
}

// Small enough for CI: 7 solves of at most 3 M nodes (a fraction of a
// second each; 44332 and 44335 take 1 node).
const RUN = [
  "--after",
  "4433",
  "--threads",
  "1",
  "--megabytes",
  "16",
  "--max-nodes",
  "3000000",
];

Deno.test(
  "solve jobs: openings --nats with a worker SIGKILLed mid-solve writes the local run's file and lines (seconds aside), each solve stored once",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    const dir = Deno.makeTempDirSync({ prefix: "gts_openings_" });
    const children: Child[] = [];
    let jobs: Jobs | null = null;
    let hold: JobHold | null = null;
    try {
      await server.start();
      // w1 behind a proxy that keeps its acks and results from the server:
      // a solve may end before the kill comes, and must not be stored.
      hold = new JobHold(server.port);
      const w1 = worker(hold.url, "w1");
      const w2 = worker(server.url, "w2");
      children.push(w1, w2);
      await w1.waitFor(/serving/);
      await w2.waitFor(/serving/);
      const local = await runCli("openings.ts", [
        ...RUN,
        "--out",
        `${dir}/local.txt`,
      ]);
      assert.equal(local.code, 0, local.stderr);
      const command = new Child(Deno.execPath(), [
        "run",
        "--quiet",
        "-A",
        cliPath("openings.ts"),
        ...RUN,
        "--out",
        `${dir}/remote.txt`,
        "--nats",
        server.url,
      ]);
      children.push(command);
      // Killed in its first solve: that job must be solved again elsewhere.
      const first = await w1.waitFor(/job (\w+)\.(\d+): solve 4433\d/);
      await w1.kill("SIGKILL");
      const w3 = worker(server.url, "w3");
      children.push(w3);
      const status = await command.done;
      assert.equal(status.code, 0, command.stderr);
      assert.equal(
        masked(Deno.readTextFileSync(`${dir}/remote.txt`)),
        masked(Deno.readTextFileSync(`${dir}/local.txt`)),
      );
      assert.equal(masked(command.stdout), masked(local.stdout));
      assert.equal(command.stdout.trim().split("\n").length, 7);
      // The header records the work, not where it ran nor where it went.
      assert.match(
        Deno.readTextFileSync(`${dir}/remote.txt`),
        /^# {3}deno task openings --after 4433 --threads 1 --megabytes 16 --max-nodes 3000000 {3}\(1 thread, table up to 16 MiB/m,
      );
      assert.match(
        command.stderr,
        /openings: jobs 0 queued, 0 running, 7\/7 done, [1-9]\d* redelivered; solves 7\/7/,
      );
      assert.match(
        command.stderr,
        /4433\d: probe -?\d+: score in .* on worker w/,
      );
      const killed = new RegExp(`job ${first[1]}\\.${first[2]}: done`);
      assert.match(w2.stderr + w3.stderr, killed);
      // Stored once per job, whichever workers played it.
      jobs = await openJobs(server.url, { name: "test" });
      const keys = [];
      for await (const key of await jobs.results.keys(`${first[1]}.*`)) {
        keys.push(key);
      }
      assert.deepEqual(
        keys.sort(),
        [0, 1, 2, 3, 4, 5, 6].map((i) => `${first[1]}.${i}`).sort(),
      );
    } finally {
      await jobs?.close().catch(() => {});
      await Promise.all(children.map((c) => c.kill()));
      hold?.close();
      await server.dispose();
      Deno.removeSync(dir, { recursive: true });
    }
  },
);

Deno.test(
  "solve jobs: a solve job of another code version never reaches a worker, which reports its run; a bad --nats is one line and exit 2",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const closed = CLOSED_ADDRESS;
    for (
      const [args, message] of [
        [
          ["--nats", closed],
          /^openings: cannot connect to the NATS server at nats:\/\/127\.0\.0\.1:\d+: /,
        ],
        [
          ["--nats", "http://x:1"],
          /^openings: --nats: "http:\/\/x:1" is not a NATS server address/,
        ],
        [["--nats", ""], /^openings: --nats needs a server address, got ""/],
      ] as const
    ) {
      const run = await runCli("openings.ts", ["--after", "4433", ...args], {
        timeoutMs: 60_000,
      });
      assertCleanFailure(run, message, args.join(" "));
      assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
      assert.equal(run.stdout, "");
    }
    const server = new Server();
    let jobs: Jobs | null = null;
    const children: Child[] = [];
    try {
      await server.start(false);
      const run = await runCli("openings.ts", [
        "--after",
        "4433",
        "--nats",
        server.url,
      ]);
      assertCleanFailure(
        run,
        /^openings: the NATS server at .* has no JetStream .*: start it with -js -sd DIR/,
        "a server without JetStream",
      );
      await server.child!.kill();
      await server.start();
      const w = worker(server.url, "w");
      children.push(w);
      await w.waitFor(/serving/);
      jobs = await openJobs(server.url, { name: "test" });
      const refusals: string[] = [];
      const stop = new AbortController();
      const task: Task = TASK;
      await assert.rejects(
        runJobs(jobs, [task], {
          code: "0123456789abcdef",
          run: "othersolve",
          onRefusal: (line) => {
            refusals.push(line);
            stop.abort();
          },
          signal: stop.signal,
        }),
        /runJobs: stopped/,
      );
      assert.match(
        refusals[0]!,
        /worker w refused the run's jobs: it runs code version [0-9a-f]{16}, this run needs 0123456789abcdef/,
      );
      assert.equal(await jobs.results.get("othersolve.0"), null);
      assert.doesNotMatch(w.stderr, /job othersolve\.0: solve/);
    } finally {
      await jobs?.close().catch(() => {});
      await Promise.all(children.map((c) => c.kill()));
      await server.dispose();
    }
  },
);
