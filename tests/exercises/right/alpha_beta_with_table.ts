// A right answer to the transposition-table exercise: probe before the
// search (an entry as deep answers, or narrows the window by its bound),
// store after it with the depth and the kind of bound.
import type { Position } from "../../../mod.ts";
import { movesOf } from "./_moves.ts";

export interface Entry {
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
  if (entry !== undefined && entry.depth >= depth) {
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
