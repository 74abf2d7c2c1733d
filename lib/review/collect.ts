import type { ClientCapabilities } from "@modelcontextprotocol/client";
import {
  connectServer,
  EraCache,
  HOST_INFO,
  HostConnectError,
  inspectServer,
  toolResourceUri,
  type HostConnection,
  type ServerEra,
  type ServerReview,
  type TransportFactory,
} from "../host";
import {
  MODERN_VERSION,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_PROTOCOL_VERSION,
  UNSUPPORTED_VERSION,
} from "../decide/ids";
import { listToolsLenient, wireItems } from "../host/inspect";
import { rawRequests, type RawAnswer } from "../host/probe";
import type { CollectStep } from "./steps";

/** What the reviewer observed about one server: the main review plus two side connections. */
export interface ReviewInput {
  /** The URL or command reviewed, as given. */
  target: string;
  transport: "http" | "stdio";
  review: ServerReview;
  /**
   * NEG-6: the other era, tried with a client pinned to it. Only tried when the dual-era client
   * settled on modern (a server that served modern would have been picked modern by the dual
   * client, so a legacy result already means "legacy only").
   */
  otherEra?:
    | { era: ServerEra; ok: true }
    | {
        era: ServerEra;
        ok: false;
        error: string;
        /** The server's own answer to the refused `initialize`, verbatim, when it gave one. */
        refusal?: string;
      };
  /**
   * NEG-5: the tool list seen by a client of the same era that declared no Apps support; `tools`
   * maps each tool name to the view it names (undefined: none).
   */
  undeclared?:
    | {
        ok: true;
        tools: Record<string, string | undefined>;
        /** The same list as the server sent it, unknown keys kept (issue #21). */
        onWire?: Record<string, unknown>[];
      }
    | { ok: false; error: string };
  /**
   * Modern only: two raw requests the SDK client never sends (core 2026-07-28). `unsupportedVersion`
   * names protocol version UNSUPPORTED_VERSION (versioning line 50: -32022 with data.supported);
   * `missingMeta` names the version but leaves out the clientCapabilities key (basic/index line
   * 380: -32602).
   */
  probes?: { unsupportedVersion: RawAnswer; missingMeta: RawAnswer };
  /** Only when asked (the CLI's --call): one real tools/call and its answer as sent. */
  call?: CallObservation;
}

/**
 * One tools/call made because a person asked for it (never by default: a call may have side
 * effects). The answer is taken from the wire, not the SDK's parse, so a result the SDK refuses is
 * still judged as the server sent it.
 */
export interface CallObservation {
  tool: string;
  args: Record<string, unknown>;
  /** The tool's outputSchema as listed (as sent), when it declares one. */
  outputSchema?: unknown;
  outcome:
    | { kind: "result"; result: Record<string, unknown> }
    | { kind: "error"; error: unknown }
    | { kind: "no-answer"; message: string };
  /**
   * structuredContent against outputSchema, filled in by a caller that can validate JSON Schema
   * (the CLI: see call-check.ts): [] when it conforms. Undefined: not validated.
   */
  schemaProblems?: string[];
}

/** Raised when --call names a tool the server does not list: nothing was called. */
export class UnknownToolError extends Error {
  constructor(
    readonly tool: string,
    readonly listed: string[],
  ) {
    super(
      `--call ${JSON.stringify(tool)}: the server lists no such tool (it lists ${listed.map((n) => JSON.stringify(n)).join(", ") || "none"})`,
    );
  }
}

export interface CollectOptions {
  target: string;
  transport: "http" | "stdio";
  factory: TransportFactory;
  key: string;
  timeoutMs?: number;
  /**
   * When the whole review must be over (epoch ms): each connection then gets the time left, and
   * the dual-era probe half of it (so a legacy server that ignores the probe leaves time for
   * `initialize`). Without it, each connection gets `timeoutMs`.
   */
  deadline?: number;
  /** Told before each step starts, so a page can show where the review is. */
  onStep?: (step: CollectStep) => void;
  /** Opt-in: call this tool once with these arguments and keep its answer (never by default). */
  call?: { tool: string; args: Record<string, unknown> };
}

const PROBE_TIMEOUT_MS = 10_000;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Connects as a dual-era host (NEG-6), inspects the server (every page, every UI tool, every view),
 * then makes two short side connections: one pinned to the other era, and one that declares no
 * Apps support. Calls no tool. A failure to connect at all is thrown as a HostConnectError.
 */
