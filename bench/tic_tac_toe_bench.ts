// Full tic-tac-toe from the empty board: minimax (549,946 nodes) and
// alpha-beta (18,297 nodes). Nodes per second = nodes / time per iteration.
import { alphaBeta, minimax, negamax, TicTacToe } from "../mod.ts";
import { RUNS } from "./_smoke.ts";

Deno.bench({
  name: "minimax, empty board (549,946 nodes)",
  group: "tic-tac-toe",
  ...RUNS,
  baseline: true,
  fn() {
    const { stats, value } = minimax(TicTacToe.empty());
    // Tic-tac-toe is a draw.
    if (value !== 0) throw new Error(`minimax valued the empty board ${value}`);
    if (stats.nodes !== 549_946) {
      throw new Error(`minimax visited ${stats.nodes} nodes`);
    }
  },
});

Deno.bench({
  name: "negamax, empty board (549,946 nodes)",
  group: "tic-tac-toe",
  ...RUNS,
  fn() {
    const { stats, value } = negamax(TicTacToe.empty());
    // Tic-tac-toe is a draw.
    if (value !== 0) throw new Error(`negamax valued the empty board ${value}`);
    if (stats.nodes !== 549_946) {
      throw new Error(`negamax visited ${stats.nodes} nodes`);
    }
  },
});

Deno.bench({
  name: "alpha-beta, empty board (18,297 nodes)",
  group: "tic-tac-toe",
  ...RUNS,
  fn() {
    const { stats, value } = alphaBeta(TicTacToe.empty());
    // Tic-tac-toe is a draw.
    if (value !== 0) {
      throw new Error(`alphaBeta valued the empty board ${value}`);
    }
    if (stats.nodes !== 18_297) {
      throw new Error(`alpha-beta visited ${stats.nodes} nodes`);
    }
  },
});
