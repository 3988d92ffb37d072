// The one finder of external programs (src/programs.ts) on machines built in
// a temporary folder, and `deno task test` (tests/run.ts) on a few tests that
// need programs (tests/fixtures/programs/needs.ts), run as a real process
// with a PATH of their own: a missing program ignores its tests and is named
// in the run's last line with the command that installs it; a program that
// is there but broken is not missing; deno test's output and status pass
// through.
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  findProgram,
  installCommand,
  PROGRAM_NAMES,
  type ProgramName,
  PROGRAMS,
} from "../src/programs.ts";
import { heldBackLine } from "./_programs.ts";
import { ROOT } from "./_cli.ts";

/** A folder with `files` (relative path → mode; "link:" + target makes a link, "dir" a folder). */
function machine(files: Record<string, number | string>): string {
  const dir = Deno.makeTempDirSync({ prefix: "gts_programs_" });
  for (const [path, kind] of Object.entries(files)) {
    const full = join(dir, path);
    Deno.mkdirSync(join(full, ".."), { recursive: true });
    if (kind === "dir") Deno.mkdirSync(full);
    else if (typeof kind === "string") {
      Deno.symlinkSync(kind.replace(/^link:/, ""), full);
    } else {
      Deno.writeTextFileSync(full, "#!/bin/sh\n");
      Deno.chmodSync(full, kind);
    }
  }
  return dir;
}

