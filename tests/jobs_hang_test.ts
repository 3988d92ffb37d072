// The job runner's faults that used to hang or waste work (issue 23, item
// 3), on a real nats-server and real processes: a command whose server
// dies for good names it and exits 2 after --nats-unreachable; a command
// stopped while its server is down says that its queued jobs could not be
// cancelled; a worker stopped while it holds a result it cannot store
// exits at once and its job is played by another; the ack wait is one
// setting of the server's consumer, which every worker follows and none
// changes. Verdicts are counts and outcomes; the waits are generous
// bounds against a hang.
import assert from "node:assert/strict";
import { assertCleanFailure, assertNoStackTrace, runCli } from "./_cli.ts";
import { lacks } from "./_programs.ts";
import { Child, cleanUp, command, Server, within, worker } from "./_nats.ts";
import {
  CONSUMER_MAX_DELIVER,
  consumerName,
  DEAD_STREAM,
  type Jobs,
  JOBS_STREAM,
  MAX_JOB_DELIVERIES,
  openJobs,
  runJobs,
  serveJobs,
} from "../src/jobs/nats.ts";
import { codeVersion, type SolveTask, type Task } from "../src/jobs/job.ts";

const options = { sanitizeOps: false, sanitizeResources: false };

/** Two jobs of two games; nobody plays them unless a worker is started. */
const MATCH = ["--a", "ours:depth=1", "--b", "ours:depth=2", "--games", "4"];

/** A solve of the empty board stopped by its time budget: a job of about `ms`. */
const solveFor = (ms: number): SolveTask => ({
  kind: "solve",
  moves: "",
  weak: true,
  megabytes: 16,
  threads: 1,
  maxNodes: null,
  timeMs: ms,
});

const progressLines = (text: string) =>
  text.split("\n").filter((line) => line.startsWith("match: jobs:"));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

async function keys(jobs: Jobs, filter: string): Promise<string[]> {
  const found = [];
  for await (const key of await jobs.results.keys(filter)) found.push(key);
  return found;
}

/** The runs marked cancelled (the bucket `gts_cancelled`, keyed by run). */
async function cancelledRuns(jobs: Jobs): Promise<string[]> {
  const found = [];
  for await (const key of await jobs.cancelled.keys()) found.push(key);
  return found;
}

Deno.test(
  "publisher: --nats-unreachable is on every --nats command, its default in --help, a bad value named, given twice refused",
  options,
  async () => {
    const commands: [string, string[], string][] = [
      ["match.ts", MATCH, "match"],
      ["strength.ts", [], "strength"],
      ["openings.ts", ["--after", "4433"], "openings"],
      ["atlas_elo.ts", [], "atlas-elo"],
    ];
    for (const [file, args, name] of commands) {
      const help = await runCli(file, ["--help"]);
      assert.equal(help.code, 0, help.stderr);
      assert.match(
        help.stdout,
        /--nats-unreachable SECONDS\b(?:(?!\n\s*-)[\s\S])*default 60\b/,
        `${file} --help`,
      );
      const zero = await runCli(file, [
        ...args,
        "--nats",
        "127.0.0.1:1",
        "--nats-unreachable",
        "0",
      ]);
      assertCleanFailure(
        zero,
        new RegExp(
          `^${name}: --nats-unreachable must be an integer in 1…86400 \\(seconds\\), got "0"`,
          "m",
        ),
        `${file} --nats-unreachable 0`,
      );
      const alone = await runCli(file, [...args, "--nats-unreachable", "5"]);
      assertCleanFailure(
        alone,
        new RegExp(`^${name}: --nats-unreachable goes with --nats`, "m"),
        `${file} --nats-unreachable without --nats`,
      );
      // The rule of every command (cli/_flags.ts); an unknown flag last
      // stops a parser that let the repeat pass before any work.
      const twice = await runCli(file, [
        ...args,
        "--nats",
        "127.0.0.1:1",
        "--nats-unreachable",
        "5",
        "--nats-unreachable",
        "6",
        "--no-such-flag",
      ]);
      assertCleanFailure(
        twice,
        new RegExp(`^${name}: --nats-unreachable is given twice`, "m"),
        `${file} --nats-unreachable twice`,
      );
    }
  },
);

