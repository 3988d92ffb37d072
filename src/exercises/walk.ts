/**
 * How an exercise sees a student's search without reading its code: the
 * position it is handed is a {@linkcode WalkingPosition}, which writes down
 * every node the search enters, in order, and refuses what a search must
 * never do (undo a move that was not the last one played, play a move that
 * is not legal, run far past the size of the tree). Two walks are then
 * compared node by node ({@linkcode partingPoint}).
 *
 * @module
 */

import type { Move, Position, Value } from "../position.ts";

/** A node of a walk: the moves from the root joined by dots, `""` for the root. */
export type NodePath = string;

/** What a walk records. */
export interface Walk {
  /** Every node entered, in order (the root first): the pre-order of the search. */
  entered: NodePath[];
  /** The value `evaluate()` gave at each node where it was called, from MAX's view. */
  evaluated: Map<NodePath, Value>;
}

/**
 * The project's folder as a `file:` URL when the grader refuses a search
 * that lets the library search for it, else null (see
 * {@linkcode refuseLibrarySearches}).
 */
let libraryRoot: string | null = null;

/** One move in this many (and every move from the root) is checked for library code. */
const LIBRARY_SAMPLE = 64;

/**
 * Makes every {@linkcode WalkingPosition} refuse a move played by the
 * library's code (a module of `root`'s `mod.ts` or `src/`, `moves.ts` of the
 * textbook excepted), found on the stack of the call: a submission whose
 * exercise function hands its position to the library's search (a one-line
 * wrapper around `minimax` of `../mod.ts`, or the textbook's) is not its
 * own work. The grader's subprocess calls it before the submission loads;
 * its checks are one bundle outside `src/`, so the only library code on the
 * stack is the submission's. Not for a notebook, whose checks run from
 * `src/` themselves.
 *
 * @param root the project's folder as a `file:` URL ending in `/`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { refuseLibrarySearches } from "./walk.ts";
 * assert.throws(() => refuseLibrarySearches("src/"), /must be a file: URL ending in \//);
 * ```
 */
export function refuseLibrarySearches(root: string): void {
  if (typeof root !== "string" || !/^file:\/\/.*\/$/.test(root)) {
    throw new Error(
      `refuseLibrarySearches: root must be a file: URL ending in /, got ${
        JSON.stringify(root)
      }`,
    );
  }
  libraryRoot = root;
}

/**
 * The library's function that called `play`, as `name (path)`, or null: the
 * frames of the stack, read with a limit of this module's own (the
 * submission may change `Error.stackTraceLimit`, not stop this setting it).
 */
