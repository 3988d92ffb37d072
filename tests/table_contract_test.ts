/**
 * What a depth-limited search with a transposition table promises (issue 8):
 * the reproductions of the reported failures, then the contract as property
 * tests on games with transpositions (Nim, tic-tac-toe, Connect Four
 * endgames) for every table-using searcher × table size × depth.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  alphaBeta,
  aspiration,
  ConnectFour,
  type DeepSearchOptions,
  ExplicitTree,
  iterativeDeepening,
  minimax,
  mtdf,
  Nim,
  NO_MOVE,
  type Position,
  pvs,
  quiescence,
  type SearchResult,
  sssStar,
  TicTacToe,
  TranspositionTable,
  UniformTree,
} from "../mod.ts";
import { ticTacToePositions } from "./_arbitraries.ts";
import { DelegatingPosition } from "../src/_delegating_position.ts";

type Search = (
  position: Position,
  options: DeepSearchOptions,
) => SearchResult;

/** Every searcher that uses a table, each with the options it is given. */
const SEARCHERS: Record<string, Search> = {
  alphaBeta: (p, o) => alphaBeta(p, o),
  alphaBetaFailHard: (p, o) => alphaBeta(p, { ...o, failHard: true }),
  pvs: (p, o) => pvs(p, o),
  aspiration: (p, o) => aspiration(p, { ...o, delta: 1 }),
  aspirationGuess: (p, o) => aspiration(p, { ...o, guess: 1 }),
  iterativeDeepening: (p, o) => iterativeDeepening(p, o),
  iterativeDeepeningPv: (p, o) =>
    iterativeDeepening(p, { ...o, previous: "pv", aspirationDelta: 1 }),
  mtdf: (p, o) => mtdf(p, { ...o, guess: 1 }),
  sssStar: (p, o) => sssStar(p, o),
};

/** Table sizes: every node collides (1), small (3, 17), roomy (4096). */
const TABLE_SIZES = [1, 3, 17, 4096];

/**
 * Plays `pv` on a copy of `position`, failing on an illegal move, and
 * returns the value of where it ends from the root's side: the end's
 * `evaluate()` with one sign flip per move; and whether the end is finished.
 */
function playOut(
  position: Position,
  pv: readonly number[],
): { end: number; terminal: boolean } {
  const copy = position.clone();
  const moves = new Int32Array(copy.maxMoves);
  for (const [k, move] of pv.entries()) {
    assert.ok(!copy.isTerminal(), `pv move ${k} after the game ended`);
    const count = copy.generateMoves(moves);
    assert.ok(
      moves.subarray(0, count).includes(move),
      `pv move ${k} (${move}) is not legal`,
    );
    copy.play(move);
  }
  const value = copy.evaluate();
  const end = pv.length % 2 === 0 ? value : 0 - value;
  return { end, terminal: copy.isTerminal() };
}

/** move is pv[0], and there is a move exactly when there is a line. */
function assertMoveIsPvHead(result: SearchResult, label: string): void {
  if (result.pv.length > 0) {
    assert.equal(result.move, result.pv[0], `${label}: move is not pv[0]`);
  } else {
    assert.equal(result.move, NO_MOVE, `${label}: a move without a line`);
  }
}

/**
 * The contract where the value is fixed-depth minimax's: the value, and a
 * PV that is a legal line ending at a finished game or at the depth limit,
 * whose end evaluates to the value.
 */
function assertExact(
  position: Position,
  depth: number | undefined,
  result: SearchResult,
  label: string,
): void {
  const expected = minimax(position, depth === undefined ? {} : { depth })
    .value;
  assert.equal(result.value, expected, `${label}: value`);
  assertMoveIsPvHead(result, label);
  const { end, terminal } = playOut(position, result.pv);
  if (!terminal) {
    assert.equal(result.pv.length, depth, `${label}: pv stops early`);
  } else if (depth !== undefined) {
    assert.ok(result.pv.length <= depth, `${label}: pv past the depth`);
  }
  assert.equal(end, result.value, `${label}: pv ends elsewhere`);
}

