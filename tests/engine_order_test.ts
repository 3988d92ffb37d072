// The engines' move order ("captures", "quiet-killer", "quiet-history"):
// every node tries the captures that do not lose material first (MVV-LVA,
// nothing added to them), then the quiet moves, then the losing captures;
// the quiet history learns from quiet cut moves with a malus and stays
// bounded; and the chess engine, which now orders this way, needs fewer
// nodes than with the course's order it used before. The course's
// "killer"/"history" order keeps its own behaviour (killers before
// captures), which its golden rows measure.
import assert from "node:assert/strict";
import {
  alphaBeta,
  Chess,
  CHESS_MOVE_LIMIT,
  iterativeDeepening,
  type Move,
  type MoveScorer,
  type OrderOption,
  type Position,
  TranspositionTable,
  VALUE_INFINITE,
} from "../mod.ts";
import { DelegatingPosition } from "../src/_delegating_position.ts";
import { DeepContext, deepNode } from "../src/search/_deep_search.ts";
import { QUIET_HISTORY_MAX } from "../src/search/ordering.ts";
import { resolveSearchSettings } from "../src/search/search_settings.ts";
import { CHESS_ENGINE_ORDER } from "../src/players/_chess_search.ts";
import { loadWac } from "../src/course/chess/wac.ts";
import {
  ATLAS_SMALL,
  ENGINE_ORDER_VARIANTS,
  engineOrderTable,
  FULL_ENGINE_ORDER_VARIANTS,
  fullEngineOrderTable,
  measureEngineOrder,
  measureFullEngineOrder,
} from "../src/course/atlas/mod.ts";

/** A chess position that records, for every node, the moves searched from it in order. */
class RecordingChess extends DelegatingPosition<Chess> {
  readonly nodes: { fen: string; moves: Move[] }[] = [];
  readonly #stack: { fen: string; moves: Move[] }[] = [];

  constructor(inner: Chess) {
    super(inner);
    this.#enter();
  }
  #enter(): void {
    const node = { fen: this.inner.toFen(), moves: [] };
    this.nodes.push(node);
    this.#stack.push(node);
  }
  override play(move: Move): void {
    this.#stack.at(-1)!.moves.push(move);
    this.inner.play(move);
    this.#enter();
  }
  override undo(move: Move): void {
    this.#stack.pop();
    this.inner.undo(move);
  }
  clone(): this {
    return new RecordingChess(this.inner.clone()) as this;
  }
}

const mvvLva: MoveScorer = (position, move) =>
  (position as RecordingChess).inner.mvvLva(move);
const chessMvvLva: MoveScorer = (position, move) =>
  (position as Chess).mvvLva(move);

/** 3: a capture that does not lose material, 2: a quiet move, 1: a losing capture. */
function band(position: Chess, move: Move): number {
  if (position.isQuiet(move)) return 2;
  return position.staticExchange(move) < 0 ? 1 : 3;
}

/** The first node (and move) where the tried moves leave the bands' order, or null. */
function bandBreak(nodes: RecordingChess["nodes"]): string | null {
  for (const { fen, moves } of nodes) {
    const position = Chess.fromFen(fen);
    for (let i = 1; i < moves.length; i++) {
      const [a, b] = [moves[i - 1]!, moves[i]!];
      const [ba, bb] = [band(position, a), band(position, b)];
      const mvvDown = ba !== 3 || bb !== 3 ||
        position.mvvLva(a) >= position.mvvLva(b);
      if (ba < bb || !mvvDown) {
        return `${fen}: ${position.moveToUci(a)} before ${
          position.moveToUci(b)
        }`;
      }
    }
  }
  return null;
}

const FENS = [
  // Middlegames with captures on both sides.
  "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
  "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10",
  "2rq1rk1/pb2bppp/1pn1pn2/2pp4/3P4/1PN1PN2/PBQ1BPPP/R4RK1 w - - 0 12",
];

Deno.test("engines' order: at every node, good captures by MVV-LVA, then quiet moves, then losing captures", () => {
  for (const fen of FENS) {
    const position = new RecordingChess(Chess.fromFen(fen));
    const order: OrderOption = [
      "captures",
      mvvLva,
      "quiet-killer",
      "quiet-history",
    ];
    alphaBeta(position, { depth: 4, order, maxMove: CHESS_MOVE_LIMIT });
    assert.equal(bandBreak(position.nodes), null);
    assert.ok(position.nodes.length > 1000);
  }
});

