/**
 * The checks' side of the grader's subprocess: a Worker that the
 * subprocess's main module (`_grade_relay.ts`) starts, with no permission
 * but to read the modules it loads. It waits for the relay's `MessagePort`
 * and the exercises' ids, loads the submission, checks the exercises it is
 * asked for that the submission defines, and sends one line of JSON per
 * result through the port; the relay writes each after the one-time token,
 * which never enters this isolate (a submission can read every string of
 * the isolate it runs in, through a heap snapshot), so that what the
 * submission prints cannot pass for a result.
 *
 * The submission runs in the same JavaScript realm as the checks and the
 * writer, so before it loads:
 *
 * - the realm's built-ins are frozen (`hardenIntrinsics` in `_harden.ts`):
 *   every constructor and prototype the standard globals lead to
 *   (`Object.prototype`, `Function.prototype`, the arrays', typed arrays',
 *   maps', sets', strings', errors', promises', iterators' and generators'
 *   prototypes, `JSON`, `Math`, `Reflect`, `Intl`, `TextEncoder`, …), and
 *   those globals' names are read-only, so that the submission can change
 *   neither how the checks compute nor the settings fast-check reads
 *   through `Object.prototype`;
 * - the exports of every module of the checks, and the prototypes of the
 *   objects the checks hand the submission, are frozen. The checks, the
 *   library modules they use and fast-check reach this process as one
 *   bundle that exports nothing (see `_checker_bundle.ts`): a submission
 *   that imports the library gets instances of its own, and none of the
 *   checks' modules can be imported again;
 * - the writer takes everything it uses: the port (kept only in its
 *   closure), the port's `postMessage`, `Deno.exit` (replaced by one that
 *   ends the process through the relay), and a JSON writer of its own that
 *   consults no `toJSON` and no prototype.
 *
 * Deno's Node compatibility, which the library's graph loads (`node:path`,
 * `npm:chess.js`), writes to built-ins when it initialises: the bundle
 * imports those Node built-ins before this module runs, so that they have
 * initialised before the freeze (see `nodeBuiltinsOf` in
 * `_checker_bundle.ts`).
 *
 * An assignment to a frozen built-in throws a TypeError (the grader names
 * it); the few properties that ordinary code overrides by assignment
 * (`error.name`, `object.toString`) still can be on the objects that
 * inherit them (see `_harden.ts`). The checks run in the same isolate as the
 * submission, so this guards the verdict against every way in we know of
 * (see tests/fixtures/grade/hostile_*), not against a flaw of V8 or Deno.
 *
 * @module
 */

import type { StudentFunction } from "./exercise.ts";
import { checkExercise } from "./check.ts";
import { hardenIntrinsics } from "./_harden.ts";
import { refuseLibrarySearches } from "./walk.ts";
import { EXERCISES } from "./registry.ts";
import { REFERENCE_MODULES } from "./_reference_modules.ts";

/** What the child writes after its token, one JSON object a line. */
export type ChildMessage =
  | { defines: string[] }
  | {
    /** What went wrong: the submission did not load, or the checks broke down. */
    error: { during: "load" | "checks"; name: string; message: string };
  }
  | {
    /** An exercise not checked: the function is the library's own. */
    exercise: string;
    refused: string;
  }
  | {
    exercise: string;
    passed: boolean;
    checked: string;
    failure: {
      check: string;
      message: string;
      call: string;
      yours: string;
      right: string;
    } | null;
  }
  | { done: true };

/**
 * Runs the checks in this process for the submission `load` imports.
 *
 * @param load imports the submission (a literal dynamic import, so that
 *   it is part of the module graph and needs no permission)
 * @param _args the process's arguments, not read: the exercises to check
 *   (in order, unknown ids skipped) come from the relay with its port
 * @param shared module namespaces whose exports are frozen, with their
 *   prototypes and what they hold, before the submission loads: the
 *   modules of the checks' bundle, whose objects the checks hand the
 *   submission
 */