/**
 * The smallest and largest value a search of `position` could return if
 * every position fewer than `depth` plies from the root is expanded and any
 * position at least that deep is either evaluated or searched further: the
 * values of every tree "at least `depth` deep along every line", which is
 * what a table entry from a deeper search answering a shallower node makes.
 */
function deepenedRange(position: Position, depth: number): [number, number] {
  const memo = new Map<string, [number, number]>();
  const moves: Int32Array[] = [];
  const heightMemo = new Map<number, number>();
  const height = (ply: number): number => {
    const key = position.key();
    const known = heightMemo.get(key);
    if (known !== undefined) return known;
    let h = 0;
    if (!position.isTerminal()) {
      moves[ply] ??= new Int32Array(position.maxMoves);
      const list = moves[ply]!;
      const count = position.generateMoves(list);
      for (let i = 0; i < count; i++) {
        position.play(list[i]!);
        h = Math.max(h, 1 + height(ply + 1));
        position.undo(list[i]!);
      }
    }
    heightMemo.set(key, h);
    return h;
  };
  const range = (ply: number, r: number): [number, number] => {
    if (position.isTerminal()) {
      const value = position.evaluate();
      return [value, value];
    }
    const h = height(ply);
    if (r > h) r = h;
    const id = `${position.key()}/${r}`;
    const known = memo.get(id);
    if (known !== undefined) return known;
    let lo: number;
    let hi: number;
    if (r === 0) {
      lo = hi = position.evaluate();
    } else {
      lo = -Infinity;
      hi = -Infinity;
      moves[ply] ??= new Int32Array(position.maxMoves);
      const list = moves[ply]!;
      const count = position.generateMoves(list);
      const children = Array.from(list.subarray(0, count));
      for (const move of children) {
        position.play(move);
        const [childLo, childHi] = range(ply + 1, r - 1);
        position.undo(move);
        lo = Math.max(lo, -childHi);
        hi = Math.max(hi, -childLo);
      }
    }
    if (r < h) {
      const [deeperLo, deeperHi] = range(ply, r + 1);
      lo = Math.min(lo, deeperLo);
      hi = Math.max(hi, deeperHi);
    }
    memo.set(id, [lo, hi]);
    return [lo, hi];
  };
  return range(0, depth);
}

/** Connect Four positions with `minEmpty` to `maxEmpty` empty cells, from the project's data. */
function connectFourEndgames(
  minEmpty: number,
  maxEmpty: number,
): ConnectFour[] {
  const text = Deno.readTextFileSync(
    new URL("../data/connect4/end_easy.txt", import.meta.url),
  );
  return text.split("\n").filter((line) => line.trim() !== "")
    .map((line) => line.split(" ")[0]!)
    .filter((moves) =>
      42 - moves.length >= minEmpty && 42 - moves.length <= maxEmpty
    )
    .map((moves) => ConnectFour.parse(moves));
}

// ---------------------------------------------------------------------------
// The reported failures.

Deno.test("issue 8: sssStar on Nim answers from deeper entries by default; exactDepth gives fixed-depth minimax", () => {
  // The reported case: [2, 3] at depth 4 gave 1 (the to-the-end value), by a
  // pass that failed high above gamma and restarted higher; it now stops
  // there with gamma, 0. [3, 3] at depth 5 still shows the engine rule.
  for (
    const [heaps, depth, engineValue] of [[[2, 3], 4, 0], [
      [3, 3],
      5,
      -1,
    ]] as const
  ) {
    const position = new Nim(heaps);
    assert.equal(minimax(position, { depth }).value, 0);
    const engine = sssStar(position, { depth });
    assert.equal(engine.value, engineValue);
    const [lo, hi] = deepenedRange(position, depth);
    assert.ok(lo <= engine.value && engine.value <= hi);
    assertMoveIsPvHead(engine, "sssStar");
    const exact = sssStar(position, { depth, exactDepth: true });
    assertExact(position, depth, exact, "sssStar exactDepth");
  }
});