Deno.test("findProgram: PATH in order, then Debian's folder; a file that is not executable or a dangling link is found (broken, not missing); a folder is not", () => {
  const dir = machine({
    "a/stockfish": "dir",
    "b/stockfish": 0o644,
    "c/stockfish": 0o755,
    "root/usr/games/stockfish": 0o755,
    "d/cc": "link:/gts/no/such/gcc",
    "root/usr/sbin/nats-server": 0o755,
  });
  try {
    const path = ["a", "b", "c"].map((d) => join(dir, d)).join(":");
    const root = join(dir, "root");
    assert.equal(
      findProgram("stockfish", { env: { PATH: path }, root }),
      join(dir, "b/stockfish"),
    );
    assert.equal(
      findProgram("stockfish", { env: { PATH: join(dir, "a") }, root }),
      join(root, "usr/games/stockfish"),
    );
    assert.equal(
      findProgram("nats-server", { env: { PATH: "" }, root }),
      join(root, "usr/sbin/nats-server"),
    );
    assert.equal(
      findProgram("cc", { env: { PATH: `::${join(dir, "d")}` }, root }),
      join(dir, "d/cc"),
    );
    // No Debian folder for cc: PATH only.
    assert.equal(findProgram("cc", { env: { PATH: path }, root }), null);
    assert.equal(findProgram("stockfish", { env: {}, root: dir }), null);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("findProgram: chromium by its names in order, or CHROMIUM even where nothing is", () => {
  const dir = machine({ "a/chromium-browser": 0o755, "b/chromium": 0o755 });
  try {
    const PATH = `${join(dir, "a")}:${join(dir, "b")}`;
    assert.equal(
      findProgram("chromium", { env: { PATH }, root: dir }),
      join(dir, "b/chromium"),
    );
    assert.equal(
      findProgram("chromium", { env: { PATH: join(dir, "a") }, root: dir }),
      join(dir, "a/chromium-browser"),
    );
    assert.equal(
      findProgram("chromium", {
        env: { PATH, CHROMIUM: "/gts/no/such/chromium" },
        root: dir,
      }),
      "/gts/no/such/chromium",
    );
    assert.equal(findProgram("chromium", { env: {}, root: dir }), null);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("findProgram: the Deno kernelspec in the checkout's .jupyter, JUPYTER_PATH, the user's and the system's data folders, never on PATH", () => {
  const spec = "kernels/deno/kernel.json";
  const dir = machine({
    [`checkout/.jupyter/jupyter/${spec}`]: 0o644,
    [`extra/${spec}`]: 0o644,
    [`data/${spec}`]: 0o644,
    [`xdg/jupyter/${spec}`]: 0o644,
    [`home/.local/share/jupyter/${spec}`]: 0o644,
    [`root/usr/share/jupyter/${spec}`]: 0o644,
    [`root/usr/local/share/jupyter/kernels/python3/kernel.json`]: 0o644,
    [`path/${spec}`]: 0o644,
    "empty/.keep": 0o644,
  });
  const at = (path: string) => join(dir, path, spec);
  const find = (env: Record<string, string>, checkout = "empty", root = "") =>
    findProgram("deno-kernelspec", {
      env,
      root: join(dir, root || "empty"),
      checkout: join(dir, checkout),
    });
  try {
    assert.equal(
      find({ JUPYTER_PATH: join(dir, "extra") }, "checkout"),
      at("checkout/.jupyter/jupyter"),
    );
    assert.equal(
      find({ JUPYTER_PATH: join(dir, "extra"), HOME: join(dir, "home") }),
      at("extra"),
    );
    assert.equal(
      find({
        JUPYTER_DATA_DIR: join(dir, "data"),
        XDG_DATA_HOME: join(dir, "xdg"),
      }),
      at("data"),
    );
    assert.equal(
      find({ XDG_DATA_HOME: join(dir, "xdg"), HOME: join(dir, "home") }),
      at("xdg/jupyter"),
    );
    assert.equal(
      find({ HOME: join(dir, "home") }),
      at("home/.local/share/jupyter"),
    );
    assert.equal(find({}, "empty", "root"), at("root/usr/share/jupyter"));
    assert.equal(find({ PATH: join(dir, "path") }), null);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("findProgram refuses a name it does not know, naming the known ones", () => {
  assert.throws(
    () => findProgram("gnuchess" as ProgramName),
    /findProgram: name must be one of stockfish, nats-server, chromium, jupyter, deno-kernelspec, cc, python3, openssl, glaurung, got "gnuchess"/,
  );
  assert.throws(
    () => findProgram("toString" as ProgramName),
    /got "toString"/,
  );
});

Deno.test("installCommand: one apt-get install of every package, once, then the checkout's setups", () => {
  assert.equal(
    installCommand([...PROGRAM_NAMES]),
    "apt-get install --no-install-recommends stockfish nats-server chromium " +
      "jupyter-nbconvert python3-nbclient python3-ipykernel jupyter-client " +
      "gcc libc6-dev python3 openssl glaurung && .ci/kernel",
  );
  assert.equal(installCommand(["deno-kernelspec"]), ".ci/kernel");
  assert.equal(
    installCommand(["cc", "cc"]),
    "apt-get install --no-install-recommends gcc libc6-dev",
  );
  assert.equal(installCommand([]), "");
});

Deno.test(".ci/run installs every program's Debian packages and setups", () => {
  // Continued lines joined: an install command may span several.
  const run = Deno.readTextFileSync(join(ROOT, ".ci/run")).replaceAll(
    /\\\n\s*/g,
    " ",
  );
  for (const name of PROGRAM_NAMES) {
    const program = PROGRAMS[name] as {
      debian: readonly string[];
      setup?: string;
    };
    for (const pkg of program.debian) {
      if (pkg === "python3") continue; // Jupyter's packages bring it.
      assert.match(
        run,
        new RegExp(`install .*\\b${pkg}\\b`),
        `${name}: ${pkg}`,
      );
    }
    if (program.setup) assert.ok(run.includes(program.setup), program.setup);
  }
});

Deno.test("README's test section names every program and the command that installs them all", () => {
  const readme = Deno.readTextFileSync(join(ROOT, "README.md"));
  assert.ok(
    readme.includes(`\`${installCommand([...PROGRAM_NAMES])}\``),
    installCommand([...PROGRAM_NAMES]),
  );
  for (const name of PROGRAM_NAMES) {
    assert.match(readme, new RegExp(`^\\| [^|]*\`${name}\``, "m"), name);
  }
  assert.ok(readme.includes("`held back: none`"));
});

Deno.test("heldBackLine: programs in PROGRAMS' order with their counts; a line that is no program is refused", () => {
  assert.equal(
    heldBackLine(["cc", "deno-kernelspec", "stockfish", "", "stockfish\r"]),
    "held back: stockfish (2 tests), deno-kernelspec (1 test), cc (1 test); " +
      "install them all with: apt-get install --no-install-recommends " +
      "stockfish gcc libc6-dev && .ci/kernel",
  );
  assert.throws(
    () => heldBackLine(["stockfish", "sf"]),
    /heldBackLine: "sf" is not a program of PROGRAMS \(stockfish, /,
  );
});

/** `deno task test` on the fixture with `PATH` and `env`, as a real process. */
async function taskTest(PATH: string, env: Record<string, string> = {}) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "test", "tests/fixtures/programs/needs.ts"],
    cwd: ROOT,
    env: { NO_COLOR: "1", PATH, ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(output.stdout);
  const lines = stdout.trimEnd().split("\n");
  return { code: output.code, stdout, last: lines.at(-1) ?? "" };
}

Deno.test("deno task test: a missing program's tests are ignored, and the run ends naming it, its count and the install command", async () => {
  const empty = Deno.makeTempDirSync({ prefix: "gts_programs_" });
  try {
    const run = await taskTest(empty);
    assert.equal(run.code, 0, run.stdout);
    // deno test --parallel names each test's file before it ("./x.ts => ").
    assert.match(run.stdout, /^(?:\S+ => )?needs cc \.\.\. ignored/m);
    assert.match(
      run.stdout,
      /^(?:\S+ => )?needs cc and jupyter \.\.\. ignored/m,
    );
    assert.match(run.stdout, /^ok \| 1 passed \| 0 failed \| 2 ignored /m);
    assert.equal(
      run.last,
      "held back: jupyter (1 test), cc (2 tests); install them all with: " +
        "apt-get install --no-install-recommends jupyter-nbconvert " +
        "python3-nbclient python3-ipykernel jupyter-client gcc libc6-dev",
    );
  } finally {
    Deno.removeSync(empty, { recursive: true });
  }
});

Deno.test("deno task test: programs that are there, even broken, hold nothing back; a failure keeps deno test's status and output", async () => {
  // Not executable: installed but broken, so the tests run (these do not
  // run the programs, a real one would fail).
  const dir = machine({ "bin/cc": 0o644, "bin/jupyter": 0o644 });
  try {
    const run = await taskTest(join(dir, "bin"));
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.stdout, /^ok \| 3 passed \| 0 failed /m);
    assert.equal(
      run.last,
      "held back: none, every external program the tests use is installed",
    );
    const failing = await taskTest(join(dir, "bin"), { GTS_FIXTURE_FAIL: "1" });
    assert.equal(failing.code, 1, failing.stdout);
    assert.match(failing.stdout, /^FAILED \| 2 passed \| 1 failed /m);
    assert.match(failing.stdout, /asked to fail/);
    assert.equal(
      failing.last,
      "held back: none, every external program the tests use is installed",
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
