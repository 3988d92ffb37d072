/**
 * Values as the site's worker prints them (Deno's `console.log` style, in
 * short): strings quoted, arrays and plain objects one level after another
 * up to a depth, Maps and Sets with their entries.
 *
 * @module
 */

import { checkInteger } from "../../validate.ts";

/**
 * A value as text. A string is quoted wherever it is, on its own too (a
 * cell whose value is `"x"` shows `"x"`, as the Deno kernel does; the
 * worker's `console.log` writes its string arguments unquoted itself,
 * without calling this).
 *
 * @param value anything
 * @param depth how many levels of nesting are written out; deeper arrays
 *   and objects are `[Array]` and `[Object]`
 * @returns the text
 * @throws {Error} when `depth` is not an integer ≥ 0 (`NaN` would write a
 *   cyclic value out for ever)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inspectValue } from "./inspect.ts";
 * assert.equal(inspectValue({ a: [1, "b"], c: new Map([[1, 2]]) }), '{ a: [ 1, "b" ], c: Map(1) { 1 => 2 } }');
 * assert.equal(inspectValue("x"), '"x"');
 * assert.equal(inspectValue([[1]], 0), "[ [Array] ]");
 * assert.throws(() => inspectValue([], NaN), /inspectValue: depth must be an integer in 0…/);
 * ```
 */
export function inspectValue(value: unknown, depth = 3): string {
  checkInteger("inspectValue", "depth", depth, 0, Number.MAX_SAFE_INTEGER);
  return inspect(value, depth);
}

/** {@linkcode inspectValue} without the check: `depth` is -1 below the last level. */
function inspect(value: unknown, depth: number): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "function") {
    return `[Function: ${value.name || "(anonymous)"}]`;
  }
  if (typeof value !== "object" || value === null) return String(value);
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (depth < 0) return Array.isArray(value) ? "[Array]" : "[Object]";
  const inner = (v: unknown) => inspect(v, depth - 1);
  if (Array.isArray(value)) {
    return value.length === 0 ? "[]" : `[ ${value.map(inner).join(", ")} ]`;
  }
  if (value instanceof Map) {
    return `Map(${value.size}) { ${
      [...value].map(([k, v]) => `${inner(k)} => ${inner(v)}`).join(", ")
    } }`;
  }
  if (value instanceof Set) {
    return `Set(${value.size}) { ${[...value].map(inner).join(", ")} }`;
  }
  const entries = Object.entries(value);
  const name = value.constructor && value.constructor !== Object
    ? `${value.constructor.name} `
    : "";
  if (entries.length === 0) return `${name}{}`;
  return `${name}{ ${
    entries.map(([k, v]) =>
      `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${inner(v)}`
    ).join(", ")
  } }`;
}
