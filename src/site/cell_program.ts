/**
 * A notebook cell's TypeScript made into a program that a Web Worker of the
 * site runs: types stripped by `sucrase` (lines kept where they were),
 * statements found by `acorn`, `import … from "…"` turned into lookups in
 * the library the worker has bundled (`__gts.import("…")`), the last
 * expression returned (the notebook kernel displays it), and what the cell
 * uses from earlier cells (their imports and declarations, not their
 * work) put before it, as the kernel would have them in scope.
 *
 * The same module runs on the site's pages (bundled) and in Deno's tests.
 *
 * @module
 */

import { transform } from "sucrase";
import { parse } from "acorn";
import { type AnyNode, freeNames, patternNames } from "./_free_names.ts";
import { describe } from "../validate.ts";

/** A syntax error in the cell, with its place (1-based line and column). */
export class CellSyntaxError extends Error {
  /** The line in the cell, from 1. */
  readonly line: number;
  /** The column in the line, from 1. */
  readonly column: number;
  /** Builds the error; `message` without the place. */
  constructor(message: string, line: number, column: number) {
    super(`${message} (line ${line}, column ${column})`);
    this.name = "SyntaxError";
    this.line = line;
    this.column = column;
  }
}

/** What {@linkcode cellProgram} returns. */
export interface CellProgram {
  /**
   * The program: an `async function (__gts) {…}` expression, to assign and
   * call. `__gts.import(specifier)` returns a module of the library.
   */
  code: string;
  /** The line of `code` (from 1) that holds the cell's line 1. */
  firstLine: number;
  /** The specifiers the program imports, sorted (for a clear error first). */
  imports: string[];
  /**
   * The cell's place (1-based line and column) of a place in `code`, or
   * null when it is not in the cell (the earlier cells' part, the wrapper).
   */
  place(line: number, column: number): { line: number; column: number } | null;
}

/** A top-level statement of a cell, with what it declares and uses. */
interface Part {
  /** The statement as JavaScript (imports already turned into lookups). */
  text: string;
  /** The names it declares. */
  declares: string[];
  /** The names it reads from outside itself (see _free_names.ts). */
  uses: Set<string>;
}

/** TypeScript to JavaScript, same lines; throws CellSyntaxError. */
function strip(source: string): { code: string; map: string } {
  try {
    const result = transform(source, {
      transforms: ["typescript"],
      disableESTransforms: true,
      // An earlier cell's import may be used only by a later cell.
      keepUnusedImports: true,
      filePath: "cell.ts",
      sourceMapOptions: { compiledFilename: "cell.js" },
    });
    return { code: result.code, map: result.sourceMap?.mappings ?? "" };
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const message = error instanceof Error ? error.message : String(error);
    if (loc === undefined) throw error;
    throw new CellSyntaxError(
      message.replace(/^Error transforming [^:]*: /, "").replace(
        /\s*\(\d+:\d+\)$/,
        "",
      ),
      loc.line,
      loc.column + 1,
    );
  }
}

const BASE64 =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * A source map's `mappings` as, for each generated line (from 0), its
 * segments `[generated column, source line, source column]` (all from 0).
 */
function decodeMappings(mappings: string): [number, number, number][][] {
  const lines: [number, number, number][][] = [];
  let sourceLine = 0, sourceColumn = 0, source = 0;
  for (const lineText of mappings.split(";")) {
    const segments: [number, number, number][] = [];
    let column = 0;
    for (const segment of lineText.split(",")) {
      if (segment === "") continue;
      const values: number[] = [];
      let value = 0, shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          values.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length >= 4) {
        source += values[1]!;
        sourceLine += values[2]!;
        sourceColumn += values[3]!;
        segments.push([column, sourceLine, sourceColumn]);
      }
    }
    lines.push(segments);
  }
  void source;
  return lines;
}

/** The source place (0-based) of a generated place (0-based), by the map. */
function mapBack(
  segments: [number, number, number][][],
  line: number,
  column: number,
): { line: number; column: number } {
  const onLine = segments[line] ?? [];
  let best: [number, number, number] | undefined;
  for (const segment of onLine) {
    if (segment[0] <= column) best = segment;
  }
  if (best === undefined) return { line, column };
  return { line: best[1], column: best[2] + (column - best[0]) };
}

