// Chess speed: perft from the start position (our generator against chess.js,
// the same counts), and alpha-beta with the evaluation on the first ten Win
// At Chess positions. Node counts are the searches' signatures (checked
// every iteration); nodes per second = nodes / time per iteration.
import { Chess as ChessJs } from "chess.js";
import {
  alphaBeta,
  Chess,
  CHESS_MOVE_LIMIT,
  iterativeDeepening,
  type MoveScorer,
  type OrderOption,
  perft,
  TranspositionTable,
} from "../mod.ts";
import { CHESS_ENGINE_ORDER } from "../src/players/_chess_search.ts";
import { RUNS } from "./_smoke.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Deno.bench({
  name: "perft(4) start, dedicated generator (197,281 leaves)",
  group: "perft(4) from the start",
  baseline: true,
  ...RUNS,
  fn() {
    const leaves = perft(Chess.start(), 4);
    if (leaves !== 197_281) throw new Error(`perft(4) = ${leaves}`);
  },
});

Deno.bench({
  name: "perft(4) start, chess.js (197,281 leaves)",
  group: "perft(4) from the start",
  n: 3,
  warmup: 1,
  ...RUNS,
  fn() {
    const leaves = new ChessJs(START).perft(4);
    if (leaves !== 197_281) throw new Error(`chess.js perft(4) = ${leaves}`);
  },
});

Deno.bench({
  name: "perft(5) start, dedicated generator (4,865,609 leaves)",
  n: 5,
  warmup: 1,
  ...RUNS,
  fn() {
    const leaves = perft(Chess.start(), 5);
    if (leaves !== 4_865_609) throw new Error(`perft(5) = ${leaves}`);
  },
});

// Every position of perft.txt against its published count: depth 5, but
// depth 4 for "Kiwipete" (193,690,690 leaves at depth 5).
const published = Deno.readTextFileSync(
  new URL("../data/chess/perft.txt", import.meta.url),
).trim().split("\n").map((line) => {
  const [fen, ...counts] = line.split(";").map((field) => field.trim());
  const depth = Number(counts[4]) > 1e8 ? 4 : 5;
  return { fen: fen!, depth, leaves: Number(counts[depth - 1]) };
});
Deno.bench({
  name: "perft.txt to depth 5 (Kiwipete 4): 25,459,128 leaves",
  n: 3,
  warmup: 1,
  ...RUNS,
  fn() {
    let total = 0;
    for (const { fen, depth, leaves } of published) {
      const count = perft(Chess.fromFen(fen), depth);
      if (count !== leaves) throw new Error(`${fen}: ${count} ≠ ${leaves}`);
      total += count;
    }
    if (total !== 25_459_128) throw new Error(`${total} leaves`);
  },
});

const wac = Deno.readTextFileSync(
  new URL("../data/chess/wac.epd", import.meta.url),
).trim().split("\n").slice(0, 10).map((line) =>
  Chess.fromFen(line.split(" ").slice(0, 4).join(" "))
);

/** Searches every position; throws unless the total node count is `expected`. */
function searchAll(
  expected: number,
  search: (position: Chess) => number,
): void {
  let nodes = 0;
  for (const position of wac) nodes += search(position);
  if (nodes !== expected) throw new Error(`${nodes} nodes`);
}

Deno.bench({
  name: "alphaBeta depth 4, natural order, WAC.001-010 (530,881 nodes)",
  group: "alpha-beta with the evaluation",
  baseline: true,
  ...RUNS,
  fn() {
    searchAll(
      530_881,
      (position) => alphaBeta(position, { depth: 4 }).stats.nodes,
    );
  },
});

const tt = new TranspositionTable({ entries: 1 << 20 });
Deno.bench({
  name:
    "alphaBeta depth 5, table + killer + history, WAC.001-010 (761,636 nodes)",
  group: "alpha-beta with the evaluation",
  ...RUNS,
  fn() {
    searchAll(761_636, (position) => {
      tt.clear();
      return alphaBeta(position, {
        depth: 5,
        tt,
        order: ["tt", "killer", "history"],
        maxMove: CHESS_MOVE_LIMIT,
      }).stats.nodes;
    });
  },
});

// The engine's search (`deno task uci`: deepening, table, quiescence) with
// its order and with the order it had before (the course's killers, tried
// before every capture, and history added to MVV-LVA): time per node is
// the price of the static exchange and the bands, the node counts the gain.
const mvvLva: MoveScorer = (position, move) => (position as Chess).mvvLva(move);
function engineSearch(order: OrderOption): (position: Chess) => number {
  return (position) => {
    tt.clear();
    return iterativeDeepening(position, {
      depth: 5,
      tt,
      order,
      maxMove: CHESS_MOVE_LIMIT,
      quiescence: true,
    }).stats.nodes;
  };
}

Deno.bench({
  name:
    "engine depth 5, the engines' order (captures, SEE, quiet killers and history), WAC.001-010 (330,816 nodes)",
  group: "the engine's order",
  baseline: true,
  ...RUNS,
  fn() {
    searchAll(330_816, engineSearch(CHESS_ENGINE_ORDER));
  },
});

Deno.bench({
  name:
    "engine depth 5, the order before (killers first, history + MVV-LVA), WAC.001-010 (470,337 nodes)",
  group: "the engine's order",
  ...RUNS,
  fn() {
    searchAll(470_337, engineSearch(["tt", mvvLva, "killer", "history"]));
  },
});
