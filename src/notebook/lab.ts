/**
 * JupyterLab for the course's notebooks, inside the checkout: a virtual
 * environment `.venv/` (ignored by git) with JupyterLab at a pinned version
 * from PyPI, the Deno kernel registered in `.jupyter/` by `.ci/kernel`, and
 * the server started with both. Used by `cli/lab.ts` (`deno task lab`) and
 * its `--check`, which `.ci/run` runs.
 *
 * Jupyter writes nothing outside the checkout: pip installs into `.venv/`
 * (without its download cache), the kernelspec lives in `.jupyter/jupyter`,
 * put first on `JUPYTER_PATH`, and Jupyter's own writable folders (its
 * config and JupyterLab's settings and workspaces, its data with the
 * notebook signatures, its runtime files with the cookie secret and the
 * kernels' connection files) are folders of `.jupyter/` too
 * ({@linkcode labEnv}). The venv is used through `.venv/bin/python -m …`,
 * never through the scripts in `.venv/bin/`, whose first lines record the
 * folder where the venv was made and break when the checkout moves.
 *
 * @module
 */

import { type CommandOutput, commandOutput } from "../command_output.ts";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { KERNEL_NAME, listNotebooks, PROJECT_JUPYTER_DIR } from "./jupyter.ts";

/** The JupyterLab release installed into `.venv/`. */
export const JUPYTERLAB_VERSION = "4.6.4";

/** The checkout's root folder. */
export const LAB_ROOT: string = fileURLToPath(
  new URL("../..", import.meta.url),
);

/** Where `deno task lab` keeps JupyterLab: a venv inside the checkout. */
export const VENV_DIR: string = join(LAB_ROOT, ".venv");

/** A fault of the lab setup or server, with a message for one line. */
export class LabFault extends Error {
  override name = "LabFault";
}

/** The venv's interpreter. */
export function venvPython(venv: string = VENV_DIR): string {
  return join(venv, "bin", "python");
}

/** Runs a command to its end in the checkout; a missing program is a failure naming it. */
function run(command: string, args: string[]): Promise<CommandOutput> {
  return commandOutput(command, args, { cwd: LAB_ROOT });
}

/** The last non-empty line of a program's output, for a one-line message. */
export function lastLine(text: string): string {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((
    line,
  ) => line !== "");
  return lines.at(-1) ?? "(no output)";
}

/**
 * The JupyterLab version installed in `venv`, or null when the venv or
 * JupyterLab is missing.
 *
 * @param venv the virtual environment's folder
 * @returns the version, e.g. `"4.6.4"`, or null
 *
 * @example No venv, no JupyterLab
 * ```ts
 * import assert from "node:assert/strict";
 * import { installedJupyterLab } from "./lab.ts";
 * assert.equal(await installedJupyterLab("/nonexistent/.venv"), null);
 * ```
 */
export async function installedJupyterLab(
  venv: string = VENV_DIR,
): Promise<string | null> {
  try {
    await Deno.stat(venvPython(venv));
  } catch {
    return null;
  }
  const probe = await run(venvPython(venv), [
    "-c",
    "import jupyterlab; print(jupyterlab.__version__)",
  ]);
  return probe.success ? probe.stdout.trim() : null;
}

