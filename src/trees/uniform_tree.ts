/**
 * The course's abstract trees (lesson 000): every inner node has `branching`
 * children, every leaf is at `depth`, leaf values are seeded integers 1…99
 * from MAX's view, and the children may be permuted by their exact minimax
 * value to give the best or the worst move order.
 *
 * @module
 */

import type { Move, Position, Value } from "../position.ts";
import { hashIntsUnchecked } from "../_hash.ts";
import { checkInteger, checkOptions, describe } from "../validate.ts";

/** The child orders of lesson 000's experiment (T000.2–T000.4). */
export const TREE_ORDERS = ["as-is", "best-first", "worst-first"] as const;

/**
 * `"as-is"`: leaves in seeded random order; `"best-first"`: the children of
 * every node sorted so its best move (by exact minimax value) comes first;
 * `"worst-first"`: sorted so the best move comes last.
 */
export type TreeOrder = typeof TREE_ORDERS[number];

/** Options of {@linkcode UniformTree}. */
export interface UniformTreeOptions {
  /** Children of every inner node: an integer in 1…{@linkcode MAX_UNIFORM_BRANCHING}. */
  branching: number;
  /**
   * Plies from the root to every leaf: an integer in 0…{@linkcode MAX_UNIFORM_DEPTH},
   * with fewer than 2^53 nodes in the whole tree (node numbers are keys).
   */
  depth: number;
  /** Seed of the leaf values and static evaluations: a 32-bit integer, −2^31…2^31 − 1 (default 0). */
  seed?: number;
  /** Child order (default `"as-is"`). */
  order?: TreeOrder;
  /**
   * Percentage (0–100, default 0) of moves marked noisy, seeded: quiescence
   * search plays them past its depth limit (lesson 003, T003.5).
   */
  noisyPercent?: number;
}

/** Leaves a sorted tree may hold in memory: its layout costs 4 bytes per node. */
export const MAX_SORTED_LEAVES = 2 ** 24;

/**
 * Most children per node: `maxMoves`, the length of the move buffer every
 * searcher allocates per ply.
 */
export const MAX_UNIFORM_BRANCHING = 2 ** 16;

/**
 * Deepest tree: the level stays a 32-bit integer. Only a tree of branching 1
 * (a chain) can be this deep below 2^53 nodes; walking it costs nothing
 * until it is walked, but a searcher recurses once per ply.
 */
export const MAX_UNIFORM_DEPTH = 2 ** 31 - 1;

const OPTION_KEYS = [
  "branching",
  "depth",
  "seed",
  "order",
  "noisyPercent",
] as const;

/** Seeded value 1…99 of the node at (level, index) of the as-is tree. */
function seededValue(seed: number, level: number, index: number): Value {
  return 1 + hashIntsUnchecked(seed, level, index) % 99;
}

/**
 * For a sorted order, which node of the as-is tree stands at each place:
 * `layout[level][index]` is the as-is index of the node at `index`.
 */
function sortedLayout(
  branching: number,
  depth: number,
  seed: number,
  bestFirst: boolean,
): Int32Array[] {
  // Exact minimax values (MAX's view) of the as-is tree, bottom-up.
  const values: Int32Array[] = new Array(depth + 1);
  let width = branching ** depth;
  const leaves = new Int32Array(width);
  for (let i = 0; i < width; i++) leaves[i] = seededValue(seed, depth, i);
  values[depth] = leaves;
  for (let level = depth - 1; level >= 0; level--) {
    width /= branching;
    const below = values[level + 1]!;
    const here = new Int32Array(width);
    const isMax = (level & 1) === 0;
    for (let i = 0; i < width; i++) {
      let best = below[i * branching]!;
      for (let k = 1; k < branching; k++) {
        const v = below[i * branching + k]!;
        if (isMax ? v > best : v < best) best = v;
      }
      here[i] = best;
    }
    values[level] = here;
  }
  // Relay each level: the children of the node at `index` go to index*b + rank,
  // ranked by value (stable, so ties keep their as-is order).
  const layout: Int32Array[] = [Int32Array.of(0)];
  const rank = new Int32Array(branching);
  for (let level = 0; level < depth; level++) {
    const parents = layout[level]!;
    const below = values[level + 1]!;
    const children = new Int32Array(parents.length * branching);
    // The mover wants high values at MAX levels; best-first puts them first.
    const descending = ((level & 1) === 0) === bestFirst;
    for (let p = 0; p < parents.length; p++) {
      const first = parents[p]! * branching;
      for (let k = 0; k < branching; k++) {
        const v = below[first + k]!;
        let r = k;
        while (r > 0) {
          const w = below[first + rank[r - 1]!]!;
          if (descending ? w >= v : w <= v) break;
          rank[r] = rank[r - 1]!;
          r--;
        }
        rank[r] = k;
      }
      for (let k = 0; k < branching; k++) {
        children[p * branching + k] = first + rank[k]!;
      }
    }
    layout.push(children);
  }
  return layout;
}

