/**
 * A tree written as text, `"[[3, 12, 8], [2, 4, 6]]"`: what a notebook's
 * "try it" cell asks the reader to edit. A typo inside the quotes is then
 * the parser's error, naming the line and column, where the same typo in an
 * array literal is a TypeScript syntax error, which the Deno kernel reports
 * to JupyterLab with no message at all.
 *
 * @module
 */

import { VALUE_INFINITE } from "../position.ts";
import { describe } from "../validate.ts";
import type { ArrayTree } from "./explicit_tree.ts";

/** The longest text {@linkcode parseTree} reads (4 MiB of characters). */
export const MAX_TREE_TEXT = 4 * 1024 * 1024;

/** What the parser saw at a place, for a message: a character or the end. */
function seen(text: string, at: number): string {
  return at >= text.length ? "the end of the text" : JSON.stringify(text[at]);
}

/**
 * Reads a tree written as nested brackets of whole numbers: a number is a
 * leaf (MAX's value), `[child, child, …]` an inner node with at least one
 * child, MAX to move at the root. Blanks and line breaks may go anywhere
 * between the parts, a comma may follow the last child, and a minus sign
 * may be `-` or `−`. Work and memory are linear in the text's length (no
 * recursion: any depth of nesting reads).
 *
 * @param text the tree, at most {@linkcode MAX_TREE_TEXT} characters
 * @returns the tree as nested arrays, for {@linkcode ExplicitTree.from} or a
 *   search stepper
 * @throws {Error} `parseTree: line L, column C: …` naming what was expected
 *   and what is there: a leaf that is not a whole number or lies outside
 *   ±999,999, an empty `[]`, a missing comma or bracket, text after the tree
 *
 * @example A tree, and a typo named by its line and column
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTree } from "../../mod.ts";
 * assert.deepEqual(parseTree("[[3, 12, 8], [2, 4, 6]]"), [[3, 12, 8], [2, 4, 6]]);
 * assert.deepEqual(parseTree("[\n  [5, −2],\n  7,\n]"), [[5, -2], 7]);
 * assert.throws(
 *   () => parseTree("[[3, 12, 8], [2, 4 6]]"),
 *   /^Error: parseTree: line 1, column 20: expected "," or "\]" after a child, got "6"$/,
 * );
 * assert.throws(() => parseTree("[[3, 12], [2, 4]"), /line 1, column 17: expected "," or "\]" after a child, got the end of the text/);
 * assert.throws(() => parseTree("[1, []]"), /line 1, column 5: an inner node needs at least one child/);
 * assert.throws(() => parseTree("[1, 2.5]"), /line 1, column 5: a leaf must be a whole number, got "2\.5"/);
 * ```
 */
export function parseTree(text: string): ArrayTree {
  const where = "parseTree";
  if (typeof text !== "string") {
    throw new Error(
      `${where}: the tree must be text such as "[[3, 5], [2, 9]]", got ${
        describe(text)
      }`,
    );
  }
  if (text.length > MAX_TREE_TEXT) {
    throw new Error(
      `${where}: the text has ${text.length} characters, more than MAX_TREE_TEXT (${MAX_TREE_TEXT})`,
    );
  }
  // Line starts, for messages: found lazily, only when one is needed.
  const place = (at: number): string => {
    let line = 1, start = 0;
    for (let i = 0; i < at && i < text.length; i++) {
      if (text[i] === "\n") {
        line++;
        start = i + 1;
      }
    }
    return `line ${line}, column ${at - start + 1}`;
  };
  const fail = (at: number, why: string): never => {
    throw new Error(`${where}: ${place(at)}: ${why}`);
  };
  let at = 0;
  const skipBlanks = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  const number = /[-−]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?/y;
  /** Reads a leaf at `at`, or null when no number starts there. */
  const leaf = (): number | null => {
    number.lastIndex = at;
    const match = number.exec(text);
    if (match === null) return null;
    const written = match[0];
    if (!/^[-−]?\d+$/.test(written)) {
      fail(at, `a leaf must be a whole number, got ${JSON.stringify(written)}`);
    }
    const value = Number(written.replace("−", "-"));
    if (Math.abs(value) >= VALUE_INFINITE) {
      fail(
        at,
        `a leaf must lie in −${VALUE_INFINITE - 1}…${
          VALUE_INFINITE - 1
        }, got ${written}`,
      );
    }
    at += written.length;
    return value;
  };
  // The open inner nodes, innermost last.
  const open: ArrayTree[][] = [];
  let root: ArrayTree | undefined;
  skipBlanks();
  while (true) {
    // A child (or the root) starts here.
    skipBlanks();
    let node: ArrayTree;
    if (text[at] === "[") {
      const start = at;
      at++;
      skipBlanks();
      if (text[at] === "]") {
        fail(start, "an inner node needs at least one child: []");
      }
      open.push([]);
      continue;
    } else {
      const value = leaf();
      if (value === null) {
        fail(
          at,
          `expected a leaf (a whole number) or "[", got ${seen(text, at)}`,
        );
      }
      node = value!;
    }
    // Closes every node that ends after this one.
    while (true) {
      const parent = open.at(-1);
      if (parent === undefined) {
        root = node;
        break;
      }
      parent.push(node);
      skipBlanks();
      if (text[at] === ",") {
        at++;
        skipBlanks();
        if (text[at] !== "]") break; // the next sibling follows
      }
      if (text[at] !== "]") {
        fail(at, `expected "," or "]" after a child, got ${seen(text, at)}`);
      }
      at++;
      node = open.pop()!;
    }
    if (root !== undefined) break;
  }
  skipBlanks();
  if (at < text.length) {
    fail(
      at,
      `expected the end of the text after the tree, got ${seen(text, at)}`,
    );
  }
  return root;
}
