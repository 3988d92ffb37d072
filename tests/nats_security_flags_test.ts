// strength, openings and atlas-elo take the server's security files as
// worker and match do (--nats-creds, --nats-nkey, --nats-ca, cli/_nats.ts):
// the refusal of a server that wants credentials tells every command to pass
// them, and these three did not parse them. Without a server: each file
// reaches the connection (a missing one is named) and goes with --nats.
// With nats-server whose only user is an nkey: refused without the seed,
// each command connects with it and queues its jobs; SIGTERM then ends it.
import assert from "node:assert/strict";
import { nkeys } from "@nats-io/transport-node";
import { assertCleanFailure, runCli } from "./_cli.ts";
import { cleanUp, command, Server } from "./_nats.ts";
import { lacks } from "./_programs.ts";
import { type Jobs, JOBS_STREAM, openJobs } from "../src/jobs/nats.ts";

const options = { sanitizeOps: false, sanitizeResources: false };

/** Each command with --nats, its name in messages and a short run's arguments. */
const COMMANDS: [string, string, string[]][] = [
  ["strength.ts", "strength", []],
  ["openings.ts", "openings", ["--after", "44433322", "--max-nodes", "1000"]],
  // A budget of its own: no cached test, so it queues batches at once.
  ["atlas_elo.ts", "atlas-elo", [
    "--games",
    "chess",
    "--techniques",
    "killer",
    "--nodes",
    "1234",
    "--max-batches",
    "1",
  ]],
];

Deno.test("strength, openings and atlas-elo take --nats-creds, --nats-nkey and --nats-ca to the connection, with --nats only", async () => {
  const closed = "127.0.0.1:1";
  for (const [file, name] of COMMANDS) {
    for (const flag of ["--nats-creds", "--nats-nkey", "--nats-ca"]) {
      // Read before connecting: a missing file is named, the flag with it.
      assertCleanFailure(
        await runCli(file, ["--nats", closed, flag, "/nonexistent/file"]),
        new RegExp(`^${name}: ${flag} /nonexistent/file: cannot read it`, "m"),
        `${file} ${flag}`,
      );
      assertCleanFailure(
        await runCli(file, [`${flag}=/nonexistent/file`]),
        new RegExp(`^${name}: ${flag} goes with --nats`, "m"),
        `${file} ${flag} without --nats`,
      );
    }
    const help = await runCli(file, ["--help"]);
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /--nats-nkey FILE/, `${file} --help`);
  }
});

Deno.test(
  "strength, openings and atlas-elo over a server whose user is an nkey: refused without --nats-nkey, they connect and queue their jobs with it",
  { ...options, ignore: lacks("nats-server") },
  async () => {
    const pair = nkeys.createUser();
    const dir = Deno.makeTempDirSync({ prefix: "gts_nkey_" });
    const seed = `${dir}/user.nk`;
    Deno.writeTextFileSync(seed, new TextDecoder().decode(pair.getSeed()));
    const server = new Server(
      `jetstream { store_dir: "" }\nauthorization { users: [ { nkey: $GTS_NKEY } ] }\n`,
      { GTS_NKEY: pair.getPublicKey() },
    );
    let jobs: Jobs | null = null;
    try {
      await server.start();
      jobs = await openJobs(server.url, {
        name: "test",
        security: { nkey: seed },
      });
      const queued = async () =>
        (await jobs!.jsm.streams.info(JOBS_STREAM)).state.last_seq;
      for (const [file, name, args] of COMMANDS) {
        const refused = await runCli(file, [...args, "--nats", server.url], {
          timeoutMs: 60_000,
        });
        assertCleanFailure(
          refused,
          new RegExp(
            `^${name}: cannot connect to the NATS server at nats://127\\.0\\.0\\.1:\\d+: Authorization Violation \\(the server refused these credentials: .*--nats-nkey FILE`,
            "m",
          ),
          `${file} without the seed`,
        );
        const before = await queued();
        const run = command(file, [
          ...args,
          "--nats",
          server.url,
          "--nats-nkey",
          seed,
        ]);
        let ended = false;
        run.done.then(() => ended = true);
        try {
          // Connected as the nkey's user: its first jobs are on the server.
          const until = performance.now() + 120_000;
          while (await queued() === before) {
            assert.ok(!ended, `${file} ended, no job queued:\n${run.text}`);
            assert.ok(
              performance.now() < until,
              `${file} queued no job:\n${run.text}`,
            );
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          assert.doesNotMatch(run.text, /cannot connect/, file);
        } finally {
          await run.kill("SIGTERM");
        }
        const status = await run.done;
        // strength and openings stop their run and exit 143; atlas-elo
        // ends by the signal's default action.
        assert.ok(
          status.code === 143 || status.signal === "SIGTERM",
          `${file}: ${JSON.stringify(status)}\n${run.text}`,
        );
      }
    } finally {
      await cleanUp([], jobs, server);
      Deno.removeSync(dir, { recursive: true });
    }
  },
);
