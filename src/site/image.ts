/**
 * Image data the site shows or copies, checked before it lands in a page:
 * strict base64 (alphabet and padding) and the magic bytes of the type it
 * claims. A notebook's `image/png` output is pasted into an attribute, so
 * anything but base64 there could close the attribute and open a tag; and a
 * file named `.png` that holds something else is not copied.
 *
 * @module
 */

import { checkString, describe } from "../validate.ts";

/** The image types the site shows from data, with their magic bytes. */
const MAGIC: Record<string, (bytes: Uint8Array) => boolean> = {
  "image/png": (b) =>
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) =>
      b[i] === x
    ),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/gif": (b) => /^GIF8[79]a$/.test(ascii(b, 0, 6)),
  "image/webp": (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP",
};

/** The raster image types whose data the site accepts (`image/png`, …). */
export const RASTER_TYPES: readonly string[] = Object.keys(MAGIC);

/**
 * The magic-bytes test of `mime`, or undefined when the site shows no such
 * type. Only MAGIC's own keys: `constructor` or `toString`, inherited from
 * `Object.prototype`, are functions that accept any bytes.
 */
function magicOf(mime: string): ((bytes: Uint8Array) => boolean) | undefined {
  return Object.hasOwn(MAGIC, mime) ? MAGIC[mime] : undefined;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** Base64 as RFC 4648 writes it: whole quanta, `=` only as the last padding. */
const BASE64 =
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Why `base64` is not an image of type `mime`, or null when it is: the text
 * (line breaks aside, which nbformat writes every 76 characters) must be
 * strict base64 of bytes that start with the type's magic bytes.
 *
 * @param mime `image/png`, `image/jpeg`, `image/gif` or `image/webp`
 * @param base64 the data as a notebook or a `data:` URL carries it
 * @returns the reason to drop it, or null
 * @throws {Error} when `mime` or `base64` is not a string
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { imageDataProblem } from "./image.ts";
 * assert.equal(imageDataProblem("image/png", "iVBORw0K\nGgo="), null);
 * assert.match(imageDataProblem("image/png", '"><script>x</script>')!, /not base64/);
 * assert.match(imageDataProblem("image/jpeg", "iVBORw0KGgo=")!, /not a JPEG/);
 * assert.match(imageDataProblem("image/bmp", "Qk0=")!, /not an image type/);
 * assert.match(imageDataProblem("constructor", "AAAA")!, /not an image type/);
 * ```
 */
export function imageDataProblem(mime: string, base64: string): string | null {
  checkString("imageDataProblem", "mime", mime);
  checkString("imageDataProblem", "base64", base64);
  const check = magicOf(mime);
  if (check === undefined) {
    return `${mime} is not an image type the site shows (${
      RASTER_TYPES.join(", ")
    })`;
  }
  const text = base64.replace(/\r?\n/g, "");
  if (text === "" || !BASE64.test(text)) {
    const bad = text.match(/[^A-Za-z0-9+/=]/)?.[0];
    return `the data is not base64 (${
      text === ""
        ? "empty"
        : bad === undefined
        ? "bad padding or length"
        : `character ${JSON.stringify(bad)}`
    })`;
  }
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  return check(bytes) ? null : `the data is not a ${typeName(mime)} image`;
}

/**
 * Why a file's `bytes` are not the image its extension names, or null.
 *
 * @param bytes the file's content
 * @param extension its extension, with or without the dot (`png`, `.jpg`)
 * @returns the reason not to copy it, or null
 * @throws {Error} when `bytes` is not a Uint8Array (a string's characters
 *   are not its bytes) or `extension` not a string
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { imageFileProblem } from "./image.ts";
 * assert.equal(imageFileProblem(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), ".jpg"), null);
 * assert.match(imageFileProblem(new TextEncoder().encode("<html>"), "png")!, /not a PNG/);
 * ```
 */
export function imageFileProblem(
  bytes: Uint8Array,
  extension: string,
): string | null {
  if (!(bytes instanceof Uint8Array)) {
    throw new Error(
      `imageFileProblem: bytes must be a Uint8Array (the file's content), got ${
        describe(bytes)
      }`,
    );
  }
  checkString("imageFileProblem", "extension", extension);
  const ext = extension.replace(/^\./, "").toLowerCase();
  const mime = ext === "jpg" ? "image/jpeg" : `image/${ext}`;
  const check = magicOf(mime);
  if (check === undefined) return `.${ext} is not a raster image type`;
  return check(bytes) ? null : `the file is not a ${typeName(mime)} image`;
}

function typeName(mime: string): string {
  const name = mime.slice("image/".length).toUpperCase();
  return name === "WEBP" ? "WebP" : name;
}

/**
 * Why a `data:` URL is not an image the site shows, or null: a raster type
 * of {@linkcode RASTER_TYPES} in base64 that passes
 * {@linkcode imageDataProblem}, or `image/svg+xml` (shown only through
 * `<img>`, where an SVG runs no script and loads nothing).
 *
 * @param url the URL, `data:` and all
 * @returns the reason to drop it, or null
 * @throws {Error} when `url` is not a string
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dataImageProblem } from "./image.ts";
 * assert.equal(dataImageProblem("data:image/png;base64,iVBORw0KGgo="), null);
 * assert.equal(dataImageProblem("data:image/svg+xml;base64,PHN2Zy8+"), null);
 * assert.match(dataImageProblem("data:text/html,<script>")!, /not an image/);
 * ```
 */
export function dataImageProblem(url: string): string | null {
  checkString("dataImageProblem", "url", url);
  const match = url.match(
    /^data:([a-z]+\/[a-z0-9.+-]+)((?:;[^,;]*)*?),(.*)$/is,
  );
  if (match === null) return "not a data: URL";
  const mime = match[1]!.toLowerCase();
  if (mime === "image/svg+xml") return null;
  if (!RASTER_TYPES.includes(mime)) return `${mime} is not an image type`;
  if (!/;base64$/i.test(match[2]!)) return `${mime} data is not base64`;
  return imageDataProblem(mime, match[3]!);
}
