// `deno task bench:c4ref` (bench/connect_four_vs_reference.ts): its small
// default run as CI runs it, and its judgement of a reference program's
// answers, with stand-ins for the reference C++ solver (which is not in the
// repository): our own `deno task solve`, which prints the same line
// format, a program that scores every position 0, one that sleeps, one
// that is not there. Counts and outcomes are judged, never times.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { assertRefused, runBenchTask } from "./_bench_task.ts";
import {
  formatMicros,
  meanOfMinima,
  parseReferenceBenchArgs,
  parseSolverOutput,
} from "../bench/connect_four_vs_reference.ts";

const SOLVE = fileURLToPath(new URL("../cli/solve.ts", import.meta.url));

/** Runs the bench as its deno task does. */
function bench(...args: string[]) {
  return runBenchTask("bench:c4ref", ...args);
}

/** The folders {@linkcode script} made, removed when the module unloads. */
const scriptDirs: string[] = [];
globalThis.addEventListener("unload", () => {
  for (const dir of scriptDirs) Deno.removeSync(dir, { recursive: true });
});

/** A shell script in a fresh temporary folder; returns its path. */
async function script(body: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "c4ref_test_" });
  scriptDirs.push(dir);
  const path = `${dir}/reference.sh`;
  await Deno.writeTextFile(path, `#!/bin/sh\n${body}\n`);
  await Deno.chmod(path, 0o755);
  return path;
}

Deno.test("bench:c4ref: the default run solves 10 End-Easy positions with our solver alone and prints a table", async () => {
  const { code, out, err } = await bench();
  assert.equal(code, 0, out + err);
  assert.match(out, /^\| set \| positions \| ours, 1 thread \|/m);
  assert.doesNotMatch(out, /reference|ratio/);
  // Every 100th line of End-Easy: 10 positions, 41 nodes on average (as
  // `deno task solve` counts them on those lines).
  assert.match(
    out,
    /^\| data\/connect4\/end_easy\.txt \| 10 \| [\d.]+ [µm]?s \(\d+ nodes\) \|/m,
  );
  assert.match(out, /load average .*\(1, 5, 15 min\)/);
});

Deno.test("bench:c4ref: with a reference, both programs' times and the ratios; the same scores and nodes agree", async () => {
  // Our own solver as the stand-in: it reads moves and prints
  // "<moves> <score> <nodes> <microseconds>" as the reference does.
  const reference = await script(
    `exec "${Deno.execPath()}" run --allow-read "${SOLVE}" --threads 1`,
  );
  const { code, out, err } = await bench(
    "--reference",
    reference,
    "--every",
    "200",
    "--runs",
    "2",
    "--threads",
    "2",
  );
  assert.equal(code, 0, out + err);
  assert.match(
    out,
    /^\| set \| positions \| ours, 1 thread \| ours, 2 threads \| reference \| ratio \(1 thread\) \| ratio \(2 threads\) \|$/m,
  );
  const row = out.split("\n").find((line) => line.includes("end_easy"))!;
  const cells = row.split("|").map((cell) => cell.trim());
  assert.equal(cells[2], "5");
  // The same program both sides: the same nodes.
  const nodes = (cell: string) => /\((\d+) nodes\)/.exec(cell)?.[1];
  assert.equal(nodes(cells[3]!), nodes(cells[5]!));
  assert.match(cells[6]!, /^[\d.]+×$/);
  assert.match(cells[7]!, /^[\d.]+×$/);
  // Two runs: a second table of per-line minima, with the same columns,
  // each at most the best run's mean.
  const [first, second] = out.split(
    "Mean of each line's fastest time over the 2 runs",
  );
  assert.ok(second !== undefined, out);
  const minima = second.split("\n").find((line) => line.includes("end_easy"))!
    .split("|").map((cell) => cell.trim());
  assert.equal(minima.length, cells.length);
  const micros = (cell: string) => {
    const [, value, unit] = /^([\d.]+) (µs|ms|s)/.exec(cell)!;
    return Number(value) * { "µs": 1, ms: 1e3, s: 1e6 }[unit!]!;
  };
  for (const k of [3, 4, 5]) {
    assert.ok(
      micros(minima[k]!) <= micros(cells[k]!) * 1.01,
      `${minima[k]} > ${cells[k]}`,
    );
  }
  assert.match(minima[6]!, /^[\d.]+×$/);
  assert.ok(first!.includes("ratio (2 threads)"));
});