/** What every clone of one tree shares. */
interface TreeShape {
  /**
   * Breadth-first number of each level's first node. Short: a tree of
   * branching ≥ 2 has at most 53 levels below 2^53 nodes, and a chain
   * (branching 1) needs none, its node numbers being its levels.
   */
  offsets: Float64Array;
  layout: Int32Array[] | null;
}

/**
 * A complete tree of uniform branching and depth with seeded values (the
 * course's abstract tree of lesson 000). Node `index` at a level has children
 * `index * branching + k`; MAX moves at the root. Inner nodes carry a seeded
 * static evaluation (1…99, MAX's view) that a depth-limited search reads.
 *
 * @example The minimal tree: best-first alpha-beta sees b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta, minimax, UniformTree } from "../../mod.ts";
 * const tree = new UniformTree({ branching: 3, depth: 6, seed: 1, order: "best-first" });
 * const pruned = alphaBeta(tree);
 * assert.ok(pruned.stats.leaves === 53 && pruned.stats.nodes === 125);
 * assert.ok(pruned.value === minimax(tree).value);
 * ```
 */
export class UniformTree implements Position {
  /** Children of every inner node. */
  readonly branching: number;
  /** Plies from the root to every leaf. */
  readonly depth: number;
  /** Seed of the values. */
  readonly seed: number;
  /** Child order. */
  readonly order: TreeOrder;
  /** Percentage of moves marked noisy (see {@linkcode UniformTree.generateNoisyMoves}). */
  readonly noisyPercent: number;
  /** Equal to `branching`. */
  readonly maxMoves: number;
  readonly #shape: TreeShape;
  #level = 0;
  #index = 0;

