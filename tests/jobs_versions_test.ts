// Jobs and the versions of the code, on a real nats-server: each version
// has its own consumer, so a worker of another version never receives a
// job and cannot use up its deliveries (JetStream counts a give-back as a
// delivery, and a mixed fleet once dead-lettered jobs that no worker of
// their version had failed); and a consumer an older program left with
// an unbounded max_deliver is set right by the current one. Verdicts are
// deliveries, configurations and outcomes; the waits are generous bounds
// against a hang.
import assert from "node:assert/strict";
import { connect } from "@nats-io/transport-node";
import { lacks } from "./_programs.ts";
import {
  addOlderJobsConsumer,
  Child,
  cleanUp,
  Server,
  within,
  worker,
} from "./_nats.ts";
import {
  CONSUMER_MAX_DELIVER,
  DEAD_STREAM,
  type Jobs,
  JOBS_STREAM,
  MAX_JOB_DELIVERIES,
  openJobs,
  runJobs,
  serveJobs,
} from "../src/jobs/nats.ts";
import { codeVersion, type JobResult, type Task } from "../src/jobs/job.ts";

const options = { sanitizeOps: false, sanitizeResources: false };

const task = (seed: number): Task => ({
  kind: "games",
  game: "tic-tac-toe",
  players: [{ kind: "random", seed }, { kind: "random", seed: seed + 1 }],
  openings: ["........."],
  games: [{ round: 0, opening: 0, seats: [0, 1], seed }],
});

/** Waits until `test` holds; fails after `ms`. */
async function until(test: () => boolean, ms: number, what: string) {
  const end = performance.now() + ms;
  while (!test()) {
    if (performance.now() > end) throw new Error(`${what}: not after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

Deno.test(
  "versions: a worker of another version never receives a job, however many of its own it plays meanwhile; the job's first delivery is to a worker of its version",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    let jobs: Jobs | null = null;
    const stopOther = new AbortController();
    let serving: Promise<unknown> | null = null;
    try {
      await server.start();
      // An ack wait of 1 s: a give-back came back within a second, so a
      // worker of another version used up a job's deliveries in seconds.
      await server.setAckWait(1);
      jobs = await openJobs(server.url, { name: "test" });
      const theirs = "0123456789abcdef";
      const ours = await codeVersion();
      assert.notEqual(theirs, ours);
      // Queued first, for a version no worker runs yet.
      const waiting = runJobs(jobs, [task(1)], { code: theirs, run: "mixed" });
      waiting.catch(() => {});

      // A worker of another version serves beside it.
      const lines: string[] = [];
      serving = serveJobs(jobs, {
        worker: "other",
        code: ours,
        signal: stopOther.signal,
        log: (line) => lines.push(line),
      });
      await until(
        () => lines.some((l) => /refused the jobs of run mixed/.test(l)),
        60_000,
        "the other version's worker reports the run",
      );
      // It plays more jobs of its own, queued after that one, than a job
      // may be delivered: each of its pulls passes the job by.
      for (let i = 0; i <= CONSUMER_MAX_DELIVER; i++) {
        const own: JobResult[] = await within(
          runJobs(jobs, [task(10 + i)], { code: ours, run: `own${i}` }),
          60_000,
          `own run ${i}`,
        );
        assert.equal(own[0]!.worker, "other");
        assert.ok(own[0]!.outcome.ok);
      }
      assert.ok(
        !lines.some((l) => /job mixed\.0/.test(l)),
        `the other version's worker never had the job:\n${lines.join("\n")}`,
      );
      assert.equal(
        lines.filter((l) => /refused the jobs of run mixed/.test(l)).length,
        1,
        "the run is reported once",
      );

      // A worker of its version plays it, at its first delivery.
      const ownLines: string[] = [];
      const theirWorker = serveJobs(jobs, {
        worker: "right",
        code: theirs,
        maxJobs: 1,
        log: (line) => ownLines.push(line),
      });
      const [result] = await within(waiting, 60_000, "the run");
      assert.equal(result!.worker, "right");
      assert.ok(result!.outcome.ok, JSON.stringify(result!.outcome));
      assert.equal(result!.delivery, 1);
      assert.deepEqual(await within(theirWorker, 60_000, "serveJobs"), {
        done: 1,
        skipped: 0,
        refused: 0,
        dead: 0,
      });
      const dead = await jobs.jsm.streams.info(DEAD_STREAM);
      assert.equal(dead.state.messages, 0, "no dead letter");
    } finally {
      stopOther.abort();
      await serving?.catch(() => {});
      await cleanUp([], jobs, server);
    }
  },
);

