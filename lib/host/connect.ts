import {
  Client,
  type ClientCapabilities,
  type DiscoverResult,
  type Implementation,
  type ServerCapabilities,
  type Transport,
} from "@modelcontextprotocol/client";
import { EraCache, MODERN_VERSION, type ClientEra, type ServerEra } from "./era";
import { EXTENSION_ID, META_CLIENT_CAPABILITIES, PROFILE_MIME } from "../decide/ids";
import { asRecord, tapTransport, WireLog } from "./wire";

export const HOST_INFO: Implementation = { name: "academy-host", version: "1.0.0" };

export { META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION, PROFILE_MIME } from "../decide/ids";

/** The capabilities a host that renders MCP Apps declares (NEG-2 per request, NEG-5 in `initialize`). */
export const APPS_CLIENT_CAPABILITIES: ClientCapabilities = {
  extensions: { [EXTENSION_ID]: { mimeTypes: [PROFILE_MIME] } },
} as ClientCapabilities;

/** A transport made by the caller: the host never opens sockets or processes itself. */
export interface TransportFactory {
  (wire: WireLog): Transport;
}

export interface ConnectOptions {
  clientEra: ClientEra;
  transport: TransportFactory;
  /** The era cache key: `eraKeyForUrl(url)` or `eraKeyForCommand(command)`. */
  key: string;
  /** Only a dual-era client consults and fills the cache; the other two never probe. */
  cache?: EraCache;
  capabilities?: ClientCapabilities;
  clientInfo?: Implementation;
  /** Time allowed for the connect exchange (probe and handshake). */
  timeoutMs?: number;
  /** Time allowed for the dual-era `server/discover` probe alone (default: `timeoutMs`). */
  probeTimeoutMs?: number;
}

/** How the era of this connection was settled. */
type EraSource = "pinned" | "probe" | "cache";

/** What the client declared, where it was declared, read from the wire. */
export interface Declaration {
  /** `initialize` (legacy, once per connection) or a request's `_meta` (modern, per request). */
  where: "initialize" | "request-meta";
  method: string;
  capabilities: unknown;
}

/** A connection to one server, with everything the host learned on the wire while opening it. */
export interface HostConnection {
  readonly client: Client;
  readonly key: string;
  readonly clientEra: ClientEra;
  readonly era: ServerEra;
  readonly eraSource: EraSource;
  readonly protocolVersion: string | undefined;
  readonly serverInfo: Implementation | undefined;
  readonly serverCapabilities: ServerCapabilities | undefined;
  readonly instructions: string | undefined;
  /** The `server/discover` result (modern only). */
  readonly discover: DiscoverResult | undefined;
  readonly wire: WireLog;
  /**
   * The client's declaration as sent: under legacy the `initialize` request's capabilities; under
   * modern the `_meta` capabilities of the latest request for `method` (or of any request).
   */
  declaration(method?: string): Declaration | undefined;
  close(): Promise<void>;
}

/** Why a connection could not be made, told so that the reader knows what to change. */
export class HostConnectError extends Error {
  constructor(
    message: string,
    readonly kind: "era-mismatch" | "unreachable" | "protocol",
    readonly ruleIds: string[],
    override readonly cause?: unknown,
    /** The server's own answer to the request it refused, verbatim (JSON-RPC error or HTTP body). */
    readonly refusal?: string,
  ) {
    super(message);
    this.name = "HostConnectError";
  }
}

