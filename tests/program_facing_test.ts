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
