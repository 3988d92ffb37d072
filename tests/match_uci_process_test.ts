// UciProcess as a fault domain, with real processes: the fake engines of
// tests/fixtures/engines/, Stockfish, and shell one-liners. Each fault ends
// in a UciError whose one line names the engine, the command it was
// answering and what it printed.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { UciError, UciProcess } from "../mod.ts";
import { lacks, pathOf } from "./_programs.ts";
import { groupLeft, killLeftovers, running } from "./_processes.ts";

const fixture = (name: string) =>
  fileURLToPath(new URL(`fixtures/engines/${name}`, import.meta.url));

async function fault(
  promise: Promise<unknown>,
  kind: UciError["fault"],
  message: RegExp,
): Promise<UciError> {
  const error = await promise.then(() => null, (e) => e);
  assert.ok(error instanceof UciError, `expected a UciError, got ${error}`);
  assert.equal(error.fault, kind, error.message);
  assert.match(error.message, message);
  assert.doesNotMatch(error.message, /\n/, "one line");
  return error;
}

Deno.test("UciProcess.start refuses bad options before spawning: setoption injection, timeouts, name, unknown keys", async () => {
  const bad: [unknown, RegExp][] = [
    [{ options: { "Hash\nquit": 1 } }, /options has a name with a control/],
    [
      { options: { Hash: "16\nquit" } },
      /options\["Hash"\] must be .*"16\\nquit"/,
    ],
    [{ options: { "Skill value Level": 1 } }, /the word "value"/],
    [{ options: { "": 1 } }, /an empty name/],
    [{ options: { Hash: NaN } }, /options\["Hash"\] must be .*got NaN/],
    [{ options: [] }, /options must be an object of setoption pairs/],
    [{ timeoutMs: 0 }, /timeoutMs must be a finite number > 0, got 0/],
    [{ timeoutMs: -5 }, /timeoutMs must be a finite number > 0, got -5/],
    [{ timeoutMs: Infinity }, /timeoutMs must be .*got Infinity/],
    [{ handshakeTimeoutMs: NaN }, /handshakeTimeoutMs must be .*got NaN/],
    [{ name: "" }, /name must be a non-empty string .*got ""/],
    [{ name: "a\nb" }, /name must be a non-empty string without control/],
    [{ timeout: 5 }, /UciProcess.start: unknown option "timeout"/],
  ];
  for (const [options, message] of bad) {
    // A program that would leave a mark if it ran.
    const mark = Deno.makeTempFileSync();
    Deno.removeSync(mark);
    await assert.rejects(
      () =>
        UciProcess.start(
          ["sh", "-c", `touch ${mark}`],
          options as never,
        ),
      message,
    );
    assert.throws(() => Deno.statSync(mark), Deno.errors.NotFound);
  }
});

Deno.test("UciProcess: spawn failures (missing, not executable), an engine that exits at once, one that never answers, one that prints garbage", async () => {
  await fault(
    UciProcess.start(["/nonexistent/engine"]),
    "spawn",
    /UciProcess engine: cannot run "\/nonexistent\/engine": .*No such file/,
  );
  const plain = Deno.makeTempFileSync({ suffix: ".sh" });
  Deno.writeTextFileSync(plain, "#!/bin/sh\necho uciok\n");
  Deno.chmodSync(plain, 0o644);
  await fault(
    UciProcess.start([plain]),
    "spawn",
    /cannot run ".*\.sh": .*Permission denied/,
  );
  Deno.removeSync(plain);
  await fault(
    UciProcess.start([fixture("exits.sh")]),
    "exit",
    /UciProcess exits.sh: the engine ended.*"uci".*exit code 3.*stderr: "exits.sh: no engine here"/,
  );
  await fault(
    UciProcess.start([fixture("silent.sh")], { handshakeTimeoutMs: 300 }),
    "timeout",
    /UciProcess silent.sh: no answer to "uci" within 300 ms; it printed nothing/,
  );
  // Long enough for a loaded machine to start the shell and let it print
  // (the message must quote what it printed): it never says uciok, so the
  // test waits it all.
  const garbage = await fault(
    UciProcess.start([fixture("garbage.sh")], { handshakeTimeoutMs: 5_000 }),
    "timeout",
    /UciProcess garbage.sh: no answer to "uci" within 5000 ms; last lines: "ERR\\u0001\\u001b\[31m/,
  );
  // deno-lint-ignore no-control-regex
  assert.doesNotMatch(garbage.message, /[\u0000-\u001f]/, "escaped");
});

Deno.test("UciProcess: a go without bestmove quotes the engine's info string; a flood is stopped", async () => {
  // Long enough for a loaded machine to let the engine print its info line
  // (the message must quote it): it never says bestmove, so the test waits
  // it all.
  const hangs = await UciProcess.start([fixture("hangs_on_go.sh")], {
    timeoutMs: 5_000,
  });
  assert.equal(hangs.name, "hangs");
  await fault(
    hangs.go({ moves: [] }, "depth 1"),
    "timeout",
    /UciProcess hangs: no answer to "go depth 1" within 5000 ms; it said: "cannot search: no evaluation loaded"/,
  );
  await hangs.kill();
  await fault(hangs.send("isready"), "closed", /cannot send "isready": closed/);

  // One line of 2 MB, then silence: stopped, not stored.
  const flood = UciProcess.start([
    "sh",
    "-c",
    "head -c 2000000 /dev/zero | tr '\\0' x; exec sleep 30",
  ], { handshakeTimeoutMs: 20_000 });
  await fault(flood, "flood", /printed a line longer than 1048576 characters/);

  const engine = await UciProcess.start([fixture("illegal.sh")]);
  await assert.rejects(
    () => engine.send("isready\nquit"),
    /UciProcess illegal: send: line must be a string without control characters \(one command\), got "isready\\nquit"/,
  );
  await assert.rejects(
    () => engine.go({ moves: [] }, "depth 1\ngo infinite"),
    /send: line must be a string without control characters/,
  );
  assert.equal((await engine.go({ moves: [] }, "depth 1")).bestMove, "a1a1");
  await engine.close();
});