Deno.test("issue 8: mtdf(Nim [2, 2, 3], depth 6) reports pv[0] as its move", () => {
  const position = new Nim([2, 2, 3]);
  const result = mtdf(position, { depth: 6 });
  assertMoveIsPvHead(result, "mtdf");
  assertExact(position, 6, mtdf(position, { depth: 6, exactDepth: true }), "");
});

Deno.test("issue 8: mtdf and sssStar with tiny tables return a best line", () => {
  for (const cells of ["X...O....", "XO.......", "........."]) {
    const position = TicTacToe.parse(cells);
    for (const entries of [1, 3, 17]) {
      for (const search of [mtdf, sssStar]) {
        const tt = new TranspositionTable({ entries });
        const label = `${search.name} ${cells} ${entries}`;
        assertExact(position, undefined, search(position, { tt }), label);
      }
    }
  }
});

Deno.test("sssStar ends on Nim [1, 4, 2] at depth 6 with a 3-entry table (it used to cycle for ever)", () => {
  const position = new Nim([1, 4, 2]);
  const tt = new TranspositionTable({ entries: 3 });
  const result = sssStar(position, { depth: 6, tt });
  const [lo, hi] = deepenedRange(position, 6);
  assert.ok(lo <= result.value && result.value <= hi);
  assertMoveIsPvHead(result, "sssStar");
  const exact = sssStar(position, { depth: 6, tt, exactDepth: true });
  assertExact(position, 6, exact, "sssStar exactDepth");
});

Deno.test("alphaBeta with a root window that fails low still gives a move with its one-move line", () => {
  const position = TicTacToe.parse("X...O....");
  for (const tt of [undefined, new TranspositionTable({ entries: 64 })]) {
    const result = alphaBeta(position, { alpha: 5, beta: 9, tt });
    assert.ok(result.value <= 5);
    assert.notEqual(result.move, NO_MOVE);
    assertMoveIsPvHead(result, "fail-low root");
  }
});

Deno.test("exactDepth must be a boolean", () => {
  assert.throws(
    () => alphaBeta(new Nim([1]), { exactDepth: 1 as never }),
    /exactDepth must be a boolean, got 1/,
  );
});

// ---------------------------------------------------------------------------
// The contract, as properties.

const searcherNames = Object.keys(SEARCHERS);

Deno.test("Nim: with exactDepth every searcher equals fixed-depth minimax and returns a best line; by default the value lies in the deepened range", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 3 }),
      fc.integer({ min: 0, max: 7 }),
      fc.constantFrom(...TABLE_SIZES),
      fc.constantFrom(...searcherNames),
      (heaps, depth, entries, name) => {
        const position = new Nim(heaps);
        const search = SEARCHERS[name]!;
        const label = `${name} [${heaps}] depth ${depth} entries ${entries}`;
        const tt = new TranspositionTable({ entries });
        const exact = search(position, { depth, tt, exactDepth: true });
        assertExact(position, depth, exact, `${label} exactDepth`);
        const engine = search(position, {
          depth,
          tt: new TranspositionTable({ entries }),
        });
        const [lo, hi] = deepenedRange(position, depth);
        assert.ok(
          lo <= engine.value && engine.value <= hi,
          `${label}: ${engine.value} outside [${lo}, ${hi}]`,
        );
        assertMoveIsPvHead(engine, label);
        // Not promised when a deeper entry answered, but seen on every case
        // tried: the line runs on past the depth to an end with the value.
        assert.equal(playOut(position, engine.pv).end, engine.value, label);
        // Without a depth limit every tree ends: exact in both modes.
        for (const exactDepth of [false, true]) {
          const tt = new TranspositionTable({ entries });
          assertExact(
            position,
            undefined,
            search(position, { tt, exactDepth }),
            `${label} to the end, exactDepth ${exactDepth}`,
          );
        }
      },
    ),
    { seed: 8, numRuns: 400 },
  );
});

