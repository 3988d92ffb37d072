/**
 * Prints, one per line, the files whose tests or doc examples can tell
 * whether an external program is installed. `.ci/test-without-programs`
 * runs the README's test command on these files, with the programs hidden;
 * `.ci/run` has just run every file with the programs there, and a file
 * that cannot reach a program runs the same computation on both machines.
 *
 * A module faces the programs when its own text starts a process or looks
 * one up (`Deno.Command`, `node:child_process`, `src/programs.ts`,
 * puppeteer, the Debian folders of the engines, a `Worker` or an `import()`
 * whose module is not a literal), or when a binding it imports comes from a
 * module that does. Bindings are followed through re-exports (`export *`,
 * `export { x } from`) to the module that defines them: importing
 * `alphaBeta` from `mod.ts` reaches `src/search/alpha_beta.ts`, not the UCI
 * engine that `mod.ts` also re-exports. A test file, or a source file's doc
 * examples (their imports are read the same way), faces the programs when
 * anything it imports does. Whatever cannot be read this way (a name not
 * found, a module that is not a file) counts as facing: the run without
 * programs then runs it.
 *
 * Usage: `deno run --allow-read .ci/program_facing.ts [--ignore | --why]`:
 * the files that face the programs, one a line; with `--ignore`, the others,
 * joined by commas for `deno test --ignore=`; with `--why`, each facing
 * module and the import that makes it face them.
 *
 * @module
 */

import { fileURLToPath } from "node:url";

/** The repository's root folder, ending in "/". */
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** What in a module's own text means it can start or find a program. */
const FACES_PROGRAMS =
  /\bDeno\.Command\b|\bDeno\.run\b|\bDeno\s*\[|\}\s*=\s*Deno\b|child_process|\bprograms\.ts\b|puppeteer|\/usr\/games|\/usr\/sbin/;

/** Folders `deno test` does not read for this project. */
const SKIPPED = new Set(["node_modules", "fixtures"]);

/** An import or re-export: which names, from which specifier. */
interface Edge {
  specifier: string;
  /** Imported names (`"default"` for a default import); null: the whole module. */
  names: string[] | null;
}

/** What one module declares: its own imports and re-exports (its doc examples' apart), and more. */
interface ModuleInfo extends Omit<ReadImports, "whole"> {
  /** Its text (comments included) matches {@linkcode FACES_PROGRAMS}, or it imports a module it cannot name. */
  ownText: boolean;
  /** The imports of its doc examples that Deno runs. */
  exampleImports: Edge[];
  /** Names it defines itself. */
  locals: Set<string>;
}

/** Every TypeScript file `deno test --doc` reads here. */
async function candidateFiles(folder = ""): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(ROOT + folder)) {
    const path = folder + entry.name;
    if (entry.isDirectory) {
      if (!SKIPPED.has(entry.name) && !entry.name.startsWith(".")) {
        found.push(...await candidateFiles(path + "/"));
      }
    } else if (
      /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts")
    ) {
      found.push(path);
    }
  }
  return found.sort();
}

/** The names of an import or export clause, `{ a, b as c, type T }`: each as imported and as exported. */
function clausePairs(clause: string): { imported: string; exported: string }[] {
  return clause.split(",").map((part) => part.trim()).filter((part) =>
    part !== "" && !part.startsWith("type ")
  ).map((part) => {
    const [imported, , exported] = part.split(/\s+/);
    return { imported: imported!, exported: exported ?? imported! };
  });
}

/** What {@linkcode readImports} finds. */
interface ReadImports {
  /** Every import and re-export, as an edge. */
  imports: Edge[];
  /** An `import()` or `Worker` whose module is not a literal. */
  whole: boolean;
  /** `export { a as b } from "x"`: b → the name a in x (`*` for `export * as b`). */
  reexports: Map<string, { specifier: string; name: string }>;
  /** `export * from "x"`. */
  stars: string[];
}

