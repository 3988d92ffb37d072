/**
 * Starts JupyterLab from `.venv/` for a test that cannot reach the network
 * itself (`deno task test` grants no network permission; chromium does the
 * browsing): prints one JSON line `{"url", "token"}` on stdout once the
 * server answers, and stops the server when standard input closes or on
 * SIGTERM. `--env NAME=VALUE` (repeatable: a list) adds to the server's
 * environment, e.g. `JUPYTER_DATA_DIR` for a test's own notebook signatures;
 * `--root DIR` (at most once) serves DIR instead of the checkout.
 *
 * @module
 */

import { LabFault, startLab } from "../src/notebook/lab.ts";
import { print, warn } from "./_output.ts";
import { FlagsOnce } from "./_flags.ts";

async function main(args: readonly string[]): Promise<number> {
  const env: Record<string, string> = {};
  let root: string | undefined;
  const flags = new FlagsOnce("_lab_serve", ["--env"]);
  for (let i = 0; i < args.length; i++) {
    const twice = flags.repeated(args[i]!);
    if (twice !== null) {
      warn(`_lab_serve: ${twice}`);
      return 2;
    }
    if (args[i] === "--root" && args[i + 1] !== undefined) {
      root = args[++i];
      continue;
    }
    const pair = args[i] === "--env" ? args[++i] : undefined;
    const match = pair === undefined ? null : /^([A-Z_]+)=(.*)$/s.exec(pair);
    if (match === null) {
      warn(
        `_lab_serve: expected --env NAME=VALUE, got ${JSON.stringify(args[i])}`,
      );
      return 2;
    }
    env[match[1]!] = match[2]!;
  }
  let server;
  try {
    server = await startLab({ env, root });
  } catch (error) {
    if (error instanceof LabFault) {
      warn(error.message);
      return 2;
    }
    throw error;
  }
  print(JSON.stringify({ url: server.url, token: server.token }));
  const stopped = new Promise<void>((resolve) => {
    Deno.addSignalListener("SIGTERM", () => resolve());
    (async () => {
      for await (const _ of Deno.stdin.readable) { /* until closed */ }
      resolve();
    })();
  });
  await stopped;
  await server.stop();
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