Deno.test("iterativeDeepening with exactDepth still knows when it has solved Nim, through table cuts", () => {
  for (const heaps of [[1, 2, 3], [2, 2, 3], [3, 4]]) {
    const position = new Nim(heaps);
    const result = iterativeDeepening(position, {
      tt: new TranspositionTable({ entries: 4096 }),
      exactDepth: true,
    });
    assert.ok(result.solved && result.stats.ttCutoffs > 0);
    assert.equal(result.value, minimax(position).value);
    const { end, terminal } = playOut(position, result.pv);
    assert.ok(terminal && end === result.value);
  }
});

Deno.test("a table that already holds a deeper search's entries answers a shallower one; exactDepth does not", () => {
  const position = new Nim([1, 2, 3]);
  const tt = new TranspositionTable({ entries: 4096 });
  alphaBeta(position, { tt });
  // Every entry is now a to-the-end value: the engine rule uses them.
  const engine = alphaBeta(position, { depth: 2, tt });
  assert.equal(engine.value, minimax(position).value);
  const exact = alphaBeta(position, { depth: 2, tt, exactDepth: true });
  assertExact(position, 2, exact, "exactDepth after a deeper search");
});

Deno.test("exactDepth after a default-rule search of the same depth on the same table: Nim [1, 2, 5] at depth 6 is still minimax's 0", () => {
  // The default rule stores depth-6 entries whose values came from deeper
  // entries (Nim reaches one position at several depths): exactDepth used
  // to trust them for having the needed depth, and gave 1 with a 2-ply line.
  const position = new Nim([1, 2, 5]);
  assert.equal(minimax(position, { depth: 6 }).value, 0);
  for (const name of searcherNames) {
    const tt = new TranspositionTable({ entries: 4096 });
    assert.equal(alphaBeta(position, { depth: 6, tt }).value, 1);
    const exact = SEARCHERS[name]!(position, {
      depth: 6,
      tt,
      exactDepth: true,
    });
    assertExact(
      position,
      6,
      exact,
      `${name} exactDepth after the default rule`,
    );
  }
});

Deno.test("exactDepth after quiescence on the same table: alphaBeta at depth 3 equals minimax on 40 noisy trees", () => {
  for (let seed = 0; seed < 40; seed++) {
    const tree = new UniformTree({
      branching: 3,
      depth: 6,
      seed,
      noisyPercent: 50,
    });
    const tt = new TranspositionTable({ entries: 4096 });
    quiescence(tree, { depth: 3, tt });
    const exact = alphaBeta(tree, { depth: 3, tt, exactDepth: true });
    assertExact(tree, 3, exact, `seed ${seed}`);
  }
});

/** A tree whose nodes in `checked` are "in check" (for `checkExtensions`). */
class CheckedTree extends DelegatingPosition {
  constructor(inner: Position, readonly checked: ReadonlySet<number>) {
    super(inner);
  }
  override isCheck(): boolean {
    return this.checked.has(this.inner.key());
  }
  clone(): this {
    return new CheckedTree(this.inner.clone(), this.checked) as this;
  }
}

