// Jobs on a real NATS JetStream server (Debian's nats-server, started here
// on a free port of 127.0.0.1 with a temporary store) and real worker
// processes (cli/worker.ts): a round robin whose worker is killed mid-job
// and whose server restarts midway ends with roundRobin's records, game
// for game; bad messages go to the dead-letter stream; a job of another
// code version never reaches a worker, which reports its run;
// `match --nats` writes the local match's PGN; a bad --nats is one line
// and exit 2. Every process started here is killed in `finally`.
import assert from "node:assert/strict";
import { assertCleanFailure, runCli } from "./_cli.ts";
import {
  Child,
  cleanUp,
  CLOSED_ADDRESS,
  Server,
  within,
  worker,
} from "./_nats.ts";
import { JobHold } from "./_nats_hold.ts";
import { lacks } from "./_programs.ts";
import {
  DEAD_STREAM,
  type Jobs,
  JOBS_STREAM,
  jobSubject,
  openJobs,
  runJobs,
  type RunProgress,
} from "../src/jobs/nats.ts";
import { roundRobinOverNats } from "../src/jobs/remote.ts";
import {
  codeVersion,
  encodeJob,
  JOB_FORMAT,
  type Task,
} from "../src/jobs/job.ts";
import { jobDigest } from "../src/jobs/result.ts";
import { roundRobin } from "../src/match/tournament.ts";
import {
  createPlayer,
  parsePosition,
  type PlayerSpec,
} from "../src/players/player_spec.ts";
import {
  runStrength,
  runStrengthSync,
  type StrengthConfig,
} from "../src/course/strength/measure.ts";

const options = { sanitizeOps: false, sanitizeResources: false };

Deno.test(
  "jobs: a bad --nats is one line and exit 2, for the worker and for every command",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const closed = CLOSED_ADDRESS;
    const runs: [string, string[], RegExp][] = [
      [
        "worker.ts",
        ["--nats", closed],
        /worker: cannot connect to the NATS server at nats:\/\/127\.0\.0\.1:\d+: .*refused/,
      ],
      [
        "worker.ts",
        ["--nats", "http://example:80"],
        /worker: --nats: "http:\/\/example:80" is not a NATS server address/,
      ],
      ["worker.ts", [], /worker: --nats URL is required/],
      [
        "worker.ts",
        ["--nats", closed, "--set-ack-wait", "0"],
        /--set-ack-wait must be an integer in 1…3600, got "0"/,
      ],
      [
        "worker.ts",
        ["--nats", closed, "--set-ack-wait", "5"],
        /worker: cannot connect to the NATS server at nats:\/\/127\.0\.0\.1:\d+: .*refused/,
      ],
      // --engine is repeatable, once per name, and never a path-like name.
      [
        "worker.ts",
        ["--nats", closed, "--engine", "sh=/bin/sh", "--engine", "sh=/bin/ls"],
        /worker: --engine sh is given twice/,
      ],
      [
        "worker.ts",
        ["--nats", closed, "--engine", "/bin/sh=/bin/sh"],
        /worker: --engine "\/bin\/sh=\/bin\/sh": "\/bin\/sh" is not an engine name/,
      ],
      // The publisher drops the events of a worker whose name it would not
      // print, and a line break in it broke the dead letters' headers.
      [
        "worker.ts",
        ["--nats", closed, "--name", ""],
        /worker: --name must be 1…200 printable characters, got ""/,
      ],
      [
        "worker.ts",
        ["--nats", closed, "--name", "w".repeat(201)],
        /worker: --name must be 1…200 printable characters, got "w+\.\.\./,
      ],
      [
        "worker.ts",
        ["--nats", closed, "--name", "w\n\u001b[2Jx"],
        /worker: --name must be 1…200 printable characters, got "w\\n\\u001b\[2Jx"/,
      ],
      [
        "worker.ts",
        ["--nats", "nats://u:SECRET@127.0.0.1:99999"],
        /worker: --nats: "nats:\/\/\*\*\*@127\.0\.0\.1:99999" is not a NATS server address/,
      ],
      [
        "strength.ts",
        ["--nats", closed],
        /strength: cannot connect to the NATS server/,
      ],
      [
        "strength.ts",
        ["--nats", "nats://bad host"],
        /not a NATS server address/,
      ],
      [
        "strength.ts",
        ["--batch", "3"],
        /^strength: --batch goes with --nats \(see --help\)$/m,
      ],
      ["match.ts", [
        "--a",
        "ours:depth=1",
        "--b",
        "ours:depth=2",
        "--nats",
        closed,
      ], /match: cannot connect to the NATS server/],
      ["match.ts", [
        "--a",
        "ours:depth=1",
        "--b",
        "ours:depth=2",
        "--batch",
        "2",
      ], /match: --batch goes with --nats/],
    ];
    for (const [file, args, message] of runs) {
      const run = await runCli(file, args, { timeoutMs: 60_000 });
      assertCleanFailure(run, message, `${file} ${args.join(" ")}`);
      assert.ok(!run.stderr.includes("SECRET"), run.stderr);
      // One line, strength's too (it added its usage line).
      assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
    }
    const server = new Server();
    try {
      await server.start(false);
      const run = await runCli("worker.ts", ["--nats", server.url]);
      assertCleanFailure(
        run,
        /worker: the NATS server at .* has no JetStream .*: start it with -js -sd DIR/,
        "worker against a server without JetStream",
      );
      assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
    } finally {
      await server.dispose();
    }
  },
);

