import assert from "node:assert/strict";
import {
  CheckedSolveOptions,
  ConnectFour,
  ConnectFourSolver,
  randomConnectFour,
  type SolveOptions,
} from "../mod.ts";

const solver = new ConnectFourSolver({ entries: 1 << 17, threads: 1 });

Deno.test("a solve with CheckedSolveOptions is the same solve as with the options themselves: score, bounds, nodes, stop", () => {
  const optionSets: SolveOptions[] = [
    {},
    { weak: true },
    { maxNodes: 50 },
    { weak: true, maxNodes: 0 },
    { timeMs: Infinity, slowMs: 5 },
  ];
  for (const options of optionSets) {
    const checked = CheckedSolveOptions.from(options);
    for (let seed = 1; seed <= 40; seed++) {
      const position = randomConnectFour(24 + seed % 14, seed);
      const plain = solver.solve(position, options);
      const once = solver.solve(position, checked);
      assert.deepEqual(once, plain, `${JSON.stringify(options)}, seed ${seed}`);
    }
  }
});

Deno.test("CheckedSolveOptions copies the values it checked: a later change to the object changes no solve", () => {
  const options: SolveOptions = { weak: true, maxNodes: 1_000_000 };
  const checked = CheckedSolveOptions.from(options);
  options.weak = false;
  options.maxNodes = 1;
  const result = solver.solve(ConnectFour.parse("4455"), checked);
  assert.ok(result.exact);
  assert.equal(result.score, 1);
});

Deno.test("CheckedSolveOptions.from refuses what solve refuses, naming itself, the option and the value", () => {
  assert.throws(
    () => CheckedSolveOptions.from({ weak: "yes" } as never),
    /^Error: CheckedSolveOptions.from: weak must be true or false, got "yes"$/,
  );
  assert.throws(
    () => CheckedSolveOptions.from({ maxNodes: -1 }),
    /CheckedSolveOptions.from: maxNodes/,
  );
  assert.throws(
    () => CheckedSolveOptions.from({ depth: 3 } as never),
    /CheckedSolveOptions.from: unknown option "depth"/,
  );
  assert.throws(
    () => CheckedSolveOptions.from(7 as never),
    /CheckedSolveOptions.from: options must be an object, got 7/,
  );
});

Deno.test("a solve with CheckedSolveOptions still checks its position; an object posing as checked options is refused", () => {
  const checked = CheckedSolveOptions.from({ weak: true });
  assert.throws(
    () => solver.solve("4455" as never, checked),
    /^Error: ConnectFourSolver.solve: position must be a ConnectFour/,
  );
  const forged = Object.create(CheckedSolveOptions.prototype);
  assert.throws(
    () => solver.solve(ConnectFour.parse("4455"), forged),
    /ConnectFourSolver.solve: options must be a plain object .* got a CheckedSolveOptions/,
  );
});
