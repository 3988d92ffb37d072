import assert from "node:assert/strict";
import fc from "fast-check";
import {
  ConnectFour,
  connectFourAlphaBetaPlayer,
  formatGrades,
  gradeConnectFour,
  moveAccuracy,
  parseGrades,
  type Player,
  RandomPlayer,
  SolverPlayer,
} from "../mod.ts";

function endEasy(count: number): string[] {
  const text = Deno.readTextFileSync(
    new URL("../data/connect4/end_easy.txt", import.meta.url),
  );
  return text.trim().split("\n").slice(0, count).map((l) => l.split(" ")[0]!);
}

Deno.test("gradeConnectFour(): each column's grade is the sign of its exact score", () => {
  const positions = endEasy(25);
  const graded = gradeConnectFour(positions, { entries: 1 << 18 });
  const exact = new SolverPlayer({ entries: 1 << 18 });
  for (const { moves, grades } of graded) {
    const scores = exact.scoreMoves(ConnectFour.parse(moves));
    assert.deepEqual(
      grades,
      scores.map((s) => s === -Infinity ? null : Math.sign(s)),
      moves,
    );
  }
  assert.deepEqual(parseGrades(formatGrades(graded)), graded);
});

Deno.test("moveAccuracy(): the solver keeps every value, random play and shallow search do not", () => {
  const graded = gradeConnectFour(endEasy(60), { entries: 1 << 18 });
  const perfect = moveAccuracy(new SolverPlayer({ entries: 1 << 18 }), graded);
  assert.equal(perfect.accuracy, 1);
  assert.equal(perfect.positions + perfect.skipped, 60);
  assert.ok(perfect.positions > 20);
  const random = moveAccuracy(new RandomPlayer({ seed: 1 }), graded);
  assert.ok(random.accuracy < 0.8);
  assert.equal(random.meanNodes, 0);
  const deep = moveAccuracy(connectFourAlphaBetaPlayer(8, "good"), graded);
  assert.ok(deep.accuracy > random.accuracy && deep.meanNodes > 0);
  assert.equal(
    moveAccuracy(new RandomPlayer(), graded, { limit: 10 }).positions +
      moveAccuracy(new RandomPlayer(), graded, { limit: 10 }).skipped,
    10,
  );
});

Deno.test("formatGrades() and parseGrades() round-trip any grades", () => {
  const grade = fc.constantFrom(null, -1, 0, 1);
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          moves: fc.stringMatching(/^[1-7]{0,20}$/),
          grades: fc.array(grade, { minLength: 7, maxLength: 7 }),
        }),
        { maxLength: 20 },
      ),
      (graded) => {
        assert.deepEqual(
          parseGrades(formatGrades(graded)),
          graded.map(({ moves, grades }) => ({ moves, grades })),
        );
        return true;
      },
    ),
    { seed: 42, numRuns: 200 },
  );
});

Deno.test("Accuracy functions reject bad input with clear errors", () => {
  const graded = [{ moves: "44", grades: [0, 0, 0, 1, 0, 0, 0] }];
  const full: Player<ConnectFour> = {
    name: "stubborn",
    lastNodes: 0,
    newGame() {},
    chooseMove: () => 9,
  };
  const cases: [() => unknown, RegExp][] = [
    [
      () => gradeConnectFour(["1212121"]),
      /gradeConnectFour: positions\[0\] is a finished game: 1212121/,
    ],
    [
      () => gradeConnectFour("44" as never),
      /gradeConnectFour: positions must be an array of strings, got "44"/,
    ],
    [() => gradeConnectFour(["48"]), /ConnectFour.parse: "8" at index 1/],
    [
      () => gradeConnectFour([], { size: 1 } as never),
      /gradeConnectFour: unknown option "size"/,
    ],
    [
      () => parseGrades("44 1 0 0"),
      /parseGrades: line 1 must be the moves and seven grades \(1, 0, -1 or x\), got "44 1 0 0"/,
    ],
    [() => parseGrades("\n49 1 0 0 0 0 0 0"), /parseGrades: line 2 must be/],
    [() => parseGrades("44 1 0 0 0 0 0 2"), /parseGrades: line 1 must be/],
    [
      () => parseGrades(7 as never),
      /parseGrades: text must be a string, got 7/,
    ],
    [
      () => moveAccuracy(full, graded),
      /moveAccuracy: stubborn chose column 9 in 44, which is not a legal column/,
    ],
    [
      () => moveAccuracy(full, graded, { limit: 2 }),
      /moveAccuracy: limit must be an integer in 0…1, got 2/,
    ],
  ];
  for (const [run, message] of cases) assert.throws(run, message);
});