Deno.test("exactDepth after an exactDepth search with check extensions: a subtree that ended only through extensions does not answer as ended", () => {
  // Root → A (static 20) → C (10, in check) → D (30, in check) → leaf 90.
  // At depth 2 with check extensions A's subtree reaches the leaf, 3 plies
  // below A: it was stored as "ended within 1 ply", and a plain exactDepth
  // search at depth 2 took 90 from it instead of evaluating C.
  const inner = ExplicitTree.from([
    {
      value: 20,
      children: [{ value: 10, children: [{ value: 30, children: [90] }] }],
    },
    { value: 40, children: [40] },
  ]);
  const walk = inner.clone();
  walk.play(0);
  walk.play(0);
  const c = walk.key();
  walk.play(0);
  const tree = new CheckedTree(inner, new Set([c, walk.key()]));
  const tt = new TranspositionTable({ entries: 64 });
  const extended = alphaBeta(tree, {
    depth: 2,
    tt,
    exactDepth: true,
    checkExtensions: true,
  });
  assert.equal(extended.value, 90);
  assert.equal(minimax(tree, { depth: 2 }).value, 40);
  assertExact(
    tree,
    2,
    alphaBeta(tree, { depth: 2, tt, exactDepth: true }),
    "exactDepth after check extensions",
  );
});

/**
 * Searches that fill a table with entries that are not fixed-depth
 * minimax's at their depth: the default rule (deeper values), quiescence
 * (noisy lines past the horizon) and selective techniques (pruned or
 * reduced trees), in tree units (values 1…99).
 */
const PREFILLS: Record<string, Search> = {
  defaultRule: (p, o) => alphaBeta(p, o),
  defaultRuleDeepening: (p, o) => iterativeDeepening(p, o),
  quiescence: (p, o) => quiescence(p, o),
  quiescenceExact: (p, o) => quiescence(p, { ...o, exactDepth: true }),
  futility: (p, o) => alphaBeta(p, { ...o, futility: { margins: [5, 10] } }),
  razoring: (p, o) => pvs(p, { ...o, razoring: { margins: [5, 10] } }),
  reverseFutility: (p, o) =>
    pvs(p, { ...o, reverseFutility: { margin: 3, maxDepth: 3 } }),
  lateMovePruning: (p, o) =>
    iterativeDeepening(p, {
      ...o,
      pvs: true,
      lateMovePruning: { maxDepth: 3, baseMoves: 0 },
    }),
  lateMoveReductions: (p, o) =>
    alphaBeta(p, {
      ...o,
      lateMoveReductions: { fullMoves: 1, minDepth: 2, reduction: 2 },
    }),
  selectiveExact: (p, o) =>
    alphaBeta(p, {
      ...o,
      exactDepth: true,
      futility: { margins: [5, 10] },
      lateMoveReductions: { fullMoves: 1, minDepth: 2 },
    }),
};

Deno.test("a table filled by default-rule, quiescence and selective searches: every searcher with exactDepth still equals fixed-depth minimax, with a best line", () => {
  const games = fc.oneof(
    fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 })
      .map((heaps): Position => new Nim(heaps)),
    fc.record({
      branching: fc.integer({ min: 1, max: 4 }),
      depth: fc.integer({ min: 1, max: 6 }),
      seed: fc.integer({ min: 0, max: 1_000_000 }),
      noisyPercent: fc.constantFrom(0, 30, 60),
    }).map((shape): Position => new UniformTree(shape)),
  );
  fc.assert(
    fc.property(
      games,
      fc.integer({ min: 1, max: 6 }),
      fc.array(
        fc.tuple(
          fc.constantFrom(...Object.keys(PREFILLS)),
          fc.integer({ min: -1, max: 2 }),
        ),
        { minLength: 1, maxLength: 4 },
      ),
      fc.constantFrom(3, 17, 4096),
      fc.constantFrom(...searcherNames),
      (position, depth, prefills, entries, name) => {
        const tt = new TranspositionTable({ entries });
        for (const [prefill, extra] of prefills) {
          PREFILLS[prefill]!(position, { depth: depth + extra, tt });
        }
        const label =
          `${name} on ${position} depth ${depth} entries ${entries} after ${
            prefills.map(([p, extra]) => `${p}@${depth + extra}`).join(", ")
          }`;
        const exact = SEARCHERS[name]!(position, {
          depth,
          tt,
          exactDepth: true,
        });
        assertExact(position, depth, exact, label);
        // With quiescence, exactDepth gives the value of the fixed-depth
        // tree with quiescence at its horizon: a fresh table's.
        assert.equal(
          quiescence(position, { depth, tt, exactDepth: true }).value,
          quiescence(position, { depth }).value,
          `quiescence exactDepth, ${label}`,
        );
      },
    ),
    { seed: 12, numRuns: 400 },
  );
});

