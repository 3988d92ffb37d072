/**
 * A chess position for the tests that a search restores its position when
 * something inside it throws: its `staticExchange` or `key` throws at its
 * n-th call (counting both) once `failAt` is set.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Chess, ChessOptions } from "../mod.ts";
import { DelegatingPosition } from "../src/_delegating_position.ts";
import { chessAfterChoices } from "./_arbitraries.ts";

/** Chess whose `staticExchange` or `key` throws "planted" at call `failAt` (0: never). */
export class PlantedChess extends DelegatingPosition<Chess> {
  failAt = 0;
  calls = 0;
  #tick(): void {
    if (this.failAt > 0 && ++this.calls === this.failAt) {
      throw new Error("planted");
    }
  }
  override staticExchange(move: number): number {
    this.#tick();
    return this.inner.staticExchange(move);
  }
  mvvLva(move: number): number {
    return this.inner.mvvLva(move);
  }
  override key(): number {
    this.#tick();
    return super.key();
  }
  clone(): this {
    return new PlantedChess(this.inner.clone()) as this;
  }
}

/** How {@linkcode searchesThatThrow} plays its positions and arms them. */
export interface PlantedRuns {
  /** The `Chess` options of the positions. */
  position: ChessOptions;
  /** The largest call at which a position throws. */
  maxFailAt: number;
  /** Property runs and the seed. */
  numRuns: number;
  seed: number;
}

/**
 * Runs `search` on seeded positions of random play, each armed to throw at
 * a random call, and checks each is left exactly as it was, thrown or not.
 *
 * @returns how many searches threw
 */
export function searchesThatThrow(
  search: (position: PlantedChess) => void,
  runs: PlantedRuns,
): number {
  let thrown = 0;
  fc.assert(
    fc.property(
      fc.array(fc.nat(), { minLength: 6, maxLength: 20 }),
      fc.integer({ min: 1, max: runs.maxFailAt }),
      (choices, failAt) => {
        const inner = chessAfterChoices(choices, runs.position);
        if (inner.isTerminal()) return;
        inner.markRoot();
        const position = new PlantedChess(inner);
        const fen = inner.toFen();
        position.failAt = failAt;
        try {
          search(position);
        } catch (error) {
          assert.equal((error as Error).message, "planted");
          thrown++;
        }
        assert.equal(inner.toFen(), fen);
      },
    ),
    { numRuns: runs.numRuns, seed: runs.seed },
  );
  return thrown;
}
