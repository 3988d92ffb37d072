/**
 * A hand-made position for the horizon effect (lesson 003, T003.5): a tree
 * whose inner nodes carry a static evaluation and whose moves may be noisy
 * ("captures"). Lesson code only.
 *
 * @module
 */

import type { Move, Position, Value } from "../position.ts";

/** A node: static evaluation from MAX's view, whether the move into it is noisy, children. */
export interface EvalNode {
  eval: number;
  noisy?: boolean;
  children?: EvalNode[];
  /** A name for tables. */
  name?: string;
}

/** A tree of {@linkcode EvalNode}s as a {@linkcode Position}: MAX moves at the root. */
export class EvalTree implements Position {
  readonly maxMoves: number;
  readonly root: EvalNode;
  readonly #path: EvalNode[];

  constructor(root: EvalNode) {
    this.root = root;
    this.#path = [root];
    const widest = (node: EvalNode): number =>
      Math.max(
        node.children?.length ?? 0,
        ...(node.children ?? []).map(widest),
      );
    this.maxMoves = Math.max(1, widest(root));
  }

  get #node(): EvalNode {
    return this.#path[this.#path.length - 1]!;
  }

  generateMoves(out: Int32Array): number {
    const count = this.#node.children?.length ?? 0;
    for (let k = 0; k < count; k++) out[k] = k;
    return count;
  }

  generateNoisyMoves(out: Int32Array): number {
    let count = 0;
    (this.#node.children ?? []).forEach((child, k) => {
      if (child.noisy) out[count++] = k;
    });
    return count;
  }

  play(move: Move): void {
    this.#path.push(this.#node.children![move]!);
  }

  undo(_move: Move): void {
    this.#path.pop();
  }

  isTerminal(): boolean {
    return (this.#node.children?.length ?? 0) === 0;
  }

  evaluate(): Value {
    const value = this.#node.eval;
    return this.turn() === 1 ? value : 0 - value;
  }

  turn(): 1 | -1 {
    return (this.#path.length & 1) === 1 ? 1 : -1;
  }

  key(): number {
    return this.#path.length; // unused: no table in the demo
  }

  clone(): this {
    const copy = new EvalTree(this.root);
    copy.#path.length = 0;
    copy.#path.push(...this.#path);
    return copy as this;
  }
}

/**
 * The horizon tree: MAX can play quietly (evaluation +1, and +1 whatever
 * MIN replies) or grab a pawn (evaluation +3) — but then MIN recaptures a
 * piece (a noisy move, −5). At depth 1 the grab looks best; the recapture
 * lies just beyond the horizon.
 */
export function horizonTree(): EvalTree {
  return new EvalTree({
    eval: 0,
    children: [
      {
        name: "quiet move",
        eval: 1,
        children: [{ eval: 1 }, { eval: 1 }],
      },
      {
        name: "grab a pawn",
        eval: 3,
        noisy: true,
        children: [{ eval: -5, noisy: true, name: "recapture" }, { eval: 3 }],
      },
    ],
  });
}