function negotiationFor(era: ClientEra) {
  if (era === "modern") return { mode: { pin: MODERN_VERSION } };
  if (era === "legacy") return { mode: "legacy" as const };
  return { mode: "auto" as const };
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** True when the wire shows the server answering `initialize` (so it speaks the legacy era). */
function answeredInitialize(wire: WireLog): boolean {
  return wire.results("initialize").length > 0;
}

/** JSON-RPC errors that came back, with the method they answered. */
function wireErrors(
  wire: WireLog,
): { method: string; code?: unknown; message?: unknown; supported?: unknown; raw: string }[] {
  const out: ReturnType<typeof wireErrors> = [];
  for (const r of wire.requests()) {
    const error = asRecord(wire.responseTo(r.id)?.error);
    if (error) {
      const supported = asRecord(error.data)?.supported;
      const raw = JSON.stringify(error);
      out.push({ method: r.method, code: error.code, message: error.message, supported, raw });
    }
  }
  return out;
}

function isNetworkFailure(e: unknown, wire: WireLog): boolean {
  const text = errorText(e);
  // A request this side gave up on (a timeout) reached the server, or may have: not a network failure.
  if (wire.http().some((h) => h.status === "network-error" && !h.aborted)) return true;
  return /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|fetch failed|ENOENT|spawn/i.test(text);
}

/**
 * Turns a failed connect into an error that names the fix. NEG-6's matrix: a modern-only client
 * cannot reach a legacy server, and a legacy-only client cannot reach a modern-only one.
 */
function explainFailure(options: ConnectOptions, wire: WireLog, e: unknown): HostConnectError {
  const raw = errorText(e);
  if (isNetworkFailure(e, wire)) {
    return new HostConnectError(
      `Could not reach the server (${raw}). Check that it is running and that the URL or command is right.`,
      "unreachable",
      [],
      e,
    );
  }
  if (/timed out/i.test(raw)) {
    const unanswered = wire
      .requests()
      .filter((r) => !wire.responseTo(r.id))
      .map((r) => r.method);
    return new HostConnectError(
      `The server never answered${unanswered.length ? ` ${unanswered.join(", then ")}` : ""}` +
        `${options.timeoutMs ? ` within ${options.timeoutMs} ms` : ""}. Is the command or URL an MCP server, and is it writing JSON-RPC to stdout?`,
      "unreachable",
      [],
      e,
    );
  }
  const errors = wireErrors(wire);
  const unsupported = errors.find((x) => x.code === -32022 && Array.isArray(x.supported));
  if (unsupported && options.clientEra !== "legacy") {
    return new HostConnectError(
      `The server supports only ${(unsupported.supported as unknown[]).join(", ")}, and this client speaks ` +
        `${options.clientEra === "dual" ? `${MODERN_VERSION} and the legacy era` : MODERN_VERSION}: no version in common ` +
        `(${unsupported.method} was answered with UnsupportedProtocolVersionError -32022). A recognised modern error ` +
        `means a modern server, so there is no fallback to initialize. Fix: a client that speaks one of the listed versions.`,
      "era-mismatch",
      ["NEG-6"],
      e,
    );
  }
  if (options.clientEra === "modern") {
    const discover = errors.find((x) => x.method === "server/discover");
    const http400 = wire.http().find((h) => h.status === 400);
    const evidence = discover
      ? `server/discover was answered with error ${String(discover.code)} "${String(discover.message)}"`
      : http400
        ? `the modern request was answered with HTTP 400${http400.errorBody ? ` (${http400.errorBody.slice(0, 200)})` : ""}`
        : raw;
    return new HostConnectError(
      `This client speaks only the modern era (${MODERN_VERSION}) and the server does not: ${evidence}. ` +
        `The server looks legacy-only (it expects an initialize handshake). Fix: connect with a dual-era client ` +
        `(it falls back to initialize), or serve ${MODERN_VERSION} from the server as well ` +
        `(for example with the 2.4 server SDK's serveStdio or createMcpHandler, which serve both eras).`,
      "era-mismatch",
      ["NEG-6"],
      e,
    );
  }
  if (options.clientEra === "legacy" && !answeredInitialize(wire)) {
    const init = errors.find((x) => x.method === "initialize");
    const http400 = wire.http().find((h) => h.status === 400);
    const evidence = init
      ? `initialize was answered with error ${String(init.code)} "${String(init.message)}"`
      : http400
        ? `initialize was answered with HTTP 400${http400.errorBody ? ` (${http400.errorBody.slice(0, 200)})` : ""}`
        : raw;
    return new HostConnectError(
      `This client speaks only the legacy era (initialize) and the server refused it: ${evidence}. ` +
        `The server looks modern-only (${MODERN_VERSION}). Fix: connect with a modern or dual-era client, ` +
        `or let the server serve legacy clients too (serveStdio's legacy: "serve", createMcpHandler's legacy: "stateless").`,
      "era-mismatch",
      ["NEG-6"],
      e,
      init ? init.raw : http400?.errorBody,
    );
  }
  return new HostConnectError(`The connection failed: ${raw}`, "protocol", ["NEG-6"], e);
}

async function attempt(
  options: ConnectOptions,
  prior: { kind: "modern"; discover: DiscoverResult } | { kind: "legacy" } | undefined,
): Promise<HostConnection> {
  const wire = new WireLog();
  const client = new Client(options.clientInfo ?? HOST_INFO, {
    capabilities: options.capabilities ?? APPS_CLIENT_CAPABILITIES,
    versionNegotiation: {
      mode: negotiationFor(options.clientEra).mode,
      ...(options.probeTimeoutMs ? { probe: { timeoutMs: options.probeTimeoutMs } } : {}),
    },
  });
  const transport = tapTransport(options.transport(wire), wire);
  try {
    await client.connect(transport, {
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
      ...(prior ? { prior } : {}),
    });
  } catch (e) {
    await client.close().catch(() => {});
    throw explainFailure(options, wire, e);
  }
  const era = client.getProtocolEra();
  if (!era) {
    await client.close().catch(() => {});
    throw new HostConnectError("The client connected without settling an era", "protocol", []);
  }
  const eraSource: EraSource = options.clientEra !== "dual" ? "pinned" : prior ? "cache" : "probe";
  return {
    client,
    key: options.key,
    clientEra: options.clientEra,
    era,
    eraSource,
    protocolVersion: client.getNegotiatedProtocolVersion(),
    serverInfo: client.getServerVersion(),
    serverCapabilities: client.getServerCapabilities(),
    instructions: client.getInstructions(),
    discover: client.getDiscoverResult(),
    wire,
    declaration(method?: string): Declaration | undefined {
      if (era === "legacy") {
        const init = wire.requests("initialize").at(-1);
        return (
          init && {
            where: "initialize",
            method: "initialize",
            capabilities: init.params?.capabilities,
          }
        );
      }
      const req = wire
        .requests(method)
        .filter((r) => asRecord(r.params?._meta) !== undefined)
        .at(-1);
      if (!req) return undefined;
      return {
        where: "request-meta",
        method: req.method,
        capabilities: asRecord(req.params?._meta)?.[META_CLIENT_CAPABILITIES],
      };
    },
    close: () => client.close(),
  };
}

/**
 * Connects as a modern, legacy or dual-era client (NEG-6). Modern pins 2026-07-28 (per-request
 * `_meta`, `server/discover`); legacy runs `initialize`; dual lets the SDK detect the era per
 * transport (stdio: probe `server/discover`; Streamable HTTP: a modern request whose `400` body is
 * inspected) and remembers the verdict per server in `cache`, re-probing once if it no longer holds.
 */
export async function connectServer(options: ConnectOptions): Promise<HostConnection> {
  const cached = options.clientEra === "dual" ? options.cache?.get(options.key) : undefined;
  // A cached modern verdict is adopted (zero round trips) only while its server/discover result
  // is fresh by its own ttlMs (RES-5); a stale one is simply probed again. A cached legacy verdict
  // skips the probe; if it no longer holds, the server is probed again (NEG-6).
  const prior =
    cached?.era === "legacy"
      ? { kind: "legacy" as const }
      : cached?.discover && options.cache?.isFresh(cached)
        ? { kind: "modern" as const, discover: cached.discover }
        : undefined;
  let connection: HostConnection;
  if (prior) {
    try {
      connection = await attempt(options, prior);
    } catch {
      options.cache?.delete(options.key);
      connection = await attempt(options, undefined);
    }
  } else {
    connection = await attempt(options, undefined);
  }
  if (options.clientEra === "dual" && options.cache) {
    options.cache.set(options.key, connection.era, connection.discover);
  }
  return connection;
}
