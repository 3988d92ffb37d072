/**
 * The external programs this project can use — Stockfish, nats-server,
 * chromium, Jupyter with the Deno kernelspec, the C compiler, Python,
 * openssl, Glaurung — and
 * the one way they are found, for the commands and for the tests alike.
 *
 * A program is *missing* only when it is not installed at all: no file of its
 * name in any folder looked at. A file that is there but broken (not
 * executable, a dangling link, a program that does not answer) is found, and
 * whoever runs it fails with what went wrong. `tests/_programs.ts` ignores a
 * test whose program is missing, and `.ci/hide-programs` hides them all to
 * prove it.
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** How one external program is found and installed. */
export interface ExternalProgram {
  /** File names to look for, in order of preference. */
  names: readonly string[];
  /** Whether the folders of PATH are looked at (first). */
  onPath: boolean;
  /**
   * Folders looked at after PATH, absolute (under {@linkcode FindOptions.root}):
   * where Debian installs the program when PATH may lack that folder (root's
   * PATH has no /usr/games, a user's none of /usr/sbin).
   */
  folders: readonly string[];
  /** An environment variable that, when set, names the program itself. */
  env?: string;
  /** The Debian packages that install it, as `.ci/run` installs them. */
  debian: readonly string[];
  /** A command of this checkout that installs it, when Debian does not. */
  setup?: string;
}

/** This checkout's root folder. */
const CHECKOUT = fileURLToPath(new URL("..", import.meta.url));

/**
 * Where `.ci/kernel` registers this checkout's Deno kernel: a Jupyter data
 * folder inside the checkout, put first on `JUPYTER_PATH` for every Jupyter
 * process the project starts.
 */
export const PROJECT_JUPYTER_DIR: string = join(
  CHECKOUT,
  ".jupyter",
  "jupyter",
);

/** Every external program the project uses, by the name the tests ask for. */
export const PROGRAMS = {
  stockfish: {
    names: ["stockfish"],
    onPath: true,
    folders: ["/usr/games"],
    debian: ["stockfish"],
  },
  "nats-server": {
    names: ["nats-server"],
    onPath: true,
    folders: ["/usr/sbin"],
    debian: ["nats-server"],
  },
  chromium: {
    names: ["chromium", "chromium-browser"],
    onPath: true,
    folders: [],
    env: "CHROMIUM",
    debian: ["chromium"],
  },
  jupyter: {
    names: ["jupyter"],
    onPath: true,
    folders: [],
    debian: [
      "jupyter-nbconvert",
      "python3-nbclient",
      "python3-ipykernel",
      "jupyter-client",
    ],
  },
  // Not a program but a file Jupyter reads to start the Deno kernel: found in
  // Jupyter's data folders (see jupyterDataFolders), registered by .ci/kernel.
  "deno-kernelspec": {
    names: ["kernels/deno/kernel.json"],
    onPath: false,
    folders: [],
    debian: [],
    setup: ".ci/kernel",
  },
  cc: {
    names: ["cc"],
    onPath: true,
    folders: [],
    debian: ["gcc", "libc6-dev"],
  },
  python3: {
    names: ["python3"],
    onPath: true,
    folders: [],
    debian: ["python3"],
  },
  openssl: {
    names: ["openssl"],
    onPath: true,
    folders: [],
    debian: ["openssl"],
  },
  // A second engine that is not ours, rated on a public list
  // (docs/chess_strength.md): `deno task bench:strength`'s other opponent.
  glaurung: {
    names: ["glaurung"],
    onPath: true,
    folders: ["/usr/games"],
    debian: ["glaurung"],
  },
} as const satisfies Record<string, ExternalProgram>;

/** The name of an external program, as {@linkcode findProgram} takes it. */
export type ProgramName = keyof typeof PROGRAMS;

/** The names of {@linkcode PROGRAMS}, in their order. */
export const PROGRAM_NAMES: readonly ProgramName[] = Object.keys(
  PROGRAMS,
) as ProgramName[];

/** Options of {@linkcode findProgram}, for tests that build a machine of their own. */
export interface FindOptions {
  /**
   * The environment variables read (PATH, the program's own variable,
   * Jupyter's). Default: the process's, those it is allowed to read; without
   * the permission a variable counts as unset.
   */
  env?: Readonly<Record<string, string>>;
  /** Prefix of Debian's absolute folders. Default `"/"`. */
  root?: string;
  /** The checkout whose `.jupyter/jupyter` holds the kernelspec. Default: this one. */
  checkout?: string;
}

