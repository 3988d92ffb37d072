import type { Move, Position, Value } from "../mod.ts";

/** Wraps a position and records the key of every position `evaluate()` is called on. */
export class TracingPosition implements Position {
  readonly inner: Position;
  readonly maxMoves: number;
  readonly evaluated: Set<number>;

  constructor(inner: Position, evaluated = new Set<number>()) {
    this.inner = inner;
    this.maxMoves = inner.maxMoves;
    this.evaluated = evaluated;
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
    this.evaluated.add(this.inner.key());
    return this.inner.evaluate();
  }
  turn(): 1 | -1 {
    return this.inner.turn();
  }
  key(): number {
    return this.inner.key();
  }
  clone(): this {
    return new TracingPosition(this.inner.clone()) as this;
  }
}