Deno.test(
  "publisher: a server that dies for good is named, the command exits 2 after --nats-unreachable; the progress says so and never repeats a line",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    const children: (Child | null)[] = [];
    try {
      await server.start();
      const match = command("match.ts", [
        ...MATCH,
        "--nats",
        server.url,
        "--nats-unreachable",
        "3",
      ]);
      children.push(match);
      await match.waitFor(/match: jobs: jobs 2 queued/);
      const before = match.stderr.length;
      await server.stop("SIGKILL");
      const killed = performance.now();
      const status = await within(match.done, 90_000, "match, its server dead");
      console.log(
        `match ended ${
          Math.round(performance.now() - killed)
        } ms after its server died (--nats-unreachable 3)`,
      );
      assert.equal(status.code, 2, match.stderr);
      assertNoStackTrace(match.stderr, "match, its server dead");
      assert.match(
        match.stderr,
        new RegExp(
          `^match: .*the job server at ${
            escaped(server.url)
          } has been unreachable for 3 s`,
          "m",
        ),
      );
      // Said once, and then only when it changes: never the same line twice.
      const lines = progressLines(match.stderr);
      for (let i = 1; i < lines.length; i++) {
        assert.notEqual(lines[i], lines[i - 1], match.stderr);
      }
      const after = progressLines(match.stderr.slice(before));
      assert.ok(after.length >= 1, match.stderr);
      for (const line of after) {
        assert.match(
          line,
          new RegExp(`the job server at ${escaped(server.url)} is unreachable`),
        );
      }
    } finally {
      await cleanUp(children, null, server);
    }
  },
);

Deno.test(
  "publisher: stopped while its server is up, its queued jobs are cancelled; while it is down, it says they could not be, and they stay queued",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    const children: (Child | null)[] = [];
    let jobs: Jobs | null = null;
    try {
      await server.start();
      const up = command("match.ts", [...MATCH, "--nats", server.url]);
      children.push(up);
      await up.waitFor(/match: jobs: jobs 2 queued/);
      up.process.kill("SIGTERM");
      assert.equal((await within(up.done, 60_000, "match")).code, 143);
      assert.match(up.stderr, /the run's queued jobs are dropped/);
      jobs = await openJobs(server.url, { name: "test" });
      assert.equal((await cancelledRuns(jobs)).length, 1);
      await jobs.close();
      jobs = null;

      const down = command("match.ts", [...MATCH, "--nats", server.url]);
      children.push(down);
      await down.waitFor(/match: jobs: jobs 2 queued/);
      await server.stop("SIGKILL");
      down.process.kill("SIGTERM");
      const signalled = performance.now();
      const status = await within(down.done, 60_000, "match, server down");
      console.log(
        `match ended ${
          Math.round(performance.now() - signalled)
        } ms after SIGTERM, its server down`,
      );
      assert.equal(status.code, 143, down.stderr);
      assertNoStackTrace(down.stderr, "match, server down");
      assert.match(
        down.stderr,
        /match: stopped by SIGTERM .*; could not cancel the run's queued jobs \(.+\): workers will still play them/,
      );
      assert.doesNotMatch(down.stderr, /dropped/);
      // True to its word: the second run's jobs are queued, not cancelled.
      await server.start();
      jobs = await openJobs(server.url, { name: "test" });
      assert.equal((await cancelledRuns(jobs)).length, 1);
      const queue = await jobs.jsm.streams.info(JOBS_STREAM);
      assert.equal(queue.state.messages, 2 + 2, "both runs' jobs are queued");
    } finally {
      await cleanUp(children, jobs, server);
    }
  },
);

