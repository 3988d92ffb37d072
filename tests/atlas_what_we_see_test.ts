// The sentences under notebook 10's tables quote the committed data: every
// test they name with its Elo, each in the group its decision and interval
// put it in, and the wording follows the numbers when they change.
import assert from "node:assert/strict";
import {
  type AtlasFile,
  engineSummary,
  leaveOneOutSummary,
  nullMoveSummary,
  orderSummary,
  signedElo,
  strengthSummary,
} from "../src/course/mod.ts";

const COMMITTED = JSON.parse(
  Deno.readTextFileSync(
    new URL("../figures/atlas/rows.json", import.meta.url),
  ),
) as AtlasFile;

// The atlas's one rounding (half-way values away from zero): a rounding of
// the test's own let the two tests at +20 [−4.5, +45] and +20 [−4.1, +45]
// pass on each other's text.
const signed = (x: number) => signedElo(x);

Deno.test("leaveOneOutSummary names every test with its Elo and interval, in the group its result puts it", () => {
  const loo = COMMITTED.leaveOneOut!;
  const text = leaveOneOutSummary(loo, COMMITTED.rows);
  const [decided, known] = text.split("Known to ±25 without a decision:");
  for (const item of loo.items) {
    const quoted = `${signed(item.elo.estimate!)} [${signed(item.elo.low!)}, ${
      signed(item.elo.high!)
    }]`;
    assert.ok(
      (item.decision === null ? known! : decided!).includes(quoted),
      `${item.technique} ${quoted}`,
    );
  }
  const decidedCount = loo.items.filter((i) => i.decision !== null).length;
  assert.match(
    text,
    new RegExp(`^Every test has ended.* ${decidedCount} are decided`),
  );
  // An undecided test known to ±25 whose interval lies above 0: exchange
  // pruning, in the committed run.
  const above = loo.items.find((i) => i.technique === "exchange-pruning")!;
  assert.ok(above.decision === null && above.elo.low! > 0);
  // An unfinished test is said to be unfinished, by name.
  const unfinished = leaveOneOutSummary({
    ...loo,
    items: loo.items.map((i) =>
      i === above ? { ...i, precision: undefined } : i
    ),
  }, COMMITTED.rows);
  assert.match(
    unfinished,
    /^1 of \d+ tests have not ended \(exchange pruning\)/,
  );
  // A test whose interval lies above 0 is not said to reach it.
  const quoted = `exchange pruning ${signed(above.elo.estimate!)} [${
    signed(above.elo.low!)
  }, ${signed(above.elo.high!)}]`;
  const after = text.slice(text.indexOf(quoted));
  assert.ok(after.length < text.length, quoted);
  assert.match(after, /^[^;]*with intervals above 0/);
});

Deno.test("strengthSummary puts each equal-nodes test of each game among the accepted, rejected or undecided", () => {
  const text = strengthSummary(
    COMMITTED.elo!,
    COMMITTED.rows,
    COMMITTED.eloSettings!,
  );
  const [chess, connectFour] = text.split("On Connect Four");
  for (const item of COMMITTED.elo!) {
    if (item.mode !== "nodes" || item.technique === "mcts") continue;
    const part = item.game === "chess" ? chess! : connectFour!;
    const group = item.decision === "H1"
      ? /accepted as gains (.*?)(, rejected|, and left|\.)/
      : item.decision === "H0"
      ? /rejected (.*?)(, and left|\.)/
      : /left undecided (.*?)\./;
    assert.ok(
      group.exec(part)![1]!.includes(signed(item.elo.estimate!)),
      `${item.technique} on ${item.game}`,
    );
  }
  assert.match(chess!, /before its move order changed/);
  assert.doesNotMatch(connectFour!, /before its move order changed/);
});

Deno.test("orderSummary and nullMoveSummary follow the numbers", () => {
  const order = COMMITTED.engineOrder!, full = COMMITTED.fullEngineOrder!;
  assert.match(orderSummary(order, full), /Each stands in for the other/);
  // Without both no dearer than without either: no overlap claimed.
  const flat = full.map((r) =>
    r.variant === "neither"
      ? { ...r, shareOfEngine: { ...r.shareOfEngine, median: 1.05 } }
      : r
  );
  assert.match(orderSummary(order, flat), /do not stand in for each other/);
  assert.throws(
    () => orderSummary(order, full.filter((r) => r.variant !== "neither")),
    /orderSummary: no row "neither" on chess/,
  );
  const row = (
    game: "chess" | "wac",
    depth: number,
    reverseFutility: boolean,
    median: number,
  ) => ({
    game,
    depth,
    reverseFutility,
    positions: 10,
    share: { median, low: median, high: median },
    nodesWith: 1,
    nodesWithout: 1,
  });
  const rows = [
    row("chess", 6, true, 0.9),
    row("chess", 9, true, 0.8),
    row("chess", 6, false, 1.2),
    row("chess", 9, false, 0.5),
    row("wac", 6, true, 1.1),
    row("wac", 9, true, 1.3),
  ];
  const text = nullMoveSummary(rows);
  assert.match(
    text,
    /null move saves nodes on the middlegames \(90% at depth 6, 80% at depth 9 of the nodes without it, median\) and adds nodes on the WAC positions \(110% at depth 6, 130% at depth 9\); with reverse futility off it adds or saves nodes by depth/,
  );
  assert.throws(
    () => nullMoveSummary(rows.slice(1)),
    /nullMoveSummary: no row for chess at depth 6 with reverse futility on/,
  );
});

Deno.test("engineSummary quotes every selective technique's share on each game, and compares the null move with futility and razoring by the numbers", () => {
  const rows = COMMITTED.engine!;
  const text = engineSummary(rows);
  const pct = (x: number) => `${Math.round(100 * x)}%`;
  for (const row of rows.filter((r) => r.variant !== "engine")) {
    assert.ok(
      text.includes(pct(row.share.median)),
      `${row.variant} ${row.game}`,
    );
  }
  // The committed null move keeps more nodes than either on both games.
  const share = (variant: string, game: string) =>
    rows.find((r) => r.variant === variant && r.game === game)!.share.median;
  for (const game of ["chess", "wac"]) {
    assert.ok(share("null-move", game) > share("futility", game) + 0.05);
    assert.ok(share("null-move", game) > share("razoring", game) + 0.05);
  }
  assert.match(
    text,
    /Null move cuts less than futility and razoring on the middlegames \(67% against 52% and 51%\)/,
  );
  // With the null move as strong as futility, the sentence says so.
  const even = rows.map((r) =>
    r.variant === "null-move"
      ? { ...r, share: { ...r.share, median: share("futility", r.game) } }
      : r
  );
  assert.match(
    engineSummary(even),
    /Null move cuts about as much as futility and razoring on the middlegames/,
  );
  assert.throws(
    () => engineSummary(rows.filter((r) => r.variant !== "razoring")),
    /engineSummary: no row "razoring" on chess/,
  );
});
