/**
 * The chromium launcher of tests/browser/ under faults, with real processes:
 * a missing path, a file that is not executable, a binary that exits at once
 * with a message, and one that never answers. Each rejects with one message
 * naming the path, what it did and what to install, within its timeout, and
 * leaves no process behind. Needs no chromium.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { CHROMIUM_HINT, launchChromium } from "./_browser.ts";

const HINT = new RegExp(`\\(${CHROMIUM_HINT}\\)$`);

/** A temporary folder with `files` (name → [text, mode]). */
async function folder(
  files: Record<string, [string, number]>,
): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "gts-launch-fault-" });
  for (const [name, [text, mode]] of Object.entries(files)) {
    await Deno.writeTextFile(join(dir, name), text);
    await Deno.chmod(join(dir, name), mode);
  }
  return dir;
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof Error, String(error));
    return error.message;
  }
  assert.fail("launchChromium resolved");
}

Deno.test("launchChromium: a missing executable is named, with what to install", async () => {
  const message = await rejection(launchChromium("/gts/no/such/chromium"));
  assert.match(
    message,
    /^launchChromium: \/gts\/no\/such\/chromium does not exist /,
  );
  assert.match(message, HINT);
  assert.match(message, /apt-get install chromium/);
});

Deno.test("launchChromium: a file that is not executable is named with its mode", async () => {
  const dir = await folder({ chromium: ["#!/bin/sh\n", 0o644] });
  try {
    const message = await rejection(launchChromium(join(dir, "chromium")));
    assert.match(message, /chromium is not an executable file \(mode 644\) /);
    assert.match(message, HINT);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("launchChromium: a binary that exits at once is named with its exit code and last lines", async () => {
  const dir = await folder({
    chromium: [
      '#!/bin/sh\necho "garbage" >&2\necho "fatal: cannot open display" >&2\nexit 3\n',
      0o755,
    ],
  });
  try {
    const path = join(dir, "chromium");
    const message = await rejection(
      launchChromium(path, { timeoutMs: 20_000 }),
    );
    assert.match(
      message,
      /^launchChromium: .*chromium did not start a browser within 20 s \(/,
    );
    assert.match(
      message,
      /"[^"]*chromium --version" exited with code 3: garbage \| fatal: cannot open display \(apt-get/,
    );
    assert.equal(message.includes("\n"), false, message);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("launchChromium: a binary that never answers is stopped after the timeout, and killed", async () => {
  const dir = await Deno.makeTempDir({ prefix: "gts-launch-fault-" });
  const pids = join(dir, "pids");
  await Deno.writeTextFile(
    join(dir, "chromium"),
    `#!/bin/sh\necho $$ >> "${pids}"\nexec sleep 600\n`,
  );
  await Deno.chmod(join(dir, "chromium"), 0o755);
  try {
    const message = await rejection(
      launchChromium(join(dir, "chromium"), { timeoutMs: 1_500 }),
    );
    assert.match(message, /did not start a browser within 1\.5 s \(/);
    assert.match(
      message,
      /"[^"]*chromium --version" gave no answer within 1\.5 s/,
    );
    const started = (await Deno.readTextFile(pids)).trim().split("\n").map(
      Number,
    );
    assert.equal(started.length, 2, "the launch and the --version run");
    for (const pid of started) {
      let state: string | null = null;
      for (let i = 0; i < 50; i++) {
        try {
          const stat = await Deno.readTextFile(`/proc/${pid}/stat`);
          state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]!;
        } catch {
          state = null;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(state, null, `pid ${pid} is still there (state ${state})`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
