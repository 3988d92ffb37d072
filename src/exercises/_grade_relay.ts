/**
 * The grader's subprocess's main module: it holds the one-time token and
 * writes the result lines, and no code of a submission ever runs in its
 * isolate. It reads the token on stdin, starts the checks and the
 * submission in a Worker (the bundle of `_checker_bundle.ts`, whose
 * `runGradeChild` is in `_grade_child.ts`), hands that Worker a
 * `MessagePort` and the exercises' ids before the submission loads, and
 * writes each line the Worker sends through that port on stdout after the
 * token.
 *
 * Why two isolates: a submission can read every string of the isolate it
 * runs in (`import("node:v8")` by a specifier built at run time needs no
 * permission, and a heap snapshot lists every string), so a token kept in
 * that isolate, in whatever closure, can be found and result lines forged.
 * The Worker is another isolate, whose heap holds no token; what it can
 * send the grader goes through this module, which puts the token in front
 * of it. The port is taken by the checks before the submission loads and
 * kept in their closure, with `MessagePort.prototype.postMessage` taken
 * then too: the submission holds no reference to it, and what it posts to
 * the Worker's own `self.postMessage` is not read.
 *
 * The Worker's messages are strings: `line TEXT` (TEXT one line of JSON,
 * written after the token) and `exit CODE` (the process ends with that
 * code: the checks are done, or the submission called `Deno.exit`, which
 * in a Worker would end the Worker only). A Worker that ends without
 * either leaves the exit code 1; an error thrown in it and not caught ends
 * this process as Deno does (exit code 1, the error on stderr).
 *
 * Usage (by `grade.ts`): `deno run --allow-read=DIR/entry.js
 * _grade_relay.ts DIR/entry.js ID…`, the token and a line break on stdin.
 *
 * @module
 */

if (import.meta.main) await relay(Deno.args);

/** Runs the Worker `args[0]` on the exercises `args[1…]`, relaying its lines. */
async function relay(args: readonly string[]): Promise<void> {
  const [entry, ...ids] = args;
  if (entry === undefined) {
    throw new Error("the grader's relay needs the checks' module as argument");
  }
  const exit = Deno.exit;
  // Ended without a word from the Worker: not a clean end.
  Deno.exitCode = 1;
  const token = await readToken();
  const encoder = new TextEncoder();
  const write = (text: string) => {
    const bytes = encoder.encode(text);
    let written = 0;
    while (written < bytes.length) {
      written += Deno.stdout.writeSync(bytes.subarray(written));
    }
  };
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data !== "string") return;
    if (data.startsWith("line ")) {
      const line = data.slice("line ".length);
      // One line of printable ASCII, as the checks' JSON writer makes it.
      if (!/^[\x20-\x7e]*$/.test(line)) return;
      write(`\n${token} ${line}\n`);
    } else if (data.startsWith("exit ")) {
      const code = Number(data.slice("exit ".length));
      exit(Number.isInteger(code) && code >= 0 && code < 256 ? code : 1);
    }
  };
  const url = `file://${entry.split("/").map(encodeURIComponent).join("/")}`;
  const worker = new Worker(url, { type: "module" });
  worker.postMessage({ port: port2, ids }, [port2]);
}

/** The first line of stdin: the token of this run (32 hexadecimal digits). */
async function readToken(): Promise<string> {
  const reader = Deno.stdin.readable.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  const token = text.slice(0, text.indexOf("\n"));
  if (!/^[0-9a-f]{32}$/.test(token)) {
    throw new Error("the grader's relay needs its token on stdin");
  }
  return token;
}
