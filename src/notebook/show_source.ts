/**
 * The library's own source in a notebook: {@linkcode showSource} finds where a
 * function or class is declared under `src/` and shows that text, read from
 * the file when the cell runs, so what the reader sees is what the searcher
 * executes.
 *
 * @module
 */

import { type JupyterDisplay, mimeBundle } from "../plot/_jupyter_display.ts";
import { checkOptions, describe } from "../validate.ts";
import { identifierPattern, memberLines } from "./_member_lines.ts";

/** Options of {@linkcode showSource}. */
export interface ShowSourceOptions {
  /** Include the JSDoc comment above the declaration (default true). */
  doc?: boolean;
  /**
   * The file to look in, from the repository root (`"src/search/pvs.ts"`),
   * when a module-internal name is declared in several files.
   */
  file?: string;
}

/** A declaration's source, found in its file; the Deno kernel shows it as code. */
export interface SourceView extends JupyterDisplay {
  /** The declared name. */
  name: string;
  /** The file, relative to the repository root (e.g. `src/search/alpha_beta.ts`). */
  file: string;
  /** 1-based line of the first line shown. */
  line: number;
  /** The declaration's text as it stands in the file. */
  text: string;
  /** The file name, then the text as a fenced TypeScript block. */
  markdown: string;
}

const SRC = new URL("../", import.meta.url);
const ROOT = new URL("../../", import.meta.url);
const KEYWORDS = String
  .raw`(?:async\s+)?function\*?|(?:abstract\s+)?class|interface|type|const|let|enum`;

function tsFiles(dir: URL): string[] {
  const files: string[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) files.push(...tsFiles(url));
    else if (entry.name.endsWith(".ts")) files.push(url.href);
  }
  return files.sort();
}

function nameOf(where: string, subject: unknown): string {
  const name = typeof subject === "string"
    ? subject
    : typeof subject === "function"
    ? subject.name
    : "";
  // `Class.method` or `Class.#private` names a method inside a class.
  if (!/^[A-Za-z_$][\w$]*(\.#?[A-Za-z_$][\w$]*)?$/.test(name)) {
    throw new Error(
      `${where}: subject must be a named function or class, or its name, got ${
        typeof subject === "function"
          ? "a function without a name"
          : describe(subject)
      }`,
    );
  }
  return name;
}

/**
 * For each line from `start` on, whether it begins in code (not inside a
 * string, template literal or block comment): a `}` at column 0 inside a
 * template literal (an inline script, say) must not end the declaration.
 */
function lineStartsInCode(lines: readonly string[], start: number): boolean[] {
  const inCode: boolean[] = [];
  // Open templates; each entry counts the `${` braces still open inside it.
  const templates: number[] = [];
  let inTemplate = false, quote = "", comment = false;
  for (let i = start; i < lines.length; i++) {
    inCode.push(!inTemplate && quote === "" && !comment);
    const line = lines[i]!;
    for (let k = 0; k < line.length; k++) {
      const c = line[k]!;
      if (comment) {
        if (c === "*" && line[k + 1] === "/") comment = false, k++;
      } else if (quote !== "") {
        if (c === "\\") k++;
        else if (c === quote) quote = "";
      } else if (inTemplate) {
        if (c === "\\") k++;
        else if (c === "`") inTemplate = false, templates.pop();
        else if (c === "$" && line[k + 1] === "{") inTemplate = false, k++;
      } else if (c === "/" && line[k + 1] === "/") {
        break;
      } else if (c === "/" && line[k + 1] === "*") {
        comment = true, k++;
      } else if (
        c === "/" && /(^|[(,=:[!&|?{};+\-*%<>~^])\s*$/.test(line.slice(0, k))
      ) {
        // A regular expression literal: skip to its closing slash.
        let inClass = false;
        for (k++; k < line.length; k++) {
          const r = line[k]!;
          if (r === "\\") k++;
          else if (r === "[") inClass = true;
          else if (r === "]") inClass = false;
          else if (r === "/" && !inClass) break;
        }
      } else if (c === "'" || c === '"') {
        quote = c;
      } else if (c === "`") {
        inTemplate = true, templates.push(0);
      } else if (templates.length > 0 && c === "{") {
        templates[templates.length - 1]!++;
      } else if (templates.length > 0 && c === "}") {
        // The `}` of a `${…}` returns into its template.
        if (templates[templates.length - 1] === 0) inTemplate = true;
        else templates[templates.length - 1]!--;
      }
    }
    quote = ""; // strings end at the line's end
  }
  return inCode;
}

/** Whether `line` opens a declaration of the function `name` (an overload's next signature). */
function declares(line: string, name: string): boolean {
  const escaped = identifierPattern(name);
  return new RegExp(
    `^(?:export\\s+)?(?:async\\s+)?function\\*?\\s+${escaped}\\s*[(<]`,
  ).test(line);
}

/** The index of the line that ends the declaration starting at `start`. */
function declarationEnd(lines: readonly string[], start: number): number {
  const first = lines[start]!;
  const opens = first.split("{").length, closes = first.split("}").length;
  // One-line declarations: braces balanced and the statement ended.
  if (opens === closes && /[;}]\s*$/.test(first)) return start;
  // `deno fmt` closes every top-level declaration at column 0.
  const inCode = lineStartsInCode(lines, start);
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (inCode[i - start] && /^[}\])]/.test(line) && /[;}]\s*$/.test(line)) {
      return i;
    }
  }
  return lines.length - 1;
}