const SPECS: PlayerSpec[] = [
  { kind: "alpha-beta", depth: 6, quality: "good" },
  { kind: "alpha-beta", depth: 5, quality: "medium" },
  { kind: "mcts", playouts: 400, seed: 3 },
];
const OPENINGS = ["44", "35", "1234", "4455", "26", "7171"];

Deno.test(
  "jobs: a worker killed mid-job and a server restarted midway; the records equal roundRobin's, game for game",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    let jobs: Jobs | null = null;
    const children: (Child | null)[] = [];
    let hold: JobHold | null = null;
    try {
      await server.start();
      // w1 behind a proxy that keeps its acks and results from the server:
      // 2 games may end before the kill comes, and must not be stored.
      hold = new JobHold(server.port);
      const w1 = worker(hold.url, "w1");
      const w2 = worker(server.url, "w2");
      children.push(w1, w2);
      await w1.waitFor(/serving/);
      await w2.waitFor(/serving/);
      jobs = await openJobs(server.url, { name: "test" });
      const seen: RunProgress[] = [];
      const running = roundRobinOverNats(jobs, SPECS, {
        game: "connect-four",
        openings: OPENINGS,
        gamesPerPair: 8,
        seed: 7,
        batch: 2,
        onProgress: (p) => seen.push(p),
      });
      // Killed in the middle of its first job: its games must be played again.
      const first = await w1.waitFor(/job (\w+)\.(\d+): 2 games/);
      await w1.kill("SIGKILL");
      hold.close();
      const w3 = worker(server.url, "w3");
      children.push(w3);
      // Restarted once the run is under way: the stored jobs and results survive.
      let finished = false;
      running.then(() => finished = true, () => {});
      await w2.waitFor(/job \w+\.\d+: done[\s\S]*job \w+\.\d+: done/);
      assert.equal(
        finished,
        false,
        "the run was still going when the server stopped",
      );
      await server.stop("SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
      await server.start();
      const records = await within(running, 120_000, "the run");
      const local = roundRobin(
        SPECS.map((s) => createPlayer("connect-four", s)),
        {
          openings: OPENINGS.map((o) => parsePosition("connect-four", o)),
          gamesPerPair: 8,
          seed: 7,
        },
      );
      assert.equal(records.length, 24);
      assert.deepEqual(records, local);
      const last = seen.at(-1)!;
      assert.equal(last.done, 12);
      assert.equal(last.gamesDone, 24);
      assert.ok(last.redelivered >= 1, `redelivered ${last.redelivered}`);
      // The killed worker's job was played again by another worker.
      const killedJob = new RegExp(`job ${first[1]}\\.${first[2]}: done`);
      // Its record can reach the publisher before the worker's line about it
      // reaches this test: wait for the line (either worker's) a while.
      await Promise.any([
        w2.waitFor(killedJob, 10_000),
        w3.waitFor(killedJob, 10_000),
      ]);
    } finally {
      hold?.close();
      await cleanUp(children, jobs, server);
    }
  },
);

