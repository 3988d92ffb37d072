// A right answer to the iterative-deepening exercise: depths 1, 2, …,
// maxDepth, each iteration trying the previous best move first, with
// negamax alpha-beta below the root.
import type { Position } from "../../../mod.ts";
import { movesOf } from "./_moves.ts";

function search(
  position: Position,
  depth: number,
  alpha: number,
  beta: number,
): number {
  if (depth === 0 || position.isTerminal()) return position.evaluate();
  let best = -Infinity;
  for (const move of movesOf(position)) {
    position.play(move);
    const value = 0 - search(position, depth - 1, -beta, -alpha);
    position.undo(move);
    best = Math.max(best, value);
    alpha = Math.max(alpha, best);
    if (alpha >= beta) break;
  }
  return best;
}

export function iterativeDeepening(
  position: Position,
  maxDepth: number,
): { move: number; value: number } {
  let result = { move: -1, value: position.evaluate() };
  for (let depth = 1; depth <= maxDepth; depth++) {
    const moves = movesOf(position);
    if (moves.length === 0) break;
    const previous = moves.indexOf(result.move);
    if (previous > 0) moves.unshift(...moves.splice(previous, 1));
    let alpha = -Infinity, bestMove = moves[0]!;
    for (const move of moves) {
      position.play(move);
      const value = 0 - search(position, depth - 1, -Infinity, -alpha);
      position.undo(move);
      if (value > alpha) [alpha, bestMove] = [value, move];
    }
    result = { move: bestMove, value: alpha };
  }
  return result;
}
