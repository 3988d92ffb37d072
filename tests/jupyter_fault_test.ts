/**
 * `deno task notebooks` (cli/run_notebooks.ts) and the Jupyter functions of
 * src/notebook/jupyter.ts under faults, with real processes: Jupyter missing or not
 * runnable, no kernelspec, a kernel that does not start, dies in a cell or
 * never finishes one, a notebook that is not one or cannot be written,
 * SIGINT and SIGTERM. Each gives one line, exit 2 (130/143 for signals), no
 * stack trace, keeps the notebooks finished before and leaves no Jupyter or
 * kernel process behind.
 *
 * The notebooks are one- or two-cell files written to a temporary folder.
 * Tests that start a real Deno kernel (~2 s each) are ignored where Jupyter
 * or the `deno` kernelspec is not installed (tests/_programs.ts); where they
 * are installed but do not work, they fail.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { assertCleanFailure, runCli } from "./_cli.ts";
import {
  checkNotebook,
  findJupyter,
  type JupyterSetup,
  NotebookFault,
  notebookProblems,
  readNotebook,
} from "../src/notebook/jupyter.ts";
import { lacks } from "./_programs.ts";
import { parseNotebooksArgs } from "../cli/run_notebooks.ts";

const CLI = "run_notebooks.ts";
const setup = await findJupyter();
const jupyter = "reason" in setup ? null : setup;
if (jupyter === null) {
  console.warn(
    `jupyter_fault_test: Jupyter cannot run notebooks here: ${
      (setup as { reason: string }).reason
    }`,
  );
}

/** A notebook of code cells, as Jupyter writes it. */
function notebook(cells: string[]): string {
  return JSON.stringify({
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: "deno", display_name: "Deno" } },
    cells: cells.map((source, index) => ({
      id: `c${index}`,
      cell_type: "code",
      source,
      metadata: {},
      execution_count: null,
      outputs: [],
    })),
  });
}

/** Writes `files` (name → text) to a new temporary folder. */
async function folder(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "jupyter_fault_" });
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(join(dir, name), text);
  }
  return dir;
}

/** The names in `dir`, sorted. */
async function names(dir: string): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) found.push(entry.name);
  return found.sort();
}

/** The text the executed notebook at `path` shows on stdout, cell by cell. */
async function shown(path: string): Promise<string[]> {
  const executed = JSON.parse(await Deno.readTextFile(path)) as {
    cells: { outputs?: { text?: string | string[] }[] }[];
  };
  return executed.cells.map((cell) =>
    (cell.outputs ?? []).map((output) => [output.text ?? ""].flat().join(""))
      .join("")
  );
}

/** Whether process `pid` exists, zombies included; null when it is gone. */
function processState(pid: number): string | null {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] ?? "?";
  } catch {
    return null;
  }
}

/** Waits up to `ms` for `pid` to be gone (not even a zombie). */
async function assertGone(pid: number, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (processState(pid) !== null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(
    processState(pid),
    null,
    `${what} (pid ${pid}) is still there, state ${processState(pid)}`,
  );
}

/** The PIDs whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry.name));
    } catch { /* gone meanwhile */ }
  }
  return children;
}