/**
 * Makes sure `venv` holds JupyterLab {@linkcode JUPYTERLAB_VERSION}: does
 * nothing when it does (no pip, no network), otherwise makes the venv with
 * `python3 -m venv` when it is missing and installs the pinned release with
 * pip.
 *
 * @param options the venv's folder, the Python that makes it, and a
 *   callback for progress lines
 * @returns whether pip ran
 * @throws {LabFault} when the venv cannot be made or pip fails, naming the
 *   command and its last line of output
 *
 * @example A Python that does not exist is named
 * ```ts
 * import assert from "node:assert/strict";
 * import { ensureJupyterLab } from "./lab.ts";
 * const dir = await Deno.makeTempDir();
 * await assert.rejects(
 *   ensureJupyterLab({ venv: `${dir}/.venv`, python: "/nonexistent/python3" }),
 *   /ensureJupyterLab: \/nonexistent\/python3 -m venv .* failed/,
 * );
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function ensureJupyterLab(options: {
  venv?: string;
  python?: string;
  progress?: (line: string) => void;
} = {}): Promise<boolean> {
  const venv = options.venv ?? VENV_DIR;
  const python = options.python ?? "python3";
  const progress = options.progress ?? (() => {});
  if (await installedJupyterLab(venv) === JUPYTERLAB_VERSION) return false;
  let hasPython = true;
  try {
    await Deno.stat(venvPython(venv));
  } catch {
    hasPython = false;
  }
  if (!hasPython) {
    progress(`making a Python virtual environment in ${venv}`);
    const made = await run(python, ["-m", "venv", venv]);
    if (!made.success) {
      throw new LabFault(
        `ensureJupyterLab: ${python} -m venv ${venv} failed: ${
          lastLine(made.stderr + made.stdout)
        } (Debian and Ubuntu need the python3-venv package)`,
      );
    }
  }
  progress(
    `installing JupyterLab ${JUPYTERLAB_VERSION} into ${venv} with pip (once; about a minute)`,
  );
  const pip = await run(venvPython(venv), [
    "-m",
    "pip",
    "install",
    "--disable-pip-version-check",
    // pip's download cache would be ~/.cache/pip, outside the checkout.
    "--no-cache-dir",
    // pip's default 5 retries with back-off cost minutes per package where
    // an index is unreachable; one retry still rides out a dropped request.
    "--retries",
    "1",
    `jupyterlab==${JUPYTERLAB_VERSION}`,
  ]);
  if (!pip.success) {
    throw new LabFault(
      `ensureJupyterLab: pip install jupyterlab==${JUPYTERLAB_VERSION} into ${venv} failed: ${
        lastLine(pip.stderr + pip.stdout)
      }`,
    );
  }
  const installed = await installedJupyterLab(venv);
  if (installed !== JUPYTERLAB_VERSION) {
    throw new LabFault(
      `ensureJupyterLab: after pip install, ${venv} has JupyterLab ${installed}, not ${JUPYTERLAB_VERSION}`,
    );
  }
  return true;
}

/**
 * The Deno kernelspec of this checkout (`.jupyter/jupyter/kernels/deno`),
 * registered by `.ci/kernel` when it is missing or runs a deno binary that
 * is gone.
 *
 * @param progress a callback for progress lines
 * @returns the kernel's command line
 * @throws {LabFault} when `.ci/kernel` fails
 */
export async function ensureDenoKernel(
  progress: (line: string) => void = () => {},
): Promise<string[]> {
  const spec = join(PROJECT_JUPYTER_DIR, "kernels", KERNEL_NAME, "kernel.json");
  const argv = async (): Promise<string[] | null> => {
    try {
      const parsed = JSON.parse(await Deno.readTextFile(spec));
      const args = parsed?.argv;
      if (!Array.isArray(args) || typeof args[0] !== "string") return null;
      await Deno.stat(args[0]);
      return args as string[];
    } catch {
      return null;
    }
  };
  const found = await argv();
  if (found !== null) return found;
  progress(
    `registering the Deno kernel in ${PROJECT_JUPYTER_DIR} (.ci/kernel)`,
  );
  const kernel = await run("bash", [join(LAB_ROOT, ".ci", "kernel")]);
  const registered = kernel.success ? await argv() : null;
  if (registered === null) {
    throw new LabFault(
      `ensureDenoKernel: .ci/kernel did not register a usable ${spec}: ${
        lastLine(kernel.stderr + kernel.stdout)
      }`,
    );
  }
  return registered;
}

/** The folder of Jupyter's own files for the lab: `.jupyter/` of the checkout. */
const LAB_JUPYTER_HOME: string = dirname(PROJECT_JUPYTER_DIR);

