// `deno task bench:nats` (cli/nats_bench.ts) at its edges: its command line
// (a round robin's games per pair are even; -h is help) and a stop by a
// signal, which must end the nats-server, the workers and the store it
// started, as the commands that start processes do.
import assert from "node:assert/strict";
import { basename } from "node:path";
import { assertCleanFailure, runCli } from "./_cli.ts";
import { command } from "./_nats.ts";
import { lacks } from "./_programs.ts";

Deno.test("bench:nats: --games-per-pair must be even in 2…1000, --batch 1…1000; one line and exit 2 before anything runs; -h and --help state the defaults", async () => {
  const refused: [string[], RegExp][] = [
    // 1 and odd counts ran the in-process round robin into an uncaught
    // error (exit 1) after the argument check had let them through.
    ...["1", "3", "999", "0", "1002", "x", "2.0"].map((
      text,
    ): [string[], RegExp] => [
      ["--games-per-pair", text],
      new RegExp(
        `^bench:nats: --games-per-pair must be an even integer in 2…1000 \\(each opening with both colours\\), got "${
          text.replace(".", "\\.")
        }" \\(see --help\\)$`,
        "m",
      ),
    ]),
    [
      ["--batch", "0"],
      /^bench:nats: --batch must be an integer in 1…1000, got "0" \(see --help\)$/m,
    ],
    [
      ["--games-per-pair"],
      /^bench:nats: --games-per-pair needs a value \(see --help\)$/m,
    ],
  ];
  for (const [args, message] of refused) {
    const run = await runCli("nats_bench.ts", args);
    assertCleanFailure(run, message, `bench:nats ${args.join(" ")}`);
    assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
  }
  for (const help of ["-h", "--help"]) {
    const run = await runCli("nats_bench.ts", [help]);
    assert.equal(run.code, 0, `${help}: ${run.stderr}`);
    assert.match(run.stdout, /^usage: deno task bench:nats /);
    assert.match(run.stdout, /--games-per-pair N .*\n.*2…1000 \(default 4\)/);
    assert.match(run.stdout, /--batch N .*1…1000 \(default 2\)/);
  }
});

/** The command lines of the processes whose command line holds `text`. */
async function processesWith(text: string): Promise<string> {
  const { stdout } = await new Deno.Command("pgrep", {
    args: ["-af", text],
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(stdout).trim();
}

for (const [signal, code] of [["SIGTERM", 143], ["SIGINT", 130]] as const) {
  Deno.test({
    name:
      `bench:nats stopped by ${signal} once its worker serves: nats-server, the workers and the store are gone, exit ${code}`,
    ignore: lacks("nats-server"),
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async () => {
      const bench = command("nats_bench.ts", ["--games-per-pair", "2"]);
      try {
        const [, store] = await bench.waitFor(
          /bench:nats: nats-server at \S+, store (\S+)\n/,
          120_000,
        );
        await bench.waitFor(/bench:nats: 1 worker process serving /, 120_000);
        // The server and the worker carry the store's name.
        assert.match(await processesWith(basename(store!)), /nats-server/);
        bench.process.kill(signal);
        const status = await bench.done;
        assert.equal(status.code, code, bench.text);
        assert.match(
          bench.stderr,
          new RegExp(
            `bench:nats: stopped by ${signal}: nats-server and \\d+ worker processes ended, ${store} removed`,
          ),
        );
        assert.equal(await processesWith(basename(store!)), "", bench.text);
        assert.throws(() => Deno.statSync(store!), Deno.errors.NotFound);
      } finally {
        await bench.kill();
      }
    },
  });
}