/**
 * Finds an external program: its variable when set (chromium's `CHROMIUM`,
 * returned even when nothing is there, so that running it names it), else
 * the first file of one of its names in the folders of PATH, then in
 * Debian's folders for it. The Deno kernelspec is looked for in Jupyter's
 * data folders instead: this checkout's `.jupyter/jupyter`, `JUPYTER_PATH`,
 * the user's (`JUPYTER_DATA_DIR`, else `$XDG_DATA_HOME/jupyter`, else
 * `~/.local/share/jupyter`) and the system's.
 *
 * A file that is not executable, or a link to nowhere, is found all the
 * same (it is installed, but broken: running it fails and says why); a
 * folder of the program's name is passed over, as the shell does.
 *
 * @param name the program
 * @param options the environment and folders, for tests
 * @returns the path, or null when the program is not installed at all
 * @throws {Error} on a name that is not in {@linkcode PROGRAMS}
 *
 * @example Found on PATH, else null
 * ```ts
 * import assert from "node:assert/strict";
 * import { findProgram } from "./programs.ts";
 *
 * const path = findProgram("cc");
 * assert.ok(path === null || path.endsWith("/cc"));
 * assert.equal(findProgram("cc", { env: { PATH: "/nonexistent" } }), null);
 * ```
 */
export function findProgram(
  name: ProgramName,
  options: FindOptions = {},
): string | null {
  const program: ExternalProgram | undefined = Object.hasOwn(PROGRAMS, name)
    ? PROGRAMS[name]
    : undefined;
  if (program === undefined) {
    throw new Error(
      `findProgram: name must be one of ${PROGRAM_NAMES.join(", ")}, got ${
        JSON.stringify(name)
      }`,
    );
  }
  const env = options.env === undefined
    ? readEnv
    : (key: string) => options.env![key];
  const root = options.root ?? "/";
  if (program.env !== undefined) {
    const named = env(program.env);
    if (named) return named;
  }
  const folders = name === "deno-kernelspec"
    ? jupyterDataFolders(env, root, options.checkout ?? CHECKOUT)
    : [
      ...(program.onPath ? (env("PATH") ?? "").split(":") : []),
      ...program.folders.map((folder) => join(root, folder)),
    ];
  for (const file of program.names) {
    for (const folder of folders) {
      if (folder === "") continue;
      const path = join(folder, file);
      if (installed(path)) return path;
    }
  }
  return null;
}

/**
 * The command that installs `names` on Debian, as root: one `apt-get install`
 * of their packages, then this checkout's setup commands (`.ci/kernel`).
 *
 * @param names the programs, e.g. those a test run held back
 * @returns one command line
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { installCommand } from "./programs.ts";
 *
 * assert.equal(
 *   installCommand(["stockfish", "cc", "deno-kernelspec"]),
 *   "apt-get install --no-install-recommends stockfish gcc libc6-dev && .ci/kernel",
 * );
 * ```
 */
export function installCommand(names: readonly ProgramName[]): string {
  const packages = [
    ...new Set(names.flatMap((name) => PROGRAMS[name].debian)),
  ];
  const setups = [
    ...new Set(
      names.flatMap((name) => {
        const program: ExternalProgram = PROGRAMS[name];
        return program.setup === undefined ? [] : [program.setup];
      }),
    ),
  ];
  return [
    ...(packages.length > 0
      ? [`apt-get install --no-install-recommends ${packages.join(" ")}`]
      : []),
    ...setups,
  ].join(" && ");
}

/** Jupyter's data folders, where it looks for `kernels/<name>/kernel.json`. */
function jupyterDataFolders(
  env: (key: string) => string | undefined,
  root: string,
  checkout: string,
): string[] {
  const home = env("HOME");
  const user = env("JUPYTER_DATA_DIR") ??
    (env("XDG_DATA_HOME")
      ? join(env("XDG_DATA_HOME")!, "jupyter")
      : home
      ? join(home, ".local", "share", "jupyter")
      : "");
  return [
    join(checkout, ".jupyter", "jupyter"),
    ...(env("JUPYTER_PATH") ?? "").split(":"),
    user,
    join(root, "usr/local/share/jupyter"),
    join(root, "usr/share/jupyter"),
  ];
}

/** Whether something of this name is installed: a file, or a link to nowhere. */
function installed(path: string): boolean {
  try {
    return !Deno.statSync(path).isDirectory;
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) return false;
  }
  try {
    return Deno.lstatSync(path).isSymlink;
  } catch {
    return false;
  }
}

/** A variable of the process, or undefined when it is unset or may not be read. */
function readEnv(key: string): string | undefined {
  const allowed =
    Deno.permissions.querySync({ name: "env", variable: key }).state ===
      "granted";
  return allowed ? Deno.env.get(key) : undefined;
}
