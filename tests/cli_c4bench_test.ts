import assert from "node:assert/strict";
import { SLOW_NOTE_MS } from "../cli/solve.ts";

const C4BENCH = new URL("../cli/c4bench.ts", import.meta.url).pathname;

/** Runs `deno run cli/c4bench.ts` to the end, without stdin. */
async function runBench(
  ...args: string[]
): Promise<{ code: number; out: string[]; err: string[] }> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", C4BENCH, ...args],
    stdin: "null",
  }).output();
  const lines = (bytes: Uint8Array) =>
    new TextDecoder().decode(bytes).split("\n").filter((l) => l !== "");
  return { code, out: lines(stdout), err: lines(stderr) };
}

/** Writes `text` to a fresh temporary file. */
function tempFile(text: string): string {
  const file = Deno.makeTempFileSync({ suffix: ".txt" });
  Deno.writeTextFileSync(file, text);
  return file;
}

Deno.test("deno task c4bench: every unusable input is one line on stderr and exit 2", async () => {
  const dir = Deno.makeTempDirSync();
  const empty = tempFile("\n  \n");
  const malformed = tempFile("4455 18\n\n44x 3\n");
  const badScore = tempFile("4455 18\n44 55\n");
  const good = tempFile("4455 18\n");
  try {
    for (
      const [args, message] of [
        [
          [`${dir}/missing.txt`],
          `c4bench: cannot read ${dir}/missing.txt: no such file`,
        ],
        [[dir], `c4bench: cannot read ${dir}: it is a directory`],
        [[empty], `c4bench: ${empty}: no positions`],
        [
          [malformed],
          `c4bench: ${malformed}: line 3: ConnectFour.parse: "x" at index 2 is not a column digit 1…7`,
        ],
        [
          [badScore],
          `c4bench: ${badScore}: line 2: score "55" must be an integer in -18…18 (the second field is the expected score)`,
        ],
        [
          [good, "--megabytes", "0"],
          'c4bench: --megabytes must be an integer in 1…4096 (MiB), got "0" (see --help)',
        ],
        [
          [good, "--megabytes=5000"],
          'c4bench: --megabytes must be an integer in 1…4096 (MiB), got "5000" (see --help)',
        ],
        [
          [good, "--passes", "0"],
          'c4bench: --passes must be an integer in 1…999999, got "0" (see --help)',
        ],
        [[good, "--passes"], "c4bench: --passes needs a value (see --help)"],
        [[], "c4bench: no position file given (see --help)"],
        [
          [good, good],
          `c4bench: one file at a time, got "${good}" and "${good}" (see --help)`,
        ],
        [[good, "--strong"], "c4bench: unknown flag --strong (see --help)"],
      ] as const
    ) {
      const { code, out, err } = await runBench(...args);
      assert.equal(code, 2, args.join(" "));
      assert.deepEqual(out, [], args.join(" "));
      assert.deepEqual(err, [message]);
    }
  } finally {
    for (const file of [empty, malformed, badScore, good]) {
      Deno.removeSync(file);
    }
    Deno.removeSync(dir);
  }
});

Deno.test("deno task c4bench: wrong scores are listed and exit 1; right ones exit 0", async () => {
  const wrong = tempFile("4455 17\n2252576253462244111563365343671351441 -1\n");
  const right = tempFile("4455 18\n2252576253462244111563365343671351441 -1\n");
  try {
    const bad = await runBench(wrong, "--passes", "1");
    assert.equal(bad.code, 1);
    assert.deepEqual(bad.err, []);
    assert.match(
      bad.out[0]!,
      /: 2 positions, strong, table 67,108,864 entries/,
    );
    assert.match(bad.out[1]!, /^pass 1: .* mean nodes 3\.5, .* 1 wrong$/);
    assert.equal(bad.out[2], "  wrong: 4455 17 (solver: 18)");
    const good = await runBench(right, "--weak", "--megabytes=1");
    assert.equal(good.code, 0);
    assert.match(good.out[0]!, /: 2 positions, weak, table 131,072 entries/);
    assert.equal(good.out.length, 3);
  } finally {
    Deno.removeSync(wrong);
    Deno.removeSync(right);
  }
});

Deno.test("deno task c4bench --help explains the file, the flags and the exit codes", async () => {
  const { code, out, err } = await runBench("--help");
  assert.equal(code, 0);
  assert.deepEqual(err, []);
  const help = out.join("\n");
  for (
    const part of [
      "<moves> [score]",
      "--passes N",
      "--megabytes M",
      "--weak",
      "Exit status",
      "1 when",
      "2 on",
    ]
  ) assert.ok(help.includes(part), part);
});

Deno.test("deno task c4bench: a solve that runs long gets solve's note on stderr, naming the position, instead of silence", async () => {
  // The first move 4 takes minutes: the pass's line comes at its end, so
  // c4bench printed nothing but its header meanwhile.
  const early = tempFile("# an early position\n4455 18\n4\n");
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", C4BENCH, early, "--passes", "1"],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  let text = "";
  // Without the note nothing comes before the solve ends, minutes later.
  const guard = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch { /* gone */ }
  }, 120_000);
  try {
    // The note comes once the solve has run SLOW_NOTE_MS; read to it.
    for await (
      const chunk of child.stderr.pipeThrough(new TextDecoderStream())
    ) {
      text += chunk;
      if (text.includes("\n")) break;
    }
    assert.match(
      text,
      new RegExp(
        `^c4bench: pass 1: position 2 \\(4\\) has run ${
          SLOW_NOTE_MS / 1000
        } s \\([\\d,]+ nodes, score in -?\\d+\\.\\.-?\\d+ so far\\) and goes on: .*deno task solve --max-nodes N`,
      ),
    );
  } finally {
    clearTimeout(guard);
    try {
      child.kill("SIGKILL");
    } catch { /* gone */ }
    await child.status;
    Deno.removeSync(early);
  }
  const help = (await runBench("--help")).out.join("\n");
  assert.match(help, /A solve\sthat runs 10 s gets a note on stderr/);
});