  /**
   * Builds the tree; a sorted order computes every node's exact value once.
   * An as-is tree costs nothing up front, whatever its size: values are
   * hashed from a node's place when it is reached.
   *
   * @param options branching, depth, seed, order and noisyPercent (see
   *   {@linkcode UniformTreeOptions} for each range)
   * @param shape internal: the layout shared with the tree being cloned
   * @throws {Error} on an unknown option, a non-integer or out-of-range
   *   parameter, an unknown order, a tree with 2^53 nodes or more, or a
   *   sorted order that needs more than {@linkcode MAX_SORTED_LEAVES} leaves
   *   in memory
   */
  constructor(options: UniformTreeOptions, shape?: TreeShape) {
    const where = "new UniformTree";
    if (options === undefined) {
      throw new Error(`${where}: needs options { branching, depth }`);
    }
    checkOptions(where, options, OPTION_KEYS);
    this.branching = checkInteger(
      where,
      "branching",
      options.branching,
      1,
      MAX_UNIFORM_BRANCHING,
    );
    this.depth = checkInteger(
      where,
      "depth",
      options.depth,
      0,
      MAX_UNIFORM_DEPTH,
    );
    this.seed = options.seed === undefined
      ? 0
      : checkInteger(where, "seed", options.seed, -(2 ** 31), 2 ** 31 - 1);
    const order = options.order === undefined ? "as-is" : options.order;
    if (!TREE_ORDERS.includes(order)) {
      throw new Error(
        `${where}: order must be one of ${TREE_ORDERS.join(", ")}, got ${
          describe(order)
        }`,
      );
    }
    this.order = order;
    this.noisyPercent = options.noisyPercent === undefined
      ? 0
      : checkInteger(where, "noisyPercent", options.noisyPercent, 0, 100);
    this.maxMoves = this.branching;
    const nodes = nodeCount(this.branching, this.depth);
    if (nodes === null || nodes >= 2n ** 53n) {
      throw new Error(
        `${where}: branching ${this.branching} and depth ${this.depth} give 2^53 nodes or more${
          nodes === null ? "" : ` (${nodes})`
        }: node numbers (keys) must stay below 2^53`,
      );
    }
    const leaves = this.branching ** this.depth;
    if (order !== "as-is" && leaves > MAX_SORTED_LEAVES) {
      throw new Error(
        `${where}: order "${order}" needs all ${leaves} leaves in memory, more than the limit of ${MAX_SORTED_LEAVES} (MAX_SORTED_LEAVES)`,
      );
    }
    this.#shape = shape ?? {
      offsets: levelOffsets(this.branching, this.depth),
      layout: order === "as-is" ? null : sortedLayout(
        this.branching,
        this.depth,
        this.seed,
        order === "best-first",
      ),
    };
  }

  /** Plies from the root to the current node. */
  get level(): number {
    return this.#level;
  }

  /** Index of the current node within its level (0 … branching^level − 1). */
  get index(): number {
    return this.#index;
  }

  /** Seeded value of the current node from MAX's view: a leaf's value, or an inner node's static evaluation. */
  maxValue(): Value {
    const layout = this.#shape.layout;
    const asIs = layout === null
      ? this.#index
      : layout[this.#level]![this.#index]!;
    return seededValue(this.seed, this.#level, asIs);
  }

  /**
   * Every leaf value from MAX's view, left to right: the course's list `znach`
   * (lesson 000), which its code indexes by the leaf's number.
   *
   * @throws {Error} when the tree has more than {@linkcode MAX_SORTED_LEAVES} leaves
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { UniformTree } from "../../mod.ts";
   * const tree = new UniformTree({ branching: 2, depth: 3, seed: 5, order: "best-first" });
   * assert.ok(tree.leafValues().length === 8);
   * ```
   */
  leafValues(): Int32Array {
    const width = this.branching ** this.depth;
    if (width > MAX_SORTED_LEAVES) {
      throw new Error(
        `UniformTree.leafValues: the tree has ${width} leaves, more than ${MAX_SORTED_LEAVES} (MAX_SORTED_LEAVES) to list`,
      );
    }
    const layout = this.#shape.layout?.[this.depth];
    return Int32Array.from(
      { length: width },
      (_, i) => seededValue(this.seed, this.depth, layout ? layout[i]! : i),
    );
  }

  generateMoves(out: Int32Array): number {
    if (this.#level === this.depth) return 0;
    for (let k = 0; k < this.branching; k++) out[k] = k;
    return this.branching;
  }

  /**
   * The moves marked noisy here: move k is noisy when a seeded hash of the
   * child (level + 1, index · branching + k) falls below `noisyPercent`.
   */
  generateNoisyMoves(out: Int32Array): number {
    if (this.#level === this.depth || this.noisyPercent === 0) return 0;
    let count = 0;
    const first = this.#index * this.branching;
    for (let k = 0; k < this.branching; k++) {
      if (
        hashIntsUnchecked(this.seed ^ 0x5bd1e995, this.#level + 1, first + k) %
            100 <
          this.noisyPercent
      ) out[count++] = k;
    }
    return count;
  }

  /**
   * Moves to child `move` of the current node.
   *
   * @throws {Error} at a leaf, or when `move` is not an integer in
   *   0…branching − 1; the position is unchanged
   */
  play(move: Move): void {
    const branching = this.branching;
    // `(move | 0) !== move` rejects fractions, NaN and non-numbers in one compare.
    if (
      this.#level === this.depth || (move | 0) !== move || move < 0 ||
      move >= branching
    ) {
      throw new Error(
        `UniformTree.play: cannot play move ${
          describe(move)
        } at level ${this.#level} of depth ${this.depth}: moves are 0…${
          branching - 1
        } above the leaves`,
      );
    }
    this.#index = this.#index * branching + move;
    this.#level++;
  }

  /**
   * Takes back `move`, which must be the last move played.
   *
   * @throws {Error} at the root, or when `move` is not the move that led
   *   here; the position is unchanged
   */
  undo(move: Move): void {
    const branching = this.branching;
    const parent = (this.#index - move) / branching;
    if (
      this.#level === 0 || (move | 0) !== move || move < 0 ||
      move >= branching || Math.floor(parent) !== parent ||
      // Near 2^53 the division may round a wrong move's parent to an integer.
      parent * branching + move !== this.#index
    ) {
      throw new Error(
        this.#level === 0
          ? "UniformTree.undo() at the root: no move to take back"
          : `UniformTree.undo: the last move played was ${
            this.#index % branching
          }, got move ${describe(move)}`,
      );
    }
    this.#index = parent;
    this.#level--;
  }

  isTerminal(): boolean {
    return this.#level === this.depth;
  }

  evaluate(): Value {
    const value = this.maxValue();
    return (this.#level & 1) === 0 ? value : 0 - value;
  }

  turn(): 1 | -1 {
    return (this.#level & 1) === 0 ? 1 : -1;
  }

  /** Breadth-first node number: unique over the whole tree. */
  key(): number {
    return this.branching === 1
      ? this.#level
      : this.#shape.offsets[this.#level]! + this.#index;
  }

  clone(): this {
    const copy = new UniformTree(
      {
        branching: this.branching,
        depth: this.depth,
        seed: this.seed,
        order: this.order,
        noisyPercent: this.noisyPercent,
      },
      this.#shape,
    );
    copy.#level = this.#level;
    copy.#index = this.#index;
    return copy as this;
  }
}

/**
 * Nodes in the whole tree, (b^(d+1) − 1)/(b − 1) (d + 1 for a chain),
 * exactly: the float leaves · b rounded near 2^53 and refused trees of
 * fewer nodes (b = 2, d = 52 has 2^53 − 1). Null when depth ≥ 53 with
 * b ≥ 2, which is past 2^53 already, without the power.
 */
function nodeCount(branching: number, depth: number): bigint | null {
  if (branching === 1) return BigInt(depth) + 1n;
  if (depth >= 53) return null;
  const b = BigInt(branching);
  return (b ** BigInt(depth + 1) - 1n) / (b - 1n);
}

/** Breadth-first number of each level's first node (none for a chain: see {@linkcode TreeShape}). */
function levelOffsets(branching: number, depth: number): Float64Array {
  if (branching === 1) return new Float64Array(0);
  const offsets = new Float64Array(depth + 1);
  for (let level = 1; level <= depth; level++) {
    offsets[level] = offsets[level - 1]! + branching ** (level - 1);
  }
  return offsets;
}
