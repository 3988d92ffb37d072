// The site's folder is replaced only by a finished build: a build that
// fails leaves the previous site as it was and nothing beside it.
import assert from "node:assert/strict";
import { join } from "node:path";
import { buildSite, SITE_MARKER } from "../src/site/build.ts";
import { buildInto } from "../src/site/_out_folder.ts";

/** Every file under `dir`, with its text, sorted by path. */
async function files(dir: string): Promise<[string, string][]> {
  const found: [string, string][] = [];
  const walk = async (at: string, prefix: string) => {
    for await (const entry of Deno.readDir(at)) {
      const path = join(at, entry.name), name = prefix + entry.name;
      if (entry.isDirectory) await walk(path, `${name}/`);
      else found.push([name, await Deno.readTextFile(path)]);
    }
  };
  await walk(dir, "");
  return found.sort(([a], [b]) => a < b ? -1 : 1);
}

/** A parent folder holding an earlier build's site, `site/`. */
async function oldSite(): Promise<{ parent: string; out: string }> {
  const parent = await Deno.makeTempDir({ prefix: "gts-site-out-" });
  const out = join(parent, "site");
  await Deno.mkdir(join(out, "assets"), { recursive: true });
  await Deno.writeTextFile(join(out, SITE_MARKER), "marker\n");
  await Deno.writeTextFile(join(out, "index.html"), "old index");
  await Deno.writeTextFile(join(out, "assets", "chart.svg"), "<svg/>");
  return { parent, out };
}

const OLD: [string, string][] = [
  [SITE_MARKER, "marker\n"],
  ["assets/chart.svg", "<svg/>"],
  ["index.html", "old index"],
];

Deno.test("buildSite: a build that fails leaves the previous site untouched and nothing beside it", async () => {
  const { parent, out } = await oldSite();
  // A repository without notebooks: the build fails after it has begun.
  const root = await Deno.makeTempDir({ prefix: "gts-site-root-" });
  try {
    await assert.rejects(
      buildSite({ out, root }),
      /^Error: buildSite: no notebooks in /,
    );
    assert.deepEqual(await files(out), OLD);
    assert.deepEqual(
      [...Deno.readDirSync(parent)].map((e) => e.name),
      ["site"],
    );
    // Where there was no site, a failed build makes none.
    const missing = join(parent, "new");
    await assert.rejects(buildSite({ out: missing, root }), /no notebooks/);
    assert.deepEqual(
      [...Deno.readDirSync(parent)].map((e) => e.name),
      ["site"],
    );
  } finally {
    await Deno.remove(parent, { recursive: true });
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("buildInto: a finished build takes the old site's place; a failed one, or a folder that is not the site's, changes nothing", async () => {
  const { parent, out } = await oldSite();
  try {
    await assert.rejects(
      buildInto(out, async (dir) => {
        await Deno.writeTextFile(join(dir, "index.html"), "half");
        throw new Error("a page failed");
      }),
      /^Error: a page failed$/,
    );
    assert.deepEqual(await files(out), OLD);
    const made = await buildInto(out, async (dir) => {
      // The new folder is beside the old one, and marked from the start.
      assert.equal(join(dir, ".."), parent);
      await Deno.stat(join(dir, SITE_MARKER));
      await Deno.writeTextFile(join(dir, "index.html"), "new index");
      return "built";
    });
    assert.equal(made, "built");
    assert.deepEqual((await files(out)).map(([name]) => name), [
      SITE_MARKER,
      "index.html",
    ]);
    assert.equal(await Deno.readTextFile(join(out, "index.html")), "new index");
    assert.deepEqual(
      [...Deno.readDirSync(parent)].map((e) => e.name),
      ["site"],
    );
    // A folder of someone else's is refused before anything is built.
    const foreign = join(parent, "notes");
    await Deno.mkdir(foreign);
    await Deno.writeTextFile(join(foreign, "notes.txt"), "mine");
    let built = false;
    await assert.rejects(
      buildInto(foreign, () => Promise.resolve(built = true)),
      /^Error: buildSite: out .*notes is a folder that is not empty and has no \.gts-site \(not written by deno task site\): refusing to replace it$/,
    );
    assert.equal(built, false);
    assert.deepEqual(await files(foreign), [["notes.txt", "mine"]]);
    // ... and so is one that becomes someone else's while the site builds.
    await assert.rejects(
      buildInto(out, async () => {
        await Deno.remove(join(out, SITE_MARKER));
      }),
      /has no \.gts-site/,
    );
    assert.deepEqual((await files(out)).map(([name]) => name), ["index.html"]);
    assert.deepEqual(
      [...Deno.readDirSync(parent)].map((e) => e.name).sort(),
      ["notes", "site"],
    );
  } finally {
    await Deno.remove(parent, { recursive: true });
  }
});
