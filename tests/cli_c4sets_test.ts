import assert from "node:assert/strict";
import { ConnectFour, ConnectFourSolver, readPositionLines } from "../mod.ts";
import { CLASSES, movesLeft } from "../cli/c4sets.ts";

const read = (name: string) =>
  readPositionLines(
    Deno.readTextFileSync(
      new URL(`../data/connect4/${name}.txt`, import.meta.url),
    ),
  );

Deno.test("c4sets: movesLeft puts every position of the public Easy sets within 14 moves left, 14 itself included (79 Middle-Easy lines)", () => {
  let fourteen = 0;
  for (const name of ["end_easy", "middle_easy"]) {
    for (const line of read(name)) {
      const left = movesLeft(line.expected!, line.moves.length);
      assert.ok(
        left >= 1 && left <= 14,
        `${name}: ${line.moves} ${line.expected}: ${left}`,
      );
      if (left === 14) fourteen++;
    }
  }
  assert.equal(fourteen, 79);
  // The first player's 4th stone is move 7; a loss to the second player's 21st stone ends at move 42.
  assert.equal(movesLeft(18, 4), 3);
  assert.equal(movesLeft(-1, 2), 40);
  assert.equal(movesLeft(0, 10), 32);
});

Deno.test("c4sets: the committed sample sets hold 100 positions each, in their class, and a sample scores as the solver says", () => {
  const solver = new ConnectFourSolver({ threads: 1 });
  for (const c of CLASSES) {
    const lines = read(c.name);
    assert.equal(lines.length, 100, c.name);
    assert.equal(
      new Set(lines.map((line) => line.moves)).size,
      100,
      `${c.name}: distinct`,
    );
    for (const line of lines) {
      const stones = line.moves.length;
      const left = movesLeft(line.expected!, stones);
      assert.ok(
        stones >= c.stones[0] && stones <= c.stones[1],
        `${c.name}: ${line.moves}`,
      );
      assert.ok(
        left >= c.left[0] && left <= c.left[1],
        `${c.name}: ${line.moves} ${left}`,
      );
    }
    for (const line of lines.slice(0, 4)) {
      assert.equal(
        solver.solve(ConnectFour.parse(line.moves)).score,
        line.expected,
        line.moves,
      );
    }
  }
});

Deno.test("deno task c4sets: bad flags exit 2 naming the flag and the value", async () => {
  const SETS = new URL("../cli/c4sets.ts", import.meta.url).pathname;
  for (
    const [args, message] of [
      [["--count", "0"], /--count must be an integer in 1…100000, got "0"/],
      [["--max-nodes"], /c4sets: --max-nodes needs a value/],
      [["--count=0"], /--count must be an integer in 1…100000, got "0"/],
      [
        ["--max-nodes=x"],
        /--max-nodes must be an integer in 0…999999999999999, got "x"/,
      ],
      [["--seed", "3"], /unknown argument "--seed"/],
    ] as const
  ) {
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", SETS, ...args],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(run.code, 2);
    assert.match(new TextDecoder().decode(run.stderr), message);
  }
});

Deno.test("c4sets: a budget too small to fill the sets gives up after its candidates, says so, writes nothing and exits 1", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/data/connect4`, { recursive: true });
    const run = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-read",
        `--allow-write=data/connect4`,
        new URL("../cli/c4sets.ts", import.meta.url).pathname,
        "--count",
        "1",
        "--max-nodes",
        "1",
      ],
      cwd: dir,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).output();
    const err = new TextDecoder().decode(run.stderr);
    assert.equal(run.code, 1, err);
    assert.match(err, /c4sets: 1000 candidates skipped so far, over 1 nodes/);
    assert.match(
      err,
      /c4sets: the sets are not full after 3000 candidates \(\d+ over 1 nodes\): .*; nothing written/,
    );
    assert.deepEqual([...Deno.readDirSync(`${dir}/data/connect4`)], []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
