/**
 * Bundles the play page's TypeScript (`src/play/web/`) for the browser with
 * esbuild: the Connect Four worker first, as a classic script with the
 * opening book's text inlined, then the page's script with the worker's
 * source inlined (the page starts it from a blob URL: chromium refuses
 * workers loaded from `file:` URLs, and module scripts too, hence classic
 * scripts).
 *
 * @module
 */

import * as esbuild from "esbuild";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkNonEmptyString, checkString, describe } from "../validate.ts";

/** This checkout's root: the course's worker and runner are bundled from it. */
const CHECKOUT = fileURLToPath(new URL("../../", import.meta.url));

/** What the two bundles are built for: browsers of the last few years. */
const TARGET = ["chrome100", "firefox100", "safari15"];

async function bundle(
  entry: string,
  define: Record<string, string>,
): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: TARGET,
    minify: true,
    legalComments: "none",
    logLevel: "silent",
    define,
  });
  const file = result.outputFiles[0];
  if (file === undefined) {
    throw new Error(`bundlePlay: esbuild wrote no output for ${entry}`);
  }
  return file.text;
}

/**
 * The play page's script, `play.js`: `src/play/web/play.ts` and, inlined as a
 * string, `src/play/web/c4_worker.ts`, both with `book` inlined.
 *
 * @param web the folder `src/play/web`
 * @param book the text of `data/connect4/book.txt`
 * @returns the script's text
 * @throws {Error} naming the argument, its value and the rule, before
 *   esbuild starts: `web` not a non-empty string, `book` not a string
 * @throws {Error} when esbuild fails (its first message)
 *
 * @example Its arguments are checked before esbuild starts
 * ```ts
 * import assert from "node:assert/strict";
 * import { bundlePlay } from "./bundle.ts";
 * await assert.rejects(bundlePlay("", ""), /bundlePlay: web must be a non-empty string, got ""/);
 * await assert.rejects(bundlePlay("src/play/web", undefined as never), /bundlePlay: book must be a string, got undefined/);
 * ```
 */
export async function bundlePlay(web: string, book: string): Promise<string> {
  checkNonEmptyString("bundlePlay", "web", web);
  checkString("bundlePlay", "book", book);
  try {
    const bookText = JSON.stringify(book);
    const worker = await bundle(join(web, "c4_worker.ts"), {
      GTS_BOOK_TEXT: bookText,
    });
    return await bundle(join(web, "play.ts"), {
      GTS_BOOK_TEXT: bookText,
      GTS_WORKER_SOURCE: JSON.stringify(worker),
    });
  } catch (error) {
    const errors = (error as { errors?: esbuild.Message[] }).errors;
    const first = errors?.[0];
    if (first !== undefined) {
      const where = first.location
        ? `${first.location.file}:${first.location.line}: `
        : "";
      throw new Error(`bundlePlay: esbuild: ${where}${first.text}`);
    }
    throw error;
  } finally {
    // esbuild's service process would keep Deno alive.
    await esbuild.stop();
  }
}

/**
 * Lets the library's modules load in a worker: they reach `node:path` and
 * `node:url` through esbuild's `require` shim (for the file paths of
 * functions that read and write files, which a page never calls) and read
 * `import.meta.url` at load time. The worker gets stand-ins that compute a
 * path and nothing else.
 */
const WORKER_SHIMS = `self.__gtsImportMeta={url:"file:///site/src/"};
self.require=function(name){
var join=function(){var parts=[];Array.prototype.forEach.call(arguments,function(p){String(p).split("/").forEach(function(s,i){if(s===".."){parts.pop();}else if(s!=="."&&(s!==""||(parts.length===0&&i===0))){parts.push(s);}});});return parts.join("/")||".";};
var path={join:join,resolve:join,normalize:function(p){return join(p);},dirname:function(p){return String(p).replace(/\\/[^/]*$/,"")||"/";},basename:function(p,e){var b=String(p).replace(/^.*\\//,"");return e&&b.endsWith(e)?b.slice(0,-e.length):b;},extname:function(p){var m=String(p).match(/\\.[^./]*$/);return m?m[0]:"";},relative:function(a,b){return b;},isAbsolute:function(p){return String(p).charAt(0)==="/";},sep:"/"};
if(name==="node:path")return path;
if(name==="node:url")return {fileURLToPath:function(u){return new URL(String(u)).pathname;},pathToFileURL:function(p){return new URL("file://"+p);}};
throw new Error(name+" is not available in the browser");
};
`;