Deno.test(
  "openings and strength over NATS: SIGINT and SIGTERM stop the run, drop its queued jobs and exit 130 and 143 with one line",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    const children: (Child | null)[] = [];
    try {
      await server.start();
      const runs: [string, string[], RegExp, Deno.Signal, number, RegExp][] = [
        [
          "openings.ts",
          ["--after", "4433"],
          /openings: \d+ solves as jobs/,
          "SIGINT",
          130,
          /^openings: stopped by SIGINT after 0 of \d+ solves; the run's queued jobs are dropped$/m,
        ],
        [
          "strength.ts",
          [],
          /jobs: jobs \d+ queued/,
          "SIGTERM",
          143,
          /^strength: stopped by SIGTERM; the run's queued jobs are dropped$/m,
        ],
      ];
      for (const [file, args, queued, signal, code, said] of runs) {
        const run = command(file, [...args, "--nats", server.url]);
        children.push(run);
        // No worker: the jobs wait in the queue until the signal.
        await run.waitFor(queued);
        run.process.kill(signal);
        const status = await within(run.done, 60_000, file);
        assert.equal(status.code, code, run.stderr);
        assertNoStackTrace(run.stderr, file);
        assert.match(run.stderr, said);
      }
      const jobs = await openJobs(server.url, { name: "test" });
      try {
        assert.equal((await cancelledRuns(jobs)).length, 2);
      } finally {
        await jobs.close();
      }
    } finally {
      await cleanUp(children, null, server);
    }
  },
);

Deno.test(
  "worker: SIGTERM while it holds a result it cannot store (server down) ends it at once; the job is played again by another worker",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    const children: (Child | null)[] = [];
    let jobs: Jobs | null = null;
    try {
      await server.start();
      const w1 = worker(server.url, "w1");
      children.push(w1);
      await w1.waitFor(/serving/);
      jobs = await openJobs(server.url, { name: "test" });
      const running = runJobs(jobs, [solveFor(4000)], {
        code: await codeVersion(),
        run: "unstored",
      });
      running.catch(() => {});
      await w1.waitFor(/job unstored\.0: solve/);
      await server.stop("SIGKILL");
      await w1.waitFor(/job unstored\.0: cannot store the result yet/);
      w1.process.kill("SIGTERM");
      const signalled = performance.now();
      const status = await within(w1.done, 30_000, "w1 after SIGTERM");
      console.log(
        `w1 ended ${
          Math.round(performance.now() - signalled)
        } ms after SIGTERM`,
      );
      assert.equal(status.code, 0, w1.text);
      assertNoStackTrace(w1.text, "w1");
      assert.doesNotMatch(w1.text, /job unstored\.0: done/);
      // Not acknowledged: once the server is back, it comes to another worker.
      await server.start();
      const w2 = worker(server.url, "w2");
      children.push(w2);
      const [result] = await within(running, 120_000, "the run");
      assert.equal(result!.worker, "w2");
      assert.ok(result!.delivery >= 2, `delivery ${result!.delivery}`);
      assert.deepEqual(await keys(jobs, "unstored.*"), ["unstored.0"]);
    } finally {
      await cleanUp(children, jobs, server);
    }
  },
);

