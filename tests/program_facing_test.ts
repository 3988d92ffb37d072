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