Deno.test("bench:c4ref: a reference that scores wrongly, stops, or is missing makes the run fail, naming why", async () => {
  const wrong = await script(`while read moves; do echo "$moves 0 1 1"; done`);
  let run = await bench("--reference", wrong, "--every", "250", "--runs", "1");
  assert.equal(run.code, 1, run.out + run.err);
  // The 1st of End-Easy scores -1: the stand-in's 0 disagrees with the file and with ours.
  assert.match(
    run.err,
    /reference: 2252576253462244111563365343671351441 scored 0, the file says -1/,
  );
  const slow = await script("sleep 30");
  run = await bench(
    "--reference",
    slow,
    "--every",
    "250",
    "--runs",
    "1",
    "--timeout",
    "1",
  );
  assert.equal(run.code, 1);
  assert.match(run.err, /reference: stopped after 1 s \(--timeout\)/);
  run = await bench(
    "--reference",
    "/nonexistent/c4solver",
    "--every",
    "250",
    "--runs",
    "1",
  );
  assert.equal(run.code, 1);
  assert.match(run.err, /reference: cannot start/);
});

Deno.test("bench:c4ref: bad command lines and files exit 2 naming the flag, the value and the rule", async () => {
  for (
    const [args, message] of [
      [["--every", "0"], /--every must be an integer in 1…1000000, got "0"/],
      [["--runs", "x"], /--runs must be an integer in 1…100, got "x"/],
      [["--threads=65"], /--threads must be an integer in 1…64, got "65"/],
      [
        ["--reference"],
        /^bench:c4ref: --reference needs a value, the reference solver's program \(see --help\)$/m,
      ],
      [["--runs", "1", "--runs", "2"], /--runs is given twice \("1" and "2"\)/],
      [["--fast"], /unknown argument "--fast"/],
      [["/nonexistent/set.txt"], /cannot use \/nonexistent\/set\.txt/],
    ] as const
  ) {
    await assertRefused("bench:c4ref", args, message);
  }
});

Deno.test("bench:c4ref's parsers: the options, a solver's output lines, the times", () => {
  const options = parseReferenceBenchArgs(["--first", "8", "a.txt", "b.txt"]);
  assert.equal(options.first, 8);
  assert.deepEqual(options.files, ["a.txt", "b.txt"]);
  assert.equal(options.reference, null);
  const lines = [{ moves: "4455", expected: 18 }, {
    moves: "1",
    expected: null,
  }];
  assert.deepEqual(
    parseSolverOutput("ours", "4455 18 3 12\n1 -1 100 250\n", lines),
    [{ score: 18, nodes: 3, micros: 12 }, {
      score: -1,
      nodes: 100,
      micros: 250,
    }],
  );
  // A line for another position, a missing line, a score out of range.
  assert.throws(
    () => parseSolverOutput("ref", "4455 18 3 12\n2 -1 100 250\n", lines),
    /ref: output line 2 is "2 -1 100 250", expected "1 <score>/,
  );
  assert.throws(
    () => parseSolverOutput("ref", "4455 18 3 12\n", lines),
    /ref: output line 2 is ""/,
  );
  assert.throws(
    () => parseSolverOutput("ref", "4455 40 3 12\n1 0 1 1\n", lines),
    /output line 1 is "4455 40 3 12"/,
  );
  // Each line at its fastest: 4 and 10, not the best run's mean (452).
  const run = (a: number, b: number) =>
    [a, b].map((micros) => ({ score: 0, nodes: 1, micros }));
  assert.equal(meanOfMinima([run(4, 900), run(6, 10)]), 7);
  assert.equal(meanOfMinima([]), 0);
  assert.deepEqual(
    [8.44, 523, 7100, 8_930_000].map(formatMicros),
    ["8.4 µs", "523 µs", "7.10 ms", "8.93 s"],
  );
});