Deno.test("UciProcess: a crash in mid-game quotes its exit code and stderr", {
  ignore: lacks("stockfish"),
}, async () => {
  const crashes = await UciProcess.start([
    "env",
    `STOCKFISH=${pathOf("stockfish")}`,
    fixture("crashes.sh"),
  ], {
    name: "crashy",
  });
  assert.equal(crashes.name, "crashy");
  const first = await crashes.go({ moves: [] }, "depth 1");
  assert.match(first.bestMove, /^[a-h][1-8][a-h][1-8]$/);
  assert.match(first.lastInfo!, / score /);
  await crashes.go({ moves: [] }, "depth 1");
  await fault(
    crashes.go({ moves: [] }, "depth 1"),
    "exit",
    /UciProcess crashy: the engine ended while answering "go depth 1"; exit code 3; last lines: .*"bestmove .*stderr: "crashes.sh: simulated crash on go number 3"/,
  );
  await crashes.close();
});

Deno.test("UciProcess.start: aborting its signal during the handshake kills the engine at once", async () => {
  const stop = new AbortController();
  const started = UciProcess.start([fixture("silent.sh")], {
    signal: stop.signal,
    handshakeTimeoutMs: 60_000,
  });
  setTimeout(() => stop.abort(), 200);
  await fault(
    started,
    "closed",
    /silent.sh: the engine ended while answering "uci"/,
  );
  await fault(
    UciProcess.start([fixture("silent.sh")], { signal: stop.signal }),
    "closed",
    /aborted/,
  );
});

/** `promise`, or a failure naming `what` after `ms` (a bound against a hang, not a timing). */
async function within<T>(promise: Promise<T>, ms: number, what: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) =>
        timer = setTimeout(
          () => reject(new Error(`${what} did not end within ${ms} ms`)),
          ms,
        )
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * leaves_child.sh started with `args`, sent a `go`, its child's pid read:
 * an engine whose child holds its pipes. `cleanUp` kills what is left.
 */
async function withLeftChild(
  args: string[],
  detached: boolean,
): Promise<{ engine: UciProcess; child: number; cleanUp: () => void }> {
  const file = Deno.makeTempFileSync();
  const engine = await UciProcess.start([
    "env",
    `CHILD_PID_FILE=${file}`,
    fixture("leaves_child.sh"),
    ...args,
  ], { detached });
  await engine.send("go depth 1");
  let text = "";
  for (let i = 0; i < 1_000 && !text.includes("\n"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    text = Deno.readTextFileSync(file);
  }
  Deno.removeSync(file);
  const child = Number(text.trim());
  assert.ok(child > 0 && running(child), `the child runs: ${text}`);
  // Whatever the test found, it leaves no process behind.
  const cleanUp = () => {
    killLeftovers([child], "sleep");
    killLeftovers([engine.pid], "sh");
  };
  return { engine, child, cleanUp };
}

Deno.test("UciProcess.kill of a detached engine ends its whole group: a child left holding its pipes does not make kill wait for ever", async () => {
  // Found by review: kill signalled the engine's pid only, then waited for
  // the pipes' end, which its child held open: a restart, close() at the
  // end of a match and the SIGINT handler waited for ever.
  const { engine, child, cleanUp } = await withLeftChild(["wait"], true);
  try {
    await within(engine.kill(), 30_000, "kill");
    assert.deepEqual(await groupLeft(engine.pid), [], "the group is empty");
    assert.ok(!running(child), `the child ${child} was killed`);
  } finally {
    cleanUp();
  }
});

Deno.test("UciProcess.close of a detached engine that quits and leaves a child behind ends the child too", async () => {
  const { engine, child, cleanUp } = await withLeftChild([], true);
  try {
    await within(engine.close(), 30_000, "close");
    assert.deepEqual(await groupLeft(engine.pid), [], "the group is empty");
    assert.ok(!running(child), `the child ${child} was killed`);
  } finally {
    cleanUp();
  }
});

Deno.test("UciProcess.kill of an engine that is not detached returns though a child it left holds its pipes (the child is out of its reach)", async () => {
  const { engine, child, cleanUp } = await withLeftChild(["wait"], false);
  try {
    await within(engine.kill(), 30_000, "kill");
    assert.ok(!running(engine.pid), "the engine was killed");
    // Not in a group of the engine's own: only a detached engine's
    // leftovers are killed. The test ends it.
    assert.ok(running(child), `the child ${child} is left`);
    await fault(engine.send("isready"), "closed", /closed/);
  } finally {
    cleanUp();
  }
});
