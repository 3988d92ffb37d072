// A file a notebook's text points to is one the reader has: every path it
// writes in backticks (`figures/atlas/rows.json`) and every relative link
// target must exist in the repository and not be one that .gitignore keeps
// out of it, unless the paragraph names the `deno task` that writes it
// (notebook 10 pointed to figures/timings.md, which git ignores, as if it
// were committed).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";

const ROOT = new URL("../", import.meta.url);
const NOTEBOOKS = new URL("notebooks/", ROOT);

interface Cell {
  cell_type: string;
  source: string | string[];
}

/** .gitignore's patterns as tests on a path from the repository's root. */
export function ignoredBy(gitignore: string): (path: string) => boolean {
  const patterns = gitignore.split("\n").map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const directory = line.endsWith("/");
      const body = line.replace(/\/$/, "");
      const anchored = body.startsWith("/") || body.includes("/");
      const glob = body.replace(/^\//, "").replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*\*\//g, "\u0000").replace(/\*/g, "[^/]*")
        .replace(/\?/g, "[^/]").replaceAll("\u0000", "(?:.*/)?");
      return {
        directory,
        regex: new RegExp(`^${anchored ? "" : "(?:.*/)?"}${glob}$`),
      };
    });
  return (path: string) => {
    const parts = path.replace(/\/$/, "").split("/");
    return parts.some((_, i) => {
      const prefix = parts.slice(0, i + 1).join("/");
      const isDirectory = i < parts.length - 1 || path.endsWith("/");
      return patterns.some((p) =>
        p.regex.test(prefix) && (!p.directory || isDirectory ||
          existsSync(new URL(prefix + "/", ROOT)))
      );
    });
  };
}

/** The paths a block of Markdown points to, from the repository's root. */
export function pathsIn(text: string): string[] {
  const paths: string[] = [];
  for (const [, code] of text.matchAll(/`([^`\s]+)`/g)) {
    if (/^\.?[A-Za-z_][\w.-]*(?:\/[\w.*-]+)*\/[\w.-]*$/.test(code!)) {
      paths.push(code!);
    }
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/.test(target!)) continue;
    // Links are relative to notebooks/.
    const url = new URL(target!, NOTEBOOKS);
    paths.push(url.pathname.slice(ROOT.pathname.length));
  }
  return paths;
}

Deno.test("a notebook's text points only to files in the repository, or says which deno task writes them", () => {
  const ignored = ignoredBy(
    Deno.readTextFileSync(new URL(".gitignore", ROOT)),
  );
  const problems: string[] = [];
  const names = [...Deno.readDirSync(NOTEBOOKS)].map((entry) => entry.name)
    .filter((name) => name.endsWith(".ipynb")).sort();
  assert.ok(names.length >= 10);
  for (const name of names) {
    const notebook = JSON.parse(
      Deno.readTextFileSync(new URL(name, NOTEBOOKS)),
    ) as { cells: Cell[] };
    notebook.cells.forEach((cell, index) => {
      if (cell.cell_type !== "markdown") return;
      const text = [cell.source].flat().join("");
      // A block: a paragraph, or one item of a list.
      for (const block of text.split(/\n\s*\n|\n(?=- )/)) {
        for (const path of pathsIn(block)) {
          const there = existsSync(new URL(path, ROOT)) && !ignored(path);
          if (!there && !/`deno task [^`]+`/.test(block)) {
            problems.push(`${name} cell ${index + 1}: ${path}`);
          }
        }
      }
    });
  }
  assert.deepEqual(problems, []);
});

Deno.test("ignoredBy reads .gitignore's kinds of pattern", () => {
  const ignored = ignoredBy(
    "node_modules/\n*.log\nfigures/timings.md\nfigures/**/*.tmp\n/site/\n.grading-*/\n# a comment\n",
  );
  assert.deepEqual(
    [
      "figures/timings.md",
      "figures/atlas/rows.json",
      "figures/atlas/x.tmp",
      "a/b/run.log",
      "site/index.html",
      "docs/site/index.html",
      ".grading-3/report.md",
      "src/node_modules/x.ts",
    ].map(ignored),
    [true, false, true, true, true, false, true, true],
  );
});
