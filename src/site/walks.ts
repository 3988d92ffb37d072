/**
 * An exercise report's stepper through both walks (`walkStepperHtml` of
 * `src/exercises/report_html.ts`, a `<div class="gts-walks">`), made live on
 * the site as the search steppers are (`stepper.ts`): its script is
 * accepted only when its code is, character for character, this checkout's
 * walk stepper code; its data is read as JSON and rebuilt field by field;
 * its live markup is sanitised. The page then runs the library's code: the
 * builder writes it anew (allowed by its hash), and "Edit and run" gives it
 * the site's own `walks_live.js`.
 *
 * @module
 */

import { ExplicitTree } from "../trees/explicit_tree.ts";
import { drawTree } from "../exercises/drawn_tree.ts";
import { walkStepperHtml } from "../exercises/report_html.ts";
import {
  checkStepperInput,
  cut,
  parseJson,
  scriptJson,
  type ScriptParts,
  type StepperParts,
} from "./stepper.ts";

let reference: ScriptParts["code"] | undefined;

/** This checkout's walk stepper code, cut from a stepper of a small tree. */
function walksCode(): ScriptParts["code"] {
  if (reference === undefined) {
    const tree = drawTree(ExplicitTree.from([[3, 5], [2, 9]]))!;
    const html = walkStepperHtml(tree, {
      yours: ["", "0", "0.0"],
      right: ["", "0", "0.1"],
      rightName: "the course's search",
      parting: { index: 2, yours: "0.0", right: "0.1" },
    });
    const script = html.match(/<script>([^]*)<\/script><\/div>$/)?.[1];
    const parts = script === undefined ? null : cut(script);
    if (parts === null) {
      throw new Error(
        "walksParts: the walk stepper's script (src/exercises/report_html.ts) no longer has the holes id=…; var data=…; box.innerHTML=…; that src/site/walks.ts reads",
      );
    }
    reference = parts.code;
  }
  return reference;
}

/** A walk stepper's id as `walkStepperHtml` writes it. */
const WALKS_ID = /^gts-walks-[0-9a-z]+-[0-9]+$/;

/** The walks' data rebuilt field by field, or why it is not theirs. */
function checkWalks(value: unknown): Record<string, unknown> | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "its data is not an object";
  }
  const data = value as Record<string, unknown>;
  const strings = (v: unknown): v is string[] =>
    Array.isArray(v) && v.every((s) => typeof s === "string");
  const checked: Record<string, unknown> = {};
  for (
    const field of [
      "paths",
      "yours",
      "right",
      "neverYours",
      "neverRight",
      "texts",
    ]
  ) {
    if (!strings(data[field])) {
      return `its data.${field} is not a list of strings`;
    }
    checked[field] = [...data[field] as string[]];
  }
  if (
    !Number.isInteger(data.last) || (data.last as number) < 1 ||
    (checked.texts as string[]).length < (data.last as number)
  ) {
    return "its data.last is not a step it has a text for";
  }
  if (typeof data.parting !== "boolean") {
    return "its data.parting is not true or false";
  }
  checked.last = data.last;
  checked.parting = data.parting;
  return checked;
}

/**
 * The checked data of a walk stepper's script, or why it is dropped.
 *
 * @param script the text of the `<script>` in the walk stepper
 * @param id the id of its `<div>`
 * @param sanitize makes the live markup safe (the site's HTML sanitiser)
 * @returns the id, the data and the sanitised live markup, or the reason
 * @throws {Error} naming the argument, its value and the rule: script or
 *   id not a string, sanitize not a function or returning anything but a
 *   string (see `checkStepperInput` in `stepper.ts`)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ExplicitTree } from "../../mod.ts";
 * import { drawTree } from "../exercises/drawn_tree.ts";
 * import { walkStepperHtml } from "../exercises/report_html.ts";
 * import { walksParts } from "./walks.ts";
 * const html = walkStepperHtml(drawTree(ExplicitTree.from([[1, 2], [3]]))!, {
 *   yours: ["", "0"], right: ["", "1"], rightName: "ab", parting: { index: 1, yours: "0", right: "1" },
 * });
 * const id = html.match(/id="([^"]+)"/)![1]!;
 * const script = html.match(/<script>([^]*)<\/script>/)![1]!;
 * assert.ok("data" in walksParts(script, id, (m) => m));
 * assert.deepEqual(walksParts(script.replace("show(1);", "alert(1);show(1);"), id, (m) => m), {
 *   dropped: "its script is not the library's walk stepper code",
 * });
 * ```
 */