/** The index of the first line of the JSDoc right above `start`, or `start`. */
function docStart(lines: readonly string[], start: number): number {
  if (start === 0 || !lines[start - 1]!.trimEnd().endsWith("*/")) return start;
  for (let i = start - 1; i >= 0; i--) {
    if (lines[i]!.trimStart().startsWith("/**")) return i;
  }
  return start;
}

/**
 * Finds the exported declaration of a function, class, interface, type or
 * constant under the library's `src/` folder and returns its source as it is
 * in the file now, JSDoc included (unless `doc: false`). As the last
 * expression of a notebook cell it shows as highlighted TypeScript. A name
 * that no file exports is looked up among the modules' top-level helpers
 * (`showSource("alphaBetaNode")`: the recursion behind `alphaBeta`). A
 * `"Class.method"` name shows one method of a class, private ones too
 * (`showSource("TraceRecorder.root")`, `"ConnectFourSolver.#node"`).
 *
 * A name that several files export (the textbook's `alphaBeta` in
 * `src/textbook/` and the engine's in `src/search/`) resolves to the first
 * file in path order, the engine's; `options.file` picks the other
 * (`showSource("alphaBeta", { file: "src/textbook/alpha_beta.ts" })`). A
 * function passed as the subject is looked up by its name the same way.
 *
 * Reads the files at run time (needs `--allow-read` on `src/`), so an edited
 * searcher shows its edit after the kernel restarts.
 *
 * @param subject the function or class itself (its `name` is looked up), or
 *   the name as a string (for interfaces, types and module-internal helpers)
 * @param options {@linkcode ShowSourceOptions}
 * @returns a {@linkcode SourceView}: the text, the file and line, and the
 *   markdown the notebook displays
 * @throws {Error} when the subject has no name, no file under `src/`
 *   declares that name, several declare it as a helper and no
 *   `options.file` chooses, or the class has no such method
 *
 * @example The alpha-beta searcher, as the notebook shows it
 * ```ts
 * import assert from "node:assert/strict";
 * import { alphaBeta } from "../../mod.ts";
 * import { showSource } from "./show_source.ts";
 * const view = showSource(alphaBeta);
 * assert.equal(view.file, "src/search/alpha_beta.ts");
 * assert.match(view.text, /^\/\*{2}\n/);
 * assert.match(view.text, /export function alphaBeta\(/);
 * assert.match(view.text, /\n}$/);
 * const bundle = view[Symbol.for("Jupyter.display")]!();
 * assert.match(bundle["text/markdown"]!, /^`src\/search\/alpha_beta.ts` line \d+\n\n`{4}ts\n/);
 * ```
 *
 * @example A class without its JSDoc; an unknown name is an error
 * ```ts
 * import assert from "node:assert/strict";
 * import { TraceRecorder } from "../../mod.ts";
 * import { showSource } from "./show_source.ts";
 * const view = showSource(TraceRecorder, { doc: false });
 * assert.match(view.text, /^export class TraceRecorder implements SearchTrace \{/);
 * assert.throws(() => showSource("noSuchThing"), /no file under src\/ declares noSuchThing/);
 * ```
 *
 * @example One method of a class
 * ```ts
 * import assert from "node:assert/strict";
 * import { showSource } from "./show_source.ts";
 * const view = showSource("TraceRecorder.root", { doc: false });
 * assert.match(view.text, /^  root\(\): TracedNode \{\n[^]*\n  }$/);
 * assert.equal(view.name, "TraceRecorder.root");
 * assert.throws(() => showSource("TraceRecorder.nope"), /TraceRecorder declares no method nope/);
 * ```
 */