/** One import declaration as lookups: `const {a: b} = __gts.import("m");`. */
function importLookups(
  node: AnyNode,
): { name: string; text: string }[] {
  const from = JSON.stringify((node.source as AnyNode).value);
  return (node.specifiers as AnyNode[]).map((specifier) => {
    const local = (specifier.local as AnyNode).name as string;
    if (specifier.type === "ImportNamespaceSpecifier") {
      return { name: local, text: `const ${local} = __gts.import(${from});` };
    }
    const imported = specifier.type === "ImportDefaultSpecifier"
      ? "default"
      : ((specifier.imported as AnyNode).name as string | undefined) ??
        String((specifier.imported as AnyNode).value);
    return {
      name: local,
      text: `const { ${
        JSON.stringify(imported)
      }: ${local} } = __gts.import(${from});`,
    };
  });
}

/** A cell's JavaScript parsed; throws CellSyntaxError at the cell's place. */
function parseCell(
  code: string,
  map: [number, number, number][][],
): AnyNode[] {
  try {
    const program = parse(code, {
      ecmaVersion: "latest",
      sourceType: "module",
      allowAwaitOutsideFunction: true,
      locations: true,
    }) as unknown as { body: AnyNode[] };
    return program.body;
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    if (loc === undefined) throw error;
    const at = mapBack(map, loc.line - 1, loc.column);
    throw new CellSyntaxError(
      (error as Error).message.replace(/\s*\(\d+:\d+\)$/, ""),
      at.line + 1,
      at.column + 1,
    );
  }
}

/** What a declaration statement declares (empty for other statements). */
function declared(node: AnyNode): string[] {
  const names: string[] = [];
  if (node.type === "VariableDeclaration") {
    for (const declaration of node.declarations as AnyNode[]) {
      patternNames(declaration.id as AnyNode, names);
    }
  } else if (
    (node.type === "FunctionDeclaration" || node.type === "ClassDeclaration") &&
    node.id
  ) {
    names.push((node.id as AnyNode).name as string);
  }
  return names;
}

/** An earlier cell's imports and declarations, as parts. */
function earlierParts(source: string): Part[] {
  let code: string, map: [number, number, number][][];
  let body: AnyNode[];
  try {
    const stripped = strip(source);
    code = stripped.code;
    map = decodeMappings(stripped.map);
    body = parseCell(code, map);
  } catch {
    // A cell that does not parse declares nothing (as in the kernel).
    return [];
  }
  const parts: Part[] = [];
  for (const node of body) {
    if (node.type === "ImportDeclaration") {
      for (const lookup of importLookups(node)) {
        parts.push({
          text: lookup.text,
          declares: [lookup.name],
          uses: new Set(),
        });
      }
      continue;
    }
    const names = declared(node);
    if (names.length === 0) continue;
    parts.push({
      text: code.slice(node.start, node.end),
      declares: names,
      uses: freeNames([node]),
    });
  }
  return parts;
}

/** The module specifiers of `__gts.import("…")` calls in a program. */
function importedSpecifiers(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/__gts\.import\(("(?:[^"\\]|\\.)*")\)/g)) {
    found.add(JSON.parse(match[1]!));
  }
  return [...found].sort();
}

/**
 * The program that runs a cell in the site's worker.
 *
 * @param source the cell's TypeScript, as the student edited it
 * @param earlier the sources of the notebook's cells above it, in order:
 *   the imports and declarations the cell uses are taken from them (the
 *   latest of each name, and what those use in turn); their other
 *   statements (the work, the output) are not run
 * @returns the program, where the cell starts in it, and a map back
 * @throws {CellSyntaxError} when the cell does not parse, at its place; an
 *   `export` in the cell is one too (a cell is not a module)
 * @throws {TypeError} when `source` or an entry of `earlier` is not a
 *   string, or `earlier` not an array
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cellProgram } from "./cell_program.ts";
 * const program = cellProgram(
 *   'const tree: string = "[[1, 2], [3]]";\nshow(tree)',
 *   ['import { show, other } from "../mod.ts";\nconst unused = work();'],
 * );
 * assert.deepEqual(program.imports, ["../mod.ts"]);
 * assert.match(program.code, /const \{ "show": show \} = __gts\.import\("\.\.\/mod\.ts"\);/);
 * assert.doesNotMatch(program.code, /other|work/);
 * assert.match(program.code, /return \(show\(tree\)\)/);
 * ```
 */
