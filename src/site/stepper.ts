/**
 * A search stepper's script, rebuilt by the site builder. A stepper output
 * (`src/notebook/search_stepper.ts`) is a `<div class="gts-stepper">` whose
 * inline script holds the library's code and three pieces of data: the
 * stepper's id, the recorded search (JSON) and the live markup (a JSON
 * string). A notebook's script never reaches a page: the builder accepts one
 * only when its code is, character for character, the code of this
 * checkout's stepper, reads the three pieces as JSON (not as script), checks
 * their shape, sanitises the markup, and writes the script anew from the
 * library's code and the checked data. The page's Content-Security-Policy
 * then allows that script by its hash, and no other inline script.
 *
 * @module
 */

import { stepperHtml } from "../notebook/search_stepper.ts";
import { searchSteps } from "../notebook/search_steps.ts";
import { checkFunction, checkString, describe } from "../validate.ts";

/**
 * What starts each of the script's three data holes: the id (`id=…;`), the
 * recorded search (`var data=…;`) and the live markup (`box.innerHTML=…;`).
 * JSON from `JSON.stringify` holds no raw line break, so each hole runs to
 * the `;` that ends its line.
 */
const MARKERS = ["id=", "var data=", "box.innerHTML="] as const;

/** Where `word` first stands in `text` from `from` with no letter, digit or `_` just before it, or -1. */
function wordAt(text: string, word: string, from: number): number {
  for (
    let at = text.indexOf(word, from);
    at >= 0;
    at = text.indexOf(word, at + 1)
  ) {
    if (at === 0 || !/\w/.test(text[at - 1]!)) return at;
  }
  return -1;
}

/** A script cut at its three data holes: the code around them, and the holes. */
export interface ScriptParts {
  code: [string, string, string, string];
  id: string;
  data: string;
  live: string;
}

/**
 * A stepper's script cut at its three data holes (`id=…;`, `var data=…;`,
 * `box.innerHTML=…;`, each up to the line's end), or null when it has
 * not these three: each hole at the first place its marker stands as a
 * word, after the hole before it, and its line ending in `;`.
 *
 * Work: linear in the script's length, whatever it holds (a notebook's
 * script is read here: a pattern that backtracks took seconds on a 32 kB
 * crafted script, and its time grew with the cube of the length).
 *
 * @param script the script's text
 * @returns the four pieces of code around the holes and the holes' text
 * @throws {Error} when `script` is not a string
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cut } from "./stepper.ts";
 * const parts = cut('(function(){var id="a";\nvar data={};\nbox.innerHTML="";\n})()');
 * assert.deepEqual(parts?.id, '"a"');
 * assert.deepEqual(parts?.code, ["(function(){var id=", "var data=", "box.innerHTML=", "})()"]);
 * assert.equal(cut("alert(1)"), null);
 * ```
 */
export function cut(script: string): ScriptParts | null {
  checkString("cut", "script", script);
  const code: string[] = [];
  const holes: string[] = [];
  let from = 0;
  for (const marker of MARKERS) {
    const at = wordAt(script, marker, from);
    if (at < 0) return null;
    const start = at + marker.length;
    const end = script.indexOf("\n", start);
    if (end < 0 || script[end - 1] !== ";") return null;
    code.push(script.slice(from, start));
    holes.push(script.slice(start, end - 1));
    from = end + 1;
  }
  code.push(script.slice(from));
  return {
    code: code as ScriptParts["code"],
    id: holes[0]!,
    data: holes[1]!,
    live: holes[2]!,
  };
}

let reference: ScriptParts | undefined;

