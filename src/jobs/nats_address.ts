/**
 * How a command reaches the jobs' NATS server: the `--nats` address and the
 * server's own security, as NATS clients take them. Authentication and
 * encryption are the server's (users with permissions, tokens, nkeys,
 * JWT credentials, TLS): nothing here invents a scheme.
 *
 * - `nats://HOST:PORT` (or `HOST:PORT`, `HOST`: port 4222) in clear,
 *   `tls://HOST:PORT` over TLS (the server's certificate checked against
 *   the system's authorities, or `--nats-ca FILE`);
 * - `nats://USER:PASSWORD@HOST:PORT` a user and password,
 *   `nats://TOKEN@HOST:PORT` a token (percent-encoded like any URL);
 * - `--nats-creds FILE` a JWT credentials file (operator mode),
 *   `--nats-nkey FILE` a file holding a user's nkey seed (`SU…`).
 *
 * The credentials never appear in a message: every address printed is
 * {@linkcode redactAddress}'s.
 *
 * @module
 */

import { credsAuthenticator, nkeyAuthenticator } from "@nats-io/transport-node";
import type { NodeConnectionOptions } from "@nats-io/transport-node";
import { checkServerIdentity, type PeerCertificate } from "node:tls";

/** A connection that could not be made: bad address, nobody there, no JetStream, refused credentials. One line. */
export class JobsConnectError extends Error {
  /** A failure explained by `message`. */
  constructor(message: string) {
    super(message);
    this.name = "JobsConnectError";
  }
}

/** The files of the server's security a command may be given (flags `--nats-creds`, `--nats-nkey`, `--nats-ca`). */
export interface NatsSecurity {
  /** A JWT credentials file (`.creds`), for a server in operator mode. */
  creds?: string;
  /** A file holding a user's nkey seed (`SU…`), for a server whose users are nkeys. */
  nkey?: string;
  /** The authority that signed the server's certificate (PEM): TLS with it. */
  ca?: string;
}

/** A `--nats` address taken apart. */
export interface NatsAddress {
  /** The server without credentials (`nats://HOST:PORT` or `tls://HOST:PORT`): what messages show. */
  server: string;
  /** TLS is required (`tls://`). */
  tls: boolean;
  /** A user and password from the address, or null. */
  user: { name: string; password: string } | null;
  /** A token from the address, or null. */
  token: string | null;
}

const ADDRESS =
  /^(?:(nats|tls):\/\/)?(?:([^@/\s]*)@)?([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\])(?::(\d{1,5}))?\/?$/;

/**
 * `text` with its credentials (everything between the scheme and the last
 * `@`) replaced by `***`: what a message may show of an address. The last
 * `@`, not the first, and across `/`: a password with a raw `@` or `/` is
 * what a mistyped address holds, and it must not show either.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { redactAddress } from "./nats_address.ts";
 * assert.equal(redactAddress("nats://worker:s3cret@h:4222"), "nats://***@h:4222");
 * assert.equal(redactAddress("nats://w:pa/ss@h:4222"), "nats://***@h:4222");
 * assert.equal(redactAddress("nats://w:p@ss@h:4222"), "nats://***@h:4222");
 * assert.equal(redactAddress("h:4222"), "h:4222");
 * ```
 */
export function redactAddress(text: string): string {
  const value = String(text);
  const at = value.lastIndexOf("@");
  if (at < 0) return value;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(value)?.[0] ?? "";
  return `${scheme}***${value.slice(at)}`;
}

