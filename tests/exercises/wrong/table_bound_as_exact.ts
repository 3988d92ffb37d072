// Wrong: every result is stored as exact, the bounds of a search that
// failed high or low included (the course's trap).
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
  if (entry !== undefined && entry.depth >= depth) return entry.value;
  if (depth === 0 || position.isTerminal()) return position.evaluate();
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
  table.set(position.key(), { depth, value: best, bound: "exact" });
  return best;
}
