/**
 * Base64 of a string's UTF-8 bytes, for `data:` URLs. `btoa` alone takes
 * Latin-1 only, and the charts and trees hold α, β, −, ∞.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { base64Utf8 } from "./_base64.ts";
 * assert.equal(base64Utf8("α ≤ β"), "zrEg4omkIM6y");
 * ```
 */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  // Chunks keep String.fromCharCode's argument list short on large SVGs.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