/** Waits up to `ms` for a file the kernel writes, and returns its text. */
async function waitForFile(path: string, ms = 90_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const text = await Deno.readTextFile(path);
      if (text !== "") return text;
    } catch { /* not yet */ }
    assert.ok(Date.now() < deadline, `no ${path} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// A cell that records its kernel's PID in the notebook's folder.
const WRITE_PID = 'Deno.writeTextFileSync("kernel.pid", String(Deno.pid))';

// ---------------------------------------------------------------------------
// Bad command lines and bad notebooks: caught before Jupyter starts.

Deno.test("notebooks: a name that is no notebook file stops with exit 2 and one line", async () => {
  const run = await runCli(CLI, ["gts-no-such-notebook"]);
  assertCleanFailure(
    run,
    /^notebooks: no notebook "gts-no-such-notebook" \(neither a file nor a name in .*notebooks\)\n$/,
    "run_notebooks on a missing notebook",
  );
});

Deno.test("notebooks: a file that is not JSON, or JSON but no notebook, stops with exit 2", async () => {
  const dir = await folder({
    "garbage.ipynb": "{ this is not json",
    "array.ipynb": "[1, 2]",
    "cells.ipynb": '{"cells": [1]}',
  });
  try {
    const cases: [string, RegExp][] = [
      ["garbage.ipynb", /garbage\.ipynb is not JSON \(/],
      ["array.ipynb", /array\.ipynb is not a notebook \(no "cells" list\)/],
      [
        "cells.ipynb",
        /cells\.ipynb is not a notebook \(cell 1 has no "cell_type"\)/,
      ],
    ];
    for (const [name, message] of cases) {
      const run = await runCli(CLI, [join(dir, name)]);
      assertCleanFailure(run, message, `run_notebooks on ${name}`);
      assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
    }
    await assert.rejects(
      readNotebook(join(dir, "array.ipynb")),
      (error) => error instanceof NotebookFault && error.kind === "read",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("notebooks: an escape sequence in a notebook's file name or cell reaches the terminal as \\u escapes", async () => {
  const escape = "\u001b[2J\u001b[H";
  const dir = await folder({ [`x${escape}.ipynb`]: "{ not json" });
  try {
    const run = await runCli(CLI, [join(dir, `x${escape}.ipynb`)]);
    assertCleanFailure(
      run,
      /x\\u001b\[2J\\u001b\[H\.ipynb is not JSON \(/,
      "run_notebooks on a file name with an escape sequence",
    );
    assert.ok(
      !(run.stderr + run.stdout).includes("\u001b"),
      JSON.stringify(run.stderr),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  // What the command prints of a failed cell: its first line and its error.
  const cell = {
    cell_type: "code",
    source: `say("${escape}")`,
    outputs: [{
      output_type: "error",
      ename: `Error${escape}`,
      evalue: "line 1\nline 2",
    }],
  };
  const problems = notebookProblems({ cells: [cell] }, { cells: [cell] });
  assert.deepEqual(problems.map((problem) => problem.message), [
    'cell 1 (say("\\u001b[2J\\u001b[H")): Error\\u001b[2J\\u001b[H: line 1\\u000aline 2',
  ]);
});

Deno.test("notebooks: bad options stop with exit 2 naming the option", async () => {
  const cases: [string[], RegExp][] = [
    [
      ["--timeout", "0"],
      /^notebooks: --timeout must be an integer in 1…86400 \(seconds\), got "0" \(see --help\)$/m,
    ],
    [["--timeout"], /--timeout needs a value/],
    [["--kernel", "a b"], /--kernel must be a kernelspec name/],
    [["--bogus"], /unknown argument "--bogus"/],
    // --kernel took "--timeout" as its name, and --timeout=5 was unknown.
    [
      ["--kernel", "--timeout", "5"],
      /^notebooks: --kernel needs a value, got the flag "--timeout"/m,
    ],
    [
      ["--timeout=0"],
      /^notebooks: --timeout must be an integer in 1…86400 \(seconds\), got "0"/m,
    ],
  ];
  for (const [args, message] of cases) {
    assertCleanFailure(await runCli(CLI, args), message, args.join(" "));
  }
  const help = await runCli(CLI, ["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--timeout S/);
  assert.match(help.stdout, /130 +SIGINT, 143 +SIGTERM/);
  assert.deepEqual(
    parseNotebooksArgs(["--timeout=5", "--kernel=deno2", "01_minimax"]),
    { help: false, timeout: 5, kernel: "deno2", notebooks: ["01_minimax"] },
  );
});

Deno.test("notebooks: an output that cannot be written stops with exit 2 before Jupyter starts", async () => {
  const dir = await folder({ "ok.ipynb": notebook(['console.log("ok")']) });
  try {
    // Root writes anywhere: deny the write by permission instead.
    const run = await runCli(CLI, [join(dir, "ok.ipynb")], {
      permissions: ["--allow-read", "--allow-run", "--allow-env"],
    });
    assertCleanFailure(
      run,
      /^notebooks: cannot write .*ok\.ipynb: .*write access/,
      "unwritable",
    );
    assert.deepEqual(await names(dir), ["ok.ipynb"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// ---------------------------------------------------------------------------
// Jupyter missing or not runnable.

Deno.test("notebooks: no jupyter and no python3 on PATH gives one line naming both, exit 2", async () => {
  const dir = await folder({ "ok.ipynb": notebook(['console.log("ok")']) });
  try {
    const run = await runCli(CLI, [join(dir, "ok.ipynb")], {
      env: { PATH: dir, JUPYTER_PYTHON: "" },
    });
    assertCleanFailure(
      run,
      /^notebooks: cannot run notebooks: no Python with nbclient and a "deno" kernelspec \(no readable jupyter command on PATH; python3: .*\); run \.ci\/kernel/,
      "run_notebooks without jupyter",
    );
    assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("notebooks: a jupyter whose interpreter does not exist is named, exit 2", async () => {
  const dir = await folder({
    "ok.ipynb": notebook(['console.log("ok")']),
    jupyter: "#!/gts/no/such/python3\n",
  });
  try {
    await Deno.chmod(join(dir, "jupyter"), 0o755);
    const run = await runCli(CLI, [join(dir, "ok.ipynb")], {
      env: { PATH: dir, JUPYTER_PYTHON: "" },
    });
    assertCleanFailure(
      run,
      /cannot run notebooks: .*\/gts\/no\/such\/python3: /,
      "run_notebooks with a broken jupyter",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("checkNotebook: a Jupyter that cannot start, exits early or prints garbage is a NotebookFault naming it", async () => {
  const dir = await folder({ "ok.ipynb": notebook(['console.log("ok")']) });
  const output = join(dir, "out.ipynb");
  const fake = (python: string): JupyterSetup => ({
    python,
    nbclient: "0",
    kernelArgv: [],
  });
  try {
    const cases: [string, RegExp][] = [
      [
        "/gts/no/such/python3",
        /^ok\.ipynb: cannot start Jupyter \(\/gts\/no\/such\/python3\): /,
      ],
      [
        "false",
        /^ok\.ipynb: Jupyter \(false _execute_notebook\.py\) exited with code 1; nothing on stderr$/,
      ],
      [
        "echo",
        // echo prints the script's path and arguments, cut to a line's length,
        // so how much of them shows depends on where the checkout lives.
        /^ok\.ipynb: Jupyter printed no report \("\/.+"\); nothing on stderr$/,
      ],
    ];
    for (const [python, message] of cases) {
      await assert.rejects(
        checkNotebook(fake(python), join(dir, "ok.ipynb"), { output }),
        (error) => {
          assert.ok(error instanceof NotebookFault, String(error));
          assert.match(error.message, message);
          return true;
        },
      );
    }
    assert.deepEqual(await names(dir), ["ok.ipynb"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("checkNotebook: a Jupyter that dies leaving its kernel behind does not hang; the kernel is ended", async () => {
  // A stand-in for python: starts a "kernel" that shares its stderr, reports
  // its PID as the executor does, and dies without stopping it.
  const dir = await folder({
    "ok.ipynb": notebook(['console.log("ok")']),
    python: '#!/bin/sh\nsleep 600 &\necho $! > "$(dirname "$0")/kernel.pid"\n' +
      'echo "_execute_notebook.py: kernel pid $!" >&2\n' +
      'echo "Segmentation fault" >&2\nexit 139\n',
  });
  try {
    await Deno.chmod(join(dir, "python"), 0o755);
    const setup = {
      python: join(dir, "python"),
      nbclient: "0",
      kernelArgv: [],
    };
    const output = join(dir, "out.ipynb");
    await assert.rejects(
      checkNotebook(setup, join(dir, "ok.ipynb"), { output, cwd: dir }),
      (error) => {
        assert.ok(error instanceof NotebookFault, String(error));
        assert.equal(error.kind, "exit");
        assert.match(
          error.message,
          /^ok\.ipynb: Jupyter \(.*python _execute_notebook\.py\) exited with code 139; last lines on stderr: Segmentation fault$/,
        );
        return true;
      },
    );
    const kernel = Number(await Deno.readTextFile(join(dir, "kernel.pid")));
    await assertGone(kernel, "the orphaned kernel");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

// ---------------------------------------------------------------------------
// Kernelspecs: missing, pointing nowhere, or a kernel that dies at start.
// Kernelspecs of the test's own live in a temporary JUPYTER_PATH folder.

async function kernelspecs(
  specs: Record<string, string[]>,
): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "jupyter_fault_specs_" });
  for (const [name, argv] of Object.entries(specs)) {
    await Deno.mkdir(join(dir, "kernels", name), { recursive: true });
    await Deno.writeTextFile(
      join(dir, "kernels", name, "kernel.json"),
      JSON.stringify({ argv, display_name: name, language: "typescript" }),
    );
  }
  return dir;
}

Deno.test({
  name:
    "notebooks: no such kernelspec, or one whose binary is missing, gives exit 2 naming it",
  ignore: lacks("jupyter", "deno-kernelspec"),
  async fn() {
    const dir = await folder({ "ok.ipynb": notebook(['console.log("ok")']) });
    const specs = await kernelspecs({
      "gts-missing": [
        "/gts/no/such/deno",
        "jupyter",
        "--kernel",
        "--conn",
        "{connection_file}",
      ],
    });
    try {
      const none = await runCli(CLI, [
        "--kernel",
        "gts-no-such-kernel",
        join(dir, "ok.ipynb"),
      ]);
      assertCleanFailure(
        none,
        /cannot run notebooks: .*No Jupyter kernelspec named "gts-no-such-kernel"/,
        "no kernelspec",
      );
      const missing = await runCli(CLI, [
        "--kernel",
        "gts-missing",
        join(dir, "ok.ipynb"),
      ], {
        env: { JUPYTER_PATH: specs },
      });
      assertCleanFailure(
        missing,
        /cannot run notebooks: the "gts-missing" kernelspec runs \/gts\/no\/such\/deno, which does not exist/,
        "kernelspec binary missing",
      );
      assert.deepEqual(await names(dir), ["ok.ipynb"]);
    } finally {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(specs, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "notebooks: a kernel that dies at start or cannot be executed gives exit 2 with its last stderr lines",
  ignore: lacks("jupyter", "deno-kernelspec"),
  async fn() {
    const dir = await folder({
      "ok.ipynb": notebook(['console.log("ok")']),
      "not-executable": "#!/bin/sh\n",
    });
    const specs = await kernelspecs({
      "gts-dies": [
        "/bin/sh",
        "-c",
        "echo 'gts kernel: cannot bind' >&2; exit 3",
        "{connection_file}",
      ],
      "gts-noexec": [join(dir, "not-executable"), "{connection_file}"],
    });
    try {
      const before = await Deno.readTextFile(join(dir, "ok.ipynb"));
      const dies = await runCli(CLI, [
        "--kernel",
        "gts-dies",
        join(dir, "ok.ipynb"),
      ], {
        env: { JUPYTER_PATH: specs },
      });
      assertCleanFailure(
        dies,
        /^notebooks: ok\.ipynb: the "gts-dies" kernel did not start \(.*\); last lines on stderr: .*gts kernel: cannot bind; stopped, ok\.ipynb left unchanged, 0 notebook\(s\) refreshed before it\n$/,
        "kernel dies at start",
      );
      const noexec = await runCli(CLI, [
        "--kernel",
        "gts-noexec",
        join(dir, "ok.ipynb"),
      ], {
        env: { JUPYTER_PATH: specs },
      });
      assertCleanFailure(
        noexec,
        /^notebooks: ok\.ipynb: the "gts-noexec" kernel did not start \(PermissionError: .*Permission denied/,
        "kernel not executable",
      );
      assert.equal(await Deno.readTextFile(join(dir, "ok.ipynb")), before);
      assert.deepEqual(await names(dir), ["not-executable", "ok.ipynb"]);
    } finally {
      await Deno.remove(dir, { recursive: true });
      await Deno.remove(specs, { recursive: true });
    }
  },
});

// ---------------------------------------------------------------------------
// The Deno kernel misbehaving in a cell.

Deno.test({
  name:
    "notebooks: a kernel that dies in a cell stops the run with exit 2, naming the cell; notebooks before it are kept",
  ignore: lacks("jupyter", "deno-kernelspec"),
  async fn() {
    const dir = await folder({
      "a_ok.ipynb": notebook(['console.log("fresh")']),
      "b_dies.ipynb": notebook([
        'console.log("a")',
        "Deno.exit(1)",
        'console.log("never")',
      ]),
      "c_after.ipynb": notebook(['console.log("not reached")']),
    });
    try {
      const dies = await Deno.readTextFile(join(dir, "b_dies.ipynb"));
      const after = await Deno.readTextFile(join(dir, "c_after.ipynb"));
      const run = await runCli(
        CLI,
        ["a_ok.ipynb", "b_dies.ipynb", "c_after.ipynb"].map((name) =>
          join(dir, name)
        ),
      );
      assertCleanFailure(
        run,
        /^notebooks: b_dies\.ipynb: the kernel died during cell 2 \(Deno\.exit\(1\)\); nothing on stderr; stopped, b_dies\.ipynb left unchanged, 1 notebook\(s\) refreshed before it\n$/,
        "kernel dies",
      );
      assert.deepEqual(await shown(join(dir, "a_ok.ipynb")), ["fresh\n"]);
      assert.equal(await Deno.readTextFile(join(dir, "b_dies.ipynb")), dies);
      assert.equal(await Deno.readTextFile(join(dir, "c_after.ipynb")), after);
      assert.deepEqual(await names(dir), [
        "a_ok.ipynb",
        "b_dies.ipynb",
        "c_after.ipynb",
      ]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "notebooks: a cell past --timeout stops its kernel and the run, exit 2 naming notebook and cell",
  ignore: lacks("jupyter", "deno-kernelspec"),
  async fn() {
    const dir = await folder({
      "loop.ipynb": notebook([WRITE_PID, "while (true) {}"]),
    });
    try {
      const before = await Deno.readTextFile(join(dir, "loop.ipynb"));
      // The timeout is every cell's, and cell 1 is the first thing a fresh
      // kernel runs (seconds on a loaded machine): generous, so that only
      // the endless loop can reach it.
      const run = await runCli(CLI, [
        "--timeout",
        "30",
        join(dir, "loop.ipynb"),
      ], { timeoutMs: 180_000 });
      assertCleanFailure(
        run,
        /^notebooks: loop\.ipynb: cell 2 \(while \(true\) \{\}\) did not finish within 30 s \(--timeout\), so its kernel was stopped; stopped, loop\.ipynb left unchanged/,
        "cell timeout",
      );
      const kernel = Number(await Deno.readTextFile(join(dir, "kernel.pid")));
      await assertGone(kernel, "the kernel of the timed-out cell");
      assert.equal(await Deno.readTextFile(join(dir, "loop.ipynb")), before);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "notebooks: a notebook that cannot be replaced after its run stops with exit 2, leaving no temporary file",
  ignore: lacks("jupyter", "deno-kernelspec"),
  async fn() {
    // The cell turns its own notebook into a non-empty folder: the rename
    // that would replace it fails.
    const dir = await folder({
      "self.ipynb": notebook([
        'Deno.removeSync("self.ipynb"); Deno.mkdirSync("self.ipynb"); ' +
        'Deno.writeTextFileSync("self.ipynb/x", "");',
      ]),
    });
    try {
      const run = await runCli(CLI, [join(dir, "self.ipynb")]);
      assertCleanFailure(
        run,
        /^notebooks: cannot write .*self\.ipynb: .*; stopped, 0 notebook\(s\) refreshed before it\n$/,
        "notebook not replaceable",
      );
      assert.deepEqual(await names(dir), ["self.ipynb"]);
      assert.deepEqual(await names(join(dir, "self.ipynb")), ["x"]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

// ---------------------------------------------------------------------------
// Signals: Jupyter and its kernel end, the notebook running is not written.

async function interrupt(signal: "SIGINT" | "SIGTERM", expected: number) {
  const dir = await folder({
    "a_ok.ipynb": notebook(['console.log("fresh")']),
    "b_sleeps.ipynb": notebook([
      WRITE_PID,
      "await new Promise((resolve) => setTimeout(resolve, 600_000))",
    ]),
  });
  const sleeps = await Deno.readTextFile(join(dir, "b_sleeps.ipynb"));
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "-A",
      new URL("../cli/run_notebooks.ts", import.meta.url).pathname,
      join(dir, "a_ok.ipynb"),
      join(dir, "b_sleeps.ipynb"),
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const output = child.output();
  // A run that does not end on the signal is killed, so the test fails
  // instead of hanging.
  const guard = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch { /* ended */ }
  }, 60_000);
  try {
    const kernel = Number(await waitForFile(join(dir, "kernel.pid")));
    const jupyters = childrenOf(child.pid);
    assert.equal(jupyters.length, 1, `children of ${child.pid}: ${jupyters}`);
    assert.equal(childrenOf(jupyters[0]!).includes(kernel), true);
    child.kill(signal);
    const status = await output;
    const stderr = new TextDecoder().decode(status.stderr);
    assert.equal(status.code, expected, stderr);
    assert.match(
      stderr,
      new RegExp(`^notebooks: ${signal}, stopping Jupyter and its kernel\\n$`),
    );
    await assertGone(jupyters[0]!, "Jupyter (python)");
    await assertGone(kernel, "the Deno kernel");
    assert.deepEqual(await shown(join(dir, "a_ok.ipynb")), ["fresh\n"]);
    assert.equal(await Deno.readTextFile(join(dir, "b_sleeps.ipynb")), sleeps);
    assert.deepEqual(await names(dir), [
      "a_ok.ipynb",
      "b_sleeps.ipynb",
      "kernel.pid",
    ]);
  } finally {
    clearTimeout(guard);
    try {
      child.kill("SIGKILL");
    } catch { /* ended */ }
    await output.catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name:
    "notebooks: SIGTERM ends Jupyter and the kernel, exits 143, keeps finished notebooks, writes no partial one",
  ignore: lacks("jupyter", "deno-kernelspec"),
  fn: () => interrupt("SIGTERM", 143),
});

Deno.test({
  name: "notebooks: SIGINT ends Jupyter and the kernel and exits 130",
  ignore: lacks("jupyter", "deno-kernelspec"),
  fn: () => interrupt("SIGINT", 130),
});
