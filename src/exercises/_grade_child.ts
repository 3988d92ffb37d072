/**
 * The grader's subprocess: it runs with no permission at all (no file,
 * network, environment or program), reads a one-time token on stdin, loads
 * the submission, checks the exercises it is asked for that the submission
 * defines, and writes one line per result, each starting with the token, so
 * that what the submission prints cannot pass for a result. The functions
 * that write the results are taken before the submission runs, and the
 * built-ins the checks rely on are frozen, so that the submission cannot
 * change how a result is judged or written.
 *
 * @module
 */

import type { StudentFunction } from "./exercise.ts";
import { checkExercise } from "./check.ts";
import { EXERCISES } from "./registry.ts";

/** What the child writes after its token, one JSON object a line. */
export type ChildMessage =
  | { defines: string[] }
  | {
    /** What went wrong: the submission did not load, or the checks broke down. */
    error: { during: "load" | "checks"; name: string; message: string };
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

/** The built-ins the checks use, frozen before the submission runs. */
const FROZEN: readonly object[] = [
  Math,
  JSON,
  Reflect,
  Number,
  Array.prototype,
  Map.prototype,
  Set.prototype,
  String.prototype,
  Object,
];

/**
 * Runs the checks in this process for the submission `load` imports.
 *
 * @param load imports the submission (a literal dynamic import, so that
 *   it is part of the module graph and needs no permission)
 * @param ids the exercises to check, in order (unknown ids are skipped)
 * @param shared module namespaces whose exports are frozen, with their
 *   prototypes and what they hold, before the submission loads: the
 *   checks' private copy of the library, whose objects the checks hand the
 *   submission
 * @param packages npm packages' namespaces that both sides load as one
 *   instance (fast-check): their classes and functions are frozen with
 *   their prototypes, not the objects they hold, which the package itself
 *   builds on
 */
export async function runGradeChild(
  load: () => Promise<Record<string, unknown>>,
  ids: readonly string[],
  shared: readonly object[] = [],
  packages: readonly object[] = [],
): Promise<void> {
  const encoder = new TextEncoder();
  const encode = encoder.encode.bind(encoder);
  const stringify = JSON.stringify;
  const stdout = Deno.stdout;
  const writeSync = stdout.writeSync.bind(stdout);
  const exit: (code?: number) => never = Deno.exit;
  const token = await readToken();
  const send = (message: ChildMessage) => {
    const bytes = encode(`\n${token} ${stringify(message)}\n`);
    let written = 0;
    while (written < bytes.length) {
      written += writeSync(bytes.subarray(written));
    }
  };
  for (const frozen of FROZEN) Object.freeze(frozen);
  for (const namespace of shared) {
    for (const key of Object.keys(namespace)) {
      freezeDeep((namespace as Record<string, unknown>)[key]);
    }
  }
  for (const namespace of packages) {
    for (const key of Object.keys(namespace)) {
      const value = (namespace as Record<string, unknown>)[key];
      if (typeof value !== "function") continue;
      Object.freeze(value);
      if (value.prototype !== undefined) Object.freeze(value.prototype);
    }
  }
  let module: Record<string, unknown>;
  try {
    module = await load();
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    send({ error: { during: "load", name: e.name, message: e.message } });
    exit(0);
  }
  // A notebook's cells export their functions as one object.
  const found = (module.__exercises ?? module) as Record<string, unknown>;
  const known = new Set(EXERCISES.map((exercise) => exercise.id));
  const defined = ids.filter((id) =>
    known.has(id) && typeof found[id] === "function"
  );
  send({ defines: defined });
  for (const id of defined) {
    let report;
    try {
      report = checkExercise(id, found[id] as StudentFunction);
    } catch (error) {
      // The checks broke down (the submission reached into them): no verdict.
      const e = error instanceof Error ? error : new Error(String(error));
      send({
        error: {
          during: "checks",
          name: e.name,
          message: `${id}: ${e.message}`,
        },
      });
      exit(0);
    }
    const f = report.failure;
    send({
      exercise: id,
      passed: report.passed,
      checked: report.checked,
      failure: f === null ? null : {
        check: f.check,
        message: f.message,
        call: f.call,
        yours: f.yours,
        right: f.right,
      },
    });
  }
  send({ done: true });
  // Whatever the submission left running (timers, promises) ends here.
  exit(0);
}

/**
 * Freezes `value`, a function's prototype, and every function, plain object
 * and array its own data properties hold, once each. Instances of other
 * classes are left as they are: their class is frozen where it is exported,
 * and a package's objects (fast-check's arbitraries) keep the state they
 * change. A typed array's elements cannot be frozen; the checks hand none
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

/** The first line of stdin: the token of this run. */
async function readToken(): Promise<string> {
  const reader = Deno.stdin.readable.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  const token = text.split("\n")[0]!.trim();
  if (!/^[0-9a-f]{32}$/.test(token)) {
    throw new Error("the grader's child needs its token on stdin");
  }
  return token;
}