Deno.test(
  "worker: a result it cannot store is retried for its patience, then left to come back; the worker goes on",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    let publisher: Jobs | null = null;
    let here: Jobs | null = null;
    const stopRun = new AbortController();
    try {
      await server.start();
      publisher = await openJobs(server.url, { name: "test publisher" });
      here = await openJobs(server.url, { name: "test worker" });
      const lines: string[] = [];
      const stop = new AbortController();
      const serving = serveJobs(here, {
        worker: "here",
        code: await codeVersion(),
        storePatienceMs: 3000,
        signal: stop.signal,
        log: (line) => {
          lines.push(line);
          if (/left to be delivered again/.test(line)) stop.abort();
        },
      });
      runJobs(publisher, [solveFor(3000)], {
        code: await codeVersion(),
        run: "patience",
        signal: stopRun.signal,
      }).catch(() => {});
      const started = performance.now();
      while (!lines.some((line) => /job patience\.0: solve/.test(line))) {
        assert.ok(performance.now() - started < 60_000, lines.join("\n"));
        await new Promise((r) => setTimeout(r, 20));
      }
      await server.stop("SIGKILL");
      const summary = await within(serving, 90_000, "serveJobs");
      assert.equal(summary.done, 0, lines.join("\n"));
      assert.match(
        lines.join("\n"),
        /a job was left to be delivered again: its result could not be stored for 3 s/,
      );
    } finally {
      stopRun.abort();
      await publisher?.close().catch(() => {});
      await here?.close().catch(() => {});
      await server.dispose();
    }
  },
);

Deno.test(
  "ack wait: a worker heartbeats by the consumer's ack wait, read from the server: a job longer than it is played once",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    const children: (Child | null)[] = [];
    let jobs: Jobs | null = null;
    try {
      await server.start();
      await server.setAckWait(30);
      const w1 = worker(server.url, "w1");
      const w2 = worker(server.url, "w2");
      children.push(w1, w2);
      await w1.waitFor(/serving/);
      await w2.waitFor(/serving/);
      // Lowered once the workers run: they follow it from their next job.
      await server.setAckWait(3);
      jobs = await openJobs(server.url, { name: "test" });
      const [result] = await within(
        runJobs(jobs, [solveFor(7000)], {
          code: await codeVersion(),
          run: "long",
        }),
        120_000,
        "the run",
      );
      const starts = (w1.text + w2.text).match(/job long\.0: solve/g) ?? [];
      assert.equal(starts.length, 1, w1.text + w2.text);
      assert.equal(result!.delivery, 1);
      assert.ok(result!.ms > 3000, `the job took ${result!.ms} ms`);
      assert.equal(await server.ackWait(), 3);
    } finally {
      await cleanUp(children, jobs, server);
    }
  },
);

Deno.test(
  "ack wait: no worker changes it (--ack-wait is refused, saying where it is set); the operator's --set-ack-wait sets it for all",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    try {
      await server.start();
      await server.setAckWait(3);
      const refused = await runCli("worker.ts", [
        "--nats",
        server.url,
        "--ack-wait",
        "30",
      ], { timeoutMs: 60_000 });
      assertCleanFailure(
        refused,
        /^worker: --ack-wait is not a worker's setting: .*deno task worker --nats URL --set-ack-wait SECONDS/,
        "worker --ack-wait",
      );
      assert.equal(await server.ackWait(), 3);
      const set = await runCli("worker.ts", [
        "--nats",
        server.url,
        "--set-ack-wait",
        "5",
      ], { timeoutMs: 60_000 });
      assert.equal(set.code, 0, set.stderr);
      assert.match(
        set.stdout,
        new RegExp(
          `^worker: the ack wait of the workers on ${
            escaped(server.url)
          } is now 5 s \\(it was 3 s\\)`,
        ),
      );
      assert.equal(await server.ackWait(), 5);
      for (
        const [args, message] of [
          [
            ["--set-ack-wait", "0"],
            /--set-ack-wait must be an integer in 1…3600, got "0"/,
          ],
          [
            ["--set-ack-wait", "5", "--set-ack-wait", "6"],
            /^worker: --set-ack-wait is given twice \("5" and "6"\)/,
          ],
          [
            ["--set-ack-wait", "5", "--engine", "x=/bin/true"],
            /--set-ack-wait sets the server's ack wait and exits: it takes --nats and the server's security flags only/,
          ],
          [
            ["--set-ack-wait", "5", "--max-jobs", "1"],
            /--set-ack-wait sets the server's ack wait and exits: it takes --nats and the server's security flags only/,
          ],
        ] as const
      ) {
        const run = await runCli("worker.ts", ["--nats", server.url, ...args], {
          timeoutMs: 60_000,
        });
        assertCleanFailure(run, message, args.join(" "));
      }
      assert.equal(await server.ackWait(), 5);
    } finally {
      await server.dispose();
    }
  },
);

