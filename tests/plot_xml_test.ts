/**
 * renderSvg's output is a standalone `.svg` file and a `data:image/svg+xml`
 * source: both are read by an XML parser, which refuses the whole image at
 * the first `&` or `<` left raw in an attribute or a forbidden character.
 * These charts carry such characters in every place Plot copies a caller's
 * text: a link, the chart's aria texts, a title channel, a text mark and the
 * figure's title. jsdom's `image/svg+xml` parser is a strict XML parser.
 */

import assert from "node:assert/strict";
import * as Plot from "@observablehq/plot";
import { JSDOM } from "jsdom";
import { renderSvg, svgImageHtml } from "../src/plot/mod.ts";

const { window } = new JSDOM("");

/** Parses `svg` as XML; fails the test with the parser's message. */
function parseXml(svg: string) {
  const document = new window.DOMParser().parseFromString(
    svg,
    "image/svg+xml",
  );
  const error = document.getElementsByTagName("parsererror")[0];
  assert.equal(error?.textContent, undefined, "the SVG is not well-formed XML");
  return document;
}

const HOSTILE = `a<b & "c" 'd' \u0001 \u00a0 x</text><script>alert(1)</script>`;

Deno.test("renderSvg: hostile texts in links, aria texts, titles and text marks give well-formed XML holding the same texts", () => {
  const data = [{ x: 1, y: 2, name: `α<β & "γ"` }];
  const svg = renderSvg({
    x: { label: "nodes < 10 & more" },
    ariaLabel: 'chart "a<b"',
    ariaDescription: "desc <b>",
    marks: [
      Plot.dot(data, {
        x: "x",
        y: "y",
        title: "name",
        href: () => "https://example.org/?a=1&b=2",
        ariaLabel: () => "aria <x>",
      }),
      Plot.text(data, { x: "x", y: "y", text: () => HOSTILE }),
    ],
  });
  const document = parseXml(svg);
  const root = document.documentElement!;
  assert.equal(root.getAttribute("aria-label"), 'chart "a<b"');
  assert.equal(root.getAttribute("aria-description"), "desc <b>");
  assert.equal(
    document.getElementsByTagName("a")[0]!.getAttribute("href"),
    "https://example.org/?a=1&b=2",
  );
  assert.equal(
    document.getElementsByTagName("title")[0]!.textContent,
    `α<β & "γ"`,
  );
  const texts = [...document.getElementsByTagName("text")].map((t) =>
    t.textContent
  );
  // U+0001 is not a character of XML 1.0: it is dropped, the rest is kept.
  assert.ok(texts.includes(HOSTILE.replace("\u0001", "")), texts.join(" | "));
  assert.ok(texts.includes("nodes < 10 & more"), texts.join(" | "));
  assert.equal(document.getElementsByTagName("script").length, 0);
});

Deno.test("renderSvg: a figure's title, subtitle, caption and background with hostile text give well-formed XML", () => {
  const svg = renderSvg({
    title: HOSTILE,
    subtitle: "s&t\u0008",
    caption: "cap <i>\uFFFE",
    marks: [Plot.dot([[1, 2]])],
  }, { background: `"><script>alert(2)</script>` });
  const document = parseXml(svg);
  const texts = [...document.getElementsByTagName("text")].map((t) =>
    t.textContent
  );
  assert.deepEqual(texts.slice(0, 2), [HOSTILE.replace("\u0001", ""), "s&t"]);
  assert.equal(texts.at(-1), "cap <i>");
  assert.equal(
    document.getElementsByTagName("rect")[0]!.getAttribute("fill"),
    `"><script>alert(2)</script>`,
  );
});

Deno.test("renderSvg: a line break or tab in an attribute survives an XML parser's attribute normalisation", () => {
  const svg = renderSvg({
    ariaDescription: "one\ntwo\tthree\r\nfour",
    marks: [Plot.dot([[1, 2]])],
  });
  assert.equal(
    parseXml(svg).documentElement!.getAttribute("aria-description"),
    "one\ntwo\tthree\r\nfour",
  );
});

Deno.test("svgImageHtml: the alt text is the title as a reader sees it, character references decoded", () => {
  // renderSvg writes U+00A0 as &#160; (as linkedom does); the alt held "&amp;#160;".
  const svg = renderSvg({
    title: "Nodes\u00a0per ply & more \u{1F600}",
    marks: [Plot.dot([[1, 2]])],
  });
  assert.match(svg, /Nodes&#160;per ply &amp; more/);
  const alt = /alt="([^"]*)"/.exec(svgImageHtml(svg))![1]!;
  assert.equal(alt, "Nodes\u00a0per ply &amp; more \u{1F600}");
  const written =
    '<svg xmlns="http://www.w3.org/2000/svg"><text font-weight="bold">a&#x3C;b&#62;c&#0;</text></svg>';
  assert.equal(
    /alt="([^"]*)"/.exec(svgImageHtml(written))![1],
    "a&lt;b>c&amp;#0;",
  );
});
