// The JSDoc examples run under `deno test --doc`; a console.assert there only
// prints on failure, so such an example could never fail. Keep them asserting.
import assert from "node:assert/strict";

async function* sourceFiles(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) yield* sourceFiles(url);
    else if (entry.name.endsWith(".ts")) yield url;
  }
}

Deno.test("doc examples assert with node:assert, never console.assert", async () => {
  const offenders: string[] = [];
  for (const folder of ["../src/", "../cli/"]) {
    for await (const file of sourceFiles(new URL(folder, import.meta.url))) {
      const text = await Deno.readTextFile(file);
      if (text.includes("console" + ".assert(")) offenders.push(file.pathname);
    }
  }
  const root = await Deno.readTextFile(new URL("../mod.ts", import.meta.url));
  if (root.includes("console" + ".assert(")) offenders.push("mod.ts");
  assert.deepEqual(offenders, []);
});