/** The imports and re-exports of a piece of code written as deno fmt writes it. */
function readImports(code: string): ReadImports {
  const imports: Edge[] = [];
  const reexports = new Map<string, { specifier: string; name: string }>();
  const stars: string[] = [];
  let whole = false;
  for (
    const match of code.matchAll(
      /^import\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gm,
    )
  ) {
    if (match[1]) continue;
    const clause = match[2]!;
    const names: string[] = [];
    const braces = /\{([^}]*)\}/.exec(clause);
    if (braces) names.push(...clausePairs(braces[1]!).map((p) => p.imported));
    const head = clause.replace(/\{[^}]*\}/, "").replace(/,/g, " ").trim();
    if (head.startsWith("* as ")) {
      imports.push({ specifier: match[3]!, names: null });
      continue;
    }
    if (head !== "") names.push("default");
    imports.push({ specifier: match[3]!, names });
  }
  for (const match of code.matchAll(/^import\s+["']([^"']+)["']/gm)) {
    imports.push({ specifier: match[1]!, names: null });
  }
  for (
    const match of code.matchAll(
      /^export\s+(type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/gm,
    )
  ) {
    if (match[1]) continue;
    const specifier = match[3]!;
    const pairs = clausePairs(match[2]!);
    imports.push({ specifier, names: pairs.map((p) => p.imported) });
    for (const { imported, exported } of pairs) {
      reexports.set(exported, { specifier, name: imported });
    }
  }
  for (
    const match of code.matchAll(
      /^export\s+\*(?:\s+as\s+(\w+))?\s+from\s*["']([^"']+)["']/gm,
    )
  ) {
    const specifier = match[2]!;
    imports.push({ specifier, names: null });
    if (match[1]) reexports.set(match[1], { specifier, name: "*" });
    else stars.push(specifier);
  }
  // import("x") and new Worker(new URL("x", import.meta.url)): the whole module.
  for (const match of code.matchAll(/(?<![.\w])import\(\s*([^)]*)/g)) {
    const literal = /^["']([^"']+)["']/.exec(match[1]!.trim());
    if (literal) imports.push({ specifier: literal[1]!, names: null });
    else whole = true;
  }
  for (const match of code.matchAll(/new Worker\(\s*([^,)]*)/g)) {
    const literal = /new URL\(\s*["']([^"']+)["']/.exec(match[1]!);
    if (literal) imports.push({ specifier: literal[1]!, names: null });
    else whole = true;
  }
  return { imports, whole, reexports, stars };
}

/** The doc examples Deno runs: fenced ts/js blocks in comments (three backticks or more), `ignore` ones left out. */
function examples(text: string): string[] {
  const blocks: string[] = [];
  let block: string[] | null = null;
  for (const line of text.split("\n")) {
    const fence = /^\s*\*\s*`{3,}(\S*)(.*)$/.exec(line);
    if (fence) {
      if (block !== null) {
        blocks.push(block.join("\n"));
        block = null;
      } else if (
        /^(ts|typescript|js|javascript|tsx|jsx|mts)?$/.test(fence[1]!) &&
        !/\bignore\b/.test(fence[2]!)
      ) {
        block = [];
      }
      continue;
    }
    if (block !== null) block.push(line.replace(/^\s*\*\s?/, ""));
  }
  return blocks;
}

/**
 * The names an `export const a = …, b = …` declares: what precedes each
 * top-level comma's `=`, not the keys of an object literal inside.
 */
function declaredNames(body: string): string[] {
  const names: string[] = [];
  let depth = 0, quote = "", start = 0;
  const take = (part: string) => {
    const head = part.split("=")[0]!;
    // A destructuring pattern: every name in it, to be safe.
    for (
      const name of head.replace(/:[^,}\]]*/g, "").matchAll(/[A-Za-z_$][\w$]*/g)
    ) {
      names.push(name[0]);
    }
  };
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quote !== "") {
      if (char === "\\") i++;
      else if (char === quote) quote = "";
    } else if (char === '"' || char === "'" || char === "`") quote = char;
    else if ("([{".includes(char)) depth++;
    else if (")]}".includes(char)) depth--;
    else if (char === "," && depth === 0) {
      take(body.slice(start, i));
      start = i + 1;
    }
  }
  take(body.slice(start));
  return names;
}

/** Reads what a module declares, or null when it is not a file here. */
function moduleInfo(path: string): ModuleInfo | null {
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch {
    return null;
  }
  // Imports are read at the start of lines (doc examples' lines start with
  // "*"); the programs are looked for in all of the text, comments
  // included: a mention counts, which can only keep a file in.
  const own = readImports(text);
  const exampleImports: Edge[] = [];
  let exampleWhole = false;
  for (const example of examples(text)) {
    const read = readImports(example);
    exampleImports.push(...read.imports);
    exampleWhole ||= read.whole;
  }
  const locals = new Set<string>();
  for (
    const match of text.matchAll(
      /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\*?|const|let|var|class|enum|interface|type|namespace)\s+(\w+)/gm,
    )
  ) locals.add(match[1]!);
  if (/^export\s+default\b/m.test(text)) locals.add("default");
  // `export const A1 = 0, A8 = 112;`: every declarator is a name.
  for (
    const match of text.matchAll(
      /^export\s+(?:const|let|var)\s+([\s\S]*?);\s*$/gm,
    )
  ) {
    for (const name of declaredNames(match[1]!)) locals.add(name);
  }
  for (const match of text.matchAll(/^export\s+(type\s+)?\{([^}]*)\}\s*;/gm)) {
    for (const { exported } of clausePairs(match[2]!)) locals.add(exported);
  }
  return {
    ownText: FACES_PROGRAMS.test(text) || own.whole,
    imports: own.imports,
    exampleImports: exampleWhole
      ? [{ specifier: "", names: null }]
      : exampleImports,
    locals,
    reexports: own.reexports,
    stars: own.stars,
  };
}

