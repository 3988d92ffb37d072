import { DelegatingPosition } from "../_delegating_position.ts";
import type { Move, Value } from "../position.ts";

/** One thing a searcher did to the position it walks. */
export type WalkEvent =
  | { kind: "enter"; move: Move }
  | { kind: "leave"; move: Move }
  | { kind: "evaluate"; value: Value };

/**
 * Wraps a position and logs the searcher's walk: `play` enters a child,
 * `undo` leaves it, `evaluate` reads a leaf (value from MAX's view). This
 * gives the pre-order half of a search (where it goes, in which order) for
 * any searcher without touching the searcher.
 */
export class RecordingPosition extends DelegatingPosition {
  readonly events: WalkEvent[] = [];

  override play(move: Move): void {
    this.inner.play(move);
    this.events.push({ kind: "enter", move });
  }
  override undo(move: Move): void {
    this.inner.undo(move);
    this.events.push({ kind: "leave", move });
  }
  override evaluate(): Value {
    const value = this.inner.evaluate();
    this.events.push({ kind: "evaluate", value: this.inner.turn() * value });
    return value;
  }
  clone(): this {
    // A copy the searcher makes for itself is not the walk being recorded.
    return this.inner.clone() as this;
  }
}