export async function collectReview(options: CollectOptions): Promise<ReviewInput> {
  const left = () =>
    options.deadline !== undefined ? Math.max(1, options.deadline - Date.now()) : options.timeoutMs;
  const base = () => ({ transport: options.factory, key: options.key, timeoutMs: left() });
  const step = (s: CollectStep) => options.onStep?.(s);
  step("connect");
  // On HTTP a silent probe is an outage, not a legacy server: it keeps the whole time.
  const probeTimeoutMs =
    options.deadline !== undefined && options.transport === "stdio"
      ? Math.ceil(left()! / 2)
      : undefined;
  const conn = await connectServer({
    ...base(),
    clientEra: "dual",
    cache: new EraCache(),
    probeTimeoutMs,
  });
  let review: ServerReview;
  let call: CallObservation | undefined;
  try {
    step("inspect");
    review = await inspectServer(conn);
    if (options.call) {
      step("call");
      call = await callOnce(conn, review, options.call);
    }
  } finally {
    await conn.close().catch(() => {});
  }

  let otherEra: ReviewInput["otherEra"];
  if (review.era === "modern") {
    step("other-era");
    try {
      const legacy = await connectServer({ ...base(), clientEra: "legacy" });
      await legacy.close().catch(() => {});
      otherEra = { era: "legacy", ok: true };
    } catch (e) {
      otherEra = {
        era: "legacy",
        ok: false,
        error: e instanceof HostConnectError ? e.message : message(e),
        ...(e instanceof HostConnectError && e.refusal !== undefined ? { refusal: e.refusal } : {}),
      };
    }
  }

  let probes: ReviewInput["probes"];
  if (review.era === "modern") {
    step("probes");
    // clientInfo on these too: a client SHOULD name itself on every request (basic/index line 384).
    const info = { [META_CLIENT_INFO]: HOST_INFO };
    const caps = { [META_CLIENT_CAPABILITIES]: {}, ...info };
    const [unsupportedVersion, missingMeta] = await rawRequests(
      options.factory,
      [
        {
          message: {
            jsonrpc: "2.0",
            id: "review-unsupported-version",
            method: "tools/list",
            params: { _meta: { [META_PROTOCOL_VERSION]: UNSUPPORTED_VERSION, ...caps } },
          },
          protocolVersion: UNSUPPORTED_VERSION,
        },
        {
          message: {
            jsonrpc: "2.0",
            id: "review-missing-meta",
            method: "tools/list",
            params: { _meta: { [META_PROTOCOL_VERSION]: MODERN_VERSION, ...info } },
          },
          protocolVersion: MODERN_VERSION,
        },
      ],
      // Each probe is a one-message exchange: a server silent on it fails within 10 s, not the whole review.
      Math.min(left() ?? PROBE_TIMEOUT_MS, PROBE_TIMEOUT_MS),
    );
    probes = { unsupportedVersion: unsupportedVersion!, missingMeta: missingMeta! };
  }

  let undeclared: ReviewInput["undeclared"];
  step("undeclared");
  try {
    const plain = await connectServer({
      ...base(),
      clientEra: review.era,
      capabilities: {} as ClientCapabilities,
    });
    try {
      const { tools } = await listToolsLenient(plain.client, plain.wire);
      undeclared = {
        ok: true,
        tools: Object.fromEntries(tools.map((t) => [t.name, toolResourceUri(t)?.uri])),
        onWire: wireItems(plain.wire.results("tools/list"), "tools"),
      };
    } finally {
      await plain.close().catch(() => {});
    }
  } catch (e) {
    undeclared = { ok: false, error: message(e) };
  }

  return {
    target: options.target,
    transport: options.transport,
    review,
    otherEra,
    undeclared,
    ...(probes ? { probes } : {}),
    ...(call ? { call } : {}),
  };
}

/** The one tools/call a person asked for, its answer read from the wire. */
async function callOnce(
  conn: HostConnection,
  review: ServerReview,
  ask: { tool: string; args: Record<string, unknown> },
): Promise<CallObservation> {
  const listed = review.onWire.tools.find((t) => t.name === ask.tool);
  if (!listed)
    throw new UnknownToolError(
      ask.tool,
      review.onWire.tools.map((t) => String(t.name)),
    );
  let sdkError: string | undefined;
  try {
    await conn.client.callTool({ name: ask.tool, arguments: ask.args });
  } catch (e) {
    // The SDK may refuse an answer the server did send (a result off its schema): the wire has it.
    sdkError = message(e);
  }
  const sent = conn.wire.requests("tools/call").at(-1);
  const answer = sent ? conn.wire.responseTo(sent.id) : undefined;
  return {
    tool: ask.tool,
    args: ask.args,
    ...("outputSchema" in listed ? { outputSchema: listed.outputSchema } : {}),
    outcome: answer?.result
      ? { kind: "result", result: answer.result }
      : answer && "error" in answer
        ? { kind: "error", error: answer.error }
        : { kind: "no-answer", message: sdkError ?? "no answer on the wire" },
  };
}