export function showSource(
  subject:
    | ((...args: never[]) => unknown)
    | (abstract new (...args: never[]) => unknown)
    | string,
  options: ShowSourceOptions = {},
): SourceView {
  const where = "showSource";
  checkOptions(where, options, ["doc", "file"]);
  if (options.doc !== undefined && typeof options.doc !== "boolean") {
    throw new Error(
      `${where}: options.doc must be true or false, got ${
        describe(options.doc)
      }`,
    );
  }
  const qualified = nameOf(where, subject);
  const [name, method] = qualified.split(".") as [string, string | undefined];
  const escaped = identifierPattern(name);
  const exported = new RegExp(
    `^export\\s+(?:default\\s+)?(?:declare\\s+)?(?:${KEYWORDS})\\s+${escaped}\\b`,
  );
  // A module's own helpers (the recursion behind an exported searcher).
  const internal = new RegExp(`^(?:${KEYWORDS})\\s+${escaped}\\b`);
  let candidates = tsFiles(SRC);
  if (options.file !== undefined) {
    const wanted = new URL(options.file, ROOT).href;
    if (!candidates.includes(wanted)) {
      throw new Error(
        `${where}: options.file must be a .ts file under src/, got ${
          describe(options.file)
        }`,
      );
    }
    candidates = [wanted];
  }
  // Internal files (`_name.ts`) last: the public declaration wins.
  candidates.sort((a, b) =>
    Number(/\/_[^/]*$/.test(a)) - Number(/\/_[^/]*$/.test(b))
  );
  const found: { href: string; lines: string[]; start: number }[] = [];
  for (const pattern of [exported, internal]) {
    for (const href of candidates) {
      const source = Deno.readTextFileSync(new URL(href));
      if (!source.includes(name)) continue;
      const lines = source.split("\n");
      const start = lines.findIndex((line) => pattern.test(line));
      if (start >= 0) found.push({ href, lines, start });
    }
    // One export wins; helpers of the same name in several files are ambiguous.
    if (pattern === exported && found.length > 0) found.length = 1;
    if (found.length > 0) break;
  }
  const fileOf = (href: string) =>
    decodeURIComponent(href.slice(ROOT.href.length));
  if (found.length === 0) {
    throw new Error(
      `${where}: ${
        options.file === undefined
          ? `no file under src/ declares ${name}`
          : `${options.file} declares no ${name}`
      } (looked for "export function ${name}", "class ${name}", …)`,
    );
  }
  if (found.length > 1) {
    throw new Error(
      `${where}: ${name} is declared in ${
        found.map((f) => fileOf(f.href)).join(", ")
      }; pass options.file to choose`,
    );
  }
  const { href, lines } = found[0]!;
  let start = found[0]!.start, end = declarationEnd(lines, start);
  // An overloaded function: its signatures end in ";", each at column 0,
  // then the implementation; all of them are shown, through its body.
  for (;;) {
    if (!/^\)[^{]*;\s*$/.test(lines[end]!)) break;
    let next = end + 1;
    while (next < lines.length && /^\s*(\/\*\*|\*|\*\/|$)/.test(lines[next]!)) {
      next++;
    }
    if (next >= lines.length || !declares(lines[next]!, name)) break;
    end = declarationEnd(lines, next);
  }
  if (method !== undefined) {
    const member = memberLines(lines, start, end, method);
    if ("missing" in member) {
      throw new Error(
        member.missing === "member"
          ? `${where}: ${name} declares no method ${method} (looked for "  ${method}(" in ${
            fileOf(href)
          })`
          : `${where}: ${qualified}: the end of the method (a line ending in ";", or "  }" after its body) is not found in ${
            fileOf(href)
          } before the end of ${name}`,
      );
    }
    ({ start, end } = member);
  }
  const from = options.doc === false ? start : docStart(lines, start);
  const text = lines.slice(from, end + 1).join("\n");
  const file = fileOf(href);
  // A fence longer than any backtick run inside (JSDoc examples are fenced).
  const longest = Math.max(
    0,
    ...(text.match(/`+/g) ?? []).map((r) => r.length),
  );
  const fence = "`".repeat(Math.max(3, longest + 1));
  const markdown = `\`${file}\` line ${
    from + 1
  }\n\n${fence}ts\n${text}\n${fence}\n`;
  return {
    name: qualified,
    file,
    line: from + 1,
    text,
    markdown,
    ...mimeBundle({ "text/markdown": markdown, "text/plain": text }),
  };
}