/**
 * The environment of the JupyterLab server (added to ours). Every folder
 * Jupyter writes to is one of `.jupyter/`, never the user's `~/.jupyter` or
 * `~/.local/share/jupyter`: `JUPYTER_CONFIG_DIR` (JupyterLab's user settings
 * and workspaces), `JUPYTER_DATA_DIR` (the notebook signatures; the same
 * folder as the kernelspec), `JUPYTER_RUNTIME_DIR` (the cookie secret,
 * the server's and the kernels' connection files) and `IPYTHONDIR`. The
 * Deno kernel caches modules in `DENO_DIR` when it is set, else in `.deno/`
 * of the checkout.
 *
 * @param runtime the runtime folder (default `.jupyter/runtime`)
 * @returns the variables to add to the server's environment
 *
 * @example Every folder Jupyter writes to is inside the checkout
 * ```ts
 * import assert from "node:assert/strict";
 * import { LAB_ROOT, labEnv } from "./lab.ts";
 * const env = labEnv();
 * for (const name of ["JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR"]) {
 *   assert.ok(env[name]!.startsWith(`${LAB_ROOT}.jupyter/`), name);
 * }
 * ```
 */
export function labEnv(
  runtime: string = join(LAB_JUPYTER_HOME, "runtime"),
): Record<string, string> {
  const path = Deno.env.get("JUPYTER_PATH");
  return {
    JUPYTER_PATH: path ? `${PROJECT_JUPYTER_DIR}:${path}` : PROJECT_JUPYTER_DIR,
    JUPYTER_CONFIG_DIR: join(LAB_JUPYTER_HOME, "config"),
    JUPYTER_DATA_DIR: PROJECT_JUPYTER_DIR,
    JUPYTER_RUNTIME_DIR: runtime,
    // IPython's folder (made by the server's python3 kernelspec at start).
    IPYTHONDIR: join(LAB_JUPYTER_HOME, "ipython"),
    DENO_DIR: Deno.env.get("DENO_DIR") ?? join(LAB_ROOT, ".deno"),
    // Keeps debugpy's frozen-modules warning out of every Python run.
    PYDEVD_DISABLE_FILE_VALIDATION: "1",
    NO_COLOR: "1",
  };
}

/**
 * JupyterLab's defaults for this checkout, which a user may still change in
 * its settings: no pop-up asking whether to fetch Jupyter's news on every
 * first screen, and no news or update checks (requests off the machine).
 */
export const LAB_SETTINGS_OVERRIDES: Readonly<
  Record<string, Readonly<Record<string, unknown>>>
> = {
  "@jupyterlab/apputils-extension:notification": {
    fetchNews: "false",
    checkForUpdates: false,
  },
};

/**
 * Writes {@linkcode LAB_SETTINGS_OVERRIDES} into the venv's JupyterLab
 * `settings/overrides.json` (JupyterLab's file of default settings), keeping
 * any other plugin's entries there; does nothing when they are already in.
 *
 * @param venv the virtual environment's folder
 * @returns the file's path
 * @throws {LabFault} when the file holds something other than a JSON object
 */
export async function writeLabOverrides(
  venv: string = VENV_DIR,
): Promise<string> {
  const dir = join(venv, "share", "jupyter", "lab", "settings");
  const file = join(dir, "overrides.json");
  let current: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await Deno.readTextFile(file));
    if (
      parsed === null || typeof parsed !== "object" || Array.isArray(parsed)
    ) {
      throw new SyntaxError("not a JSON object");
    }
    current = parsed as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) {
      throw new LabFault(
        `writeLabOverrides: ${file} is not a JSON object of settings: ${
          (error as Error).message
        }`,
      );
    }
  }
  const wanted = { ...current };
  for (const [plugin, values] of Object.entries(LAB_SETTINGS_OVERRIDES)) {
    const had = current[plugin];
    wanted[plugin] = {
      ...(had !== null && typeof had === "object" ? had : {}),
      ...values,
    };
  }
  if (JSON.stringify(wanted) !== JSON.stringify(current)) {
    await Deno.mkdir(dir, { recursive: true });
    await Deno.writeTextFile(file, JSON.stringify(wanted, null, 2) + "\n");
  }
  return file;
}

/**
 * The arguments of `python -m jupyterlab` for this checkout: the server's
 * root is the checkout (so that `src/` and `figures/` can be browsed too)
 * and the browser opens on `notebooks/`. The announcements' and update
 * checks' requests off the machine are switched off.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { labArgs } from "./lab.ts";
 * assert.ok(labArgs(["--no-browser"]).includes("--no-browser"));
 * ```
 */