/** This checkout's stepper code, cut from a stepper of a two-leaf tree. */
function libraryCode(): ScriptParts["code"] {
  if (reference === undefined) {
    const html = stepperHtml(searchSteps([[1, 2], [3]]));
    const script = html.match(/<script>([^]*)<\/script><\/div>$/)?.[1];
    const parts = script === undefined ? null : cut(script);
    if (parts === null) {
      throw new Error(
        "liveStepperScript: the stepper's script (src/notebook/search_stepper.ts) no longer has the holes id=…; var data=…; box.innerHTML=…; that src/site/stepper.ts reads",
      );
    }
    reference = parts;
  }
  return reference.code;
}

/**
 * JSON for an inline script: no `<` at all, so no `</script>` or `<!--`.
 *
 * @param value what to write: JSON data
 * @returns the JSON
 * @throws {Error} when `value` is not JSON data: `undefined`, a function
 *   or a symbol (JSON.stringify gives no text for them), a BigInt or a
 *   cycle (it throws)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptJson } from "./stepper.ts";
 * assert.equal(scriptJson("</script>"), '"\\u003c/script>"');
 * assert.throws(() => scriptJson(undefined), /scriptJson: value must be JSON data .*, got undefined/);
 * ```
 */
export function scriptJson(value: unknown): string {
  const rule =
    "scriptJson: value must be JSON data (no undefined, function, symbol, BigInt or cycle)";
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    throw new Error(
      `${rule}, got ${describe(value)} (${
        error instanceof Error ? error.message : String(error)
      })`,
    );
  }
  if (json === undefined) {
    throw new Error(
      `${rule}, got ${
        typeof value === "function" ? "a function" : describe(value)
      }`,
    );
  }
  return json.replace(/</g, "\\u003c");
}

/** The recorded search as the stepper's script reads it. */
interface StepperData {
  nodes: string[];
  x: number[];
  steps: {
    node: number;
    window: string;
    text: string;
    changes: [number, string, string, string][];
  }[];
}

/** `data` rebuilt field by field from `value`, or why it is not one. */
function checkData(value: unknown): StepperData | string {
  const record = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (!record(value)) return "its data is not an object";
  const { nodes, x, steps } = value;
  if (
    !Array.isArray(nodes) || nodes.length === 0 ||
    !nodes.every((n) => typeof n === "string")
  ) {
    return "its data.nodes is not a list of strings";
  }
  if (
    !Array.isArray(x) || x.length !== nodes.length ||
    !x.every((v) => typeof v === "number" && Number.isFinite(v))
  ) {
    return "its data.x is not one number per node";
  }
  const isNode = (v: unknown) =>
    Number.isInteger(v) && (v as number) >= 0 && (v as number) < nodes.length;
  if (!Array.isArray(steps) || steps.length === 0) {
    return "its data.steps is not a list of steps";
  }
  const checked: StepperData["steps"] = [];
  for (const [i, step] of steps.entries()) {
    if (
      !record(step) || !isNode(step.node) ||
      typeof step.window !== "string" || typeof step.text !== "string" ||
      !Array.isArray(step.changes)
    ) {
      return `its data.steps[${i}] is not a step`;
    }
    const changes: [number, string, string, string][] = [];
    for (const change of step.changes) {
      if (
        !Array.isArray(change) || change.length !== 4 ||
        !isNode(change[0]) ||
        !change.slice(1).every((v) => typeof v === "string")
      ) {
        return `its data.steps[${i}].changes holds something else than [node, state, value, window]`;
      }
      changes.push([change[0], change[1], change[2], change[3]]);
    }
    checked.push({
      node: step.node as number,
      window: step.window,
      text: step.text,
      changes,
    });
  }
  return { nodes, x, steps: checked };
}

/**
 * JSON read as data, or null when it is not JSON.
 *
 * @param text the JSON
 * @returns `{ value }` or null
 * @throws {Error} when `text` is not a string (JSON.parse would read the
 *   number 42 as the JSON `42`)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseJson } from "./stepper.ts";
 * assert.deepEqual(parseJson("[1]"), { value: [1] });
 * assert.equal(parseJson("alert(1)"), null);
 * assert.throws(() => parseJson(42 as never), /parseJson: text must be a string, got 42/);
 * ```
 */