function decodePart(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/**
 * Reads a `--nats` value: `[nats://|tls://][USER:PASSWORD@|TOKEN@]HOST[:PORT]`.
 *
 * @throws {JobsConnectError} on anything else (the message shows the value with its credentials hidden)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseNatsAddress } from "./nats_address.ts";
 * assert.deepEqual(parseNatsAddress("tls://w:p%40ss@h"), {
 *   server: "tls://h:4222", tls: true, user: { name: "w", password: "p@ss" }, token: null,
 * });
 * assert.equal(parseNatsAddress("tok@127.0.0.1:4333").token, "tok");
 * assert.throws(() => parseNatsAddress("http://u:secret@x"), /"http:\/\/\*\*\*@x" is not a NATS server address/);
 * ```
 */
export function parseNatsAddress(text: string): NatsAddress {
  const match = ADDRESS.exec(String(text));
  const port = match?.[4] === undefined ? 4222 : Number(match[4]);
  const credentials = match?.[2];
  const colon = credentials === undefined ? -1 : credentials.indexOf(":");
  const first = credentials === undefined
    ? null
    : decodePart(colon < 0 ? credentials : credentials.slice(0, colon));
  const second = colon < 0 ? "" : decodePart(credentials!.slice(colon + 1));
  if (
    !match || port < 1 || port > 65535 || first === "" ||
    (credentials !== undefined && (first === null || second === null))
  ) {
    throw new JobsConnectError(
      `--nats: ${
        JSON.stringify(redactAddress(text))
      } is not a NATS server address: expected nats://HOST:PORT, tls://HOST:PORT, HOST:PORT or HOST, with USER:PASSWORD@ or TOKEN@ before the host for a server that asks for them`,
    );
  }
  const tls = match[1] === "tls";
  return {
    server: `${tls ? "tls" : "nats"}://${match[3]}:${port}`,
    tls,
    user: colon < 0 || first === null
      ? null
      : { name: first, password: second! },
    token: colon < 0 && first !== null ? first : null,
  };
}

function readFile(flag: string, path: string): Uint8Array {
  try {
    return Deno.readFileSync(path);
  } catch (error) {
    throw new JobsConnectError(
      `${flag} ${path}: cannot read it (${(error as Error).message})`,
    );
  }
}

const NKEY_SEED = /^SU[A-Z2-7]{56}$/;
const CREDS =
  /-----BEGIN NATS USER JWT-----[\s\S]*-----BEGIN USER NKEY SEED-----/;

/**
 * The client's options for an address and the security files: servers
 * without credentials, the user, token, nkey or JWT authenticator, and
 * TLS (`tls://`, or a CA given).
 *
 * @param address a `--nats` value ({@linkcode parseNatsAddress})
 * @param security the files (`--nats-creds`, `--nats-nkey`, `--nats-ca`)
 * @returns the address taken apart and the options for `connect`
 * @throws {JobsConnectError} on a bad address, an unreadable or malformed file, or two kinds of credentials at once
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { natsConnectOptions } from "./nats_address.ts";
 * const { options } = natsConnectOptions("nats://a:b@h:1", {});
 * assert.deepEqual([options.servers, options.user, options.pass], ["nats://h:1", "a", "b"]);
 * assert.throws(() => natsConnectOptions("h", { nkey: "/nonexistent" }), /--nats-nkey \/nonexistent: cannot read it/);
 * ```
 */
export function natsConnectOptions(
  address: string,
  security: NatsSecurity,
): { address: NatsAddress; options: NodeConnectionOptions } {
  const parsed = parseNatsAddress(address);
  const kinds = [
    parsed.user ? "a user in --nats" : "",
    parsed.token !== null ? "a token in --nats" : "",
    security.creds !== undefined ? "--nats-creds" : "",
    security.nkey !== undefined ? "--nats-nkey" : "",
  ].filter((kind) => kind !== "");
  if (kinds.length > 1) {
    throw new JobsConnectError(
      `${kinds.join(" and ")} are two ways to authenticate: give one`,
    );
  }
  const options: NodeConnectionOptions = {
    servers: parsed.server.replace(/^tls:/, "nats:"),
  };
  if (parsed.user) {
    options.user = parsed.user.name;
    options.pass = parsed.user.password;
  }
  if (parsed.token !== null) options.token = parsed.token;
  if (security.nkey !== undefined) {
    const seed = new TextDecoder().decode(
      readFile("--nats-nkey", security.nkey),
    )
      .trim();
    if (!NKEY_SEED.test(seed)) {
      throw new JobsConnectError(
        `--nats-nkey ${security.nkey}: expected a user's nkey seed (one line "SU" and 56 letters A-Z, digits 2-7), as nk -gen user or nsc make`,
      );
    }
    options.authenticator = nkeyAuthenticator(new TextEncoder().encode(seed));
  }
  if (security.creds !== undefined) {
    const creds = readFile("--nats-creds", security.creds);
    if (!CREDS.test(new TextDecoder().decode(creds))) {
      throw new JobsConnectError(
        `--nats-creds ${security.creds}: expected a NATS credentials file (a user JWT and its nkey seed, as nsc generates)`,
      );
    }
    options.authenticator = credsAuthenticator(creds);
  }
  if (parsed.tls || security.ca !== undefined) {
    if (security.ca !== undefined) readFile("--nats-ca", security.ca);
    // Set, it makes the client refuse a server without TLS.
    options.tls = security.ca === undefined ? {} : { caFile: security.ca };
    const host = /^[a-z]+:\/\/\[?([^\]]*?)\]?:\d+$/.exec(parsed.server)![1]!;
    if (/^[\d.]+$|:/.test(host)) {
      // An address, which cannot be a TLS server name: Deno then checks
      // the certificate against "localhost"; check it against the address.
      Object.assign(options.tls, {
        checkServerIdentity: (_name: string, cert: PeerCertificate) =>
          checkServerIdentity(host, cert),
      });
    }
    parsed.tls = true;
    parsed.server = parsed.server.replace(/^nats:/, "tls:");
  }
  return { address: parsed, options };
}
