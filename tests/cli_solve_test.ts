import assert from "node:assert/strict";
import { elapsedMicros, SLOW_NOTE_MS, slowNote } from "../cli/solve.ts";

const SOLVE = new URL("../cli/solve.ts", import.meta.url).pathname;

/** Starts `deno run cli/solve.ts` with piped stdin, stdout and stderr. */
function spawnSolve(...args: string[]): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", SOLVE, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
}

Deno.test("deno task solve prints <position> <score> <nodes> <microseconds>, reports bad lines by number and exits 1", async () => {
  const child = spawnSolve();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(
      "4455\n44x5\n2252576253462244111563365343671351441 -1\n\n12121212\n",
    ),
  );
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  const out = new TextDecoder().decode(stdout).trim().split("\n");
  const err = new TextDecoder().decode(stderr).trim().split("\n");
  assert.equal(code, 1);
  assert.equal(out.length, 2);
  assert.match(out[0]!, /^4455 18 \d+ \d+$/);
  assert.match(out[1]!, /^2252576253462244111563365343671351441 -1 \d+ \d+$/);
  // The summary line at the end is new with the expected-score check.
  assert.deepEqual(err, [
    'line 2: ConnectFour.parse: "x" at index 2 is not a column digit 1…7',
    "line 5: ConnectFour.parse: the game was already won before the move at index 7 (column 2)",
    "solve: 2 bad lines, 0 mismatches, 0 stopped by a budget",
  ]);
});

Deno.test("deno task solve streams: a line's answer arrives before stdin is closed", async () => {
  const child = spawnSolve("--weak");
  const writer = child.stdin.getWriter();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  await writer.write(new TextEncoder().encode("4455\n"));
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  assert.match(text, /^4455 1 \d+ \d+\n$/);
  await writer.close();
  await reader.cancel();
  await child.stderr.cancel();
  assert.equal((await child.status).code, 0);
});