Deno.test("tic-tac-toe (no position at two depths): every searcher with a fresh table equals fixed-depth minimax, with a best line", () => {
  fc.assert(
    fc.property(
      ticTacToePositions,
      fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
      fc.constantFrom(...TABLE_SIZES),
      fc.constantFrom(...searcherNames),
      fc.boolean(),
      (position, depth, entries, name, exactDepth) => {
        const tt = new TranspositionTable({ entries });
        const options = { ...(depth === undefined ? {} : { depth }), tt };
        const result = SEARCHERS[name]!(position, { ...options, exactDepth });
        assertExact(
          position,
          depth,
          result,
          `${name} ${position} depth ${depth} entries ${entries}`,
        );
      },
    ),
    { seed: 9, numRuns: 300 },
  );
});

Deno.test("Connect Four endgames: every searcher equals minimax with a best line, to the end and depth-limited", () => {
  const positions = connectFourEndgames(6, 10).slice(0, 40);
  assert.ok(positions.length >= 20);
  fc.assert(
    fc.property(
      fc.constantFrom(...positions),
      fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
      fc.constantFrom(...TABLE_SIZES),
      fc.constantFrom(...searcherNames),
      (position, depth, entries, name) => {
        const tt = new TranspositionTable({ entries });
        const result = SEARCHERS[name]!(position, {
          ...(depth === undefined ? {} : { depth }),
          tt,
        });
        assertExact(
          position,
          depth,
          result,
          `${name} ${position} depth ${depth} entries ${entries}`,
        );
      },
    ),
    { seed: 10, numRuns: 150 },
  );
});

Deno.test("uniform trees: every searcher equals minimax with a best line for every table size", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 0, max: 4 }),
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.integer({ min: 0, max: 5 }),
      fc.constantFrom(...TABLE_SIZES),
      fc.constantFrom(...searcherNames),
      (branching, treeDepth, seed, depth, entries, name) => {
        const tree = new UniformTree({ branching, depth: treeDepth, seed });
        const d = Math.min(depth, treeDepth);
        const tt = new TranspositionTable({ entries });
        const result = SEARCHERS[name]!(tree, { depth: d, tt });
        assertExact(tree, d, result, `${name} seed ${seed} depth ${d}`);
      },
    ),
    { seed: 11, numRuns: 300 },
  );
});

Deno.test("every searcher × table size × depth, exhaustively: Nim [1, 2, 3] and tic-tac-toe X...O....", () => {
  const cases: [Position, number[]][] = [
    [new Nim([1, 2, 3]), [0, 1, 2, 3, 4, 5, 6, 7]],
    [TicTacToe.parse("X...O...."), [0, 1, 2, 3, 4, 5, 7]],
  ];
  for (const [position, depths] of cases) {
    const nim = position instanceof Nim;
    for (const [name, search] of Object.entries(SEARCHERS)) {
      for (const entries of TABLE_SIZES) {
        for (const depth of depths) {
          const label = `${name} ${position} depth ${depth} entries ${entries}`;
          const tt = () => new TranspositionTable({ entries });
          const exact = search(position, { depth, tt: tt(), exactDepth: true });
          assertExact(position, depth, exact, `${label} exactDepth`);
          const engine = search(position, { depth, tt: tt() });
          if (nim) {
            const [lo, hi] = deepenedRange(position, depth);
            assert.ok(lo <= engine.value && engine.value <= hi, label);
            assertMoveIsPvHead(engine, label);
            assert.equal(playOut(position, engine.pv).end, engine.value, label);
          } else {
            assertExact(position, depth, engine, label);
          }
        }
      }
    }
  }
});
