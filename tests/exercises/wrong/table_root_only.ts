// Wrong: no table below the root; plain alpha-beta, and the root call's
// answer remembered under its exact arguments (so the same call made again
// is answered at the root).
import type { Position } from "../../../mod.ts";
import { movesOf } from "../right/_moves.ts";

function alphaBeta(
  position: Position,
  depth: number,
  alpha: number,
  beta: number,
): number {
  if (depth === 0 || position.isTerminal()) return position.evaluate();
  let best = -Infinity;
  for (const move of movesOf(position)) {
    position.play(move);
    const value = 0 -
      alphaBeta(position, depth - 1, -beta, -Math.max(alpha, best));
    position.undo(move);
    best = Math.max(best, value);
    if (best >= beta) break;
  }
  return best;
}

export function alphaBetaWithTable(
  position: Position,
  depth: number,
  alpha: number,
  beta: number,
  table: Map<string, number>,
): number {
  const key = `${position.key()}|${depth}|${alpha}|${beta}`;
  const hit = table.get(key);
  if (hit !== undefined) return hit;
  const value = alphaBeta(position, depth, alpha, beta);
  table.set(key, value);
  return value;
}