export function walksParts(
  script: string,
  id: string,
  sanitize: (html: string) => string,
): StepperParts | { dropped: string } {
  return readWalks("walksParts", script, id, sanitize);
}

/** {@linkcode walksParts} in the name of `where`. */
function readWalks(
  where: string,
  script: string,
  id: string,
  sanitize: (html: string) => string,
): StepperParts | { dropped: string } {
  const clean = checkStepperInput(where, script, id, sanitize);
  const parts = cut(script);
  const code = walksCode();
  if (parts === null || parts.code.some((part, i) => part !== code[i])) {
    return { dropped: "its script is not the library's walk stepper code" };
  }
  const ownId = parseJson(parts.id)?.value;
  if (typeof ownId !== "string" || !WALKS_ID.test(ownId) || ownId !== id) {
    return { dropped: "its script names another stepper" };
  }
  const data = parseJson(parts.data);
  const checked = data === null
    ? "its data is not JSON"
    : checkWalks(data.value);
  if (typeof checked === "string") return { dropped: checked };
  const live = parseJson(parts.live)?.value;
  if (typeof live !== "string") {
    return { dropped: "its live markup is not a JSON string" };
  }
  return { id: ownId, data: checked, live: clean(live) };
}

/**
 * The script to put in a walk stepper's place: the library's code with the
 * checked data, or why there is none (it then shows its pictures).
 *
 * @param script the text of the notebook's `<script>` in the walk stepper
 * @param id the id of its `<div>`
 * @param sanitize makes the live markup safe
 * @returns the script's text, or the reason it is dropped
 * @throws {Error} as {@linkcode walksParts}, naming `liveWalksScript`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { liveWalksScript } from "./walks.ts";
 * assert.deepEqual(liveWalksScript("alert(1)", "gts-walks-a-0", (m) => m), {
 *   dropped: "its script is not the library's walk stepper code",
 * });
 * ```
 */
export function liveWalksScript(
  script: string,
  id: string,
  sanitize: (html: string) => string,
): { script: string } | { dropped: string } {
  const parts = readWalks("liveWalksScript", script, id, sanitize);
  if ("dropped" in parts) return parts;
  const code = walksCode();
  return {
    script: code[0] + JSON.stringify(parts.id) + ";\n" + code[1] +
      scriptJson(parts.data) + ";\n" + code[2] + scriptJson(parts.live) +
      ";\n" + code[3],
  };
}

/**
 * The site's file `walks_live.js`: the library's walk stepper code reading
 * its data from the `data-gts-id`, `data-gts-steps` and `data-gts-live`
 * attributes of its own `<script>` element (see `stepperLiveFile`).
 *
 * @returns the script's text
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { walksLiveFile } from "./walks.ts";
 * assert.match(walksLiveFile(), /var data=JSON\.parse\(document\.currentScript\.getAttribute\("data-gts-steps"\)\);/);
 * ```
 */
export function walksLiveFile(): string {
  const code = walksCode();
  const attribute = (name: string) =>
    `document.currentScript.getAttribute("data-gts-${name}")`;
  return code[0] + `JSON.parse(${attribute("id")});\n` + code[1] +
    `JSON.parse(${attribute("steps")});\n` + code[2] + attribute("live") +
    ";\n" + code[3];
}