Deno.test(
  "deliveries: a job whose workers all go silent is delivered at most MAX_JOB_DELIVERIES times, then goes to the dead letters and fails its run",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    let jobs: Jobs | null = null;
    let here: Jobs | null = null;
    try {
      await server.start();
      // The ack wait of 1 s lets a silent delivery come back quickly.
      await server.setAckWait(1);
      jobs = await openJobs(server.url, { name: "test publisher" });
      const code = await codeVersion();
      const consumer = await jobs.jsm.consumers.info(
        JOBS_STREAM,
        consumerName(code),
      );
      assert.equal(MAX_JOB_DELIVERIES, 5);
      assert.equal(consumer.config.max_deliver, CONSUMER_MAX_DELIVER);
      assert.ok(CONSUMER_MAX_DELIVER > MAX_JOB_DELIVERIES);
      const task: Task = {
        kind: "games",
        game: "tic-tac-toe",
        players: [{ kind: "random", seed: 1 }, { kind: "random", seed: 2 }],
        openings: ["........."],
        games: [{ round: 0, opening: 0, seats: [0, 1], seed: 1 }],
      };
      const running = runJobs(jobs, [task], { code, run: "silent" });
      running.catch(() => {});
      // Workers that take the job and die: three fall silent past the ack
      // wait, two give it back; each delivery counts.
      const pull = await jobs.js.consumers.get(
        JOBS_STREAM,
        consumerName(code),
      );
      for (let delivery = 1; delivery <= MAX_JOB_DELIVERIES; delivery++) {
        const message = await pull.next({ expires: 10_000 });
        assert.ok(message !== null, `delivery ${delivery}`);
        assert.equal(message.info.deliveryCount, delivery);
        if (delivery > 3) message.nak();
      }
      // The next worker ends it without playing it.
      here = await openJobs(server.url, { name: "test worker" });
      const lines: string[] = [];
      const summary = await within(
        serveJobs(here, {
          worker: "last",
          code,
          maxJobs: 1,
          log: (line) => lines.push(line),
        }),
        60_000,
        "serveJobs",
      );
      assert.deepEqual(summary, { done: 0, skipped: 0, refused: 0, dead: 1 });
      const why =
        /job silent\.0 was delivered 5 times and never finished \(at most 5\): each time its worker went silent past the ack wait .* or gave it back .*; it is not delivered again/;
      assert.match(
        lines.join("\n"),
        /refused job silent\.0 \(dead letter, deliveries\)/,
      );
      assert.doesNotMatch(lines.join("\n"), /job silent\.0: 1 games/);
      // Its publisher hears it: the run fails with the line.
      await assert.rejects(
        within(running, 60_000, "the run"),
        (error: Error) => {
          assert.equal(error.name, "JobFailedError");
          assert.match(error.message, /^job 0 failed on worker last: /);
          assert.match(error.message, why);
          return true;
        },
      );
      const dead = await jobs.js.consumers.get(DEAD_STREAM);
      const letter = await dead.next({ expires: 5000 });
      assert.ok(letter !== null, "a dead letter");
      assert.equal(letter.subject, "gts.dead.deliveries");
      assert.equal(letter.headers?.get("Gts-Reason"), "deliveries");
      assert.equal(letter.headers?.get("Gts-Deliveries"), "5");
      assert.match(letter.headers?.get("Gts-Error") ?? "", why);
      const queue = await jobs.jsm.streams.info(JOBS_STREAM);
      assert.equal(queue.state.messages, 0, "the job is out of the queue");
    } finally {
      await jobs?.close().catch(() => {});
      await here?.close().catch(() => {});
      await server.dispose();
    }
  },
);
