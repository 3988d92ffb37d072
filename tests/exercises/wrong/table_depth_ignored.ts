// Wrong: an entry answers whatever depth it was searched to, so a
// shallow search's value answers a deeper one.
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

interface Entry {
  depth: number;
  value: number;
  bound: "exact" | "lower" | "upper";
}

export function alphaBetaWithTable(
  position: Position,
  depth: number,
  alpha: number,
  beta: number,
  table: Map<number, Entry>,
): number {
  const entry = table.get(position.key());
  if (entry !== undefined) {
    if (entry.bound === "exact") return entry.value;
    if (entry.bound === "lower") alpha = Math.max(alpha, entry.value);
    if (entry.bound === "upper") beta = Math.min(beta, entry.value);
    if (alpha >= beta) return entry.value;
  }
  if (depth === 0 || position.isTerminal()) return position.evaluate();
  const alphaOriginal = alpha;
  let best = -Infinity;
  for (const move of movesOf(position)) {
    position.play(move);
    const value = 0 -
      alphaBetaWithTable(position, depth - 1, -beta, -alpha, table);
    position.undo(move);
    best = Math.max(best, value);
    alpha = Math.max(alpha, best);
    if (alpha >= beta) break;
  }
  const bound = best <= alphaOriginal
    ? "upper"
    : best >= beta
    ? "lower"
    : "exact";
  table.set(position.key(), { depth, value: best, bound });
  return best;
}
