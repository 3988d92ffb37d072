// The security of the jobs (issue 23, item 1), on real nats-servers and
// real worker processes: a job names engines and never makes a worker run a
// program of its choice; the server of docs/distributed.md (users,
// per-user permissions, an nkey) refuses a client without credentials and a
// worker that publishes a job; results are tied to their jobs (forged ones
// go to the dead letters, the run ends with the genuine ones); a token and
// TLS work as NATS clients take them; no message prints a credential.
import assert from "node:assert/strict";
import { connect, nkeys } from "@nats-io/transport-node";
import { assertCleanFailure, runCli } from "./_cli.ts";
import { lacks, pathOf } from "./_programs.ts";
import {
  addOlderJobsConsumer,
  Child,
  cleanUp,
  Server,
  worker,
} from "./_nats.ts";
import {
  CONSUMER_MAX_DELIVER,
  consumerName,
  DEAD_STREAM,
  type Jobs,
  JOBS_STREAM,
  jobSubject,
  LEGACY_CONSUMER,
  LEGACY_FILTER,
  openJobs,
  runJobs,
} from "../src/jobs/nats.ts";
import { roundRobinOverNats } from "../src/jobs/remote.ts";
import {
  codeVersion,
  encodeJob,
  JOB_FORMAT,
  type JobResult,
  type Task,
} from "../src/jobs/job.ts";
import { runTask } from "../src/jobs/run.ts";
import { roundRobin } from "../src/match/tournament.ts";
import {
  createPlayer,
  parsePosition,
  type PlayerSpec,
} from "../src/players/player_spec.ts";

const options = { sanitizeOps: false, sanitizeResources: false };

const fixture = (name: string) =>
  new URL(`fixtures/engines/${name}`, import.meta.url).pathname;

/** The server configuration of docs/distributed.md, as written there. */
const CONFIG = /```conf\n([\s\S]*?)```/.exec(
  Deno.readTextFileSync(new URL("../docs/distributed.md", import.meta.url)),
)![1]!;

const SECRETS = {
  GTS_ADMIN_PASSWORD: "admin-secret-41",
  GTS_PUBLISHER_PASSWORD: "publisher-secret-42",
  GTS_WORKER_PASSWORD: "worker-secret-43",
};

/** The docs' server (plus `extra` configuration), a worker nkey made here, and the users' addresses. */
function securedServer(extra = "") {
  const pair = nkeys.createUser();
  const dir = Deno.makeTempDirSync({ prefix: "gts_nkey_" });
  const seedFile = `${dir}/worker.nk`;
  Deno.writeTextFileSync(seedFile, new TextDecoder().decode(pair.getSeed()));
  const server = new Server(CONFIG + extra, {
    ...SECRETS,
    GTS_WORKER_NKEY: pair.getPublicKey(),
  });
  const as = (user: "admin" | "publisher" | "worker", scheme = "nats") =>
    `${scheme}://${user}:${
      SECRETS[`GTS_${user.toUpperCase()}_PASSWORD` as keyof typeof SECRETS]
    }@127.0.0.1:${server.port}`;
  return { server, seedFile, dir, as };
}

const TINY: PlayerSpec[] = [
  { kind: "alpha-beta", depth: 2 },
  { kind: "random", seed: 4 },
];

function tinyTask(seed: number): Task {
  return {
    kind: "games",
    game: "tic-tac-toe",
    players: TINY,
    openings: ["........."],
    games: [{ round: 0, opening: 0, seats: [0, 1], seed }],
  };
}