Deno.test(
  "jobs: malformed and oversized messages go to the dead letters with their reason, another version's job never reaches the worker, which reports its run and keeps serving",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    let jobs: Jobs | null = null;
    const children: (Child | null)[] = [];
    try {
      await server.start();
      const w = worker(server.url, "w");
      children.push(w);
      await w.waitFor(/serving/);
      jobs = await openJobs(server.url, { name: "test" });
      await jobs.js.publish(
        jobSubject(await codeVersion(), "bad"),
        new TextEncoder().encode("{not json"),
      );
      await jobs.js.publish(
        jobSubject(await codeVersion(), "bad"),
        new Uint8Array(300 * 1024).fill(32),
      );
      await jobs.js.publish(
        jobSubject(await codeVersion(), "bad"),
        new TextEncoder().encode(
          JSON.stringify({
            format: JOB_FORMAT,
            run: "bad",
            index: 0,
            code: "abc",
            task: { kind: "games", game: "go" },
          }),
        ),
      );
      await w.waitFor(
        /dead letter, malformed[\s\S]*dead letter, oversized[\s\S]*dead letter, invalid/,
      );
      const dead = [];
      const consumer = await jobs.js.consumers.get(DEAD_STREAM);
      for (let i = 0; i < 3; i++) {
        const m = await consumer.next({ expires: 5000 });
        assert.ok(m !== null, "a dead letter");
        dead.push({
          reason: m.headers?.get("Gts-Reason"),
          error: m.headers?.get("Gts-Error"),
          bytes: m.headers?.get("Gts-Bytes"),
        });
      }
      assert.deepEqual(dead.map((d) => d.reason), [
        "malformed",
        "oversized",
        "invalid",
      ]);
      assert.match(dead[0]!.error!, /decodeJob: the message is not JSON/);
      assert.equal(dead[1]!.bytes, String(300 * 1024));
      assert.match(
        dead[2]!.error!,
        /decodeJob: task.game must be one of connect-four, tic-tac-toe, chess, got "go"/,
      );

      // A job made by other code: never delivered to this worker (it is
      // queued for its own version's workers), reported to its publisher.
      const refusals: string[] = [];
      const stop = new AbortController();
      const task: Task = {
        kind: "games",
        game: "tic-tac-toe",
        players: [{ kind: "random", seed: 1 }, { kind: "random", seed: 2 }],
        openings: ["........."],
        games: [{ round: 0, opening: 0, seats: [0, 1], seed: 1 }],
      };
      const other = runJobs(jobs, [task], {
        code: "0123456789abcdef",
        run: "otherversion",
        onRefusal: (line) => {
          refusals.push(line);
          stop.abort();
        },
        signal: stop.signal,
      });
      await assert.rejects(other, /runJobs: stopped/);
      assert.match(
        refusals[0]!,
        /worker w refused the run's jobs: it runs code version [0-9a-f]{16}, this run needs 0123456789abcdef \(start workers from the same commit\); they wait for a worker of that version/,
      );
      await w.waitFor(
        /refused the jobs of run otherversion: they need code version 0123456789abcdef, this worker runs [0-9a-f]{16} .*; they stay queued for a worker of their version/,
      );
      assert.equal(await jobs.results.get("otherversion.0"), null);
      assert.doesNotMatch(w.text, /job otherversion\.0/);
      // Still queued, for a worker of its version (which drops it, its run
      // cancelled).
      const queue = await jobs.jsm.streams.info(JOBS_STREAM);
      assert.equal(queue.state.messages, 1, "the job waits for its version");

      // And it goes on serving.
      const records = await roundRobinOverNats(jobs, [{
        kind: "alpha-beta",
        depth: 2,
      }, { kind: "random", seed: 4 }], {
        game: "tic-tac-toe",
        openings: ["........."],
        gamesPerPair: 4,
        batch: 1,
      });
      assert.equal(records.length, 4);
    } finally {
      await cleanUp(children, jobs, server);
    }
  },
);

Deno.test(
  "jobs: match --nats writes the local match's games and lines; strength's plans over jobs give runStrengthSync's results",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    let jobs: Jobs | null = null;
    const children: (Child | null)[] = [];
    const dir = Deno.makeTempDirSync({ prefix: "gts_match_" });
    try {
      await server.start();
      const w1 = worker(server.url, "w1");
      const w2 = worker(server.url, "w2");
      children.push(w1, w2);
      await w1.waitFor(/serving/);
      const args = [
        "--a",
        "ours:depth=1",
        "--b",
        "ours:depth=2",
        "--games",
        "4",
        "--max-plies",
        "30",
        // Ours is Deno starting up: 60 s for its handshake.
        "--handshake-timeout-ms",
        "60000",
      ];
      const local = await runCli("match.ts", [
        ...args,
        "--pgn",
        `${dir}/local.pgn`,
      ]);
      // Found by review: the run over NATS wrote its games over the file
      // without emptying it, so a longer file's tail followed them.
      Deno.writeTextFileSync(
        `${dir}/remote.pgn`,
        "precious game\n".repeat(9999),
      );
      const remote = await runCli("match.ts", [
        ...args,
        "--pgn",
        `${dir}/remote.pgn`,
        "--nats",
        server.url,
      ]);
      assert.equal(local.code, 0, local.stderr);
      assert.equal(remote.code, 0, remote.stderr);
      assert.equal(
        Deno.readTextFileSync(`${dir}/remote.pgn`),
        Deno.readTextFileSync(`${dir}/local.pgn`),
      );
      const lines = (text: string) =>
        text.split("\n").filter((l) => /^game |vs .*: \+/.test(l)).map((l) =>
          l.replace(/ \d+ s$/, "")
        );
      assert.equal(lines(remote.stdout).length, 5, remote.stdout);
      assert.deepEqual(lines(remote.stdout), lines(local.stdout));
      assert.match(
        remote.stderr,
        /match: jobs: jobs 0 queued, 0 running, 2\/2 done, 0 redelivered; games 4\/4/,
      );

      jobs = await openJobs(server.url, { name: "test" });
      const tiny: StrengthConfig = {
        name: "tiny",
        seed: 1,
        accuracy: {
          middle: 2,
          end: 2,
          selfPlay: 0,
          depths: [1, 2],
          playouts: [10],
        },
        grid: { depths: [1, 2, 3], openings: 2, gamesPerPair: 2 },
        versus: { connectFourDepths: [1], ticTacToeDepths: [1], games: 2 },
      };
      const over = await runStrength(tiny, {
        playPlan: (plan) =>
          roundRobinOverNats(jobs!, plan.players, {
            game: plan.game,
            openings: plan.openings,
            gamesPerPair: plan.gamesPerPair,
            seed: plan.seed,
            batch: 10,
          }),
      });
      assert.deepEqual(over.results, runStrengthSync(tiny).results);
    } finally {
      Deno.removeSync(dir, { recursive: true });
      await cleanUp(children, jobs, server);
    }
  },
);

