// The atlas's Elo tests over a real NATS JetStream server (Debian's
// nats-server on a free port) and real worker processes (cli/worker.ts):
// a chess SPRT whose batches the workers play gives the item played here,
// game for game; atlas-elo's NATS flags fail with one line.
import assert from "node:assert/strict";
import { assertCleanFailure, runCli } from "./_cli.ts";
import { Child, cleanUp, CLOSED_ADDRESS, Server, worker } from "./_nats.ts";
import { lacks } from "./_programs.ts";
import { type Jobs, openJobs } from "../src/jobs/nats.ts";
import { sprtBatchesOverNats } from "../src/jobs/remote.ts";
import {
  ELO_SMALL,
  ELO_TESTS,
  runEloTest,
  runEloTestOnWorkers,
} from "../src/course/mod.ts";

const options = { sanitizeOps: false, sanitizeResources: false };

Deno.test(
  "atlas Elo over NATS: a chess SPRT played by two workers equals the test played here",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const server = new Server();
    const children: Child[] = [];
    let jobs: Jobs | null = null;
    try {
      await server.start();
      children.push(worker(server.url, "w1"), worker(server.url, "w2"));
      jobs = await openJobs(server.url, { name: "atlas-elo test" });
      const test = ELO_TESTS.find((t) =>
        t.technique === "lmr" && t.game === "chess"
      )!;
      const here = runEloTest(test, ELO_SMALL, "nodes");
      const there = await runEloTestOnWorkers(
        test,
        ELO_SMALL,
        "nodes",
        1,
        sprtBatchesOverNats(jobs, { batch: 1 }),
      );
      assert.deepEqual(there, here);
      assert.equal(there.games, ELO_SMALL.games.chess.maxGames);
    } finally {
      await cleanUp(children, jobs, server);
    }
  },
);

Deno.test("sprtBatchesOverNats: bad options are named before any batch", () => {
  const jobs = {} as Jobs;
  assert.throws(
    () => sprtBatchesOverNats(jobs, { batch: 0 }),
    /sprtBatchesOverNats: batch must be an integer in 1…10000, got 0/,
  );
  assert.throws(
    () => sprtBatchesOverNats(jobs, { code: 3 as unknown as string }),
    /sprtBatchesOverNats: code must be a string, got 3/,
  );
  assert.throws(
    () => sprtBatchesOverNats(jobs, { games: 3 } as never),
    /sprtBatchesOverNats: unknown option "games"/,
  );
});

Deno.test(
  "atlas-elo: --batch without --nats, and a --nats nobody answers, are one line and exit 2",
  options,
  async () => {
    const closed = CLOSED_ADDRESS;
    const runs: [string[], RegExp][] = [
      [["--batch", "3"], /--batch goes with --nats/],
      [["--nats", closed], /atlas-elo: cannot connect to the NATS server/],
      [["--workers", "0"], /--workers must be an integer in 1…256, got "0"/],
      [["--games", "go"], /--games must list connect-four, chess, got "go"/],
    ];
    for (const [args, message] of runs) {
      const run = await runCli("atlas_elo.ts", args, { timeoutMs: 60_000 });
      assertCleanFailure(run, message, `atlas_elo.ts ${args.join(" ")}`);
      assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
    }
  },
);