Deno.test("the course's killer and history are kept as they were: a killer, a capture or a quiet move, goes before captures", () => {
  // What T002.2 and the chess course's rows measure; the engines' order
  // above never does this.
  const breaks = FENS.map((fen) => {
    const position = new RecordingChess(Chess.fromFen(fen));
    alphaBeta(position, {
      depth: 4,
      order: ["killer", "history", mvvLva],
      maxMove: CHESS_MOVE_LIMIT,
    });
    return bandBreak(position.nodes);
  });
  assert.ok(breaks.some((b) => b !== null));
});

Deno.test("quiet history: a bonus for quiet cut moves, a malus for the quiet moves searched before them, within ±QUIET_HISTORY_MAX", () => {
  for (const fen of FENS) {
    const position = Chess.fromFen(fen);
    const settings = resolveSearchSettings("alphaBeta", {
      depth: 5,
      order: ["captures", chessMvvLva, "quiet-history"],
      maxMove: CHESS_MOVE_LIMIT,
    });
    const c = new DeepContext(position, settings);
    c.startSearch();
    deepNode(c, 0, 5, -VALUE_INFINITE, VALUE_INFINITE);
    const history = c.quietHistory;
    assert.equal(history.length, 2 * CHESS_MOVE_LIMIT, "one table per side");
    let min = 0, max = 0;
    for (const h of history) {
      if (h < min) min = h;
      if (h > max) max = h;
    }
    assert.ok(max > 0, "quiet cut moves earn a bonus");
    assert.ok(min < 0, "quiet moves searched before a cut pay a malus");
    assert.ok(max <= QUIET_HISTORY_MAX && min >= -QUIET_HISTORY_MAX);
    // The course's table is left alone.
    assert.ok(c.history.every((h) => h === 0));
  }
});

Deno.test("quiet history and killers ignore captures: no promotion or en passant move ever gets an entry", () => {
  // Promotions (kind 1) and en passant captures (kind 2) are never quiet,
  // whatever the square they land on, so the move alone says they must
  // have no history; this position has both for White.
  const position = Chess.fromFen("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1");
  const settings = resolveSearchSettings("alphaBeta", {
    depth: 6,
    order: ["captures", "quiet-killer", "quiet-history"],
    maxMove: CHESS_MOVE_LIMIT,
  });
  const c = new DeepContext(position, settings);
  c.startSearch();
  deepNode(c, 0, 6, -VALUE_INFINITE, VALUE_INFINITE);
  for (let side = 0; side < 2; side++) {
    for (let move = 0; move < CHESS_MOVE_LIMIT; move++) {
      const kind = move >> 14;
      if (kind === 1 || kind === 2) {
        assert.equal(c.quietHistory[side * CHESS_MOVE_LIMIT + move], 0);
      }
    }
  }
  assert.ok(c.quietHistory.some((h) => h !== 0));
  // Nor is such a move ever a killer.
  const killers = [...c.killers].filter((m) => m >= 0);
  assert.ok(killers.length > 0);
  assert.ok(killers.every((m) => (m >> 14) !== 1 && (m >> 14) !== 2));
});

Deno.test("games without isQuiet: every move is quiet, and the engines' order gives alpha-beta's value", () => {
  // A position without isQuiet, staticExchange or a capture: Connect Four's
  // and tic-tac-toe's case (the agreement tests run them through every searcher).
  const inner = Chess.fromFen(FENS[0]!);
  const plain = new (class extends DelegatingPosition<Chess> {
    constructor(inner: Chess) {
      super(inner);
      // The wrapper forwards chess's knowledge of captures: taken away.
      delete this.isQuiet;
      delete this.staticExchange;
      delete this.losesExchange;
    }
    clone(): this {
      return this;
    }
  })(inner) as Position;
  const value = alphaBeta(Chess.fromFen(FENS[0]!), { depth: 3 }).value;
  const ordered = alphaBeta(plain, {
    depth: 3,
    order: ["captures", "quiet-killer", "quiet-history"],
  });
  assert.equal(ordered.value, value);
});

