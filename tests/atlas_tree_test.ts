// The decision tree against its rules (issue 25, item 6), checked here
// from the atlas's data (figures/atlas/rows.json), independently of the
// code that derives it: a leaf recommends a technique only on a game that
// reaches it, where the technique was measured below alpha-beta's nodes
// and no SPRT of it on that game accepted H0; a leaf that no game reaches
// is drawn as not measured; a title names no technique the leaf does not
// recommend; MCTS-Solver, measured against plain UCT, is no alpha-beta
// gain. Both the tree derived now and the committed one must pass.
import assert from "node:assert/strict";
import {
  type AtlasFile,
  type DecisionNode,
  deriveTree,
  ELO_LOO_TESTS,
} from "../src/course/mod.ts";

const COMMITTED = JSON.parse(
  Deno.readTextFileSync(
    new URL("../figures/atlas/rows.json", import.meta.url),
  ),
) as AtlasFile;

type Leaf = Extract<DecisionNode, { leaf: string }>;

function leavesOf(node: DecisionNode): Leaf[] {
  return "question" in node
    ? [...leavesOf(node.yes), ...leavesOf(node.no)]
    : [node];
}

/** Words of a title that name techniques, with the techniques they name. */
const TITLE_WORDS: readonly [RegExp, readonly string[]][] = [
  [/killer/i, ["killer"]],
  [/history/i, ["history"]],
  [/\btable\b/i, ["tt", "tt-move-only", "deepening-tt", "etc", "mtdf", "sss"]],
  [/deepening/i, ["deepening", "previous-move", "deepening-tt", "aspiration"]],
  [/static ordering/i, ["static-order"]],
  [/MTD/i, ["mtdf"]],
  [/SSS/i, ["sss"]],
  [/MCTS|playout/i, ["mcts"]],
  [/Grundy|nim-sum/i, ["grundy"]],
  [/quiescence/i, ["quiescence", "quiescence-checks"]],
];

/** Every way `tree` breaks the rules, given the data it should follow. */
function treeProblems(tree: DecisionNode, data: AtlasFile): string[] {
  const problems: string[] = [];
  const leaves = leavesOf(tree);
  for (const fact of data.facts) {
    const reached = leaves.filter((l) => l.games.includes(fact.game)).length;
    if (reached !== 1) {
      problems.push(`${fact.game} reaches ${reached} leaves, not one`);
    }
  }
  for (const leaf of leaves) {
    const where = `"${leaf.leaf}"`;
    // Files from before the rules carry no per-technique games: a
    // recommendation there stands for every game of the leaf it was
    // measured on.
    const recommended = leaf.techniques.map((t) => ({
      ...t,
      games: (t as { games?: string[] }).games ??
        leaf.games.filter((g) =>
          data.rows.some((r) => r.technique === t.technique && r.game === g)
        ),
    }));
    if (leaf.games.length === 0) {
      if ((leaf as { measured?: boolean }).measured !== false) {
        problems.push(
          `${where}: no game reaches it, yet it is not drawn as not measured`,
        );
      }
      if (recommended.length > 0 || leaf.strength.length > 0) {
        problems.push(`${where}: no game reaches it, yet it recommends`);
      }
      continue;
    }
    for (const t of recommended) {
      if (t.games.length === 0) {
        problems.push(`${where}: ${t.technique} is recommended on no game`);
      }
      for (const game of t.games) {
        const at = `${where}: ${t.technique} on ${game}`;
        if (!leaf.games.includes(game)) {
          problems.push(`${at}, a game that does not reach the leaf`);
          continue;
        }
        const row = data.rows.find((r) =>
          r.technique === t.technique && r.game === game
        );
        const median = row?.share?.median;
        if (
          row === undefined || median === undefined || row.shareOf !== undefined
        ) {
          problems.push(`${at}: not measured against alpha-beta`);
        } else if (!(median < 1)) {
          problems.push(
            `${at}: ${median} of alpha-beta's nodes, not below them`,
          );
        }
        const h0 = (data.elo ?? []).find((i) =>
          i.technique === t.technique && i.game === game && i.decision === "H0"
        );
        if (h0 !== undefined) {
          problems.push(`${at}: its SPRT accepted H0 (${h0.elo.estimate})`);
        }
        // Leaving it out of today's full engine cost less than the test's
        // elo1: an H0 too, unless a gain accepted elsewhere outweighs it
        // (its pair's leave-one-out or its own add-one test, H1).
        const loo = (data.leaveOneOut?.items ?? []).filter((i) =>
          i.mode === "nodes" &&
          ELO_LOO_TESTS.some((test) =>
            test.technique === i.technique && test.engine === i.engine
          )
        );
        const looH0 = loo.find((i) =>
          (i.technique === "tt-move" ? "tt-move-only" : i.technique) ===
            t.technique && i.game === game && i.decision === "H0"
        );
        const outweighed = loo.some((i) =>
          i.technique === "killers-and-history" && i.decision === "H1" &&
          i.game === game && ["killer", "history"].includes(t.technique)
        ) ||
          (data.elo ?? []).some((i) =>
            i.technique === t.technique && i.game === game &&
            i.mode === "nodes" && i.decision === "H1"
          );
        if (looH0 !== undefined && !outweighed) {
          problems.push(
            `${at}: its leave-one-out SPRT accepted H0 (${looH0.elo.estimate})`,
          );
        }
      }
    }
    const evaluated = leaf.games.some((g) =>
      data.facts.find((f) => f.game === g)?.evaluation === true
    );
    for (const gain of leaf.strength as unknown[]) {
      const mcts = typeof gain === "string"
        ? gain.startsWith("MCTS")
        : (gain as { technique: string }).technique === "mcts";
      if (mcts && evaluated) {
        problems.push(
          `${where}: lists MCTS-Solver, measured against plain UCT, as a gain of an alpha-beta game`,
        );
      }
    }
    for (const [word, ids] of TITLE_WORDS) {
      if (
        word.test(leaf.leaf) &&
        !recommended.some((t) => ids.includes(t.technique))
      ) {
        problems.push(
          `${where}: its title names ${word.source}, which it does not recommend`,
        );
      }
    }
  }
  return problems;
}

