/**
 * Checks at the library's edges. Every bad argument becomes an `Error` whose
 * message names where it was given (`alphaBeta`, `new Nim`), the argument,
 * the value and the rule — never a silent wrong answer. These run once per
 * call, outside any search's recursion.
 *
 * @module
 */

/** Shows a value in an error message: strings quoted, others as `String()`, long ones cut. */
export function describe(value: unknown): string {
  let text: string;
  if (typeof value === "string") text = JSON.stringify(value);
  else if (typeof value === "bigint") text = `${value}n`;
  else if (Array.isArray(value)) text = `an array of ${value.length}`;
  else if (value === null) text = "null";
  else if (typeof value === "object") {
    const name = (value as object).constructor?.name;
    text = name && name !== "Object" ? `a ${name}` : "an object";
  } else text = String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * Rejects an options argument that is not a plain object, or that has a key
 * outside `known` (a misspelled `{ dept: 1 }` would otherwise be ignored and
 * the full search would run). `undefined` passes.
 *
 * A plain object is an object literal, `Object.create(null)`, or an object
 * whose prototypes are plain objects themselves (`Object.create(defaults)`:
 * the defaults are inherited options). An object made by a constructor
 * other than `Object` (a `Map`, `Set`, `Date`, typed array or class
 * instance) is refused: its options would not be its keys (a `Map`'s
 * entries are not), so the function would silently run on its defaults.
 *
 * @param where the function or constructor, as the user wrote it (`"alphaBeta"`, `"new Nim"`)
 * @param options what the user passed
 * @param known every key the function reads
 * @throws {Error} naming `where`, the argument and what was given: not an
 *   object, or not a plain one; or the unknown key and the known ones
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkOptions } from "./validate.ts";
 * checkOptions("search", { depth: 2 }, ["depth"]);
 * checkOptions("search", Object.create({ depth: 2 }), ["depth"]);
 * assert.throws(
 *   () => checkOptions("search", { dept: 2 }, ["depth"]),
 *   /search: unknown option "dept"; known options: depth/,
 * );
 * assert.throws(
 *   () => checkOptions("search", new Map([["depth", 2]]), ["depth"]),
 *   /search: options must be a plain object .*, got a Map/,
 * );
 * ```
 */
export function checkOptions(
  where: string,
  options: unknown,
  known: readonly string[],
): void {
  if (options === undefined) return;
  if (
    options === null || typeof options !== "object" || Array.isArray(options)
  ) {
    throw new Error(
      `${where}: options must be an object, got ${
        typeof options === "function" ? "a function" : describe(options)
      }`,
    );
  }
  const maker = constructorOf(options);
  if (maker !== null) {
    throw new Error(
      `${where}: options must be a plain object ({ key: value }, or made by Object.create from one), got ${
        maker === "" ? "an instance of an anonymous class" : `a ${maker}`
      }`,
    );
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new Error(
        `${where}: unknown option ${JSON.stringify(key)}; known options: ${
          known.join(", ")
        }`,
      );
    }
  }
}

/**
 * The name of the constructor other than `Object` whose prototype lies on
 * `object`'s prototype chain (`""` when it has none), or null when every
 * prototype is plain: `Object.prototype` (of any realm: its constructor is
 * named `Object`) or an object without a `constructor` of its own. Only
 * own properties are looked at, so no getter of the caller runs.
 */
function constructorOf(object: object): string | null {
  for (
    let prototype = Object.getPrototypeOf(object);
    prototype !== null;
    prototype = Object.getPrototypeOf(prototype)
  ) {
    const maker = Object.getOwnPropertyDescriptor(prototype, "constructor")
      ?.value;
    if (typeof maker === "function" && maker.name !== "Object") {
      return maker.name;
    }
  }
  return null;
}

/**
 * Checks an options argument as {@linkcode checkOptions} does, then reads
 * each key of `known` from it at most once (absent keys come back
 * `undefined`; from an object whose prototype is `Object.prototype` or
 * null only its own keys are read, from one that inherits from plain
 * objects every known key, inherited ones too), so that what is checked is
 * what is used: a getter or a caller that changes the object later cannot
 * make the two differ.
 *
 * @param where the function or constructor, as the user wrote it (`"alphaBeta"`)
 * @param options what the user passed (`undefined`: every key absent)
 * @param known every key the function reads
 * @returns a record, without prototype, of the known keys' values
 * @throws {Error} as {@linkcode checkOptions}
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readOptions } from "./validate.ts";
 * const read = readOptions("search", { depth: 2 }, ["depth", "seed"]);
 * assert.ok(read.depth === 2 && read.seed === undefined);
 * assert.throws(() => readOptions("search", { dept: 2 }, ["depth"]), /unknown option "dept"/);
 * ```
 */
