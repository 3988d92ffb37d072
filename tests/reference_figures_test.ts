// The reference C++ solver's figures that the Connect Four rows and
// c4bench compare with are the ones part 12 of Pons' tutorial publishes,
// as data/README.md quotes them with their source; and every README a
// source file names as where its figures come from is in the repository
// (data/connect4/README.md was named by c4bench and the course rows, and
// never committed).
import assert from "node:assert/strict";
import { REFERENCE_MICROSECONDS } from "../cli/c4bench.ts";
import { REFERENCE } from "../src/course/connect_four/connect_four_steps.ts";

const ROOT = new URL("..", import.meta.url);

/** data/README.md's table of the published figures, by file: µs and nodes. */
function publishedFigures(): Map<string, { micros: number; nodes: number }> {
  const text = Deno.readTextFileSync(new URL("data/README.md", ROOT));
  assert.match(
    text,
    /blog\.gamesolver\.org\/solving-connect-four\/12-lower-bound-transposition-table/,
  );
  const unit = { "µs": 1, "ms": 1e3, "s": 1e6 } as const;
  const figures = new Map<string, { micros: number; nodes: number }>();
  for (
    const [, file, time, scale, nodes] of text.matchAll(
      /^\| [A-Z][a-z]+-[A-Z][a-z]+ +\| `(Test_L\d_R\d)` \| +([\d.]+) (µs|ms|s) \| +([\d,.]+) \|$/gm,
    )
  ) {
    figures.set(file!, {
      micros:
        Math.round(Number(time) * unit[scale as keyof typeof unit] * 1e3) /
        1e3,
      nodes: Number(nodes!.replaceAll(",", "")),
    });
  }
  return figures;
}

Deno.test("the reference figures c4bench and the Connect Four rows use are data/README.md's, which quotes Pons' part 12", () => {
  const published = publishedFigures();
  assert.equal(published.size, 6, [...published.keys()].join(", "));
  for (const [file, { micros }] of published) {
    assert.equal(REFERENCE_MICROSECONDS[file], micros, file);
  }
  // data/connect4's copies of End-Easy and Middle-Easy.
  for (
    const [name, file] of [
      ["end_easy", "Test_L3_R1"],
      ["middle_easy", "Test_L2_R1"],
    ] as const
  ) {
    const figures = published.get(file)!;
    assert.equal(REFERENCE_MICROSECONDS[name], figures.micros, name);
    assert.equal(REFERENCE[name].micros, figures.micros, name);
    // The rows print nodes to one decimal.
    assert.equal(REFERENCE[name].nodes, Number(figures.nodes.toFixed(1)), name);
  }
});

Deno.test("every README that cli/, src/, bench/ and figures/README.md name is in the repository", async () => {
  const missing: string[] = [];
  const files = [new URL("figures/README.md", ROOT)];
  for (const folder of ["cli/", "src/", "bench/"]) {
    const walk = async (dir: URL) => {
      for await (const entry of Deno.readDir(dir)) {
        const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
        if (entry.isDirectory) await walk(url);
        else if (/\.ts$/.test(entry.name)) files.push(url);
      }
    };
    await walk(new URL(folder, ROOT));
  }
  for (const file of files) {
    const text = await Deno.readTextFile(file);
    for (
      const [path] of text.matchAll(
        /\b(?:data|docs|figures)\/[\w/]*README\.md\b/g,
      )
    ) {
      try {
        Deno.statSync(new URL(path, ROOT));
      } catch {
        missing.push(`${file.pathname.slice(ROOT.pathname.length)}: ${path}`);
      }
    }
  }
  assert.deepEqual(missing, []);
});