function libraryCaller(root: string): string | null {
  const saved = Error.stackTraceLimit;
  Error.stackTraceLimit = 64;
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = saved;
  for (const line of stack.split("\n").slice(1)) {
    const at = line.indexOf(root);
    if (at < 0) continue;
    const rest = line.slice(at + root.length);
    const path = rest.slice(0, rest.search(/:\d+:\d+/));
    const library = path === "mod.ts" ||
      (path.startsWith("src/") && path !== "src/textbook/moves.ts");
    if (!library) continue;
    const name = /^\s*at (?:async )?([^\s(]+) \(/.exec(line)?.[1];
    return `${name?.replace(/^Module\./, "") ?? "code"} (${path})`;
  }
  return null;
}

/**
 * `list` as the checks hand it to a student's function: itself, or, once
 * {@linkcode refuseLibrarySearches} was called (in the grader), a Proxy
 * that throws a {@linkcode WalkError} when the library's code reads it, so
 * that a wrapper around the library's `mex` is told as one.
 *
 * @param list the argument
 * @param searcher the student's function, for the message
 * @returns `list`, or a Proxy of it that reads and writes through to it
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { watchedList } from "./walk.ts";
 * const list = [0, 1];
 * assert.equal(watchedList(list, "mex"), list);
 * ```
 */
export function watchedList<T extends object>(list: T, searcher: string): T {
  const root = libraryRoot;
  if (root === null) return list;
  return new Proxy(list, {
    get(target, key, receiver) {
      const caller = libraryCaller(root);
      if (caller !== null) {
        throw new WalkError(
          `${searcher} calls the library's ${caller}, which read the list ` +
            `it was given: a submission writes its own`,
        );
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

/** A rule of the position broken by the search; its message is what the student sees. */
export class WalkError extends Error {
  override name = "WalkError";
}

/** The name of a node in messages: `the root`, `node 1.0`. */
export function nodeName(path: NodePath): string {
  return path === "" ? "the root" : `node ${path}`;
}

/** The path of the child reached by `move` from `path`. */
export function childPath(path: NodePath, move: Move): NodePath {
  return path === "" ? String(move) : `${path}.${move}`;
}

/** The parent of a node (the root's parent is null). */
export function parentPath(path: NodePath): NodePath | null {
  if (path === "") return null;
  const dot = path.lastIndexOf(".");
  return dot < 0 ? "" : path.slice(0, dot);
}

/** The log shared by a walking position and every copy `clone()` makes of it. */
interface WalkLog extends Walk {
  /** Most nodes the search may enter before it is stopped. */
  maxEntered: number;
  /** What the search is called, for messages (`alphaBeta`). */
  searcher: string;
}

/**
 * A position that hands every call to `inner` and writes down the walk.
 * `clone()` gives a walking copy that writes into the same log, so a search
 * that copies positions instead of undoing moves is seen as well.
 *
 * @example A search of lesson 000's tree, written down
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplicitTree } from "../../mod.ts";
 * import { alphaBeta } from "../textbook/mod.ts";
 * import { WalkingPosition } from "./walk.ts";
 * const walking = new WalkingPosition(ExplicitTree.from([[3, 5], [2, 9]]), "alphaBeta");
 * assert.equal(alphaBeta(walking), 3);
 * assert.deepEqual(walking.walk.entered, ["", "0", "0.0", "0.1", "1", "1.0"]);
 * assert.equal(walking.movesPlayed().length, 0);
 * ```
 */
export class WalkingPosition implements Position {
  // Private, so that a search cannot walk the wrapped position unseen.
  readonly #inner: Position;
  /** The wrapped position's `maxMoves`. */
  readonly maxMoves: number;
  /** Present exactly when `inner` has it (quiescence asks whether it is there). */
  declare readonly generateNoisyMoves?: (out: Int32Array) => number;
  readonly #log: WalkLog;
  readonly #moves: Move[];

  /**
   * @param inner the position the search is given
   * @param searcher the searcher's name, for messages
   * @param maxEntered most nodes the search may enter before a
   *   {@linkcode WalkError} stops it (default: unlimited)
   * @param log internal: the log of the position this one was cloned from
   * @param moves internal: the moves that led from the root to here
   */
  constructor(
    inner: Position,
    searcher: string,
    maxEntered = Infinity,
    log?: WalkLog,
    moves: Move[] = [],
  ) {
    this.#inner = inner;
    this.maxMoves = inner.maxMoves;
    this.#moves = moves;
    this.#log = log ?? {
      entered: [""],
      evaluated: new Map(),
      maxEntered,
      searcher,
    };
    if (typeof inner.generateNoisyMoves === "function") {
      this.generateNoisyMoves = (out) => inner.generateNoisyMoves!(out);
    }
  }

  /** The walk so far (shared with every clone). */
  get walk(): Walk {
    return this.#log;
  }

  /** The moves played from the root and not undone yet. */
  movesPlayed(): readonly Move[] {
    return this.#moves;
  }

  /** The path of the node the search stands on. */
  get path(): NodePath {
    return this.#moves.join(".");
  }

  generateMoves(out: Int32Array): number {
    return this.#inner.generateMoves(out);
  }

  /** Plays `move` and writes the node down; an illegal move is a {@linkcode WalkError}. */
  play(move: Move): void {
    const log = this.#log;
    const here = this.path;
    if (log.entered.length >= log.maxEntered) {
      throw new WalkError(
        `${log.searcher} entered more than ${log.maxEntered} nodes, more than ` +
          `the whole search needs: does it stop at depth 0 and at the leaves?`,
      );
    }
    // Reading the stack costs: a search that delegates plays every move
    // through the library, so every move from the root and one move in 64
    // tell it.
    if (
      libraryRoot !== null &&
      (here === "" || log.entered.length % LIBRARY_SAMPLE === 0)
    ) {
      const caller = libraryCaller(libraryRoot);
      if (caller !== null) {
        throw new WalkError(
          `${log.searcher} calls the library's ${caller}, which played ` +
            `move ${String(move)} at ${nodeName(here)}: a submission writes ` +
            `its own search`,
        );
      }
    }
    try {
      this.#inner.play(move);
    } catch (error) {
      // A finished game has no legal move, whatever generateMoves lists:
      // the hint names the test the search skipped.
      const ended = this.#inner.isTerminal();
      throw new WalkError(
        `${log.searcher} played move ${String(move)} at ${nodeName(here)}, ` +
          `which is not a legal move there (${
            (error as Error).message ?? String(error)
          }): ${
            ended
              ? "the game is over there: test isTerminal() before playing on"
              : "play only the moves generateMoves gives"
          }`,
      );
    }
    this.#moves.push(move);
    log.entered.push(childPath(here, move));
  }

  /** Takes back `move`, which must be the last move played and not undone. */
  undo(move: Move): void {
    const log = this.#log;
    const moves = this.#moves;
    if (moves.length === 0) {
      throw new WalkError(
        `${log.searcher} undid move ${
          String(move)
        } at the root, where no move is left to undo: undo each move once, ` +
          `after the search of the position it led to`,
      );
    }
    const last = moves.at(-1)!;
    if (move !== last) {
      throw new WalkError(
        `${log.searcher} undid move ${String(move)} at ${
          nodeName(this.path)
        }, but the last move played and not undone is ${last}: ` +
          `every move played must be undone before the search leaves that ` +
          `node, a cut's early return included`,
      );
    }
    this.#inner.undo(move);
    moves.pop();
  }

  isTerminal(): boolean {
    return this.#inner.isTerminal();
  }

  evaluate(): Value {
    const value = this.#inner.evaluate();
    this.#log.evaluated.set(this.path, this.#inner.turn() * value);
    return value;
  }

  turn(): 1 | -1 {
    return this.#inner.turn();
  }

  key(): number {
    return this.#inner.key();
  }

  /** A walking copy in the same state, writing into the same walk. */
  clone(): this {
    return new WalkingPosition(
      this.#inner.clone(),
      this.#log.searcher,
      this.#log.maxEntered,
      this.#log,
      [...this.#moves],
    ) as this;
  }
}

/** Where two walks first differ. */
export interface Parting {
  /** The index in both `entered` lists where they first differ. */
  index: number;
  /** The node the first walk enters there, or null when it has ended. */
  yours: NodePath | null;
  /** The node the second walk enters there, or null when it has ended. */
  right: NodePath | null;
}

/**
 * The first place where two walks enter different nodes, or null when they
 * enter the same nodes in the same order.
 *
 * @param yours the student's walk
 * @param right the course's walk
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { partingPoint } from "./walk.ts";
 * assert.deepEqual(
 *   partingPoint(["", "0", "1"], ["", "0", "0.0"]),
 *   { index: 2, yours: "1", right: "0.0" },
 * );
 * assert.equal(partingPoint(["", "0"], ["", "0"]), null);
 * ```
 */
export function partingPoint(
  yours: readonly NodePath[],
  right: readonly NodePath[],
): Parting | null {
  const length = Math.max(yours.length, right.length);
  for (let i = 0; i < length; i++) {
    if (yours[i] !== right[i]) {
      return { index: i, yours: yours[i] ?? null, right: right[i] ?? null };
    }
  }
  return null;
}