Deno.test(
  "versions: the consumers an older program created (one for all versions, max_deliver unbounded) are set right by the current worker: its own bounded, the old one narrowed to the old runs",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    // A server left as the older program made it: no setting by this one.
    const server = new Server(`jetstream { store_dir: "x" }\n`);
    const children: (Child | null)[] = [];
    let jobs: Jobs | null = null;
    try {
      await server.start();
      const code = await codeVersion();
      const nc = await connect({ servers: server.url });
      try {
        // The older program's one consumer, with no max_deliver (-1) and
        // the ack wait its operator set.
        const jsm = await addOlderJobsConsumer(nc, {
          durable_name: "workers",
          ack_wait: 7e9,
          filter_subject: "gts.jobs.>",
        });
        assert.equal(
          (await jsm.consumers.info(JOBS_STREAM, "workers")).config.max_deliver,
          -1,
        );
      } finally {
        await nc.close();
      }

      const w = worker(server.url, "w");
      children.push(w);
      await w.waitFor(/serving .*ack wait 7 s/);
      jobs = await openJobs(server.url, { name: "test" });
      const consumers = new Map<
        string,
        { filter?: string; maxDeliver?: number; ackWait?: number }
      >();
      for await (const info of jobs.jsm.consumers.list(JOBS_STREAM)) {
        consumers.set(info.name, {
          filter: info.config.filter_subject,
          maxDeliver: info.config.max_deliver,
          ackWait: info.config.ack_wait,
        });
      }
      assert.deepEqual(
        Object.fromEntries(consumers),
        {
          // The older runs' jobs (gts.jobs.<run>) only, and bounded.
          workers: {
            filter: "gts.jobs.*",
            maxDeliver: CONSUMER_MAX_DELIVER,
            ackWait: 7e9,
          },
          [`workers_${code}`]: {
            filter: `gts.jobs.${code}.>`,
            maxDeliver: CONSUMER_MAX_DELIVER,
            ackWait: 7e9,
          },
        },
      );
      const [result] = await within(
        runJobs(jobs, [task(1)], { code, run: "after" }),
        60_000,
        "the run",
      );
      assert.equal(result!.worker, "w");
      assert.ok(MAX_JOB_DELIVERIES < CONSUMER_MAX_DELIVER);
    } finally {
      await cleanUp(children, jobs, server);
    }
  },
);

Deno.test(
  "versions: a consumer of this version left with an unbounded max_deliver and a wrong filter is set right when the current publisher connects",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server(`jetstream { store_dir: "x" }\n`);
    let jobs: Jobs | null = null;
    try {
      await server.start();
      const code = await codeVersion();
      const name = `workers_${code}`;
      const nc = await connect({ servers: server.url });
      try {
        await addOlderJobsConsumer(nc, {
          durable_name: name,
          filter_subject: `gts.jobs.${code}.only-this-run`,
        });
      } finally {
        await nc.close();
      }
      jobs = await openJobs(server.url, { name: "test" });
      const info = await jobs.jsm.consumers.info(JOBS_STREAM, name);
      assert.equal(info.config.max_deliver, CONSUMER_MAX_DELIVER);
      assert.equal(info.config.filter_subject, `gts.jobs.${code}.>`);
    } finally {
      await cleanUp([], jobs, server);
    }
  },
);
