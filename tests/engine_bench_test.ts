// `deno task bench:engine` (bench/engine_vs_baseline.ts): its small default as
// CI runs it, against a baseline checkout (this one: the same searches), and
// its judgement of the command line. Counts and outcomes are judged, never
// times.
import assert from "node:assert/strict";
import { assertRefused, runBenchTask } from "./_bench_task.ts";
import { median, parseEngineBenchArgs } from "../bench/engine_vs_baseline.ts";

Deno.test("bench:engine: the default run times the engine on 4 WAC positions and prints its table", async () => {
  const { code, out, err } = await runBenchTask("bench:engine");
  assert.equal(code, 0, out + err);
  assert.match(
    out,
    /^4 positions of data\/chess\/wac\.epd, 5000 nodes a search, 2 rounds$/m,
  );
  assert.match(out, /^\| {2}\| ours \|$/m);
  assert.match(out, /^\| round 2 \| \d+ ms \|$/m);
  assert.match(out, /^\| best \| \d+ ms \|$/m);
  // Four searches of 5,000 nodes each stop at the budget (or a mate first).
  const nodes = Number(/^nodes a round: ours (\d+)$/m.exec(out)?.[1]);
  assert.ok(nodes > 4 * 1_000 && nodes <= 4 * 5_001, out);
  assert.match(out, /load average after: /);
});

Deno.test("bench:engine: against a baseline checkout, both alternated, the ratio and whether the searches are the same", async () => {
  const { code, out, err } = await runBenchTask(
    "bench:engine",
    "--baseline",
    ".",
    "--positions",
    "2",
  );
  assert.equal(code, 0, out + err);
  assert.match(out, /ours and the baseline \(\.\) alternated/);
  assert.match(out, /^\| {2}\| baseline \| ours \| ours \/ baseline \|$/m);
  assert.match(out, /^\| best \| \d+ ms \| \d+ ms \| [\d.]+× \|$/m);
  assert.match(
    out,
    /^\| median of the rounds' ratios \| {2}\| {2}\| [\d.]+× \|$/m,
  );
  assert.match(
    out,
    /^the same searches: every value, depth and node count equal$/m,
  );
});

Deno.test("bench:engine: bad command lines and baselines exit 2 naming the flag, the value and the rule", async () => {
  for (
    const [args, message] of [
      [
        ["--nodes", "10"],
        /--nodes must be an integer in 1000…10000000, got "10"/,
      ],
      [
        ["--positions", "39"],
        /--positions must be an integer in 1…38, got "39"/,
      ],
      [["--rounds", "0"], /--rounds must be an integer in 1…100, got "0"/],
      [
        ["--baseline", "/nonexistent-checkout"],
        /--baseline "\/nonexistent-checkout" must be a checkout of this repository: \/nonexistent-checkout\/mod\.ts is missing/,
      ],
      [["--fast"], /unknown argument "--fast"/],
      [
        ["--baseline"],
        /^bench:engine: --baseline needs a value, a checkout's directory \(see --help\)$/m,
      ],
      // --full set the sizes and dropped --rounds 3 silently.
      [
        ["--full", "--rounds", "3"],
        /^bench:engine: give --rounds and --full not both \(--full is 38 positions, 12 rounds, 60000 nodes\) \(see --help\)$/m,
      ],
      [
        ["--positions=2", "--full"],
        /^bench:engine: give --positions and --full not both /m,
      ],
    ] as const
  ) {
    await assertRefused("bench:engine", args, message);
  }
  assert.equal(parseEngineBenchArgs(["--full"]).nodes, 60_000);
});

Deno.test("bench:engine's median of an even count is the mean of the two middle values (it took the upper one)", () => {
  assert.equal(median([10, 40, 20, 30]), 25);
  assert.equal(median([5, 1]), 3);
  assert.equal(median([7, 3, 5]), 5);
  assert.equal(median([9]), 9);
});
