// The threads' shared-out search of shallow nodes (_solver_split.ts): on
// one thread, with children marked as another thread's, it keeps the plain
// search's bound contract, and it leaves no child marked on any exit.
import assert from "node:assert/strict";
import fc from "fast-check";
import { ConnectFourSolver, randomConnectFour } from "../mod.ts";
import type { ConnectFour } from "../mod.ts";
import {
  BUDGET_STOP,
  CONTROL_WORDS,
  MAX,
  MIN,
  SOLVER_ALL,
  SolverEngine,
} from "../src/games/_solver_engine.ts";
import {
  BUSY_ENTRIES,
  BUSY_WORDS,
  busyCheck,
  busySlot,
  splitSearch,
} from "../src/games/_solver_split.ts";
import { SolverTable } from "../src/games/_solver_table.ts";
import { winHi, winLo } from "../src/games/_solver_bits.ts";

/** A position from which the side to move cannot win with its next stone, or null. */
function searchable(position: ConnectFour): ConnectFour | null {
  if (position.won || position.moveCount >= 40) return null;
  const cl = position.currentLo, ch = position.currentHi;
  const ml = position.maskLo, mh = position.maskHi;
  const playableLo = (ml + 0x204081) & 0x7efdfbf;
  const playableHi = (mh + 0x4081) & 0xfdfbf;
  const winning = (winLo(cl, ch, ml) & playableLo) |
    (winHi(cl, ch, mh) & playableHi);
  return winning === 0 ? position : null;
}

/** Marks every child of `position` busy (once) whose column's bit is set in `columns`. */
function markChildren(
  busy: Int32Array,
  position: ConnectFour,
  columns: number,
): number {
  const ml = position.maskLo, mh = position.maskHi;
  const ol = position.currentLo ^ ml, oh = position.currentHi ^ mh;
  let marked = 0;
  for (let col = 0; col < 7; col++) {
    if ((columns & (1 << col)) === 0 || !position.canPlay(col)) continue;
    const bl = col < 4 ? ((ml + 0x204081) & 0x7efdfbf) & (63 << 7 * col) : 0;
    const bh = col < 4 ? 0 : ((mh + 0x4081) & 0xfdfbf) & (63 << 7 * col - 28);
    const keyLo = ol + (ml | bl), keyHi = oh + (mh | bh);
    const slot = busySlot(keyLo, keyHi);
    busy[slot] = busyCheck(keyLo, keyHi);
    busy[BUSY_ENTRIES + slot]! += 1;
    marked++;
  }
  return marked;
}

function countsOf(busy: Int32Array): number {
  let total = 0;
  for (let i = BUSY_ENTRIES; i < BUSY_WORDS; i++) total += busy[i]!;
  return total;
}

Deno.test("split search: with any children marked as another thread's, the result keeps the plain search's bound contract and the marks stay as they were", () => {
  const solver = new ConnectFourSolver({ entries: 1 << 17 });
  fc.assert(
    fc.property(
      fc.integer({ min: 14, max: 30 }),
      fc.integer({ min: 1, max: 2 ** 30 }),
      fc.integer({ min: 0, max: 127 }),
      fc.integer({ min: 1, max: 6 }),
      fc.integer({ min: -3, max: 3 }),
      (stones, seed, columns, plies, offset) => {
        const position = searchable(randomConnectFour(stones, seed));
        fc.pre(position !== null);
        const truth = solver.solve(position!).score;
        const alpha = truth + offset;
        const busy = new Int32Array(new SharedArrayBuffer(4 * BUSY_WORDS));
        const marked = markChildren(busy, position!, columns);
        const engine = new SolverEngine(new SolverTable(1 << 17), SOLVER_ALL);
        const n = position!.moveCount;
        engine.splitBelow = n + plies;
        const result = splitSearch(
          engine,
          busy,
          position!.currentLo,
          position!.currentHi,
          position!.maskLo,
          position!.maskHi,
          n,
          alpha,
        );
        if (truth <= alpha) {
          assert.ok(truth <= result && result <= alpha, `${result}`);
        } else assert.ok(alpha < result && result <= truth, `${result}`);
        assert.equal(countsOf(busy), marked);
      },
    ),
    { seed: 27, numRuns: 120 },
  );
});

Deno.test("split search: a budget stop inside it leaves no child marked", () => {
  let seed = 1;
  while (searchable(randomConnectFour(12, seed)) === null) seed++;
  const position = randomConnectFour(12, seed);
  const busy = new Int32Array(new SharedArrayBuffer(4 * BUSY_WORDS));
  const engine = new SolverEngine(new SolverTable(1 << 17), SOLVER_ALL);
  engine.splitBelow = position.moveCount + 8;
  engine.maxNodes = engine.checkAt = 5_000;
  assert.throws(
    () =>
      splitSearch(
        engine,
        busy,
        position.currentLo,
        position.currentHi,
        position.maskLo,
        position.maskHi,
        position.moveCount,
        0,
      ),
    (error) => error === BUDGET_STOP,
  );
  assert.equal(engine.nodes, 5_000);
  assert.equal(countsOf(busy), 0);
});

