/**
 * How a test that needs an external program asks for it. `lacks(...)` is the
 * test's `ignore`: true when one of the programs is not installed (as
 * {@linkcode findProgram} decides: a program that is there but broken is not
 * missing, and its test runs and fails). Each test it holds back is written
 * down for `deno task test` (tests/run.ts), which ends the run with one line
 * naming each missing program, how many tests it held back, and the command
 * that installs them all.
 *
 * @module
 */

import {
  findProgram,
  installCommand,
  PROGRAM_NAMES,
  type ProgramName,
} from "../src/programs.ts";

/**
 * The environment variable naming the file where held-back tests are
 * written, one line per test and missing program (`tests/run.ts` sets it).
 */
export const HELD_BACK_FILE_ENV = "GTS_HELD_BACK_FILE";

/**
 * The `ignore` of one test that needs `names`: true when any of them is not
 * installed, and then that test is written down as held back by each missing
 * one. Call it once per test, in the test's definition, never once for
 * several tests: each call counts one test.
 *
 * @param names the programs the test runs
 * @returns whether to ignore the test
 *
 * @example
 * ```ts ignore
 * import { lacks, pathOf } from "./_programs.ts";
 *
 * Deno.test("runs Stockfish", { ignore: lacks("stockfish") }, () => {
 *   console.log(pathOf("stockfish"));
 * });
 * ```
 */
export function lacks(...names: ProgramName[]): boolean {
  const missing = names.filter((name) => findProgram(name) === null);
  if (missing.length === 0) return false;
  const file = Deno.env.get(HELD_BACK_FILE_ENV);
  if (file) {
    Deno.writeTextFileSync(file, missing.map((name) => `${name}\n`).join(""), {
      append: true,
    });
  }
  return true;
}

/**
 * The path of a program the test needs, found by {@linkcode findProgram}.
 *
 * @param name the program
 * @returns its path
 * @throws {Error} naming the program and how to install it, when it is
 *   missing (a test that calls this must be ignored by {@linkcode lacks})
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pathOf } from "./_programs.ts";
 *
 * try {
 *   assert.match(pathOf("cc"), /\/cc$/);
 * } catch (error) {
 *   assert.match((error as Error).message, /apt-get install .*gcc/);
 * }
 * ```
 */
export function pathOf(name: ProgramName): string {
  const path = findProgram(name);
  if (path === null) {
    throw new Error(
      `this test needs ${name}, which is not installed (${
        installCommand([name])
      }); ignore it with lacks("${name}")`,
    );
  }
  return path;
}

/**
 * The line that ends a test run: each missing program with the number of
 * tests it held back, and the command that installs them all.
 *
 * @param records the held-back file's lines, one program name each
 * @returns one line
 * @throws {Error} on a line that is not a program's name
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { heldBackLine } from "./_programs.ts";
 *
 * assert.equal(
 *   heldBackLine(["cc", "stockfish", "stockfish"]),
 *   "held back: stockfish (2 tests), cc (1 test); install them all with: " +
 *     "apt-get install --no-install-recommends stockfish gcc libc6-dev",
 * );
 * assert.equal(
 *   heldBackLine([]),
 *   "held back: none, every external program the tests use is installed",
 * );
 * ```
 */
export function heldBackLine(records: readonly string[]): string {
  const counts = new Map<ProgramName, number>();
  for (const record of records) {
    const name = record.trim();
    if (name === "") continue;
    if (!isProgramName(name)) {
      throw new Error(
        `heldBackLine: ${JSON.stringify(name)} is not a program of PROGRAMS (${
          PROGRAM_NAMES.join(", ")
        })`,
      );
    }
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  if (counts.size === 0) {
    return "held back: none, every external program the tests use is installed";
  }
  const names = [...counts.keys()].sort((a, b) => order(a) - order(b));
  const parts = names.map((name) => {
    const n = counts.get(name)!;
    return `${name} (${n} ${n === 1 ? "test" : "tests"})`;
  });
  return `held back: ${parts.join(", ")}; install them all with: ${
    installCommand(names)
  }`;
}

function isProgramName(name: string): name is ProgramName {
  return (PROGRAM_NAMES as readonly string[]).includes(name);
}

/** A program's place in PROGRAMS. */
function order(name: ProgramName): number {
  return PROGRAM_NAMES.indexOf(name);
}