/**
 * The worker's `Deno`: a read-only copy of the repository's small data
 * files (`DATA_FILES`, by their path from `data/`), so that the functions
 * of the library that read a cached table work as in the notebook; any
 * other `Deno.…` call throws an error that says what the worker cannot do
 * (write files, run programs, read anything else).
 */
const DENO_SHIM = `self.Deno=(function(files){
function NotFound(m){var e=new Error(m);e.name="NotFound";Object.setPrototypeOf(e,NotFound.prototype);return e;}
NotFound.prototype=Object.create(Error.prototype);
function PermissionDenied(m){var e=new Error(m);e.name="PermissionDenied";Object.setPrototypeOf(e,PermissionDenied.prototype);return e;}
PermissionDenied.prototype=Object.create(Error.prototype);
function read(path){var text=String(path&&path.href!==undefined?path.href:path);var m=text.match(/(?:^|[/])(data[/][^?#]*)$/);
if(m&&Object.prototype.hasOwnProperty.call(files,m[1]))return files[m[1]];
throw new NotFound("the site's worker has no file "+text+" (it reads only its copy of the repository's small data files)");}
var known={readTextFileSync:read,readTextFile:function(p){return Promise.resolve().then(function(){return read(p);});},
errors:{NotFound:NotFound,PermissionDenied:PermissionDenied},build:{os:"browser"},args:[],
env:{get:function(){return undefined;},has:function(){return false;},toObject:function(){return {};}}};
return new Proxy(known,{get:function(target,name){if(typeof name==="symbol"||name in target)return target[name];
return function(){throw new PermissionDenied("Deno."+String(name)+" is not available in the site's worker: it writes no file, runs no program and reads only its copy of data/");};}});
})(DATA_FILES);
`;

/** Data files larger than this are left out of the worker (the chess games). */
const DATA_FILE_LIMIT = 64 * 1024;

/** The repository's small data files, by their path (`data/…`). */
async function dataFiles(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const walk = async (folder: string) => {
    const entries = await Array.fromAsync(Deno.readDir(join(root, folder)));
    for (const entry of entries.sort((a, b) => a.name < b.name ? -1 : 1)) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory) {
        await walk(path);
      } else if (entry.isFile && /\.(txt|epd|json)$/.test(entry.name)) {
        const info = await Deno.stat(join(root, path));
        if (info.size <= DATA_FILE_LIMIT) {
          files[path] = await Deno.readTextFile(join(root, path));
        }
      }
    }
  };
  await walk("data");
  return files;
}

/** A static `import … from "…"` of an ES module, as esbuild writes it. */
const MODULE_IMPORT =
  /\bimport\s*(\{[^}]*\}|\*\s*as\s+[\w$]+|[\w$]+)\s*from\s*("[^"]+")\s*;?/g;

/** Runs `deno bundle` on `entry` for browsers; its output's text. */
async function denoBundle(
  root: string,
  entry: string,
  format: "esm" | "iife",
): Promise<string> {
  const out = await Deno.makeTempFile({ suffix: ".js" });
  try {
    const command = new Deno.Command(Deno.execPath(), {
      args: [
        "bundle",
        "--quiet",
        "--platform",
        "browser",
        "--format",
        format,
        "--minify",
        "--config",
        join(root, "deno.json"),
        "-o",
        out,
        entry,
      ],
      cwd: root,
      stdout: "piped",
      stderr: "piped",
    });
    const result = await command.output();
    if (!result.success) {
      const text = new TextDecoder().decode(result.stderr).trim();
      throw new Error(
        `bundleCourse: deno bundle ${entry} failed: ${
          text.split("\n").slice(-5).join("\n")
        }`,
      );
    }
    return await Deno.readTextFile(out);
  } finally {
    await Deno.remove(out).catch(() => {});
  }
}

