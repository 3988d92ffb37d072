// `deno task bench:nats` (cli/nats_bench.ts) at its edges: its command line
// (a round robin's games per pair are even; -h is help) and a stop by a
// signal, which must end the nats-server, the workers and the store it
// started, as the commands that start processes do.
import assert from "node:assert/strict";
import { assertCleanFailure, runCli } from "./_cli.ts";

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
        }"$`,
        "m",
      ),
    ]),
    [
      ["--batch", "0"],
      /^bench:nats: --batch must be an integer in 1…1000, got "0"$/m,
    ],
    [["--games-per-pair"], /^bench:nats: --games-per-pair needs a value$/m],
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
