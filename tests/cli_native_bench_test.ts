import assert from "node:assert/strict";
import { parseNativeOutput, timeOurs } from "../cli/native_bench.ts";
import { lacks } from "./_programs.ts";

const BENCH = new URL("../cli/native_bench.ts", import.meta.url).pathname;

/** Runs `deno task bench:c` with `args`; returns its exit code, stdout and stderr. */
async function benchC(...args: string[]) {
  const run = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-write",
      "--allow-run",
      BENCH,
      ...args,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: run.code, out: decode(run.stdout), err: decode(run.stderr) };
}

Deno.test(
  "deno task bench:c compiles the C baseline and finds its node counts and values equal to ours",
  { ignore: lacks("cc") },
  async () => {
    const { code, out, err } = await benchC("--passes", "1", "--rounds", "1");
    assert.equal(code, 0, out + err);
    assert.match(
      out,
      /^\| 1 \| minimax \| [\d.]+ \| [\d.]+ \| [\d.]+× \| 549,946 \|$/m,
    );
    assert.match(
      out,
      /^\| 1 \| alphaBeta \| [\d.]+ \| [\d.]+ \| [\d.]+× \| 18,297 \|$/m,
    );
  },
);

Deno.test("deno task bench:c: bad flags exit 2 naming the flag and the value", async () => {
  for (
    const [args, message] of [
      [["--rounds", "0"], /--rounds must be an integer in 1…999999, got "0"/],
      // "got null", and "--passes" taken as --rounds' value: found by review.
      [["--passes"], /^bench:c: --passes needs a value \(see --help\)\n$/],
      [
        ["--rounds", "--passes", "3"],
        /^bench:c: --rounds needs a value, got the flag "--passes" .*\(see --help\)\n$/,
      ],
      [["--fast"], /unknown argument "--fast"/],
    ] as const
  ) {
    const { code, err } = await benchC(...args);
    assert.equal(code, 2);
    assert.match(err, message);
  }
});

Deno.test("bench:c parses the C program's lines and names what is missing; ours counts as the course says", () => {
  const parsed = parseNativeOutput(
    "minimax 0 549946 5.5\nalphabeta 0 18297 0.21\n",
  );
  assert.deepEqual(parsed.minimax, {
    value: 0,
    nodes: 549946,
    milliseconds: 5.5,
  });
  assert.throws(
    () => parseNativeOutput("minimax 0 549946 5.5\n"),
    /no "alphabeta <value> <nodes> <ms>" line/,
  );
  const ours = timeOurs(1);
  assert.equal(ours.minimax.nodes, 549_946);
  assert.equal(ours.alphaBeta.nodes, 18_297);
  assert.equal(ours.minimax.value, 0);
});
