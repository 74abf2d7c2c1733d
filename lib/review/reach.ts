/**
 * Why a browser could not review a server, told so that the reader knows what to change (issue 14,
 * item 5). Pure: the page gathers the observations (its own fetch wrapper, a no-cors reachability
 * probe, the time waited) and this module names the fault. No MCP SDK here, so the page can load
 * it with its first JavaScript.
 */

/** One HTTP exchange the review's fetch saw, in order. */
export interface HttpObservation {
  method: string;
  /** The HTTP status, or `network-error` when fetch itself threw (refused, DNS, CORS, …). */
  status: number | "network-error";
  /** The response's content type (responses only). */
  contentType?: string;
  /** The start of an error response's body (status ≥ 400). */
  body?: string;
}

type ReachKind = "invalid-url" | "cors" | "network" | "http-status" | "not-mcp" | "timeout";

export interface ReachProblem {
  kind: ReachKind | "other";
  /** One line for the heading of the error box. */
  title: string;
  /** What happened, in a sentence or two. */
  message: string;
  /** What to change, one step per entry (may be empty). */
  fixes: string[];
  /** The form field at fault (invalid URL only). */
  field?: "url" | "token";
  /** The HTTP status, for `http-status`. */
  status?: number;
  /** The time waited, for `timeout`. */
  waitedMs?: number;
  /** The same review from a terminal, where CORS does not apply. */
  cli?: string;
}

export const URL_FIELD_LABEL = "Server URL";

/**
 * The message for a server URL typed without `http://` or `https://`, or null when it has one.
 * Only `://` marks a scheme here: a URL parser reads `localhost:3001/mcp` as scheme `localhost:`,
 * which would send the learner looking for a scheme they never meant to write. Shared by the
 * /review form and the CLI.
 */
export function missingScheme(text: string): string | null {
  const value = text.trim();
  if (!value || value.includes("://")) return null;
  return `${JSON.stringify(value)} has no scheme: add http:// or https://; did you mean https://${value}, or http://${value} for a server on this machine?`;
}

/** Checks the URL field before anything is sent. */
export function checkServerUrl(
  text: string,
): { ok: true; url: URL } | { ok: false; problem: ReachProblem } {
  const bad = (message: string, fixes: string[] = []): { ok: false; problem: ReachProblem } => ({
    ok: false,
    problem: {
      kind: "invalid-url",
      title: `The ${URL_FIELD_LABEL} field is not a server URL`,
      message,
      fixes,
      field: "url",
    },
  });
  const value = text.trim();
  if (!value)
    return bad(`The ${URL_FIELD_LABEL} field is empty.`, [
      "Enter the full URL of the server's Streamable HTTP endpoint, for example http://localhost:3001/mcp.",
    ]);
  const noScheme = missingScheme(value);
  if (noScheme)
    return bad(noScheme, [
      "Write the whole URL, scheme included: http://localhost:3001/mcp, not localhost:3001/mcp.",
    ]);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return bad(
      `${JSON.stringify(value)} in the ${URL_FIELD_LABEL} field does not parse as a URL.`,
      ["Write the whole URL, scheme included: http://localhost:3001/mcp, not localhost:3001/mcp."],
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return bad(
      `The ${URL_FIELD_LABEL} field uses ${url.protocol.replace(/:$/, "")}: a Streamable HTTP server is reached over http:// or https://.`,
      ['For a stdio server, use the CLI: npm run review -- --stdio "<command>".'],
    );
  }
  if (url.username || url.password) {
    return bad(
      `The ${URL_FIELD_LABEL} field carries credentials (user:password@). They would travel in the URL.`,
      ["Remove them from the URL and put a bearer token in the token field instead."],
    );
  }
  return { ok: true, url };
}

/** The CLI command for the same review (the token is never written out, only its place). */
export function cliCommand(url: string, hasToken: boolean): string {
  // Only characters no shell acts on stay bare: `&`, `?`, `*`, `~`, `$`, `;`, quotes and spaces
  // would run, glob or expand something when the line is pasted (a bare `&` ran a second command).
  const quoted = /^[\w:/.=%@+,-]+$/.test(url) ? url : `'${url.replace(/'/g, "'\\''")}'`;
  return `npm run review -- ${quoted}${hasToken ? ' --header "Authorization: Bearer <your token>"' : ""}`;
}

/** The request headers the SDK's Streamable HTTP client sends, which a preflight must allow. */
function corsRequestHeaders(hasToken: boolean): string[] {
  return [
    "content-type",
    "accept",
    "mcp-protocol-version",
    "mcp-method",
    "mcp-name",
    "mcp-session-id",
    "last-event-id",
    ...(hasToken ? ["authorization"] : []),
  ];
}

/** What a server must send for this page (on `appOrigin`) to talk to it from the browser. */
export function corsFixes(appOrigin: string, hasToken: boolean): string[] {
  return [
    `Access-Control-Allow-Origin: ${appOrigin} (or *) on every response, the OPTIONS preflight included`,
    `Access-Control-Allow-Methods: GET, POST, DELETE, OPTIONS`,
    `Access-Control-Allow-Headers: ${corsRequestHeaders(hasToken).join(", ")}`,
    `Access-Control-Expose-Headers: mcp-session-id (so the client can read the session it was given)`,
  ];
}

