/**
 * Serialises a linkedom element as XML. linkedom's `outerHTML` writes HTML:
 * it leaves `<` raw in attribute values (`&` too, inside links) and copies
 * control characters, which an XML parser refuses, so a saved `.svg` file
 * or a `data:image/svg+xml` image of such a chart did not load at all.
 *
 * Apart from the escapes, the output is byte for byte linkedom's (attribute
 * order, `&#160;`, ` />` for an empty element), so that charts without such
 * characters, and the committed figures, are unchanged.
 *
 * @module
 */

/** The slice of a linkedom node that serialising reads. */
export interface XmlNode {
  readonly nodeType: number;
  readonly nodeValue?: string | null;
  readonly localName?: string;
  readonly attributes?: ArrayLike<{ name: string; value: string }>;
  readonly childNodes?: ArrayLike<XmlNode>;
}

const ELEMENT = 1, TEXT = 3, CDATA = 4;

/**
 * The characters XML 1.0 allows, as a class's ranges. The others (C0
 * controls other than tab and line breaks, lone surrogates, U+FFFE and
 * U+FFFF) are allowed nowhere, not even as a reference: they are dropped,
 * as nothing can stand for them in the file.
 */
const CHARACTERS =
  "\\t\\n\\r\\x20-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}";
const FORBIDDEN = new RegExp(`[^${CHARACTERS}]`, "gu");
const ALLOWED = new RegExp(`^[${CHARACTERS}]$`, "u");

/**
 * Whether `code` is a character XML 1.0 allows, and so one a character
 * reference may name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isXmlCharacter } from "./_xml.ts";
 * assert.equal(isXmlCharacter(0xa0), true);
 * assert.equal(isXmlCharacter(0), false);
 * assert.equal(isXmlCharacter(0xd800), false);
 * ```
 */
export function isXmlCharacter(code: number): boolean {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff &&
    ALLOWED.test(String.fromCodePoint(code));
}

/**
 * The references written for characters of a text. `>` and U+00A0 are
 * escaped as linkedom escapes them; `\r` as a reference, since a parser
 * reads a raw one as `\n`.
 */
const TEXT_REFERENCES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  "\u00a0": "&#160;",
  "\r": "&#13;",
};

/**
 * In an attribute a parser also turns raw tabs and line breaks into spaces,
 * so they are written as references to keep the value.
 */
const ATTRIBUTE_REFERENCES: Record<string, string> = {
  ...TEXT_REFERENCES,
  '"': "&quot;",
  "\t": "&#9;",
  "\n": "&#10;",
};

function escapeWith(
  text: string,
  pattern: RegExp,
  references: Record<string, string>,
): string {
  return text.replace(FORBIDDEN, "").replace(
    pattern,
    (character) => references[character]!,
  );
}

/** `text` as the character data of an element. */
export function escapeXmlText(text: string): string {
  return escapeWith(text, /[&<>\u00a0\r]/g, TEXT_REFERENCES);
}

/** `value` as an attribute value between double quotes. */
export function escapeXmlAttribute(value: string): string {
  return escapeWith(value, /[&<>"\u00a0\t\n\r]/g, ATTRIBUTE_REFERENCES);
}

/**
 * The element and its descendants as well-formed XML. Comments and other
 * nodes that are neither elements nor text are left out: Plot writes none.
 */
export function toXml(node: XmlNode): string {
  if (node.nodeType === TEXT || node.nodeType === CDATA) {
    return escapeXmlText(node.nodeValue ?? "");
  }
  if (node.nodeType !== ELEMENT) return "";
  const name = node.localName!;
  const attributes = Array.from(node.attributes ?? [])
    .map((attribute) =>
      ` ${attribute.name}="${escapeXmlAttribute(attribute.value)}"`
    )
    .join("");
  const children = Array.from(node.childNodes ?? []).map(toXml).join("");
  return node.childNodes?.length
    ? `<${name}${attributes}>${children}</${name}>`
    : `<${name}${attributes} />`;
}