Deno.test("the chess engine's order needs fewer nodes than the course's order it used before (WAC 1–20, depth 4)", () => {
  const tt = new TranspositionTable({ entries: 1 << 16 });
  const nodes = (order: OrderOption) =>
    loadWac().slice(0, 20).reduce((sum, entry) => {
      tt.clear();
      return sum + iterativeDeepening(Chess.fromFen(entry.fen), {
        depth: 4,
        tt,
        order,
        maxMove: CHESS_MOVE_LIMIT,
        quiescence: true,
      }).stats.nodes;
    }, 0);
  const engine = nodes(CHESS_ENGINE_ORDER);
  const before = nodes(["tt", chessMvvLva, "killer", "history"]);
  console.log(`engine order ${engine} nodes, the order before ${before}`);
  assert.ok(engine < before, `${engine} ≥ ${before}`);
});

Deno.test("the atlas's engine-order table: every order on both chess sets, each leave-one-out order really leaves one element out", () => {
  const settings = {
    ...ATLAS_SMALL,
    positions: { ...ATLAS_SMALL.positions, chess: 2, wac: 2 },
  };
  const rows = measureEngineOrder(settings);
  assert.equal(rows.length, 2 * ENGINE_ORDER_VARIANTS.length);
  for (const game of ["chess", "wac"] as const) {
    const of = (id: string) =>
      rows.find((r) => r.variant === id && r.game === game)!;
    assert.equal(of("before").shareOfBefore.median, 1);
    assert.equal(of("engine").shareOfEngine.median, 1);
    for (const variant of ENGINE_ORDER_VARIANTS) {
      const row = of(variant.id);
      assert.equal(row.positions, 2);
      assert.equal(
        row.shareOfPrevious !== undefined,
        variant.adds !== undefined,
      );
      // An order less one element has one element less than the engine's
      // (or, for the static exchange, hides it from the position).
      if (variant.id.startsWith("no-")) {
        const length = (variant.order as readonly unknown[]).length;
        const full = (CHESS_ENGINE_ORDER as readonly unknown[]).length;
        assert.equal(length, variant.noExchange ? full : full - 1, variant.id);
      }
    }
  }
  assert.match(engineOrderTable(rows), /\| \+ quiet killers +\| 2 WAC +\|/);
  // MVV-LVA left out changes the search (it once left out nothing).
  const nodes = (id: string) =>
    rows.filter((r) => r.variant === id).reduce((a, r) => a + r.nodes, 0);
  assert.notEqual(nodes("no-mvv-lva"), nodes("engine"));
});

Deno.test("killers and history inside the full engine: each order leaves out exactly what it names, and leaving them out changes the search", () => {
  const settings = {
    ...ATLAS_SMALL,
    positions: { ...ATLAS_SMALL.positions, chess: 2, wac: 2 },
  };
  const rows = measureFullEngineOrder(settings);
  assert.equal(rows.length, 2 * FULL_ENGINE_ORDER_VARIANTS.length);
  const engine = CHESS_ENGINE_ORDER as readonly unknown[];
  const left = (id: string) => {
    const order = FULL_ENGINE_ORDER_VARIANTS.find((v) => v.id === id)!
      .order as readonly unknown[];
    return engine.filter((o) => !order.includes(o));
  };
  assert.deepEqual(left("engine"), []);
  assert.deepEqual(left("no-killers"), ["quiet-killer"]);
  assert.deepEqual(left("no-history"), ["quiet-history"]);
  assert.deepEqual(left("neither"), ["quiet-killer", "quiet-history"]);
  for (const game of ["chess", "wac"] as const) {
    const of = (id: string) =>
      rows.find((r) => r.variant === id && r.game === game)!;
    assert.equal(of("engine").shareOfEngine.median, 1);
    assert.equal(of("engine").valueChanged, 0);
    assert.equal(of("engine").moveChanged, 0);
    assert.equal(of("neither").positions, 2);
  }
  const nodes = (id: string) =>
    rows.filter((r) => r.variant === id).reduce((a, r) => a + r.nodes, 0);
  assert.notEqual(nodes("neither"), nodes("engine"));
  assert.match(
    fullEngineOrderTable(rows),
    /\| without killers and history +\| 2 WAC +\| +4 \|/,
  );
});