export function cellProgram(
  source: string,
  earlier: readonly string[] = [],
): CellProgram {
  if (typeof source !== "string") {
    throw new TypeError(
      `cellProgram: source must be the cell's text (a string), got ${typeof source}`,
    );
  }
  if (!Array.isArray(earlier)) {
    throw new TypeError(
      `cellProgram: earlier must be an array of the cells' texts above it, got ${
        describe(earlier)
      }`,
    );
  }
  const bad = earlier.findIndex((text) => typeof text !== "string");
  if (bad >= 0) {
    throw new TypeError(
      `cellProgram: earlier[${bad}] must be a cell's text (a string), got ${typeof earlier[
        bad
      ]}`,
    );
  }
  const stripped = strip(source);
  const map = decodeMappings(stripped.map);
  const body = parseCell(stripped.code, map);
  const code = stripped.code;

  // The cell, edited in place so that its lines stay where they were.
  const edits: { start: number; end: number; text: string }[] = [];
  const ownNames = new Set<string>();
  for (const node of body) {
    if (node.type === "ImportDeclaration") {
      const lines = code.slice(node.start, node.end).split("\n").length - 1;
      edits.push({
        start: node.start,
        end: node.end,
        text: importLookups(node).map((lookup) => lookup.text).join(" ") +
          "\n".repeat(lines),
      });
      for (const lookup of importLookups(node)) ownNames.add(lookup.name);
    } else if (/^Export/.test(node.type)) {
      const at = mapBack(
        map,
        node.loc!.start.line - 1,
        node.loc!.start.column,
      );
      throw new CellSyntaxError(
        "export is not allowed in a cell (a cell is not a module)",
        at.line + 1,
        at.column + 1,
      );
    } else {
      for (const name of declared(node)) ownNames.add(name);
    }
  }
  const last = body.at(-1);
  let returnAt: { line: number; column: number } | null = null;
  const RETURN = "return (";
  if (last?.type === "ExpressionStatement") {
    const expression = last.expression as AnyNode;
    edits.push({
      start: expression.start,
      end: expression.start,
      text: RETURN,
    });
    edits.push({ start: expression.end, end: expression.end, text: ")" });
    returnAt = {
      line: expression.loc!.start.line - 1,
      column: expression.loc!.start.column,
    };
  }
  let cellText = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    cellText = cellText.slice(0, edit.start) + edit.text +
      cellText.slice(edit.end);
  }

  // What the cell needs from earlier cells: the latest declaration of each
  // name it reads from outside itself (a parameter named as an earlier
  // declaration is its own).
  const need = freeNames(body);
  for (const name of ownNames) need.delete(name);
  const candidates = earlier.flatMap((text) => earlierParts(text));
  const bound = new Set<string>(ownNames);
  const chosen: Part[] = [];
  for (let i = candidates.length - 1; i >= 0; i--) {
    const part = candidates[i]!;
    if (!part.declares.some((name) => need.has(name) && !bound.has(name))) {
      continue;
    }
    chosen.unshift(part);
    for (const name of part.declares) bound.add(name);
    for (const name of part.uses) if (!bound.has(name)) need.add(name);
  }

  // Each earlier part opens a block, so that a later one may declare a name
  // again (as a later cell may in the kernel).
  const prelude = chosen.map((part) => `${part.text}\n{`).join("\n");
  const head = `(async function (__gts) {\n"use strict";\n${
    prelude === "" ? "" : `${prelude}\n`
  }{\n`;
  const firstLine = head.split("\n").length;
  const program = `${head}${cellText}\n}${"}".repeat(chosen.length)}\n})`;
  const cellLines = cellText.split("\n").length;
  return {
    code: program,
    firstLine,
    imports: importedSpecifiers(program),
    place(line: number, column: number) {
      const inCell = line - firstLine;
      if (inCell < 0 || inCell >= cellLines) return null;
      let generated = column - 1;
      if (
        returnAt !== null && inCell === returnAt.line &&
        generated >= returnAt.column + RETURN.length
      ) {
        generated -= RETURN.length;
      }
      const at = mapBack(map, inCell, generated);
      return { line: at.line + 1, column: at.column + 1 };
    },
  };
}