export async function runGradeChild(
  load: () => Promise<Record<string, unknown>>,
  _args: readonly string[],
  shared: readonly object[] = [],
): Promise<void> {
  const writer = await relayWriter();
  const { send, ids } = writer;
  const exit: (code: number) => never = writer.exit;
  // The bundle sits one level below the project: the library's code on a
  // stack is then the submission's (see refuseLibrarySearches).
  refuseLibrarySearches(new URL("../", import.meta.url).href);
  hardenIntrinsics();
  for (const namespace of shared) {
    for (const key of Object.keys(namespace)) {
      freezeDeep((namespace as Record<string, unknown>)[key]);
    }
  }
  let module: Record<string, unknown>;
  try {
    module = await load();
  } catch (error) {
    send({ error: { during: "load", ...thrown(error) } });
    exit(0);
  }
  // A notebook's cells export their functions as one object.
  const found = (module.__exercises ?? module) as Record<string, unknown>;
  const known = new Set(EXERCISES.map((exercise) => exercise.id));
  const library = await libraryFunctions(REFERENCE_MODULES);
  // A notebook imports the library's functions by the exercises' names
  // (`alphaBeta`, `minimax`, `mex` from ../mod.ts, as the course's notebooks
  // do): those are not the student's work, so they are not graded at all.
  const imported = await libraryFunctions(["mod.ts"]);
  const defined = ids.filter((id) =>
    known.has(id) && typeof found[id] === "function" &&
    !imported.has(found[id])
  );
  send({ defines: defined });
  for (const id of defined) {
    const own = library.get(found[id]);
    if (own !== undefined) {
      send({
        exercise: id,
        refused: `${id} is the library's own function ${own}, a reference ` +
          `solution of the course: a submission writes its own`,
      });
      continue;
    }
    let report;
    try {
      report = checkExercise(id, found[id] as StudentFunction);
    } catch (error) {
      // The checks broke down (the submission reached into them): no verdict.
      const { name, message } = thrown(error);
      send({ error: { during: "checks", name, message: `${id}: ${message}` } });
      exit(0);
    }
    const f = report.failure;
    send({
      exercise: id,
      passed: report.passed === true && f === null,
      checked: text(report.checked),
      failure: f === null ? null : {
        check: text(f.check),
        message: text(f.message),
        call: text(f.call),
        yours: text(f.yours),
        right: text(f.right),
      },
    });
  }
  send({ done: true });
  // Whatever the submission left running (timers, promises) ends here.
  exit(0);
}

/**
 * The functions the modules `paths` (relative to the project) export, each
 * with its name and module, from the instances the submission loaded: the
 * specifier is built at run time, so that the bundle keeps it as an import,
 * and a module the submission did not load cannot be read (no permission)
 * and is skipped, since the submission cannot hold its functions either.
 */
async function libraryFunctions(
  paths: readonly string[],
): Promise<Map<unknown, string>> {
  const found = new Map<unknown, string>();
  const load = (specifier: string) =>
    import(specifier) as Promise<Record<string, unknown>>;
  for (const path of paths) {
    let namespace: Record<string, unknown>;
    try {
      namespace = await load(["../", path].join(""));
    } catch {
      continue;
    }
    for (const [name, value] of Object.entries(namespace)) {
      if (typeof value === "function" && !found.has(value)) {
        found.set(value, `${name} (${path})`);
      }
    }
  }
  return found;
}

/**
 * Freezes `value`, a function's prototype, and every function, plain object
 * and array its own data properties hold, once each. Instances of other
 * classes are left as they are: their class is frozen where it is exported,
 * and fast-check's objects (the arbitraries) keep the state they change;
 * the checks' fast-check is bundled with them, which no submission
 * reaches. A typed array's elements cannot be frozen; the checks hand none
 * to a submission.
 */
function freezeDeep(value: unknown, seen = new Set<unknown>()): void {
  if (
    value === null || (typeof value !== "object" && typeof value !== "function")
  ) return;
  if (seen.has(value)) return;
  if (typeof value === "object") {
    const prototype = Object.getPrototypeOf(value);
    if (
      prototype !== null && prototype !== Object.prototype &&
      prototype !== Array.prototype
    ) return;
  }
  seen.add(value);
  Object.freeze(value);
  if (typeof value === "function" && value.prototype !== undefined) {
    // A class's prototype: frozen as the class is, whatever it extends.
    seen.add(value.prototype);
    Object.freeze(value.prototype);
    freezeProperties(value.prototype, seen);
  }
  freezeProperties(value, seen);
}

/** {@linkcode freezeDeep} on the values of `value`'s own data properties. */
function freezeProperties(value: object, seen: Set<unknown>): void {
  for (const key of Reflect.ownKeys(value)) {
    const property = Object.getOwnPropertyDescriptor(value, key);
    if (property !== undefined && "value" in property) {
      freezeDeep(property.value, seen);
    }
  }
}

/**
 * Waits for the relay's first message (`_grade_relay.ts`, this Worker's
 * parent): a `MessagePort` and the exercises' ids. Returns the function that
 * sends a message as one line of JSON through that port, and the one that
 * ends the process with a code (through the relay: `Deno.exit` in a Worker
 * ends the Worker only). Everything they use is taken now, before the
 * submission loads: the port (kept in this closure only), the port's
 * `postMessage`, and the functions of {@linkcode jsonText}, which, unlike
 * `JSON.stringify`, consults no `toJSON` and no prototype. `Deno.exit` is
 * replaced by one that ends the process through the relay, so that a
 * submission's `Deno.exit(3)` still ends the process with code 3.
 */
