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
 */
export async function runGradeChild(
  load: () => Promise<Record<string, unknown>>,
  ids: readonly string[],
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