export function readOptions<K extends string>(
  where: string,
  options: unknown,
  known: readonly K[],
): { readonly [key in K]?: unknown } {
  checkOptions(where, options, known);
  const read: { [key in K]?: unknown } = Object.create(null);
  if (options === undefined) return read;
  const source = options as Record<K, unknown>;
  // A plain object holds no option beyond its own keys, just checked: reading
  // only those, not every known key by name, halves a small search's cost
  // of entry. One whose prototype holds defaults (Object.create(defaults))
  // inherits options: every known key is read.
  const prototype = Object.getPrototypeOf(source);
  const keys = prototype === Object.prototype || prototype === null
    ? Object.keys(source) as K[]
    : known;
  for (const key of keys) read[key] = source[key];
  return read;
}

/**
 * Returns `value` when it is a boolean, and throws otherwise.
 *
 * @param where the function or constructor (`"pvs"`)
 * @param name the argument (`"failHard"`)
 * @throws {Error} naming the argument, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkBoolean } from "./validate.ts";
 * assert.ok(checkBoolean("f", "b", true) === true);
 * assert.throws(() => checkBoolean("f", "b", 1), /f: b must be a boolean, got 1/);
 * ```
 */
export function checkBoolean(
  where: string,
  name: string,
  value: unknown,
): boolean {
  if (typeof value !== "boolean") {
    throw new Error(
      `${where}: ${name} must be a boolean, got ${describe(value)}`,
    );
  }
  return value;
}

/**
 * Returns `value` when it is a string, and throws otherwise: a number or an
 * object would otherwise be printed as `42` or `[object Object]`, or fail
 * later with a bare `TypeError` (`x.replace is not a function`).
 *
 * @param where the function (`"escapeHtml"`)
 * @param name the argument (`"text"`)
 * @throws {Error} naming the argument, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkString } from "./validate.ts";
 * assert.equal(checkString("f", "text", ""), "");
 * assert.throws(() => checkString("f", "text", 42), /^Error: f: text must be a string, got 42$/);
 * ```
 */
export function checkString(
  where: string,
  name: string,
  value: unknown,
): string {
  if (typeof value !== "string") {
    throw new Error(
      `${where}: ${name} must be a string, got ${describe(value)}`,
    );
  }
  return value;
}

/**
 * Returns `value` when it is a string other than `""`, and throws
 * otherwise: a name or a path (`""` names nothing, and `undefined` would
 * become the text `undefined`).
 *
 * @param where the function (`"pageHref"`)
 * @param name the argument (`"name"`, `"options.out"`)
 * @throws {Error} naming the argument, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkNonEmptyString } from "./validate.ts";
 * assert.equal(checkNonEmptyString("f", "out", "site"), "site");
 * assert.throws(() => checkNonEmptyString("f", "out", ""), /^Error: f: out must be a non-empty string, got ""$/);
 * ```
 */
export function checkNonEmptyString(
  where: string,
  name: string,
  value: unknown,
): string {
  if (typeof value !== "string" || value === "") {
    throw new Error(
      `${where}: ${name} must be a non-empty string, got ${describe(value)}`,
    );
  }
  return value;
}

/**
 * Returns `value` when it is a function, and throws otherwise, before it
 * is called (a call of `"no"` fails with a bare `TypeError`, and only when
 * the call is reached).
 *
 * @param where the function (`"liveStepperScript"`)
 * @param name the argument (`"sanitize"`)
 * @param shape what the function takes and returns, for the message
 *   (`"(html) => html"`), or `""`
 * @throws {Error} naming the argument, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkFunction } from "./validate.ts";
 * const id = (x: string) => x;
 * assert.equal(checkFunction("f", "g", id, "(x) => x"), id);
 * assert.throws(() => checkFunction("f", "g", "no", "(x) => x"), /^Error: f: g must be a function \(x\) => x, got "no"$/);
 * assert.throws(() => checkFunction("f", "g", null, ""), /^Error: f: g must be a function, got null$/);
 * ```
 */
export function checkFunction<T extends (...args: never[]) => unknown>(
  where: string,
  name: string,
  value: unknown,
  shape: string,
): T {
  if (typeof value !== "function") {
    throw new Error(
      `${where}: ${name} must be a function${
        shape === "" ? "" : ` ${shape}`
      }, got ${describe(value)}`,
    );
  }
  return value as T;
}