/**
 * The notebook pages' script `run.js` ("Edit and run", see
 * `src/site/web/cell_runner.ts`) with the worker's source inlined: the
 * library's browser-safe modules and the runtime
 * (`src/site/web/cell_worker.ts`). Both go through `deno bundle`, which
 * resolves the `npm:` packages (sucrase, acorn, DOMPurify, marked, Plot)
 * from Deno's cache as the library itself does.
 *
 * The code comes from this checkout, whatever repository the site is built
 * from: what runs on a page is never decided by the files being published.
 *
 * @returns the script's text
 * @throws {Error} when a bundle fails (deno bundle's last lines), or the
 *   worker's bundle still holds a module `import`/`export` (a classic
 *   worker would not load it)
 */
export async function bundleCourse(): Promise<string> {
  // One deno bundle at a time: two started together on CI's fresh Deno
  // cache failed twice with "No such file or directory" (runs ci8 and ciG
  // of 3 December 2026), never on a warm cache; two bundlers filling the
  // cache at once is the suspected cause, not a proven one.
  const data = await dataFiles(CHECKOUT);
  const worker = await denoBundle(
    CHECKOUT,
    "src/site/web/cell_worker.ts",
    "esm",
  );
  const runner = await denoBundle(
    CHECKOUT,
    "src/site/web/cell_runner.ts",
    "iife",
  );
  // The ESM format keeps `import.meta` (iife would empty it): it becomes
  // the shim's object, and the imports of `node:` modules that esbuild
  // left become `require` calls, so that the bundle is a classic script.
  const classic = worker.replace(/\bimport\.meta\b/g, "self.__gtsImportMeta")
    .replace(
      MODULE_IMPORT,
      (_, names: string, from: string) =>
        names.startsWith("*")
          ? `var ${names.replace(/^\*\s*as\s+/, "")}=require(${from});`
          : names.startsWith("{")
          ? `var ${names.replace(/\s+as\s+/g, ":")}=require(${from});`
          : `var ${names}=require(${from}).default;`,
    );
  const left = classic.match(MODULE_IMPORT) ?? classic.match(/\bexport\s*\{/);
  if (left !== null) {
    throw new Error(
      `bundleCourse: the worker's bundle still holds ${
        JSON.stringify(left[0].slice(0, 80))
      }; a classic worker would not load it`,
    );
  }
  return `self.GTS_LIBRARY_SOURCE=${
    JSON.stringify(workerShims(data) + classic)
  };\n${runner}`;
}

/**
 * The code the worker runs before the library: the stand-ins of
 * `node:path`, `node:url` and `import.meta`, and the read-only `Deno` that
 * holds `files`.
 *
 * @param files the data files the worker may read, by their path (`data/…`)
 * @returns the code
 * @throws {Error} when `files` is not an object whose values are strings
 *
 * @example A file's text comes back as it is, `$` patterns and all
 * ```ts
 * import assert from "node:assert/strict";
 * import { workerShims } from "./bundle.ts";
 * const files = { "data/a.txt": "$' and $& and </script>" };
 * const shims = workerShims(files);
 * const self = {} as { Deno: { readTextFileSync(path: string): string } };
 * new Function("self", "require", shims)(self, () => ({}));
 * assert.equal(self.Deno.readTextFileSync("data/a.txt"), files["data/a.txt"]);
 * assert.doesNotMatch(shims, /<\/script/);
 * ```
 */
export function workerShims(files: Readonly<Record<string, string>>): string {
  if (typeof files !== "object" || files === null || Array.isArray(files)) {
    throw new Error(
      `workerShims: files must be an object of texts by path, got ${
        describe(files)
      }`,
    );
  }
  for (const [path, text] of Object.entries(files)) {
    checkString("workerShims", `files[${JSON.stringify(path)}]`, text);
  }
  const json = JSON.stringify(files).replace(/</g, "\\u003c");
  // A replacer function: with a replacement string, a file's `$'` or `$&`
  // would be read as a pattern and pull the shim's own code into the data.
  return WORKER_SHIMS + DENO_SHIM.replace("DATA_FILES", () => json);
}
