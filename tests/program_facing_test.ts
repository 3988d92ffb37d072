// .ci/program_facing.ts decides which files CI's run without programs
// covers (.ci/test-without-programs): a file it leaves out must be unable
// to reach a program. These tests hold it to that on the repository itself.
import assert from "node:assert/strict";
import {
  candidateFiles,
  facingReasons,
  programFacingFiles,
} from "../.ci/program_facing.ts";

const files = await candidateFiles();
const facing = new Set(programFacingFiles(files));

Deno.test("program_facing: every file that holds tests back without a program, or starts one, is covered", async () => {
  const starts =
    /\blacks\(|_programs\.ts|_browser\.ts|\bDeno\.Command\b|child_process|findProgram|puppeteer/;
  const missed: string[] = [];
  for (const file of files) {
    if (starts.test(await Deno.readTextFile(file)) && !facing.has(file)) {
      missed.push(file);
    }
  }
  assert.deepEqual(missed, []);
  assert.ok(files.length > 300, `${files.length} files read`);
});

Deno.test("program_facing: a binding is followed through mod.ts to the module that defines it", () => {
  // alphaBeta comes from mod.ts, which also re-exports the UCI client: the
  // test of tic-tac-toe reaches only the search.
  for (
    const file of [
      "tests/tic_tac_toe_test.ts",
      "src/search/alpha_beta.ts",
      "src/games/chess/position.ts",
      // It plays with engines it is given; it starts none.
      "src/uci/chess_match.ts",
    ]
  ) assert.ok(!facing.has(file), `${file} should not face the programs`);
  for (
    const file of [
      "src/programs.ts",
      "src/uci/uci_engine.ts",
      "tests/browser/site_test.ts",
      "tests/notebooks_test.ts",
      // Its doc example starts a UciProcess.
      "src/uci/uci_error.ts",
    ]
  ) assert.ok(facing.has(file), `${file} should face the programs`);
});

Deno.test("program_facing: each facing module says which import or text makes it face them", () => {
  const reasons = facingReasons(files);
  assert.equal(reasons.get("src/programs.ts"), "its own text");
  assert.match(
    reasons.get("src/jobs/run.ts") ?? "",
    /^imports .*UciProcess.* from \.\.\/uci\/uci_engine\.ts$/,
  );
});

Deno.test("program_facing --ignore: the files left out, after deno.json's excludes, which deno test's --ignore replaces", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", ".ci/program_facing.ts", "--ignore"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(output.success, new TextDecoder().decode(output.stderr));
  const ignored = new TextDecoder().decode(output.stdout).trim().split(",");
  const config = JSON.parse(await Deno.readTextFile("deno.json"));
  const excluded = [...config.exclude, ...config.test.exclude];
  // The cache of npm packages (DENO_DIR=.deno in CI) holds markdown with
  // code that --doc would run.
  assert.ok(excluded.includes(".deno/"));
  assert.deepEqual(ignored.slice(0, excluded.length), excluded);
  assert.ok(ignored.includes("tests/tic_tac_toe_test.ts"));
  assert.ok(!ignored.includes("src/programs.ts"));
  assert.equal(
    ignored.length - excluded.length + facing.size,
    files.length,
  );
});

/** A throwaway repository of `files` (path → text); the facing ones among `asked`. */
async function facingIn(
  files: Record<string, string>,
  asked: string[],
): Promise<string[]> {
  const root = await Deno.makeTempDir({ prefix: "program_facing_" });
  try {
    await Deno.writeTextFile(`${root}/deno.json`, "{}");
    for (const [path, text] of Object.entries(files)) {
      await Deno.writeTextFile(`${root}/${path}`, text);
    }
    return programFacingFiles(asked, `${root}/`);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

Deno.test("program_facing: a cycle does not hide a program behind the module still being read", async () => {
  // a imports b first, then the spawning c; b's callA calls back into a.
  const files = {
    "a.ts":
      'import { callA } from "./b.ts";\nimport { spawn } from "./c.ts";\nexport function a() { spawn(); return callA; }\n',
    "b.ts":
      'import { a } from "./a.ts";\nexport function callA() { return a(); }\n',
    "c.ts": 'export function spawn() { return new Deno.Command("x"); }\n',
    "t_test.ts": 'import { callA } from "./b.ts";\ncallA;\n',
    "plain.ts": "export const plain = 1;\n",
    "p_test.ts": 'import { plain } from "./plain.ts";\nplain;\n',
  };
  for (
    const order of [["a.ts", "b.ts", "t_test.ts"], [
      "t_test.ts",
      "b.ts",
      "a.ts",
    ]]
  ) {
    assert.deepEqual(
      (await facingIn(files, [...order, "p_test.ts"])).sort(),
      ["a.ts", "b.ts", "t_test.ts"],
    );
  }
});

Deno.test("program_facing: an object's keys are not exported names; several declarators are", async () => {
  const files = {
    "util.ts":
      "export const helpers = { spawnEngine: (y: number) => y, b: 1 };\nexport const A1 = 0, A8 = 112;\n",
    "engine.ts":
      'export function spawnEngine() { return new Deno.Command("x"); }\n',
    "mod.ts": 'export * from "./util.ts";\nexport * from "./engine.ts";\n',
    "t_test.ts": 'import { spawnEngine } from "./mod.ts";\nspawnEngine;\n',
    "a8_test.ts": 'import { A8 } from "./mod.ts";\nA8;\n',
  };
  assert.deepEqual(
    (await facingIn(files, ["t_test.ts", "a8_test.ts"])).sort(),
    ["t_test.ts"],
  );
});

Deno.test("program_facing: Deno's Command however reached, single quotes, and examples fenced with more spaces or backticks", async () => {
  const files = {
    "d.ts": "const { Command } = Deno;\nexport const d = Command;\n",
    "k.ts": 'export const k = Deno["Command"];\n',
    "s.ts": "import { spawn } from './c.ts';\nexport const s = spawn;\n",
    "c.ts": 'export function spawn() { return new Deno.Command("x"); }\n',
    "e.ts":
      '/**\n * @example\n *  ````ts\n * import { spawn } from "./c.ts";\n * spawn();\n *  ````\n */\nexport const e = 1;\n',
    "i.ts":
      '/**\n * @example\n * ```ts ignore\n * import { spawn } from "./c.ts";\n * ```\n */\nexport const i = 1;\n',
  };
  assert.deepEqual(
    (await facingIn(files, ["d.ts", "k.ts", "s.ts", "e.ts", "i.ts"])).sort(),
    ["d.ts", "e.ts", "k.ts", "s.ts"],
  );
});

Deno.test("program_facing: loading every barrel (mod.ts) starts no program and reads no environment, so a name imported through one reaches only its own module", async () => {
  const barrels = files.filter((file) => /(^|\/)mod\.ts$/.test(file));
  assert.ok(barrels.includes("mod.ts") && barrels.length > 10, `${barrels}`);
  const dir = await Deno.makeTempDir({ prefix: "program_facing_barrels_" });
  try {
    const script = `${dir}/load.ts`;
    await Deno.writeTextFile(
      script,
      barrels.map((file) =>
        `import ${JSON.stringify(new URL(`../${file}`, import.meta.url).href)};`
      ).join("\n") + '\nconsole.log("loaded");\n',
    );
    const output = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--config",
        new URL("../deno.json", import.meta.url).pathname,
        "--allow-read",
        "--deny-run",
        "--deny-env",
        "--deny-net",
        "--deny-sys",
        "--deny-ffi",
        script,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(output.stderr);
    assert.ok(output.success, err);
    assert.equal(new TextDecoder().decode(output.stdout).trim(), "loaded");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