/**
 * Returns `value` when it is `undefined` or an `AbortSignal`, and throws
 * otherwise: the optional `signal` of the functions that start processes or
 * long runs.
 *
 * @param where the function (`"commandOutput"`)
 * @param name the argument (`"options.signal"`)
 * @throws {Error} naming the argument, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkSignal } from "./validate.ts";
 * const signal = new AbortController().signal;
 * assert.ok(checkSignal("f", "options.signal", signal) === signal);
 * assert.ok(checkSignal("f", "options.signal", undefined) === undefined);
 * assert.throws(() => checkSignal("f", "options.signal", true), /f: options.signal must be an AbortSignal, got true/);
 * ```
 */
export function checkSignal(
  where: string,
  name: string,
  value: unknown,
): AbortSignal | undefined {
  if (value !== undefined && !(value instanceof AbortSignal)) {
    throw new Error(
      `${where}: ${name} must be an AbortSignal, got ${describe(value)}`,
    );
  }
  return value;
}

/**
 * Returns `value` when it is an integer in `min`…`max`, and throws otherwise.
 *
 * @param where the function or constructor (`"new Nim"`)
 * @param name the argument (`"heaps[2]"`, `"depth"`)
 * @throws {Error} naming the argument, the value and the range
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkInteger } from "./validate.ts";
 * assert.ok(checkInteger("f", "n", 3, 0, 9) === 3);
 * assert.throws(() => checkInteger("f", "n", 2.5, 0, 9), /f: n must be an integer in 0…9, got 2.5/);
 * ```
 */
export function checkInteger(
  where: string,
  name: string,
  value: unknown,
  min: number,
  max: number,
): number {
  if (
    typeof value !== "number" || !Number.isInteger(value) || value < min ||
    value > max
  ) {
    throw new Error(
      `${where}: ${name} must be an integer in ${min}…${max}, got ${
        describe(value)
      }`,
    );
  }
  return value;
}

/**
 * Returns `value` when it is a finite number ≥ 0, and throws otherwise.
 *
 * @param where the function or constructor (`"mcts"`)
 * @param name the argument (`"exploration"`)
 * @throws {Error} naming the argument, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkNonNegative } from "./validate.ts";
 * assert.ok(checkNonNegative("f", "c", 1.5) === 1.5);
 * assert.throws(() => checkNonNegative("f", "c", -1), /f: c must be a finite number ≥ 0, got -1/);
 * ```
 */
export function checkNonNegative(
  where: string,
  name: string,
  value: unknown,
): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new Error(
      `${where}: ${name} must be a finite number ≥ 0, got ${describe(value)}`,
    );
  }
  return value;
}

/**
 * Returns `value` when it is an id that a style sheet can select as `#id`
 * as it stands: a letter, then letters, digits, `-` and `_`. An id with
 * CSS syntax in it (`x{}textarea`, `x,textarea`) would end the selector
 * early, and the rules after it would apply to the whole page.
 *
 * @param where the function (`"stepperCss"`)
 * @param name the argument (`"id"`)
 * @throws {Error} naming the argument, the value and the rule
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkCssId } from "./validate.ts";
 * assert.equal(checkCssId("f", "id", "gts-stepper-a1-0"), "gts-stepper-a1-0");
 * assert.throws(() => checkCssId("f", "id", "x{}textarea"), /f: id must be a letter then letters, digits, - and _ .*, got "x\{\}textarea"/);
 * ```
 */
export function checkCssId(
  where: string,
  name: string,
  value: unknown,
): string {
  if (typeof value !== "string" || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(value)) {
    throw new Error(
      `${where}: ${name} must be a letter then letters, digits, - and _ (it scopes every rule as #${name}), got ${
        describe(value)
      }`,
    );
  }
  return value;
}

/**
 * `text` safe to print on a terminal or to put in a NATS header: its
 * control characters (C0, DEL, C1: a newline, a carriage return, an escape
 * sequence's ESC) written as `\u` escapes. Text that came from elsewhere
 * (a message, a notebook) could otherwise forge lines or drive the
 * terminal, and a header value with a line break is refused outright.
 *
 * @param text any text
 * @returns the text, one line, without control characters
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { printable } from "./validate.ts";
 * assert.equal(printable("a\nb\u001b[31m"), "a\\u000ab\\u001b[31m");
 * assert.equal(printable("plain é"), "plain é");
 * ```
 */
export function printable(text: string): string {
  return String(text).replace(
    // deno-lint-ignore no-control-regex
    /[\u0000-\u001f\u007f-\u009f]/g,
    unicodeEscape,
  );
}

/**
 * A character of the basic plane as a `\uXXXX` escape, for a replacer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unicodeEscape } from "./validate.ts";
 * assert.equal(unicodeEscape("\u001b"), "\\u001b");
 * assert.equal(unicodeEscape("\u2028"), "\\u2028");
 * ```
 */
export function unicodeEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}