/** Waits until `test` holds; fails after `ms`. */
async function until(test: () => boolean, ms: number, what: string) {
  const end = performance.now() + ms;
  while (!test()) {
    if (performance.now() > end) throw new Error(`${what}: not after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Dead letters `skip` + 1 … `skip` + `count` of the stream: reason, error and subject of each. */
async function deadLetters(jobs: Jobs, count: number, skip = 0) {
  const consumer = await jobs.js.consumers.get(DEAD_STREAM);
  const out = [];
  for (let i = 0; i < skip + count; i++) {
    const m = await consumer.next({ expires: 5000 });
    assert.ok(m !== null, `dead letter ${i + 1} of ${skip + count}`);
    if (i < skip) continue;
    out.push({
      reason: m.headers?.get("Gts-Reason") ?? "",
      error: m.headers?.get("Gts-Error") ?? "",
      subject: m.headers?.get("Gts-Subject") ?? "",
      engine: m.headers?.get("Gts-Engine") ?? "",
    });
  }
  return out;
}

Deno.test(
  "jobs security: a job never makes a worker run a program; an engine it lacks is a dead letter that fails the run; a configured one is played by name, as match --engine names it",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    let jobs: Jobs | null = null;
    const children: (Child | null)[] = [];
    const dir = Deno.makeTempDirSync({ prefix: "gts_engines_" });
    try {
      // A program that leaves a mark if anything ever starts it.
      const marker = `${dir}/marker.sh`;
      Deno.writeTextFileSync(marker, `#!/bin/sh\ntouch ${dir}/ran\n`);
      Deno.chmodSync(marker, 0o755);
      await server.start();
      const w = worker(server.url, "w", [
        "--engine",
        `fake=${fixture("illegal.sh")}`,
      ]);
      children.push(w);
      await w.waitFor(/serving .*engines: ours, fake=.*illegal\.sh/);
      jobs = await openJobs(server.url, { name: "test" });
      const code = await codeVersion();
      const ours = {
        engine: "ours",
        label: "ours",
        go: "depth 1",
        options: {},
      };
      const chess = (a: Record<string, unknown>) => ({
        run: "crafted",
        index: 0,
        code,
        task: {
          kind: "chess",
          a,
          b: ours,
          games: [{ number: 0, opening: { name: "e4", moves: ["e2e4"] } }],
          maxPlies: 10,
          headers: {},
          timeoutMs: 5000,
          handshakeTimeoutMs: 5000,
        },
      });
      const crafted = [
        // Format 1's program engine: the remote code execution of issue 23.
        {
          format: 1,
          ...chess({
            kind: "program",
            label: "x",
            program: marker,
            go: "depth 1",
            options: {},
          }),
        },
        {
          format: JOB_FORMAT,
          ...chess({ ...ours, engine: "ours", program: marker }),
        },
        { format: JOB_FORMAT, ...chess({ ...ours, engine: marker }) },
        { format: JOB_FORMAT, ...chess({ ...ours, engine: "../marker" }) },
      ];
      for (const job of crafted) {
        await jobs.js.publish(
          jobSubject(code, "crafted"),
          new TextEncoder().encode(JSON.stringify(job)),
        );
      }
      const refused = await deadLetters(jobs, crafted.length);
      assert.deepEqual(refused.map((d) => d.reason), [
        "format",
        "invalid",
        "invalid",
        "invalid",
      ]);
      assert.match(refused[1]!.error, /task.a.program must be absent/);
      assert.match(refused[2]!.error, /task.a.engine must be an engine's name/);

      // A job naming an engine the worker lacks: nothing starts, a dead
      // letter, and the run stops with the worker's line.
      const unknown = runJobs(jobs, [
        {
          kind: "chess",
          a: {
            engine: "marker",
            label: "marker:depth=1",
            go: "depth 1",
            options: {},
          },
          b: ours,
          games: [{ number: 0, opening: { name: "e4", moves: ["e2e4"] } }],
          maxPlies: 10,
          headers: {},
          timeoutMs: 5000,
          handshakeTimeoutMs: 5000,
        },
      ], { code, run: "unknownengine" });
      await assert.rejects(
        unknown,
        /job 0 failed on worker w: job unknownengine\.0 names engine "marker", which worker w does not have \(it has: ours, fake(, glaurung)?(, stockfish)?; start workers with --engine marker=PATH\)/,
      );
      const [dead] = await deadLetters(jobs, 1, crafted.length);
      assert.equal(dead!.reason, "unknown-engine");
      assert.equal(dead!.engine, "marker");
      await w.waitFor(
        /refused job unknownengine\.0 \(dead letter, unknown-engine\)/,
      );
      assert.throws(
        () => Deno.statSync(`${dir}/ran`),
        Deno.errors.NotFound,
        "no crafted job started the marker program",
      );

      // The name the worker configured is played; match takes the same
      // spec and --engine locally and over --nats.
      const args = [
        "--engine",
        `fake=${fixture("illegal.sh")}`,
        "--a",
        "fake:depth=1",
        "--b",
        "ours:depth=1",
        "--games",
        "2",
        // Ours is Deno starting up: 60 s for its handshake.
        "--handshake-timeout-ms",
        "60000",
      ];
      const local = await runCli("match.ts", [
        ...args,
        "--pgn",
        `${dir}/l.pgn`,
      ]);
      const remote = await runCli("match.ts", [
        ...args,
        "--pgn",
        `${dir}/r.pgn`,
        "--nats",
        server.url,
      ]);
      assert.equal(local.code, 0, local.stderr);
      assert.equal(remote.code, 0, remote.stderr);
      const pgn = Deno.readTextFileSync(`${dir}/r.pgn`);
      assert.equal(pgn, Deno.readTextFileSync(`${dir}/l.pgn`));
      assert.match(pgn, /\[Termination "illegal move a1a1 by fake:depth=1"\]/);
    } finally {
      Deno.removeSync(dir, { recursive: true });
      await cleanUp(children, jobs, server);
    }
  },
);

Deno.test(
  "jobs security: the docs' server refuses a client without credentials, lets a worker take jobs but not publish one, a publisher publish but not write a result; a run over it gives roundRobin's records; the ack wait is set by the admin or a publisher, refused to a worker, read by a worker",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const { server, seedFile, dir, as } = securedServer();
    const opened: Jobs[] = [];
    const children: (Child | null)[] = [];
    try {
      await server.start();
      // No credentials, or wrong ones: one line, exit 2, no secret printed.
      const wrong = `nats://worker:wrong-secret-99@127.0.0.1:${server.port}`;
      for (
        const [file, args] of [
          ["worker.ts", ["--nats", server.url]],
          ["worker.ts", ["--nats", wrong]],
          ["match.ts", [
            "--a",
            "ours:depth=1",
            "--b",
            "ours:depth=2",
            "--nats",
            wrong.replace("worker", "publisher"),
          ]],
        ] as const
      ) {
        const run = await runCli(file, [...args], { timeoutMs: 60_000 });
        const what = `${file} ${args.join(" ")}`;
        assertCleanFailure(
          run,
          /: cannot connect to the NATS server at nats:\/\/127\.0\.0\.1:\d+: Authorization Violation \(the server refused these credentials/,
          what,
        );
        assert.equal(run.stderr.trim().split("\n").length, 1, what);
        assert.ok(!run.stderr.includes("wrong-secret-99"), run.stderr);
      }

      // A worker started first may not create the streams: it waits.
      const w1 = worker(as("worker"), "w1");
      const w2 = worker(server.url, "w2", ["--nats-nkey", seedFile]);
      children.push(w1, w2);
      await w1.waitFor(
        /waiting: .*may not create them \(Permissions Violation/,
      );
      assert.ok(!w1.text.includes(SECRETS.GTS_WORKER_PASSWORD), w1.text);
      const publisher = await openJobs(as("publisher"), { name: "publisher" });
      opened.push(publisher);
      await w1.waitFor(/serving nats:\/\/127\.0\.0\.1:\d+ /, 30_000);
      await w2.waitFor(/serving nats:\/\/127\.0\.0\.1:\d+ /, 30_000);

      // Workers, by password or by nkey, may not publish a job.
      const job = encodeJob({
        format: JOB_FORMAT,
        run: "rogue",
        index: 0,
        code: await codeVersion(),
        task: tinyTask(1),
      });
      for (
        const security of [{}, { nkey: seedFile }]
      ) {
        const rogue = await openJobs(
          "nkey" in security ? server.url : as("worker"),
          { name: "rogue", security },
        );
        opened.push(rogue);
        await assert.rejects(
          rogue.js.publish(jobSubject(await codeVersion(), "rogue"), job, {
            timeout: 5000,
          }),
          /Permissions Violation for Publish to "gts\.jobs\.[0-9a-f]{16}\.rogue"/,
        );
      }
      // A publisher may not write a result, nor remove the queue.
      await assert.rejects(
        publisher.results.put("rogue.0", new TextEncoder().encode("{}")),
        /Permissions Violation for Publish to "\$KV\.gts_results\.rogue\.0"/,
      );
      await assert.rejects(
        publisher.jsm.streams.delete(JOBS_STREAM),
        /Permissions Violation/,
      );

      const specs: PlayerSpec[] = [
        { kind: "alpha-beta", depth: 4, quality: "good" },
        { kind: "mcts", playouts: 100, seed: 3 },
      ];
      const openings = ["44", "35", "1234"];
      const records = await roundRobinOverNats(publisher, specs, {
        game: "connect-four",
        openings,
        gamesPerPair: 6,
        seed: 11,
        batch: 1,
      });
      assert.deepEqual(
        records,
        roundRobin(specs.map((s) => createPlayer("connect-four", s)), {
          openings: openings.map((o) => parsePosition("connect-four", o)),
          gamesPerPair: 6,
          seed: 11,
        }),
      );
      // The ack wait is the operator's (--set-ack-wait): the admin and a
      // publisher (whose right to create the workers' consumer is, to
      // NATS, the right to change it) may set it, a worker may not; a
      // worker with only a worker's rights reads it.
      const refused = await runCli("worker.ts", [
        "--nats",
        as("worker"),
        "--set-ack-wait",
        "9",
      ], { timeoutMs: 60_000 });
      assertCleanFailure(
        refused,
        /^worker: the server at nats:\/\/127\.0\.0\.1:\d+ refused the new ack wait: Permissions Violation .*\(this user may not change the workers' consumer: run --set-ack-wait with the admin's or a publisher's credentials/,
        "worker's --set-ack-wait",
      );
      assert.ok(!refused.stderr.includes(SECRETS.GTS_WORKER_PASSWORD));
      for (
        const [user, before, after] of [
          ["publisher", 30, 9],
          ["admin", 9, 12],
        ] as const
      ) {
        const set = await runCli("worker.ts", [
          "--nats",
          as(user),
          "--set-ack-wait",
          String(after),
        ], { timeoutMs: 60_000 });
        assert.equal(set.code, 0, `${user}: ${set.stderr}`);
        assert.match(
          set.stdout,
          new RegExp(`is now ${after} s \\(it was ${before} s\\)`),
          user,
        );
      }
      const w3 = worker(as("worker"), "w3");
      children.push(w3);
      await w3.waitFor(/serving nats:\/\/127\.0\.0\.1:\d+ .*ack wait 12 s/);
      console.log(
        `jobs done by the password worker: ${
          w1.text.match(/: done in/g)?.length ?? 0
        }, by the nkey worker: ${w2.text.match(/: done in/g)?.length ?? 0}`,
      );
    } finally {
      for (const jobs of opened) await jobs.close().catch(() => {});
      Deno.removeSync(dir, { recursive: true });
      await cleanUp(children, null, server);
    }
  },
);

Deno.test(
  "jobs security: results stored under a run's keys that are not its jobs' (wrong digest, another job's, a job never published, not a result) go to the dead letters with their reason; the run ends with the genuine results",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const { server, dir, as } = securedServer();
    const opened: Jobs[] = [];
    const children: (Child | null)[] = [];
    try {
      await server.start();
      const publisher = await openJobs(as("publisher"), { name: "publisher" });
      const rogue = await openJobs(as("worker"), { name: "rogue" });
      const admin = await openJobs(as("admin"), { name: "admin" });
      opened.push(publisher, rogue, admin);
      const code = await codeVersion();
      const run = "forgedrun";
      const fake = (fields: Partial<JobResult>) =>
        new TextEncoder().encode(JSON.stringify({
          run,
          index: 0,
          digest: "0".repeat(64),
          code,
          worker: "rogue",
          ms: 1,
          delivery: 1,
          outcome: { ok: true, records: [] },
          ...fields,
        }));
      // Written before the run, with a worker's rights.
      await rogue.results.put(`${run}.0`, fake({}));
      await rogue.results.put(`${run}.1`, fake({ index: 0 }));
      await rogue.results.put(`${run}.2`, new TextEncoder().encode("[1,2]"));
      await rogue.results.put(`${run}.7`, fake({ index: 7 }));
      const tasks = [tinyTask(1), tinyTask(2), tinyTask(3)];
      const refusals: string[] = [];
      const running = runJobs(publisher, tasks, {
        code,
        run,
        onRefusal: (line) => refusals.push(line),
      });
      // Seen by the publisher before any worker runs: refused, not taken.
      await until(() => refusals.length >= 4, 30_000, "four refusals");
      const w = worker(as("worker"), "w");
      children.push(w);
      const results = await running;
      for (const [i, task] of tasks.entries()) {
        const local = await runTask(task);
        assert.ok(local.ok && results[i]!.outcome.ok);
        assert.deepEqual(results[i]!.outcome.records, local.records);
        assert.equal(results[i]!.worker, "w");
        assert.match(results[i]!.digest, /^[0-9a-f]{64}$/);
      }
      await w.waitFor(
        /job forgedrun\.0: replaced a value stored under its key that was not its result/,
      );
      assert.deepEqual(refusals.sort(), [
        `refused the result stored under ${run}.0 is for other content than job ${run}.0 (digest "${
          "0".repeat(64)
        }", the job's is ${results[0]!.digest}) (dead letter, result-digest)`,
        `refused the result stored under ${run}.1 is the result of job "${run}".0 (dead letter, result-other-job)`,
        `refused the result stored under ${run}.2 is not a result (JSON with run, index, digest, code and worker names of 1…200 printable characters, ms ≥ 0, delivery ≥ 1, outcome) (dead letter, result-malformed)`,
        `refused the result stored under ${run}.7 is for no job this publisher published (run ${run} has jobs 0…2) (dead letter, result-not-published)`,
      ]);
      const dead = await deadLetters(admin, 4);
      assert.deepEqual(
        dead.map((d) => `${d.reason} ${d.subject}`).sort(),
        [
          `result-digest $KV.gts_results.${run}.0`,
          `result-malformed $KV.gts_results.${run}.2`,
          `result-not-published $KV.gts_results.${run}.7`,
          `result-other-job $KV.gts_results.${run}.1`,
        ],
      );
    } finally {
      for (const jobs of opened) await jobs.close().catch(() => {});
      Deno.removeSync(dir, { recursive: true });
      await cleanUp(children, null, server);
    }
  },
);

Deno.test(
  "jobs security: a server with a token takes it in the URL and refuses a wrong one without printing it; tls:// to it is refused, not made in clear",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server(
      `jetstream { store_dir: "x" }\nauthorization { token: $GTS_TOKEN }\n`,
      { GTS_TOKEN: "token-secret-77" },
    );
    let jobs: Jobs | null = null;
    const children: (Child | null)[] = [];
    try {
      await server.start();
      const url = `nats://token-secret-77@127.0.0.1:${server.port}`;
      const bad = await runCli("worker.ts", [
        "--nats",
        `nats://token-secret-78@127.0.0.1:${server.port}`,
      ]);
      assertCleanFailure(bad, /Authorization Violation/, "a wrong token");
      assert.ok(!bad.stderr.includes("token-secret"), bad.stderr);
      // tls:// to a server without TLS: refused, never sent in clear.
      await assert.rejects(
        openJobs(url.replace("nats:", "tls:"), { name: "tls" }),
        /cannot connect to the NATS server at tls:\/\/127\.0\.0\.1:\d+: server does not support 'tls'/,
      );
      const w = worker(url, "w");
      children.push(w);
      await w.waitFor(/serving nats:\/\/127\.0\.0\.1:\d+ /);
      assert.ok(!w.text.includes("token-secret"), w.text);
      jobs = await openJobs(url, { name: "test" });
      const records = await roundRobinOverNats(jobs, TINY, {
        game: "tic-tac-toe",
        openings: ["........."],
        gamesPerPair: 2,
        batch: 1,
      });
      assert.equal(records.length, 2);
    } finally {
      await cleanUp(children, jobs, server);
    }
  },
);

Deno.test({
  name:
    "jobs security: over TLS (tls:// and --nats-ca, a certificate for an address), the docs' users run jobs; without the authority the connection is refused",
  ignore: lacks("nats-server", "openssl"),
  ...options,
  fn: async () => {
    const tls = Deno.makeTempDirSync({ prefix: "gts_tls_" });
    const openssl = async (...args: string[]) => {
      const out = await new Deno.Command(pathOf("openssl"), {
        args,
        cwd: tls,
        stdout: "null",
        stderr: "piped",
      }).output();
      assert.ok(out.success, new TextDecoder().decode(out.stderr));
    };
    // A certificate authority of this test, and the server's certificate.
    await openssl(
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "ca-key.pem",
      "-out",
      "ca.pem",
      "-days",
      "2",
      "-subj",
      "/CN=gts test CA",
    );
    await openssl(
      "req",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "server-key.pem",
      "-out",
      "server.csr",
      "-subj",
      "/CN=127.0.0.1",
    );
    Deno.writeTextFileSync(
      `${tls}/san.ext`,
      // An address only: Deno's TLS checks an address's certificate
      // against "localhost" unless told the address.
      "subjectAltName=IP:127.0.0.1\n",
    );
    await openssl(
      "x509",
      "-req",
      "-in",
      "server.csr",
      "-CA",
      "ca.pem",
      "-CAkey",
      "ca-key.pem",
      "-CAcreateserial",
      "-out",
      "server.pem",
      "-days",
      "2",
      "-extfile",
      "san.ext",
    );
    const { server, dir, as } = securedServer(
      `\ntls {\n  cert_file: "${tls}/server.pem"\n  key_file: "${tls}/server-key.pem"\n}\n`,
    );
    let jobs: Jobs | null = null;
    const children: (Child | null)[] = [];
    try {
      await server.start();
      const noAuthority = await runCli("worker.ts", [
        "--nats",
        as("worker", "tls"),
      ]);
      assertCleanFailure(
        noAuthority,
        /worker: cannot connect to the NATS server at tls:\/\/127\.0\.0\.1:\d+: .*\(TLS failed: tls:\/\/HOST:PORT with --nats-ca FILE/,
        "TLS without the authority",
      );
      assert.ok(!noAuthority.stderr.includes(SECRETS.GTS_WORKER_PASSWORD));
      const w = worker(as("worker", "tls"), "w", [
        "--nats-ca",
        `${tls}/ca.pem`,
      ]);
      children.push(w);
      jobs = await openJobs(as("publisher", "tls"), {
        name: "publisher",
        security: { ca: `${tls}/ca.pem` },
      });
      assert.match(jobs.server, /^tls:\/\/127\.0\.0\.1:\d+$/);
      await w.waitFor(/serving tls:\/\/127\.0\.0\.1:\d+ /, 30_000);
      const records = await roundRobinOverNats(jobs, TINY, {
        game: "tic-tac-toe",
        openings: ["........."],
        gamesPerPair: 2,
        batch: 1,
      });
      assert.equal(records.length, 2);
    } finally {
      Deno.removeSync(tls, { recursive: true });
      Deno.removeSync(dir, { recursive: true });
      await cleanUp(children, jobs, server);
    }
  },
});

Deno.test(
  "jobs security: with the docs' permissions, a publisher sets right the consumers an older checkout left (the shared one narrowed, its own created; its own max_deliver bounded); a worker, which may not, waits saying so until one has",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const { server, dir, as } = securedServer();
    const opened: Jobs[] = [];
    const children: (Child | null)[] = [];
    try {
      await server.start();
      const code = await codeVersion();
      const own = consumerName(code);
      // The server as an older checkout left it: the one consumer of every
      // version's jobs, max_deliver unbounded.
      const admin = await connect({
        servers: `127.0.0.1:${server.port}`,
        user: "admin",
        pass: SECRETS.GTS_ADMIN_PASSWORD,
      });
      const jsm = await addOlderJobsConsumer(admin, {
        durable_name: LEGACY_CONSUMER,
        filter_subject: "gts.jobs.>",
      });
      const publisher = await openJobs(as("publisher"), { name: "publisher" });
      opened.push(publisher);
      const legacy = await jsm.consumers.info(JOBS_STREAM, LEGACY_CONSUMER);
      assert.equal(legacy.config.filter_subject, LEGACY_FILTER);
      assert.equal(legacy.config.max_deliver, CONSUMER_MAX_DELIVER);
      assert.equal(
        (await jsm.consumers.info(JOBS_STREAM, own)).config.max_deliver,
        CONSUMER_MAX_DELIVER,
      );

      // Its own consumer unbounded again (as by a hand): a worker may not
      // change it, and waits.
      await jsm.consumers.update(JOBS_STREAM, own, { max_deliver: -1 });
      const w = worker(as("worker"), "w");
      children.push(w);
      await w.waitFor(
        new RegExp(
          `waiting: the consumer ${own} of GTS_JOBS on the NATS server at nats://127\\.0\\.0\\.1:\\d+ has max_deliver -1 \\(this version needs ${CONSUMER_MAX_DELIVER}\\), and this user may not change it \\(Permissions Violation.*\\): a publisher \\(a command with --nats\\) of this version or an admin sets it right`,
        ),
      );
      assert.doesNotMatch(w.text, /serving/);
      const again = await openJobs(as("publisher"), { name: "publisher 2" });
      opened.push(again);
      assert.equal(
        (await jsm.consumers.info(JOBS_STREAM, own)).config.max_deliver,
        CONSUMER_MAX_DELIVER,
      );
      await w.waitFor(/serving nats:\/\/127\.0\.0\.1:\d+ /, 30_000);
      const [result] = await runJobs(again, [tinyTask(1)], {
        code,
        run: "setright",
      });
      assert.equal(result!.worker, "w");
      await admin.close();
    } finally {
      for (const jobs of opened) await jobs.close().catch(() => {});
      Deno.removeSync(dir, { recursive: true });
      await cleanUp(children, null, server);
    }
  },
);