async function relayWriter(): Promise<{
  send: (message: ChildMessage) => void;
  exit: (code: number) => never;
  ids: string[];
}> {
  const call = Function.prototype.call;
  const postMessage = call.bind(MessagePort.prototype.postMessage) as (
    port: MessagePort,
    message: string,
  ) => void;
  const json = jsonText();
  const scope = globalThis as unknown as {
    onmessage: ((event: MessageEvent) => void) | null;
  };
  const { port, ids } = await new Promise<{ port: MessagePort; ids: string[] }>(
    (resolve) => {
      scope.onmessage = (event) => {
        scope.onmessage = null;
        const data = event.data as { port: MessagePort; ids: unknown };
        const ids = Array.isArray(data.ids)
          ? data.ids.filter((id): id is string => typeof id === "string")
          : [];
        resolve({ port: data.port, ids });
      };
    },
  );
  const workerExit = Deno.exit;
  const exit = (code: number): never => {
    postMessage(port, `exit ${code}`);
    return workerExit(code);
  };
  Object.defineProperty(Deno, "exit", {
    value: (code?: number) => exit(typeof code === "number" ? code : 0),
    writable: false,
    configurable: false,
  });
  return {
    send: (message) => postMessage(port, `line ${json(message)}`),
    exit,
    ids,
  };
}

/**
 * A JSON writer for the child's messages, made of functions taken when it
 * is made: strings, booleans, finite numbers, null, arrays, and objects
 * whose prototype is `Object.prototype` or null, read through their own
 * enumerable data properties only. Every character outside printable ASCII
 * is written as `\uXXXX`, so a line holds no line break and no byte that
 * decoding could change. Anything else throws.
 */
function jsonText(): (value: unknown) => string {
  const call = Function.prototype.call;
  const charCodeAt = call.bind(String.prototype.charCodeAt) as (
    text: string,
    index: number,
  ) => number;
  const numberText = call.bind(Number.prototype.toString) as (
    value: number,
  ) => string;
  const { getOwnPropertyDescriptor, getPrototypeOf, keys } = Object;
  const { isArray } = Array;
  const { isFinite } = Number;
  const plain = Object.prototype;
  const hex = "0123456789abcdef";
  const quote = (text: string): string => {
    let out = '"';
    for (let i = 0; i < text.length; i++) {
      const code = charCodeAt(text, i);
      if (code === 0x22) out += '\\"';
      else if (code === 0x5c) out += "\\\\";
      else if (code >= 0x20 && code < 0x7f) out += text[i];
      else {
        out += `\\u${hex[(code >> 12) & 15]}${hex[(code >> 8) & 15]}${
          hex[(code >> 4) & 15]
        }${hex[code & 15]}`;
      }
    }
    return `${out}"`;
  };
  const field = (object: object, key: string): unknown => {
    const property = getOwnPropertyDescriptor(object, key);
    if (property === undefined || !property.enumerable) return undefined;
    if (property.get !== undefined || property.set !== undefined) {
      throw new TypeError(`the message's ${key} is not a data property`);
    }
    return property.value;
  };
  const write = (value: unknown): string => {
    if (value === null) return "null";
    if (value === true) return "true";
    if (value === false) return "false";
    if (typeof value === "string") return quote(value);
    if (typeof value === "number" && isFinite(value)) return numberText(value);
    if (typeof value === "object" && isArray(value)) {
      let out = "[";
      const size = getOwnPropertyDescriptor(value, "length")!.value as number;
      for (let i = 0; i < size; i++) {
        out += `${i === 0 ? "" : ","}${write(field(value, `${i}`))}`;
      }
      return `${out}]`;
    }
    if (typeof value === "object") {
      const prototype = getPrototypeOf(value);
      if (prototype !== plain && prototype !== null) {
        throw new TypeError("a message holds an object of a class");
      }
      let out = "{";
      const names = keys(value);
      for (let i = 0; i < names.length; i++) {
        const name = names[i]!;
        out += `${i === 0 ? "" : ","}${quote(name)}:${
          write(field(value, name))
        }`;
      }
      return `${out}}`;
    }
    throw new TypeError(`a message holds a ${typeof value}`);
  };
  return write;
}

/** `value` if it is a string, else a placeholder: a message holds only text. */
function text(value: unknown): string {
  return typeof value === "string" ? value : "(not text)";
}

/** The errors' prototypes, whose `name` and `message` are the built-ins' accessors. */
const ERROR_PROTOTYPES: ReadonlySet<object> = new Set([
  Error.prototype,
  TypeError.prototype,
  RangeError.prototype,
  ReferenceError.prototype,
  SyntaxError.prototype,
  EvalError.prototype,
  URIError.prototype,
  AggregateError.prototype,
]);

/**
 * The name and message of what was thrown, as text whatever it is, read
 * without calling anything the thrower defined (no getter of its own is
 * called; the built-in errors' are, see `_harden.ts`).
 */
function thrown(error: unknown): { name: string; message: string } {
  const own = (key: string): string | null => {
    let object: unknown = error;
    while (object !== null && typeof object === "object") {
      if (ERROR_PROTOTYPES.has(object)) {
        const value = Reflect.get(object, key);
        return typeof value === "string" ? value : null;
      }
      const property = Object.getOwnPropertyDescriptor(object, key);
      if (property !== undefined) {
        return typeof property.value === "string" ? property.value : null;
      }
      object = Object.getPrototypeOf(object);
    }
    return null;
  };
  if (error === null || typeof error !== "object") {
    return {
      name: "a thrown value",
      message: typeof error === "string" ? error : typeof error,
    };
  }
  return {
    name: own("name") ?? "an object",
    message: own("message") ?? "(no message)",
  };
}