export function parseJson(text: string): { value: unknown } | null {
  checkString("parseJson", "text", text);
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

/** A stepper's id as `stepperHtml` writes it. */
const STEPPER_ID = /^gts-stepper-[0-9a-z]+-[0-9]+$/;

/**
 * The script to put in a stepper's place: the library's code with the
 * notebook script's data, checked, or why there is none (the stepper then
 * shows its picture, as where scripts do not run).
 *
 * @param script the text of the notebook's `<script>` in the stepper
 * @param id the id of the stepper's `<div>`
 * @param sanitize makes the live markup safe (the site's HTML sanitiser)
 * @returns the script's text, or the reason it is dropped
 * @throws {Error} as {@linkcode checkStepperInput}, naming
 *   `liveStepperScript`
 *
 * @example A stepper of the library gets its script back; any other code none
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchSteps } from "../notebook/search_steps.ts";
 * import { stepperHtml } from "../notebook/search_stepper.ts";
 * import { liveStepperScript } from "./stepper.ts";
 * const html = stepperHtml(searchSteps([[3, 5], [2, 9]]));
 * const id = html.match(/id="([^"]+)"/)![1]!;
 * const script = html.match(/<script>([^]*)<\/script>/)![1]!;
 * const same = (markup: string) => markup;
 * assert.deepEqual(liveStepperScript(script, id, same), { script });
 * const changed = liveStepperScript(script.replace("show(0);", "alert(1);show(0);"), id, same);
 * assert.deepEqual(changed, { dropped: "its script is not the library's stepper code" });
 * ```
 */
export function liveStepperScript(
  script: string,
  id: string,
  sanitize: (html: string) => string,
): { script: string } | { dropped: string } {
  const parts = readParts("liveStepperScript", script, id, sanitize);
  if ("dropped" in parts) return parts;
  const code = libraryCode();
  return {
    script: code[0] + JSON.stringify(parts.id) + ";\n" + code[1] +
      scriptJson(parts.data) + ";\n" + code[2] + scriptJson(parts.live) +
      ";\n" + code[3],
  };
}

/** A stepper's data, checked, as {@linkcode stepperParts} returns it. */
export interface StepperParts {
  /** The stepper's id. */
  id: string;
  /** The recorded search, rebuilt field by field. */
  data: unknown;
  /** The live markup, sanitised. */
  live: string;
}

/**
 * The checked data of a stepper's script, or why it is dropped: the script
 * must be the library's stepper code character for character, name its own
 * stepper, and hold a recorded search of the right shape.
 *
 * @param script the text of the `<script>` in the stepper
 * @param id the id of the stepper's `<div>`
 * @param sanitize makes the live markup safe (the site's HTML sanitiser)
 * @returns the id, the data and the sanitised live markup, or the reason
 * @throws {Error} as {@linkcode checkStepperInput}, naming `stepperParts`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchSteps } from "../notebook/search_steps.ts";
 * import { stepperHtml } from "../notebook/search_stepper.ts";
 * import { stepperParts } from "./stepper.ts";
 * const html = stepperHtml(searchSteps([[3, 5], [2, 9]]));
 * const id = html.match(/id="([^"]+)"/)![1]!;
 * const script = html.match(/<script>([^]*)<\/script>/)![1]!;
 * const parts = stepperParts(script, id, (markup) => markup);
 * assert.ok("data" in parts && parts.id === id);
 * assert.deepEqual(stepperParts(script, "gts-stepper-other-1", (m) => m), { dropped: "its script names another stepper" });
 * ```
 */
export function stepperParts(
  script: string,
  id: string,
  sanitize: (html: string) => string,
): StepperParts | { dropped: string } {
  return readParts("stepperParts", script, id, sanitize);
}

/**
 * Checks the arguments of the functions that read a stepper's script
 * ({@linkcode stepperParts}, {@linkcode liveStepperScript} and their
 * twins for the walk steppers in `walks.ts`), in the name of `where`, and
 * returns `sanitize` wrapped so that what it returns is checked too: that
 * text is written into the page's script.
 *
 * @param where the function (`"stepperParts"`)
 * @param script the script's text
 * @param id the id of the stepper's `<div>`
 * @param sanitize the site's HTML sanitiser
 * @returns `sanitize`, throwing when it returns anything but a string
 * @throws {Error} naming `where`, the argument, its value and the rule:
 *   script or id not a string, sanitize not a function; the returned
 *   function, when `sanitize` returns anything but a string
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkStepperInput } from "./stepper.ts";
 * const clean = checkStepperInput("f", "x", "gts-stepper-a-0", (html: string) => html.toUpperCase());
 * assert.equal(clean("<b>"), "<B>");
 * assert.throws(() => checkStepperInput("f", "x", 7, (h: string) => h), /f: id must be a string, got 7/);
 * const broken = checkStepperInput("f", "x", "y", (() => undefined) as never);
 * assert.throws(() => broken("<b>"), /f: sanitize must return the safe markup \(a string\), got undefined/);
 * ```
 */
export function checkStepperInput(
  where: string,
  script: unknown,
  id: unknown,
  sanitize: unknown,
): (html: string) => string {
  checkString(where, "script", script);
  checkString(where, "id", id);
  const clean = checkFunction<(html: string) => string>(
    where,
    "sanitize",
    sanitize,
    "(html) => safe html",
  );
  return (html) => {
    const safe: unknown = clean(html);
    if (typeof safe !== "string") {
      throw new Error(
        `${where}: sanitize must return the safe markup (a string), got ${
          describe(safe)
        }`,
      );
    }
    return safe;
  };
}

/** {@linkcode stepperParts} in the name of `where`. */
function readParts(
  where: string,
  script: string,
  id: string,
  sanitize: (html: string) => string,
): StepperParts | { dropped: string } {
  const clean = checkStepperInput(where, script, id, sanitize);
  const parts = cut(script);
  const code = libraryCode();
  if (parts === null || parts.code.some((part, i) => part !== code[i])) {
    return { dropped: "its script is not the library's stepper code" };
  }
  const ownId = parseJson(parts.id)?.value;
  if (typeof ownId !== "string" || !STEPPER_ID.test(ownId) || ownId !== id) {
    return { dropped: "its script names another stepper" };
  }
  const data = parseJson(parts.data);
  const checked = data === null
    ? "its data is not JSON"
    : checkData(data.value);
  if (typeof checked === "string") return { dropped: checked };
  const live = parseJson(parts.live)?.value;
  if (typeof live !== "string") {
    return { dropped: "its live markup is not a JSON string" };
  }
  return { id: ownId, data: checked, live: clean(live) };
}

/**
 * The site's file `stepper_live.js`: the library's stepper code with its
 * three data holes reading the `data-gts-id`, `data-gts-steps` and
 * `data-gts-live` attributes of its own `<script>` element. A page adds
 * such an element to a stepper that an edited cell displayed (its data
 * checked by {@linkcode stepperParts}): the page's policy runs the site's
 * own files, never a script a cell wrote.
 *
 * @returns the script's text
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stepperLiveFile } from "./stepper.ts";
 * assert.match(stepperLiveFile(), /var data=JSON\.parse\(document\.currentScript\.getAttribute\("data-gts-steps"\)\);/);
 * ```
 */
export function stepperLiveFile(): string {
  const code = libraryCode();
  const attribute = (name: string) =>
    `document.currentScript.getAttribute("data-gts-${name}")`;
  return code[0] + `JSON.parse(${attribute("id")});\n` + code[1] +
    `JSON.parse(${attribute("steps")});\n` + code[2] + attribute("live") +
    ";\n" + code[3];
}