Deno.test("deno task solve streams line after line: each answer arrives before the next line is sent", async () => {
  const child = spawnSolve();
  const writer = child.stdin.getWriter();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (
    const [moves, score] of [
      ["4455", 18],
      ["7422341735647741166133573473242566", 1],
      ["23163416124767223154467471272416755633", 0],
    ]
  ) {
    await writer.write(new TextEncoder().encode(`${moves}\n`));
    // The answers are held back while lines are waiting; none is, here.
    while (!text.endsWith("\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    assert.match(text, new RegExp(`^${moves} ${score} \\d+ \\d+\n$`));
    text = "";
  }
  await writer.close();
  await reader.cancel();
  await child.stderr.cancel();
  assert.equal((await child.status).code, 0);
});

Deno.test("deno task solve: answers held back are written before a bad line's message, so one terminal shows them in order", async () => {
  // stdout and stderr on one pipe, as on a terminal.
  const { code, stdout } = await new Deno.Command("sh", {
    args: [
      "-c",
      `printf '4455\\n44x5\\n7422341735647741166133573473242566\\n' | "${Deno.execPath()}" run --allow-read "${SOLVE}" 2>&1`,
    ],
  }).output();
  const lines = new TextDecoder().decode(stdout).trim().split("\n");
  assert.equal(code, 1);
  assert.equal(lines.length, 4);
  assert.match(lines[0]!, /^4455 18 \d+ \d+$/);
  assert.match(lines[1]!, /^line 2: /);
  assert.match(lines[2]!, /^7422341735647741166133573473242566 1 \d+ \d+$/);
  assert.match(lines[3]!, /^solve: 1 bad line, /);
});

Deno.test("deno task solve exits 0 when every line is valid and 2 on an unknown option", async () => {
  const ok = spawnSolve();
  const writer = ok.stdin.getWriter();
  await writer.write(new TextEncoder().encode("4455\n"));
  await writer.close();
  assert.equal((await ok.output()).code, 0);
  const bad = spawnSolve("--strong");
  await bad.stdin.close();
  const result = await bad.output();
  assert.equal(result.code, 2);
  assert.match(
    new TextDecoder().decode(result.stderr),
    /^solve: unknown flag --strong \(see --help\)\n$/,
  );
});

/** Runs solve with `input` on stdin to the end. */
async function runSolve(
  input: string | Uint8Array,
  ...args: string[]
): Promise<{ code: number; out: string[]; err: string[] }> {
  const child = spawnSolve(...args);
  const writer = child.stdin.getWriter();
  // Written while the output is read: a large input must not deadlock.
  const writing = writer.write(
    typeof input === "string" ? new TextEncoder().encode(input) : input,
  ).then(() => writer.close());
  const { code, stdout, stderr } = await child.output();
  await writing;
  const lines = (bytes: Uint8Array) =>
    new TextDecoder().decode(bytes).split("\n").filter((l) => l !== "");
  return { code, out: lines(stdout), err: lines(stderr) };
}

Deno.test("deno task solve: a second field must be a score in -18…18 (44 55 is not position 44)", async () => {
  const { code, out, err } = await runSolve("44 55\n4455 +18\n4455 18 3\n");
  assert.equal(code, 1);
  assert.equal(out.length, 1);
  assert.match(out[0]!, /^4455 18 \d+ \d+$/);
  assert.deepEqual(err, [
    'line 1: score "55" must be an integer in -18…18 (the second field is the expected score)',
    'line 3: expected "<moves> [score]", got 3 fields',
    "solve: 2 bad lines, 0 mismatches, 0 stopped by a budget",
  ]);
});

Deno.test("deno task solve: an expected score is checked; a mismatch is marked, counted and exits 1", async () => {
  const { code, out, err } = await runSolve("4455 18\n4455 -3\n4455 5\n");
  assert.equal(code, 1);
  assert.match(out[0]!, /^4455 18 \d+ \d+$/);
  assert.match(out[1]!, /^4455 18 \d+ \d+ MISMATCH expected -3$/);
  assert.match(out[2]!, /^4455 18 \d+ \d+ MISMATCH expected 5$/);
  assert.deepEqual(err, [
    "solve: 0 bad lines, 2 mismatches, 0 stopped by a budget",
  ]);
  // In weak mode the sign is compared.
  const weak = await runSolve("4455 5\n4455 -3\n", "--weak");
  assert.equal(weak.code, 1);
  assert.match(weak.out[0]!, /^4455 1 \d+ \d+$/);
  assert.match(weak.out[1]!, /^4455 1 \d+ \d+ MISMATCH expected -3$/);
});

Deno.test("deno task solve --max-nodes / --time-ms: a stopped line prints proven bounds and a marker, exit 0", async () => {
  // 2252576253462244111563365343671351441 needs more than 2 nodes (score -1).
  const input = "2252576253462244111563365343671351441 -1\n4455 18\n1212121\n";
  const { code, out, err } = await runSolve(input, "--max-nodes", "2");
  assert.equal(code, 0);
  const [moves, bounds, nodes, micros, marker] = out[0]!.split(" ");
  assert.equal(moves, "2252576253462244111563365343671351441");
  const [lower, upper] = bounds!.split("..").map(Number);
  assert.ok(lower! <= -1 && -1 <= upper! && lower! < upper!, bounds);
  assert.equal(nodes, "2");
  assert.match(micros!, /^\d+$/);
  assert.equal(marker, "stopped:maxNodes");
  // 4455 needs 3 nodes: stopped too; a finished game needs none.
  assert.match(out[1]!, /^4455 -?\d+\.\.\d+ 2 \d+ stopped:maxNodes$/);
  assert.match(out[2]!, /^1212121 -18 0 \d+$/);
  assert.deepEqual(err, [
    "solve: 0 bad lines, 0 mismatches, 2 stopped by a budget",
  ]);
  const timed = await runSolve("44\n4455\n", "--time-ms=0");
  assert.equal(timed.code, 0);
  assert.match(timed.out[0]!, /^44 -18\.\.18 0 \d+ stopped:timeMs$/);
  // An expected score outside the proven bounds is a mismatch.
  const wrong = await runSolve("4455 -18\n", "--max-nodes=2");
  assert.equal(wrong.code, 1);
  assert.match(wrong.out[0]!, / stopped:maxNodes MISMATCH expected -18$/);
});

Deno.test("deno task solve rejects bad flags with exit 2 and one message", async () => {
  for (
    const [args, message] of [
      [["--max-nodes"], "solve: --max-nodes needs a value"],
      [
        ["--max-nodes", "-5"],
        'solve: --max-nodes must be an integer in 0…999999999999999, got "-5"',
      ],
      [
        ["--max-nodes=1e3"],
        'solve: --max-nodes must be an integer in 0…999999999999999, got "1e3"',
      ],
      [
        ["--time-ms", "soon"],
        'solve: --time-ms must be an integer in 0…999999999999 (milliseconds), got "soon"',
      ],
      [
        ["positions.txt"],
        'solve: unexpected argument "positions.txt": positions are read from stdin',
      ],
      [["--weak", "-x"], "solve: unknown flag -x"],
    ] as const
  ) {
    const { code, out, err } = await runSolve("4455\n", ...args);
    assert.equal(code, 2, args.join(" "));
    assert.deepEqual(out, []);
    assert.deepEqual(err, [`${message} (see --help)`]);
  }
});

Deno.test("deno task solve --help explains the columns, the flags and the exit status", async () => {
  const { code, out, err } = await runSolve("", "--help");
  assert.equal(code, 0);
  assert.deepEqual(err, []);
  const help = out.join("\n");
  for (
    const part of [
      "<moves> <score> <nodes> <microseconds>",
      "<lower>..<upper>",
      "MISMATCH",
      "--max-nodes N",
      "--time-ms T",
      "--weak",
      "Exit status",
    ]
  ) assert.ok(help.includes(part), part);
});

Deno.test("deno task solve: output closed early (| head -2) ends quietly with status 0", async () => {
  const child = spawnSolve();
  const reader = child.stdout.getReader();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode("4455\n"));
  await reader.read();
  // The reader goes away; the next answer meets a closed pipe.
  await reader.cancel();
  await writer.write(new TextEncoder().encode("4455\n".repeat(200))).catch(
    () => {},
  );
  await writer.close().catch(() => {});
  const status = await child.status;
  const err = new TextDecoder().decode(
    await new Response(child.stderr).arrayBuffer(),
  );
  assert.equal(status.code, 0);
  assert.equal(err, "");
});

Deno.test("deno task solve rejects a line longer than 1,024 bytes without holding it, and goes on", async () => {
  const long = new Uint8Array(3_000_001).fill(52); // "4" × 3,000,001
  const input = new Uint8Array(long.length + 6);
  input.set(long);
  input.set(new TextEncoder().encode("\n4455\n"), long.length - 1);
  const { code, out, err } = await runSolve(input);
  assert.equal(code, 1);
  assert.equal(out.length, 1);
  assert.match(out[0]!, /^4455 18 /);
  assert.equal(
    err[0],
    "line 1: longer than 1024 bytes (a position has at most 42 moves); skipped",
  );
});

Deno.test("deno task solve: - is the empty board, printed as -; a blank line is skipped", async () => {
  const { code, out } = await runSolve(
    "\n-\n-\n",
    "--weak",
    "--max-nodes",
    "500",
  );
  assert.equal(out.length, 2);
  for (const line of out) {
    // A budget this small cannot decide the empty board: the bounds say so.
    assert.match(line, /^- -1\.\.1 500 \d+ stopped:maxNodes$/);
  }
  assert.equal(code, 0);
});

Deno.test("deno task solve reads the repository's commented position file: # lines are skipped, - is the empty board", async () => {
  const file = new URL("../data/connect4/opening_weak.txt", import.meta.url);
  const { code, out, err } = await runSolve(
    Deno.readTextFileSync(file),
    "--weak",
    "--book",
  );
  assert.deepEqual(err, []);
  assert.deepEqual(out.map((line) => line.split(" ").slice(0, 2).join(" ")), [
    "4 -1",
    "- 1",
  ]);
  assert.equal(code, 0);
});

Deno.test("deno task solve: - takes a score as any line does, so --book's own output reads back", async () => {
  const { code, out, err } = await runSolve("- 1\n- 2\n- 1 2\n", "--book");
  assert.deepEqual(out.map((line) => line.replace(/ \d+ book/, " T book")), [
    "- 1 0 T book",
    "- 1 0 T book MISMATCH expected 2",
  ]);
  assert.match(
    err.join("\n"),
    /line 3: expected "<moves> \[score\]", got 3 fields/,
  );
  assert.equal(code, 1);
});

Deno.test("deno task solve: no note for an early position that solves in a second, budgeted or not; --help says when one comes", async () => {
  // 4444333 (7 stones) needs about 1.4 M nodes, a fraction of a second:
  // no guessing from the stone count any more, so no note and no try solve.
  const run = await runSolve("4455\n4444333\n", "--threads", "1");
  assert.equal(run.code, 0);
  assert.match(run.out[0]!, /^4455 18 \d+ \d+$/);
  assert.match(run.out[1]!, /^4444333 -2 \d+ \d+$/);
  assert.deepEqual(run.err, []);
  const budgeted = await runSolve(
    "4444333\n",
    "--threads",
    "1",
    "--max-nodes",
    "50000",
  );
  assert.match(
    budgeted.out[0]!,
    /^4444333 -?\d+\.\.-?\d+ 50000 \d+ stopped:maxNodes$/,
  );
  assert.deepEqual(budgeted.err, [
    "solve: 0 bad lines, 0 mismatches, 1 stopped by a budget",
  ]);
  const help = (await runSolve("", "--help")).out.join("\n");
  assert.match(
    help,
    /without --max-nodes or --time-ms every solve runs to its end/,
  );
  assert.match(help, /runs 10 s gets a\snote on stderr/);
  assert.match(help, /--book-file FILE/);
  assert.equal(
    slowNote(3, "4", { probe: 1, lower: -1, upper: 2, nodes: 5e6 }),
    `solve: line 3: 4 has run ${
      SLOW_NOTE_MS / 1000
    } s (5,000,000 nodes, score in -1..2 so far) and goes on: an early position can take minutes to hours (--max-nodes N or --time-ms T bounds it)`,
  );
});

Deno.test("a solve's microseconds are counted as the reference counts them: the difference of two readings cut to the microsecond", () => {
  // The reference subtracts two gettimeofday readings: 0.2 us across a
  // microsecond's edge prints 1, 0.6 us within one prints 0.
  assert.equal(elapsedMicros(1.0009, 1.0011), 1);
  assert.equal(elapsedMicros(1.0001, 1.0007), 0);
  assert.equal(elapsedMicros(5, 5), 0);
  // Over many starts, the mean is the duration (0.4 us here).
  let sum = 0;
  for (let i = 0; i < 1000; i++) {
    const start = 7 + i * 0.0000137;
    sum += elapsedMicros(start, start + 0.0004);
  }
  assert.ok(Math.abs(sum / 1000 - 0.4) < 0.02, `${sum / 1000}`);
});
