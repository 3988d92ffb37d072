/**
 * The chess engine's search as the tests of its optional techniques run
 * it: the engine's order, quiescence and selective search on a fresh table,
 * with the options under test laid over them.
 */
import assert from "node:assert/strict";
import {
  Chess,
  CHESS_MOVE_LIMIT,
  iterativeDeepening,
  TranspositionTable,
} from "../mod.ts";
import { loadWac } from "../src/course/chess/wac.ts";
import {
  CHESS_ENGINE_ORDER,
  CHESS_ENGINE_POSITION,
  CHESS_ENGINE_SELECTIVE,
} from "../src/players/_chess_search.ts";

/** The Win At Chess positions. */
export const WAC: ReturnType<typeof loadWac> = loadWac();

/** The engine's search options, `extra` laid over them, on a fresh 4 MiB table. */
export function engine(extra: object = {}): Record<string, unknown> {
  return {
    tt: new TranspositionTable({ megabytes: 4 }),
    order: CHESS_ENGINE_ORDER,
    maxMove: CHESS_MOVE_LIMIT,
    quiescence: true,
    ...CHESS_ENGINE_SELECTIVE,
    ...extra,
  };
}

/**
 * Nodes, value and move of the engine's search of WAC position `index` to
 * `depth`, which must leave the position as it was.
 */
export function searched(
  index: number,
  depth: number,
  extra: object = {},
): { nodes: number; value: number; move: number } {
  const position = Chess.fromFen(WAC[index]!.fen, CHESS_ENGINE_POSITION);
  position.markRoot();
  const fen = position.toFen();
  const result = iterativeDeepening(position, { depth, ...engine(extra) });
  assert.equal(position.toFen(), fen);
  return {
    nodes: result.stats.nodes,
    value: result.value,
    move: result.move,
  };
}

/**
 * Checks that each `[options, message]` makes iterative deepening on WAC.001
 * throw exactly `message`, the position left as it was.
 */
export function assertRefusedOnWac(
  cases: readonly (readonly [object, string])[],
): void {
  for (const [options, message] of cases) {
    const position = Chess.fromFen(WAC[0]!.fen, CHESS_ENGINE_POSITION);
    const fen = position.toFen();
    assert.throws(
      () => iterativeDeepening(position, { depth: 2, ...options }),
      (error: Error) => error.message === message,
      message,
    );
    assert.equal(position.toFen(), fen);
  }
}
