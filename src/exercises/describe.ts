/**
 * Short descriptions of what a student's function threw or returned, for
 * messages: one line, never a stack trace, never very long.
 *
 * @module
 */

const MAX_LENGTH = 160;

function cut(text: string): string {
  const line = text.split("\n")[0]!;
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH - 1)}…` : line;
}

/**
 * What was thrown: `TypeError: x is not a function`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeThrown } from "./describe.ts";
 * assert.equal(describeThrown(new RangeError("too deep\n  at f")), "RangeError: too deep");
 * assert.equal(describeThrown("oops"), 'the string "oops"');
 * ```
 */
export function describeThrown(error: unknown): string {
  if (error instanceof Error) {
    // A student's error may have a name or message that throws when read.
    try {
      return cut(`${error.name}: ${error.message}`);
    } catch {
      return "an Error whose name or message throws when read";
    }
  }
  return cut(`the ${typeof error} ${describeValue(error)}`);
}

/**
 * A returned value: numbers as they print, strings quoted, objects by kind.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeValue } from "./describe.ts";
 * assert.equal(describeValue(undefined), "undefined");
 * assert.equal(describeValue(Promise.resolve(1)), "a Promise");
 * assert.equal(describeValue([1, 2]), "[1, 2]");
 * const loop: unknown[] = [1];
 * loop.push(loop);
 * assert.equal(describeValue(loop), "[1, […itself]]");
 * class Move {}
 * assert.equal(describeValue(new Move()), "a Move");
 * // A getter of the student's is not called.
 * const hostile = { get constructor(): never { throw new Error("boom"); } };
 * assert.equal(describeValue(hostile), "an object");
 * ```
 */
export function describeValue(
  value: unknown,
  open: Set<unknown> = new Set(),
): string {
  // A student's value may be a Proxy whose traps throw, or an object whose
  // toJSON or getters do: a message about it must still be written.
  try {
    return describeUnguarded(value, open);
  } catch {
    return "an object that throws when it is read";
  }
}

function describeUnguarded(value: unknown, open: Set<unknown>): string {
  if (typeof value === "string") return cut(JSON.stringify(value));
  if (typeof value === "bigint") return `${value}n`;
  if (Array.isArray(value)) {
    // A student's array may hold itself: the repeat is named, not followed.
    if (open.has(value)) return "[…itself]";
    open.add(value);
    try {
      const items: string[] = [];
      let length = 0;
      for (const item of value) {
        const text = describeValue(item, open);
        items.push(text);
        length += text.length + 2;
        if (length > 400) break; // cut() keeps less than this anyway
      }
      return cut(`[${items.join(", ")}]`);
    } finally {
      open.delete(value);
    }
  }
  if (value === null) return "null";
  if (typeof value === "function") return "a function";
  if (typeof value === "object") {
    if (value instanceof Promise) return "a Promise";
    const name = className(value as object);
    if (name && name !== "Object") return `a ${name}`;
    try {
      return cut(JSON.stringify(value) ?? "an object");
    } catch {
      return "an object";
    }
  }
  return cut(String(value));
}

/**
 * The name of the class of `value`, read from own data properties only (a
 * `constructor` or `name` that is a getter is not called: a student's
 * getter may throw or never return), or undefined.
 */
function className(value: object): string | undefined {
  let object: object | null = value;
  // A chain of prototypes is short; a Proxy's may be endless.
  for (let depth = 0; object !== null && depth < 64; depth++) {
    const property = Object.getOwnPropertyDescriptor(object, "constructor");
    if (property !== undefined) {
      if (!("value" in property) || typeof property.value !== "function") {
        return undefined;
      }
      const name = Object.getOwnPropertyDescriptor(property.value, "name");
      return name !== undefined && typeof name.value === "string"
        ? name.value
        : undefined;
    }
    object = Object.getPrototypeOf(object);
  }
  return undefined;
}
