// Full tic-tac-toe from the empty board: minimax (549,946 nodes) and
// alpha-beta (18,297 nodes). Nodes per second = nodes / time per iteration.
import { alphaBeta, minimax, negamax, TicTacToe } from "../mod.ts";

Deno.bench({
  name: "minimax, empty board (549,946 nodes)",
  group: "tic-tac-toe",
  baseline: true,
  fn() {
    const { stats } = minimax(TicTacToe.empty());
    if (stats.nodes !== 549_946) {
      throw new Error(`minimax visited ${stats.nodes} nodes`);
    }
  },
});

Deno.bench({
  name: "negamax, empty board (549,946 nodes)",
  group: "tic-tac-toe",
  fn() {
    const { stats } = negamax(TicTacToe.empty());
    if (stats.nodes !== 549_946) {
      throw new Error(`negamax visited ${stats.nodes} nodes`);
    }
  },
});

Deno.bench({
  name: "alpha-beta, empty board (18,297 nodes)",
  group: "tic-tac-toe",
  fn() {
    const { stats } = alphaBeta(TicTacToe.empty());
    if (stats.nodes !== 18_297) {
      throw new Error(`alpha-beta visited ${stats.nodes} nodes`);
    }
  },
});