export function labArgs(
  extra: readonly string[] = [],
  root: string = LAB_ROOT,
): string[] {
  return [
    "-m",
    "jupyterlab",
    `--ServerApp.root_dir=${root}`,
    "--ServerApp.default_url=/lab/tree/notebooks",
    "--LabApp.news_url=",
    "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    // jupyter-lsp's search for language servers runs `npm prefix -g`, and
    // npm writes a log into ~/.npm; the notebooks need none of them.
    "--LanguageServerManager.autodetect=False",
    // Jupyter refuses to start as root (CI, containers) without it, and it
    // changes nothing for another user: so it is always given, and the task
    // needs no permission to ask who the user is.
    "--allow-root",
    ...extra,
  ];
}

/** A running JupyterLab server started by {@linkcode startLab}. */
export interface LabServer {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** The token every request carries. */
  token: string;
  /** Headers with the token, for `fetch`. */
  headers: Record<string, string>;
  /** The server's output so far (stdout and stderr). */
  log: () => string;
  /** Stops the server (SIGTERM, then SIGKILL after 15 s) and its kernels. */
  stop: () => Promise<void>;
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * Starts JupyterLab from `.venv/` on 127.0.0.1 with a random token on a free
 * port, without opening a browser, and waits until it answers `/api/status`.
 * Jupyter's runtime files go to a fresh folder in `.jupyter/`, removed by
 * `stop`, unless `env` names a `JUPYTER_RUNTIME_DIR` of its own;
 * JupyterLab's defaults are {@linkcode LAB_SETTINGS_OVERRIDES}.
 *
 * @param options `env` added to the server's (e.g. `JUPYTER_DATA_DIR` for a
 *   test's own notebook signatures, or every writable folder of
 *   {@linkcode labEnv} for a server that writes nothing in the checkout),
 *   `timeoutMs` to wait for the server (default 120,000), `root` the folder
 *   it serves (default the checkout)
 * @returns the running server
 * @throws {LabFault} when the server exits or does not answer in time
 */