Deno.test("the decision tree derived from the committed atlas data, and the committed tree, keep the leaves' rules", () => {
  assert.deepEqual(treeProblems(deriveTree(COMMITTED), COMMITTED), []);
  assert.deepEqual(treeProblems(COMMITTED.tree, COMMITTED), []);
});

Deno.test("the rules' check finds each kind of broken leaf", () => {
  const tree = deriveTree(COMMITTED);
  const leaves = leavesOf(tree);
  const evaluated = leaves.find((l) =>
    l.games.includes("connect-four") && l.games.includes("chess")
  )!;
  const empty = leaves.find((l) => l.games.length === 0)!;
  const broken = structuredClone(tree);
  const brokenLeaves = leavesOf(broken);
  const evaluatedCopy = brokenLeaves[leaves.indexOf(evaluated)]!;
  const emptyCopy = brokenLeaves[leaves.indexOf(empty)]!;
  // MTD(f) on Connect Four: more nodes than alpha-beta, and H0.
  evaluatedCopy.techniques.push({
    technique: "mtdf",
    name: "MTD(f)",
    games: ["connect-four"],
    share: 1.3,
    reason: "",
  });
  evaluatedCopy.strength.push({
    technique: "mcts",
    game: "connect-four",
    text: "",
  });
  evaluatedCopy.leaf = "Quiescence first";
  emptyCopy.measured = true;
  const problems = treeProblems(broken, COMMITTED).join("\n");
  assert.match(
    problems,
    /mtdf on connect-four: [\d.]+ of alpha-beta's nodes, not below them/,
  );
  assert.match(problems, /mtdf on connect-four: its SPRT accepted H0 \(-47\)/);
  assert.match(problems, /lists MCTS-Solver, measured against plain UCT/);
  assert.match(
    problems,
    /its title names quiescence, which it does not recommend/,
  );
  assert.match(
    problems,
    /no game reaches it, yet it is not drawn as not measured/,
  );
});

Deno.test("a leave-one-out H0 refuses the technique on its game unless its pair's test gained, and the check finds a tree that ignores it", () => {
  const items = COMMITTED.leaveOneOut!.items;
  const withItems = (
    changes: Record<string, Partial<(typeof items)[number]>>,
  ): AtlasFile => ({
    ...COMMITTED,
    leaveOneOut: {
      ...COMMITTED.leaveOneOut!,
      items: items.map((i) => ({ ...i, ...(changes[i.technique] ?? {}) })),
    },
  });
  const killerH0 = {
    decision: "H0" as const,
    elo: { estimate: -12, low: -30, high: 6 },
  };
  const killerOnChess = (tree: DecisionNode) =>
    leavesOf(tree).some((l) =>
      l.techniques.some((t) =>
        t.technique === "killer" && t.games.includes("chess")
      )
    );
  assert.ok(killerOnChess(deriveTree(COMMITTED)));
  // Killers and history together gained (H1): the killers' H0 alone says
  // history stands in for them, so they stay recommended.
  const paired = withItems({ killer: killerH0 });
  assert.ok(killerOnChess(deriveTree(paired)));
  assert.deepEqual(treeProblems(deriveTree(paired), paired), []);
  // Without the pair's gain the H0 refuses them on chess.
  const alone = withItems({
    killer: killerH0,
    "killers-and-history": { decision: null },
  });
  const derived = deriveTree(alone);
  assert.ok(!killerOnChess(derived));
  assert.deepEqual(treeProblems(derived, alone), []);
  assert.match(
    JSON.stringify(derived),
    /chess: 28%, but the full engine loses less than \+10 Elo without it \(leave-one-out accepted H0 at \[0, 10\]: −12\)/,
  );
  assert.match(
    treeProblems(deriveTree(COMMITTED), alone).join("\n"),
    /killer on chess: its leave-one-out SPRT accepted H0 \(-12\)/,
  );
  // An H0 played by another engine than today's is not read.
  const stale = withItems({
    killer: { ...killerH0, engine: "an older engine" },
    "killers-and-history": { decision: null },
  });
  assert.ok(killerOnChess(deriveTree(stale)));
  assert.deepEqual(treeProblems(deriveTree(stale), stale), []);
});