/** Decides, with memory, which modules and bindings face the programs. */
class Facing {
  #infos = new Map<string, ModuleInfo | null>();
  #modules = new Map<string, boolean>();
  #pending = new Set<string>();
  #depth = 0;
  #imports: Record<string, string> = {};
  /** Why a module or binding faces: the next step of the chain. */
  readonly reasons = new Map<string, string>();

  /** `root`: the repository's folder, ending in "/" (its deno.json maps the bare imports). */
  constructor(root: string) {
    const config = JSON.parse(Deno.readTextFileSync(root + "deno.json")) as {
      imports?: Record<string, string>;
    };
    this.#imports = config.imports ?? {};
  }

  #info(path: string): ModuleInfo | null {
    if (!this.#infos.has(path)) this.#infos.set(path, moduleInfo(path));
    return this.#infos.get(path)!;
  }

  /** The file a specifier names from `from`, "" for a package, null when unknown. */
  #resolve(from: string, specifier: string): string | null {
    if (specifier.startsWith("./") || specifier.startsWith("../")) {
      return fileURLToPath(new URL(specifier, `file://${from}`));
    }
    if (specifier.startsWith("node:")) return "";
    const mapped = this.#imports[specifier] ?? specifier;
    if (mapped.startsWith("npm:")) return "";
    return null;
  }

  /** Whether anything in the module at `path` faces the programs. */
  module(path: string): boolean {
    const known = this.#modules.get(path);
    if (known !== undefined) return known;
    // On a cycle, a module still being decided counts as not facing for
    // now. A "no" found meanwhile may rest on that, so it is kept only when
    // the outermost decision is "no" too (then the whole cycle is); a "yes"
    // is always final.
    if (this.#pending.has(path)) return false;
    this.#pending.add(path);
    this.#depth++;
    const info = this.#info(path);
    let result = info === null || info.ownText;
    if (result) {
      this.reasons.set(path, info === null ? "not readable" : "its own text");
    }
    for (const edge of info?.imports ?? []) {
      if (result) break;
      if (this.edge(path, edge)) {
        result = true;
        this.reasons.set(
          path,
          `imports ${edge.names ?? "*"} from ${edge.specifier}`,
        );
      }
    }
    this.#depth--;
    if (result) {
      this.#modules.set(path, true);
      this.#pending.delete(path);
    }
    if (this.#depth === 0) {
      if (!result) {
        for (const pending of this.#pending) this.#modules.set(pending, false);
      }
      this.#pending.clear();
    }
    return result;
  }

  /** Whether an import from the module at `from` reaches a facing module. */
  edge(from: string, edge: Edge): boolean {
    const target = this.#resolve(from, edge.specifier);
    // Packages count by the text of the module that imports them (puppeteer).
    if (target === "") return false;
    if (target === null) return true;
    // Data read as text (`with { type: "text" }`) runs nothing.
    if (!/\.(ts|tsx|mts|js|mjs|jsx)$/.test(target)) return false;
    if (edge.names === null) return this.module(target);
    return edge.names.some((name) => this.binding(target, name, new Set()));
  }

  /** Whether the module that defines `name`, as `path` exports it, faces the programs. */
  binding(path: string, name: string, seen: Set<string>): boolean {
    const key = `${path}#${name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const info = this.#info(path);
    if (info === null) {
      this.reasons.set(key, "not readable");
      return true;
    }
    if (info.locals.has(name)) return this.module(path);
    const reexport = info.reexports.get(name);
    if (reexport !== undefined) {
      const target = this.#resolve(path, reexport.specifier);
      if (target === "") return false;
      if (target === null) return true;
      if (reexport.name === "*") return this.module(target);
      return this.binding(target, reexport.name, seen);
    }
    for (const star of info.stars) {
      const target = this.#resolve(path, star);
      if (target === null) return true;
      if (target === "") continue;
      if (this.#exports(target, name, new Set())) {
        return this.binding(target, name, seen);
      }
    }
    // Not found: count it as facing rather than guess.
    this.reasons.set(key, "no export of this name was found");
    return true;
  }

  /** Whether the module at `path` exports `name` at all. */
  #exports(path: string, name: string, seen: Set<string>): boolean {
    if (seen.has(path)) return false;
    seen.add(path);
    const info = this.#info(path);
    if (info === null) return true;
    if (info.locals.has(name) || info.reexports.has(name)) return true;
    return info.stars.some((star) => {
      const target = this.#resolve(path, star);
      return target === null ||
        (target !== "" && this.#exports(target, name, seen));
    });
  }

  /** Whether a file's tests or doc examples face the programs. */
  file(path: string): boolean {
    if (this.module(path)) return true;
    return this.#info(path)!.exampleImports.some((edge) =>
      edge.specifier === "" || this.edge(path, edge)
    );
  }
}

/** The files among `files` (paths under `root`, default this repository) that face the programs. */
export function programFacingFiles(files: string[], root = ROOT): string[] {
  const facing = new Facing(root);
  return files.filter((file) => facing.file(root + file));
}

/** Why each module that faces the programs does: the next step of its chain. */
export function facingReasons(files: string[]): Map<string, string> {
  const facing = new Facing(ROOT);
  for (const file of files) facing.file(ROOT + file);
  return new Map(
    [...facing.reasons].map((
      [path, reason],
    ) => [path.replace(ROOT, ""), reason]),
  );
}

export { candidateFiles };

if (import.meta.main) {
  const files = await candidateFiles();
  const selected = programFacingFiles(files);
  if (!selected.includes("src/programs.ts")) {
    console.error(
      "program_facing: src/programs.ts is not among the files that face the programs; the reading is wrong",
    );
    Deno.exit(1);
  }
  if (Deno.args.includes("--why")) {
    for (const [path, reason] of facingReasons(files)) {
      console.log(`${path}: ${reason}`);
    }
  } else if (Deno.args.includes("--ignore")) {
    // For `deno test --ignore=…`: everything else. The flag replaces
    // deno.json's excludes (DENO_DIR's npm packages in .deno/ hold
    // markdown that --doc would run), so they are named again.
    const config = JSON.parse(Deno.readTextFileSync(ROOT + "deno.json")) as {
      exclude?: string[];
      test?: { exclude?: string[] };
    };
    const excluded = [...config.exclude ?? [], ...config.test?.exclude ?? []];
    const facing = new Set(selected);
    console.log(
      [...excluded, ...files.filter((file) => !facing.has(file))].join(","),
    );
  } else {
    console.log(selected.join("\n"));
  }
  console.error(
    `program_facing: ${selected.length} of ${files.length} files face the programs`,
  );
}