Deno.test(
  "jobs: a message whose refusal quotes a line break or an escape sequence reaches the dead letters, its headers and the worker's lines escaped",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    let jobs: Jobs | null = null;
    const children: (Child | null)[] = [];
    try {
      await server.start();
      const w = worker(server.url, "w");
      children.push(w);
      await w.waitFor(/serving/);
      jobs = await openJobs(server.url, { name: "test" });
      // decodeJob's "not JSON" quotes the message: a header value with a
      // line break was refused, and the message came back for ever.
      for (const text of ['{\n"a":x}', "\u001b[2J\u001b[31mRED{"]) {
        await jobs.js.publish(
          jobSubject(await codeVersion(), "evil"),
          new TextEncoder().encode(text),
        );
      }
      await w.waitFor(
        /dead letter, malformed[\s\S]*dead letter, malformed/,
        30_000,
      );
      const consumer = await jobs.js.consumers.get(DEAD_STREAM);
      const errors = [];
      for (let i = 0; i < 2; i++) {
        const m = await consumer.next({ expires: 5000 });
        assert.ok(m !== null, `dead letter ${i + 1} of 2`);
        assert.equal(m.headers?.get("Gts-Reason"), "malformed");
        errors.push(m.headers?.get("Gts-Error") ?? "");
      }
      assert.match(errors[0]!, /not JSON .*\{\\u000a"a":x\}/);
      assert.match(errors[1]!, /not JSON .*\\u001b\[2J\\u001b\[31mRED/);
      const queue = await jobs.jsm.streams.info(JOBS_STREAM);
      assert.equal(queue.state.messages, 0, "nothing left to deliver again");
      assert.doesNotMatch(
        w.stderr,
        // deno-lint-ignore no-control-regex
        /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/,
      );
      assert.match(
        w.stderr,
        /refused a message on gts\.jobs\.[0-9a-f]{16}\.evil .*\\u001b/,
      );
    } finally {
      await cleanUp(children, jobs, server);
    }
  },
);

Deno.test(
  "jobs: a failed job's error, the worker's text, reaches the publisher's line with its control characters escaped and cut to 1,000 characters",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    let jobs: Jobs | null = null;
    try {
      await server.start();
      jobs = await openJobs(server.url, { name: "test" });
      const task: Task = {
        kind: "games",
        game: "tic-tac-toe",
        players: [{ kind: "random", seed: 1 }, { kind: "random", seed: 2 }],
        openings: ["........."],
        games: [{ round: 0, opening: 0, seats: [0, 1], seed: 1 }],
      };
      const code = "c0de";
      const run = "failrun";
      const digest = await jobDigest(
        encodeJob({ format: JOB_FORMAT, run, index: 0, code, task }),
      );
      // Stored first, as a worker would (or one that lies): no worker runs.
      await jobs.results.put(
        `${run}.0`,
        new TextEncoder().encode(JSON.stringify({
          run,
          index: 0,
          digest,
          code,
          worker: "w",
          ms: 1,
          delivery: 1,
          outcome: {
            ok: false,
            error: `\u001b[2J\nmatch: all games won${"x".repeat(5000)}`,
          },
        })),
      );
      const error = await runJobs(jobs, [task], { code, run }).then(
        () => null,
        (error: Error) => error,
      );
      assert.ok(error !== null, "the run failed");
      assert.match(
        error.message,
        /^job 0 failed on worker w: \\u001b\[2J\\u000amatch: all games wonx+\.\.\. \(4025 more characters\)$/,
      );
      // deno-lint-ignore no-control-regex
      assert.doesNotMatch(error.message, /[\u0000-\u001f]/);
    } finally {
      await cleanUp([], jobs, server);
    }
  },
);