export async function startLab(options: {
  env?: Record<string, string>;
  timeoutMs?: number;
  venv?: string;
  root?: string;
} = {}): Promise<LabServer> {
  const token = Array.from(
    crypto.getRandomValues(new Uint8Array(16)),
    (byte) => byte.toString(16).padStart(2, "0"),
  ).join("");
  const port = freePort();
  await writeLabOverrides(options.venv);
  // A runtime folder of its own inside .jupyter/ (removed by stop), so that
  // servers started side by side by tests never share connection files;
  // none when the caller gives one.
  const given = options.env?.JUPYTER_RUNTIME_DIR;
  let runtime: string | null = null;
  if (given === undefined) {
    await Deno.mkdir(LAB_JUPYTER_HOME, { recursive: true });
    runtime = await Deno.makeTempDir({
      dir: LAB_JUPYTER_HOME,
      prefix: "runtime-",
    });
  }
  const child = new Deno.Command(venvPython(options.venv), {
    args: labArgs([
      "--no-browser",
      "--ServerApp.ip=127.0.0.1",
      `--ServerApp.port=${port}`,
      "--ServerApp.port_retries=0",
      `--IdentityProvider.token=${token}`,
    ], options.root),
    cwd: LAB_ROOT,
    env: { ...labEnv(runtime ?? given), ...options.env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  const decoder = new TextDecoder();
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) {
      log += decoder.decode(chunk, { stream: true });
      // Keeps the last lines only: a server left running must not grow us.
      if (log.length > 200_000) log = log.slice(-100_000);
    }
  };
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)]);
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });
  const url = `http://127.0.0.1:${port}`;
  const headers = { Authorization: `token ${token}` };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (!exited) {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      const killer = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch { /* already gone */ }
      }, 15_000);
      await status;
      clearTimeout(killer);
    }
    await drained.catch(() => {});
    if (runtime !== null) {
      await Deno.remove(runtime, { recursive: true }).catch(() => {});
    }
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (true) {
    if (exited) {
      await stop();
      throw new LabFault(
        `startLab: JupyterLab exited before answering on ${url}: ${
          lastLine(log)
        }`,
      );
    }
    try {
      const response = await fetch(`${url}/api/status`, { headers });
      await response.body?.cancel();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new LabFault(
        `startLab: JupyterLab did not answer on ${url} within ${
          options.timeoutMs ?? 120_000
        } ms: ${lastLine(log)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, token, headers, log: () => log, stop };
}

/** What {@linkcode checkLab} found on the running server. */
export interface LabCheck {
  /** The JupyterLab version the server reports. */
  version: string;
  /** The notebooks `/api/contents/notebooks` lists, by name. */
  notebooks: string[];
  /** JupyterLab's `fetchNews` setting: `"false"`, so no pop-up asks. */
  fetchNews: string;
  /** The server's port. */
  url: string;
}

/** GETs a JSON document of the server, or fails naming the URL. */
async function getJson(server: LabServer, path: string): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, {
    headers: server.headers,
  });
  const text = await response.text();
  if (!response.ok) {
    throw new LabFault(
      `checkLab: GET ${path} answered ${response.status}: ${lastLine(text)}`,
    );
  }
  return JSON.parse(text);
}

/**
 * Checks a running server as a student's browser would use it: the lab
 * page is served, `/api/contents/notebooks` lists every notebook of
 * `notebooks/`, the `deno` kernelspec is there, and JupyterLab will not
 * open with the pop-up that asks whether to fetch Jupyter's news.
 *
 * @param server a server from {@linkcode startLab}
 * @returns what was found
 * @throws {LabFault} naming what is missing
 */
export async function checkLab(server: LabServer): Promise<LabCheck> {
  const page = await fetch(`${server.url}/lab/tree/notebooks`, {
    headers: server.headers,
  });
  const html = await page.text();
  const version = /"appVersion":\s*"([^"]+)"/.exec(html)?.[1] ?? "";
  if (!page.ok || version === "") {
    throw new LabFault(
      `checkLab: GET /lab/tree/notebooks answered ${page.status} without JupyterLab's page`,
    );
  }
  const contents = await getJson(server, "/api/contents/notebooks") as {
    content?: { name: string; type: string }[];
  };
  const listed = (contents.content ?? [])
    .filter((entry) => entry.type === "notebook")
    .map((entry) => entry.name)
    .sort();
  const onDisk = (await listNotebooks(join(LAB_ROOT, "notebooks")))
    .map((path) => path.slice(dirname(path).length + 1));
  const missing = onDisk.filter((name) => !listed.includes(name));
  if (onDisk.length === 0 || missing.length > 0) {
    throw new LabFault(
      `checkLab: /api/contents/notebooks lists ${listed.length} notebooks; missing ${
        onDisk.length === 0 ? "all (none on disk)" : missing.join(", ")
      }`,
    );
  }
  const specs = await getJson(server, "/api/kernelspecs") as {
    kernelspecs?: Record<string, unknown>;
  };
  if (specs.kernelspecs?.[KERNEL_NAME] === undefined) {
    throw new LabFault(
      `checkLab: /api/kernelspecs has no ${KERNEL_NAME} kernel (found ${
        Object.keys(specs.kernelspecs ?? {}).join(", ") || "none"
      })`,
    );
  }
  const plugin = "@jupyterlab/apputils-extension:notification";
  // What JupyterLab's page computes: the user's setting, else the schema's
  // default (which overrides.json sets).
  const settings = await getJson(server, `/lab/api/settings/${plugin}`) as {
    settings?: { fetchNews?: unknown };
    schema?: { properties?: { fetchNews?: { default?: unknown } } };
  };
  const fetchNews = String(
    settings.settings?.fetchNews ??
      settings.schema?.properties?.fetchNews?.default,
  );
  if (fetchNews !== "false") {
    throw new LabFault(
      `checkLab: ${plugin}'s fetchNews is ${
        JSON.stringify(fetchNews)
      }, not "false": every first screen would ask about Jupyter's news`,
    );
  }
  return { version, notebooks: listed, fetchNews, url: server.url };
}
