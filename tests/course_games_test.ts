import assert from "node:assert/strict";
import { ConnectFourSolver, DEFAULT_SOLVER_ENTRIES } from "../mod.ts";
import {
  easySubset,
  findPeriod,
  lesson003Grundy,
  lesson003GrundyReport,
  LESSONS,
  measureSteps,
  solverTableSizes,
  STEP_NAMES,
  stepsSummary,
  workedNimGame,
} from "../src/course/mod.ts";

Deno.test("lesson 003, T003.6: every Grundy and Nim row agrees", () => {
  const data = lesson003Grundy();
  for (const row of data.rows) {
    assert.ok(row.agrees, `${row.what}: ${row.ours}`);
  }
  assert.equal(data.nimAgreement.agree, 4680);
  const report = lesson003GrundyReport(data);
  assert.equal(report.charts.length, 2);
  assert.ok(
    report.charts.every((chart) => chart.svg.startsWith("<svg xmlns=")),
  );
});

Deno.test("findPeriod finds the least period and its start, or none", () => {
  assert.deepEqual(findPeriod([5, 0, 1, 0, 1, 0, 1, 0, 1]), {
    period: 2,
    from: 1,
  });
  assert.deepEqual(findPeriod([1, 2, 3, 4, 5, 6]), {
    period: null,
    from: null,
  });
});

Deno.test("the worked Nim game alternates, and the first player's moves leave nim-sum 0", () => {
  const game = workedNimGame([3, 4, 5]);
  assert.equal(game[0]!.move, "take 2 from heap 1");
  for (const step of game) {
    if (step.player === "first") assert.equal(step.sumAfter, 0);
    else assert.equal(step.sumBefore, 0);
  }
  assert.deepEqual(game.at(-1)!.after, [0, 0, 0]);
});

Deno.test("every Connect Four step scores the easy subset exactly", () => {
  const lines = easySubset(36).slice(0, 40);
  const rows = measureSteps(lines, { entries: 10_007 });
  assert.equal(rows.length, STEP_NAMES.length);
  for (const row of rows) assert.equal(row.wrong, 0, row.name);
  // Pruning never adds nodes over plain negamax on these positions.
  assert.ok(rows.every((row) => row.meanNodes <= rows[0]!.meanNodes));
});

Deno.test("the figures job knows T003.6 and the Connect Four build-up", () => {
  const titles = LESSONS.map((entry) => `${entry.lesson} ${entry.title}`);
  assert.ok(titles.includes("003 Grundy numbers and Nim"));
  assert.ok(titles.some((title) => title.startsWith("connect4 ")));
});

Deno.test("the figures job titles the course's lessons as the course map does", () => {
  // One set of English titles: docs/course.md's bold titles head figures/README.md too.
  const map = Deno.readTextFileSync(
    new URL("../docs/course.md", import.meta.url),
  );
  const titles = [...map.matchAll(/^\|\s*\d+\s*\|\s*\*\*([^*]+)\*\*/gm)].map((
    match,
  ) => match[1]);
  assert.equal(titles.length, 10);
  const course = LESSONS.filter(({ lesson }) =>
    /^\d{3}$/.test(lesson) || lesson === "connect4" || lesson === "chess" ||
    lesson === "strength" || lesson === "atlas"
  );
  assert.equal(course.length, 10);
  for (const entry of course) {
    assert.ok(titles.includes(entry.title), `${entry.lesson}: ${entry.title}`);
  }
});

Deno.test("solverTableSizes reads the table's sizes off the solver: the default's, and a smaller one", () => {
  const solver = new ConnectFourSolver({ threads: 1 });
  assert.deepEqual(solverTableSizes(solver), {
    entryBytes: 8,
    startMiB: 1,
    maxMiB: DEFAULT_SOLVER_ENTRIES * 8 / 2 ** 20,
  });
  assert.equal(solverTableSizes(solver).maxMiB, 512);
  const small = new ConnectFourSolver({ entries: 2 ** 20, threads: 1 });
  assert.deepEqual(solverTableSizes(small), {
    entryBytes: 8,
    startMiB: 1,
    maxMiB: 8,
  });
  assert.throws(
    () => solverTableSizes({} as never),
    /^Error: solverTableSizes: solver must be a ConnectFourSolver, got an object/,
  );
});

Deno.test("stepsSummary says whether every step pays and whether the time moves with the nodes, from the rows", () => {
  const row = (step: number, meanNodes: number, meanMicroseconds: number) => ({
    step,
    name: `+ step ${step} (detail)`,
    positions: 10,
    meanNodes,
    meanMicroseconds,
    wrong: 0,
  });
  const follows = stepsSummary("Middle-Easy", [
    row(7, 1383, 110),
    row(5, 28009, 2624),
    row(6, 3258, 256),
  ]);
  assert.equal(
    follows,
    "On Middle-Easy every step pays: step 6 (step 6) divides the nodes by 8.6, step 7 (step 7) divides the nodes by 2.4, for 1383 nodes a position; the mean time moves with the nodes at every step (2624.0 → 256.0 → 110.0 µs).",
  );
  // A step whose time rises while its nodes fall: the sentence says so.
  const slower = stepsSummary("End-Easy", [
    row(4, 140, 6.7),
    row(5, 86, 8.4),
  ]);
  assert.match(
    slower,
    /the mean time does not move with the nodes at every step \(6\.7 → 8\.4 µs\)/,
  );
  // A step that costs nodes.
  assert.match(
    stepsSummary("End-Easy", [row(5, 86, 8.4), row(6, 118, 12.2)]),
    /^On End-Easy not every step pays: step 6 \(step 6\) divides the nodes by 0\.7/,
  );
  assert.throws(
    () => stepsSummary("End-Easy", [row(5, 86, 8.4)]),
    /^Error: stepsSummary: rows must hold at least two steps, got an array of 1/,
  );
});
