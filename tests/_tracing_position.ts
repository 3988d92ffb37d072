import type { Position, Value } from "../mod.ts";
import { DelegatingPosition } from "../src/_delegating_position.ts";

/** Wraps a position and records the key of every position `evaluate()` is called on. */
export class TracingPosition extends DelegatingPosition {
  readonly evaluated: Set<number>;

  constructor(inner: Position, evaluated = new Set<number>()) {
    super(inner);
    this.evaluated = evaluated;
  }
  override evaluate(): Value {
    this.evaluated.add(this.inner.key());
    return this.inner.evaluate();
  }
  clone(): this {
    return new TracingPosition(this.inner.clone()) as this;
  }
}
