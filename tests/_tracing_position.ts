import type { Move, Position, Value } from "../mod.ts";

/**
 * A position that hands every call to `inner`: tests extend it and override
 * only the calls they watch or break.
 */
export abstract class DelegatingPosition<P extends Position = Position>
  implements Position {
  readonly inner: P;
  readonly maxMoves: number;

  constructor(inner: P) {
    this.inner = inner;
    this.maxMoves = inner.maxMoves;
  }
  generateMoves(out: Int32Array): number {
    return this.inner.generateMoves(out);
  }
  play(move: Move): void {
    this.inner.play(move);
  }
  undo(move: Move): void {
    this.inner.undo(move);
  }
  isTerminal(): boolean {
    return this.inner.isTerminal();
  }
  evaluate(): Value {
    return this.inner.evaluate();
  }
  turn(): 1 | -1 {
    return this.inner.turn();
  }
  key(): number {
    return this.inner.key();
  }
  abstract clone(): this;
}

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