Deno.test("split search: with nothing marked it is the plain search, result for result and node for node", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 10, max: 30 }),
      fc.integer({ min: 1, max: 2 ** 30 }),
      fc.integer({ min: 1, max: 8 }),
      fc.integer({ min: -4, max: 4 }),
      (stones, seed, plies, alpha) => {
        const position = searchable(randomConnectFour(stones, seed));
        fc.pre(position !== null);
        const p = position!;
        const split = new SolverEngine(new SolverTable(1 << 17), SOLVER_ALL);
        const plain = new SolverEngine(new SolverTable(1 << 17), SOLVER_ALL);
        split.splitBelow = p.moveCount + plies;
        const busy = new Int32Array(new SharedArrayBuffer(4 * BUSY_WORDS));
        const args = [p.currentLo, p.currentHi, p.maskLo, p.maskHi] as const;
        const got = splitSearch(split, busy, ...args, p.moveCount, alpha);
        const want = plain.search(...args, p.moveCount, alpha, -1, -1);
        assert.equal(got, want);
        assert.equal(split.nodes, plain.nodes);
      },
    ),
    { seed: 28, numRuns: 150 },
  );
});

Deno.test("split search: a child marked as another thread's is searched after its brothers", () => {
  // Some position and window where the first move alone does not settle
  // the node and marking the second changes how many nodes are searched:
  // the mark was read and the move put off.
  let changed = 0;
  for (let seed = 1; seed <= 60 && changed === 0; seed++) {
    const p = searchable(randomConnectFour(16, seed));
    if (p === null) continue;
    for (let columns = 1; columns < 128; columns <<= 1) {
      const counts = [0, columns].map((marked) => {
        const engine = new SolverEngine(new SolverTable(1 << 17), SOLVER_ALL);
        engine.splitBelow = p.moveCount + 1;
        const busy = new Int32Array(new SharedArrayBuffer(4 * BUSY_WORDS));
        markChildren(busy, p, marked);
        splitSearch(
          engine,
          busy,
          p.currentLo,
          p.currentHi,
          p.maskLo,
          p.maskHi,
          p.moveCount,
          0,
        );
        return engine.nodes;
      });
      if (counts[0] !== counts[1]) changed++;
    }
  }
  assert.ok(changed > 0, "no mark changed the search");
});

Deno.test("split search: when the helpers join, the main thread searches the probe under way again, shared out, and the solve stays exact", () => {
  // One thread with the control words of a threaded solve and no helper
  // behind them: reaching helpAt restarts the probe (more nodes than the
  // same solve whose helpers are never called), and the root still proves
  // the exact score.
  let seed = 1;
  let position = searchable(randomConnectFour(10, seed));
  const solver = new ConnectFourSolver({ entries: 1 << 17 });
  while (position === null || solver.solve(position).nodes < 20_000) {
    position = searchable(randomConnectFour(10, ++seed));
  }
  const p = position;
  const truth = solver.solve(p).score;
  const run = (helpAt: number) => {
    const engine = new SolverEngine(new SolverTable(1 << 17), SOLVER_ALL);
    const control = new Int32Array(new SharedArrayBuffer(4 * CONTROL_WORDS));
    const min = 0 - ((42 - p.moveCount) >> 1);
    const max = (43 - p.moveCount) >> 1;
    control[MIN] = min;
    control[MAX] = max;
    engine.control = control;
    engine.job = 1;
    engine.busy = new Int32Array(new SharedArrayBuffer(4 * BUSY_WORDS));
    const actions: string[] = [];
    engine.onHelp = (action) => actions.push(action);
    engine.growAt = Infinity;
    engine.helpAt = engine.checkAt = helpAt;
    engine.root(
      p.currentLo,
      p.currentHi,
      p.maskLo,
      p.maskHi,
      p.moveCount,
      min,
      max,
    );
    assert.equal(engine.min, truth, `help at ${helpAt}: min`);
    assert.equal(engine.max, truth, `help at ${helpAt}: max`);
    assert.deepEqual(actions.slice(0, 1), helpAt === Infinity ? [] : ["start"]);
    return engine.nodes;
  };
  const alone = run(Infinity);
  const restarted = run(5_000);
  assert.ok(
    restarted > alone,
    `the probe under way was not searched again: ${restarted} nodes against ${alone}`,
  );
});
