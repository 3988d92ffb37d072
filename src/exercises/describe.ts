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
    return cut(`${error.name}: ${error.message}`);
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
 * ```
 */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return cut(JSON.stringify(value));
  if (typeof value === "bigint") return `${value}n`;
  if (Array.isArray(value)) {
    return cut(`[${value.map((item) => describeValue(item)).join(", ")}]`);
  }
  if (value === null) return "null";
  if (typeof value === "function") return "a function";
  if (typeof value === "object") {
    if (value instanceof Promise) return "a Promise";
    const name = (value as object).constructor?.name;
    if (name && name !== "Object") return `a ${name}`;
    try {
      return cut(JSON.stringify(value) ?? "an object");
    } catch {
      return "an object";
    }
  }
  return cut(String(value));
}