export interface FailureInput {
  url: string;
  /** What the review threw. */
  error: unknown;
  /** Every HTTP exchange seen, oldest first. */
  observations: HttpObservation[];
  elapsedMs: number;
  timeoutMs: number;
  /** This page's origin (what `Access-Control-Allow-Origin` must name). */
  appOrigin: string;
  hasToken: boolean;
  /**
   * After a network error: did a `no-cors` request to the same URL get any response? `reachable`
   * means the server answered and the browser withheld the answer (CORS); `unreachable` means
   * nothing answered at all.
   */
  noCorsProbe?: "reachable" | "unreachable";
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Names the fault behind a failed review from what the browser observed. */
export function explainFailure(input: FailureInput): ReachProblem {
  const { url, observations, elapsedMs, timeoutMs, appOrigin, hasToken } = input;
  const raw = errorText(input.error);
  // The host wraps a transport failure in its own sentence; the browser's own words are the cause's.
  const cause = input.error instanceof Error ? input.error.cause : undefined;
  const low = cause !== undefined ? errorText(cause) : raw;
  const cli = cliCommand(url, hasToken);
  const origin = new URL(url).origin;
  const last = observations.at(-1);

  if (/timed? ?out|never answered/i.test(raw)) {
    return {
      kind: "timeout",
      title: `No answer within ${seconds(timeoutMs)}`,
      message:
        `Waited ${seconds(elapsedMs)} for ${url} to answer${last ? ` (the last exchange seen: ${last.method} → ${last.status})` : " and saw no HTTP response at all"}. ` +
        `The server may be busy, stuck on a request, or not an MCP endpoint that answers POST.`,
      fixes: [
        "Check that the server is running and that the path is its MCP endpoint.",
        "Try the CLI, which shows the server's own messages for a stdio server.",
      ],
      waitedMs: elapsedMs,
      cli,
    };
  }

  if (last?.status === "network-error") {
    const mixed =
      appOrigin.startsWith("https:") &&
      url.startsWith("http:") &&
      !/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/)/.test(url);
    if (mixed) {
      return {
        kind: "network",
        title: "The browser blocks plain http from this https page",
        message: `This page is served over https, so the browser refuses requests to ${origin} (mixed content).`,
        fixes: ["Serve the MCP endpoint over https, or use the CLI."],
        cli,
      };
    }
    if (input.noCorsProbe === "reachable") {
      return {
        kind: "cors",
        title: `${origin} answered, but its CORS headers do not let this page read it`,
        message:
          `The browser sent the request (a no-cors probe got a response), then withheld the answer: the preflight (OPTIONS) ` +
          `or the response lacks the CORS headers for ${appOrigin}. The review cannot go through the academy's own server: ` +
          `the browser talks to your server directly. The server must send:`,
        fixes: corsFixes(appOrigin, hasToken),
        cli,
      };
    }
    return {
      kind: "network",
      title: `Nothing answered at ${origin}`,
      message:
        `The request failed before any response (${low}), and a plain no-cors request to the same URL failed too: ` +
        `the server is not running, the host or port is wrong, or something between blocks it. ` +
        `If it is running and still fails here, its CORS headers are the next suspect: the server must send:`,
      fixes: corsFixes(appOrigin, hasToken),
      cli,
    };
  }

  if (last && typeof last.status === "number" && last.status >= 400) {
    const s = last.status;
    const body = last.body ? ` The body began: ${JSON.stringify(last.body.slice(0, 200))}.` : "";
    const fixes =
      s === 401 || s === 403
        ? [
            hasToken
              ? "The token was sent as Authorization: Bearer …; check that it is valid for this server."
              : "The server wants credentials: paste a bearer token in the token field.",
          ]
        : s === 404 || s === 405
          ? ["Check the path: MCP servers usually serve Streamable HTTP at /mcp."]
          : /session/i.test(last.body ?? "")
            ? [
                "The server speaks of a session: if it issues mcp-session-id, it must list it in Access-Control-Expose-Headers, or the browser hides it from the client.",
              ]
            : ["Look at the server's log for this request."];
    return {
      kind: "http-status",
      title: `The server answered HTTP ${s}`,
      message: `${last.method} ${url} was answered with HTTP ${s}.${body}`,
      fixes,
      status: s,
      cli,
    };
  }

  if (last) {
    const type = last.contentType ?? "no content type";
    return {
      kind: "not-mcp",
      title: "This does not look like an MCP server",
      message:
        `${url} answered (HTTP ${String(last.status)}, ${type}), but not with JSON-RPC that an MCP client accepts: ${raw}. ` +
        `A Streamable HTTP endpoint answers a POSTed JSON-RPC request with application/json or text/event-stream.`,
      fixes: ["Check the URL: it must be the MCP endpoint itself (often …/mcp), not a web page."],
      cli,
    };
  }

  return {
    kind: "other",
    title: "The review failed",
    message: raw,
    fixes: [],
    cli,
  };
}
