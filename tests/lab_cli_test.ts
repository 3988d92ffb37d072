/**
 * `deno task lab` (cli/lab.ts): the route a student takes to open the
 * notebooks, run as the student runs it: `deno task lab`, with the task's
 * own permissions from deno.json (never `-A`, which hid a permission the
 * task lacked). With JupyterLab in .venv/ (`.ci/run` installs it through
 * `npx --yes deno@2.9.6 task lab --check` before the tests), `--check`
 * starts a real server, finds every notebook and the deno kernel through
 * its REST API, sees that no pop-up will ask about Jupyter's news, and
 * stops it, leaving nothing in the user's home; bad command lines and a
 * missing Python fail with one line.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { assertCleanFailure, ROOT, runCli } from "./_cli.ts";
import {
  ensureJupyterLab,
  installedJupyterLab,
  JUPYTERLAB_VERSION,
  LAB_ROOT,
  labEnv,
  venvPython,
  writeLabOverrides,
} from "../src/notebook/lab.ts";
import { lacks } from "./_programs.ts";
import { parseLabArgs } from "../cli/lab.ts";

/** The `deno run` flags of deno.json's `lab` task. */
function labTaskPermissions(): string[] {
  const tasks = (JSON.parse(
    Deno.readTextFileSync(new URL("../deno.json", import.meta.url)),
  ) as { tasks: Record<string, string> }).tasks;
  const match = /^deno run((?: -[^ ]+)*) cli\/lab\.ts$/.exec(tasks.lab ?? "");
  assert.ok(match, `deno.json's lab task: ${tasks.lab}`);
  return match[1]!.split(" ").filter((flag) => flag !== "");
}

/** Every file and folder under `dir`, relative to it. */
function listTree(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    const path = prefix + entry.name;
    out.push(path);
    if (entry.isDirectory) {
      out.push(...listTree(join(dir, entry.name), path + "/"));
    }
  }
  return out.sort();
}

Deno.test("lab: what it builds before starting the server needs no permission beyond the task's", async () => {
  const permissions = labTaskPermissions();
  const run = await runCli("../tests/fixtures/lab_probe.ts", [], {
    permissions,
  });
  // The old labArgs asked Deno.uid(), which the task's flags do not allow:
  // "NotCapable: Requires sys access to "uid"" and a stack trace.
  assert.equal(run.code, 0, `deno run ${permissions.join(" ")}: ${run.stderr}`);
  const { args, env } = JSON.parse(run.stdout) as {
    args: string[];
    env: Record<string, string>;
  };
  assert.ok(args.includes("--no-browser"));
  for (
    const name of [
      "JUPYTER_CONFIG_DIR",
      "JUPYTER_DATA_DIR",
      "JUPYTER_RUNTIME_DIR",
    ]
  ) {
    assert.ok(
      env[name]?.startsWith(join(LAB_ROOT, ".jupyter") + "/"),
      `${name} = ${env[name]}: Jupyter would write outside the checkout`,
    );
  }
});

const installed = await installedJupyterLab();
const ready = installed === JUPYTERLAB_VERSION;
if (!ready) {
  console.warn(
    `tests/lab_cli_test.ts: the server tests are SKIPPED: .venv/ has JupyterLab ${installed}, not ${JUPYTERLAB_VERSION} (run deno task lab --check once)`,
  );
}

Deno.test({
  name:
    "deno task lab --check: a real JupyterLab lists every notebook and the deno kernel, asks nothing about news, then stops; nothing is written in the home folder",
  // lacks first: a missing kernelspec is counted even where .venv/ is not ready.
  ignore: lacks("deno-kernelspec") || !ready,
  async fn() {
    // A home of its own, empty: whatever lands in it was written outside
    // the checkout. Deno's cache stays where it is (not the lab's doing).
    const home = await Deno.makeTempDir({ prefix: "gts-lab-home-" });
    const denoDir = Deno.env.get("DENO_DIR") ??
      join(Deno.env.get("HOME") ?? "/root", ".cache", "deno");
    let output: Deno.CommandOutput;
    try {
      output = await new Deno.Command(Deno.execPath(), {
        args: ["task", "--quiet", "lab", "--check"],
        cwd: ROOT,
        clearEnv: true,
        env: {
          PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
          HOME: home,
          DENO_DIR: denoDir,
          NO_COLOR: "1",
        },
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
        signal: AbortSignal.timeout(180_000),
      }).output();
      assert.deepEqual(
        listTree(home),
        [],
        "deno task lab --check wrote into the home folder",
      );
    } finally {
      await Deno.remove(home, { recursive: true });
    }
    const decoder = new TextDecoder();
    const run = {
      code: output.code,
      stdout: decoder.decode(output.stdout),
      stderr: decoder.decode(output.stderr),
    };
    assert.equal(run.code, 0, run.stderr);
    const entries = [...Deno.readDirSync(join(ROOT, "notebooks"))];
    const notebooks = entries.filter((entry) => entry.name.endsWith(".ipynb"))
      .length;
    assert.match(
      run.stdout,
      new RegExp(
        `^lab --check: JupyterLab ${
          JUPYTERLAB_VERSION.replaceAll(".", "\\.")
        } on http://127\\.0\\.0\\.1:\\d+ lists the ${notebooks} notebooks of notebooks/ and the deno kernel, asks nothing about news; stopped\\n$`,
      ),
    );
    // pip does not run again: the pinned version is there.
    assert.doesNotMatch(run.stderr, /installing JupyterLab/);
  },
});

Deno.test("lab: bad command lines exit 2 with one line", async () => {
  for (
    const [args, message] of [
      [
        ["--port", "x"],
        /^lab: --port must be an integer in 1…65535, got "x" \(see --help\)$/m,
      ],
      [["--port"], /lab: --port needs a value/],
      [["--bogus"], /lab: unknown argument "--bogus"/],
      // --port=N was an unknown option.
      [
        ["--port=0"],
        /^lab: --port must be an integer in 1…65535, got "0" \(see --help\)$/m,
      ],
      [
        ["--port", "--no-browser"],
        /^lab: --port needs a value, got the flag "--no-browser"/m,
      ],
      [["notebooks/"], /lab: unexpected argument "notebooks\/"/],
      [["--check", "--no-browser"], /--check picks its own port/],
    ] as const
  ) {
    const run = await runCli("lab.ts", [...args]);
    assertCleanFailure(run, message, `lab ${args.join(" ")}`);
    assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
  }
  const help = await runCli("lab.ts", ["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: deno task lab/);
  assert.equal(parseLabArgs(["--port=9999", "--no-browser"]).port, 9999);
});

Deno.test("lab: a Python without venv is named, not a stack trace", async () => {
  const venv = `${await Deno.makeTempDir({ prefix: "gts-venv-" })}/.venv`;
  try {
    await assert.rejects(
      ensureJupyterLab({ venv, python: "/nonexistent/python3" }),
      (error: Error) => {
        assert.equal(error.name, "LabFault");
        assert.match(
          error.message,
          /^ensureJupyterLab: \/nonexistent\/python3 -m venv .*\.venv failed: \/nonexistent\/python3: not found \(Debian and Ubuntu need the python3-venv package\)$/,
        );
        return true;
      },
    );
  } finally {
    await Deno.remove(venv.slice(0, -"/.venv".length), { recursive: true });
  }
});

Deno.test({
  name:
    "lab: Jupyter's writable folders (config, data, runtime) are in .jupyter/ of the checkout",
  ignore: !ready,
  async fn() {
    // Where Jupyter and JupyterLab write, as they compute it.
    const script = [
      "import json",
      "from jupyter_core.paths import jupyter_config_dir, jupyter_data_dir, jupyter_runtime_dir",
      "from jupyterlab.commands import get_user_settings_dir, get_workspaces_dir",
      "print(json.dumps({'config': jupyter_config_dir(), 'data': jupyter_data_dir(),",
      "  'runtime': jupyter_runtime_dir(), 'lab settings': get_user_settings_dir(),",
      "  'workspaces': get_workspaces_dir()}))",
    ].join("\n");
    const output = await new Deno.Command(venvPython(), {
      args: ["-c", script],
      env: labEnv(),
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.ok(output.success, new TextDecoder().decode(output.stderr));
    const paths = JSON.parse(new TextDecoder().decode(output.stdout)) as Record<
      string,
      string
    >;
    const inside = join(LAB_ROOT, ".jupyter") + "/";
    assert.equal(Object.keys(paths).length, 5);
    for (const [kind, path] of Object.entries(paths)) {
      assert.ok(
        path.startsWith(inside),
        `Jupyter writes its ${kind} to ${path}`,
      );
    }
  },
});

Deno.test("lab: writeLabOverrides sets JupyterLab's news defaults and keeps other plugins' entries", async () => {
  const venv = await Deno.makeTempDir({ prefix: "gts-venv-" });
  try {
    const file = join(
      venv,
      "share",
      "jupyter",
      "lab",
      "settings",
      "overrides.json",
    );
    await Deno.mkdir(join(file, ".."), { recursive: true });
    await Deno.writeTextFile(
      file,
      JSON.stringify({
        "@jupyterlab/apputils-extension:themes": { theme: "JupyterLab Dark" },
      }),
    );
    assert.equal(await writeLabOverrides(venv), file);
    const written = JSON.parse(await Deno.readTextFile(file));
    assert.deepEqual(written, {
      "@jupyterlab/apputils-extension:themes": { theme: "JupyterLab Dark" },
      "@jupyterlab/apputils-extension:notification": {
        fetchNews: "false",
        checkForUpdates: false,
      },
    });
    await Deno.writeTextFile(file, "[1, 2]");
    await assert.rejects(
      writeLabOverrides(venv),
      /is not a JSON object of settings/,
    );
  } finally {
    await Deno.remove(venv, { recursive: true });
  }
});
