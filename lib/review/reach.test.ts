import { describe, expect, it } from "vitest";
import { checkServerUrl, cliCommand, corsFixes, explainFailure, type FailureInput } from "./reach";

const APP = "http://localhost:3000";
const base: Omit<FailureInput, "error" | "observations"> = {
  url: "http://127.0.0.1:4000/mcp",
  elapsedMs: 120,
  timeoutMs: 20_000,
  appOrigin: APP,
  hasToken: false,
};

describe("checkServerUrl", () => {
  it("accepts http and https URLs", () => {
    expect(checkServerUrl(" http://localhost:3001/mcp ").ok).toBe(true);
    expect(checkServerUrl("https://example.com/mcp").ok).toBe(true);
  });
  it.each([
    ["", /field is empty/],
    // No scheme: "localhost:" parses as one, so the message must not talk of a "localhost" scheme.
    ["localhost:3001/mcp", /^"localhost:3001\/mcp" has no scheme: add http:\/\/ or https:\/\//],
    ["example.com/mcp", /has no scheme: add http:\/\/ or https:\/\//],
    ["ftp://example.com/mcp", /uses ftp/],
    ["http://user:pw@example.com/mcp", /carries credentials/],
  ])("refuses %j, naming the Server URL field", (text, why) => {
    const r = checkServerUrl(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem).toMatchObject({ kind: "invalid-url", field: "url" });
    expect(r.problem.title).toContain("Server URL");
    expect(r.problem.message).toMatch(why);
  });
});

describe("explainFailure", () => {
  const networkError = new TypeError("Failed to fetch");

  it("a network error the no-cors probe got past is CORS, naming every header the server must send", () => {
    const p = explainFailure({
      ...base,
      error: networkError,
      observations: [{ method: "POST", status: "network-error" }],
      noCorsProbe: "reachable",
    });
    expect(p.kind).toBe("cors");
    const text = p.fixes.join("\n");
    expect(text).toContain(`Access-Control-Allow-Origin: ${APP}`);
    expect(text).toMatch(
      /Access-Control-Allow-Headers: .*mcp-protocol-version, mcp-method, mcp-name/,
    );
    expect(text).toContain("Access-Control-Expose-Headers: mcp-session-id");
    expect(text).not.toContain("authorization");
    expect(p.cli).toBe("npm run review -- http://127.0.0.1:4000/mcp");
  });

  it("quotes a URL for the shell whenever it holds a character the shell would act on (issue #25)", () => {
    expect(cliCommand("http://h/mcp?a=1&b=2", false)).toBe(
      "npm run review -- 'http://h/mcp?a=1&b=2'",
    );
    expect(cliCommand("http://h/x'y;rm -rf ~", false)).toBe(
      "npm run review -- 'http://h/x'\\''y;rm -rf ~'",
    );
    for (const url of [
      "http://h/a$(id)",
      "http://h/`id`",
      "http://h/a|b",
      "http://h/*",
      "http://h/a b",
    ])
      expect(cliCommand(url, false)).toBe(`npm run review -- '${url}'`);
  });

  it("with a token, authorization joins the allowed headers and the CLI gets a placeholder, never the token", () => {
    expect(corsFixes(APP, true)[2]).toContain("authorization");
    expect(cliCommand("http://h/mcp", true)).toBe(
      'npm run review -- http://h/mcp --header "Authorization: Bearer <your token>"',
    );
  });

  it("a network error nothing answered, not even no-cors, is a dead server (CORS named as the next suspect)", () => {
    const p = explainFailure({
      ...base,
      error: networkError,
      observations: [{ method: "POST", status: "network-error" }],
      noCorsProbe: "unreachable",
    });
    expect(p.kind).toBe("network");
    expect(p.title).toBe("Nothing answered at http://127.0.0.1:4000");
    // The browser's own words, not the host's wrapping sentence.
    const wrapped = explainFailure({
      ...base,
      error: new Error("Could not reach the server (Failed to fetch). Check that it is running.", {
        cause: networkError,
      }),
      observations: [{ method: "POST", status: "network-error" }],
      noCorsProbe: "unreachable",
    });
    expect(wrapped.message).toContain("before any response (Failed to fetch)");
    expect(wrapped.message).not.toContain("Could not reach");
    expect(p.fixes.join("\n")).toContain("Access-Control-Allow-Origin");
  });

  it("an https page cannot reach a plain-http remote server: mixed content, said so", () => {
    const p = explainFailure({
      ...base,
      url: "http://example.com/mcp",
      appOrigin: "https://academy.example",
      error: networkError,
      observations: [{ method: "POST", status: "network-error" }],
      noCorsProbe: "unreachable",
    });
    expect(p).toMatchObject({ kind: "network" });
    expect(p.message).toMatch(/mixed content/);
  });

  it("an HTTP error status is shown with its number; 401 points at the token field", () => {
    const p = explainFailure({
      ...base,
      error: new Error("Version negotiation failed: the server requires authorization (HTTP 401)"),
      observations: [{ method: "POST", status: 401, body: "no token" }],
    });
    expect(p).toMatchObject({
      kind: "http-status",
      status: 401,
      title: "The server answered HTTP 401",
    });
    expect(p.fixes[0]).toMatch(/token field/);
    const notFound = explainFailure({
      ...base,
      error: new Error("x"),
      observations: [{ method: "POST", status: 404 }],
    });
    expect(notFound.fixes[0]).toMatch(/\/mcp/);
  });

  it("a success status with something that is not JSON-RPC is not an MCP server", () => {
    const p = explainFailure({
      ...base,
      error: new Error("Unexpected content type: text/html"),
      observations: [{ method: "POST", status: 200, contentType: "text/html; charset=utf-8" }],
    });
    expect(p.kind).toBe("not-mcp");
    expect(p.message).toContain("text/html");
  });

  it("a time-out gives the limit and the time actually waited", () => {
    const p = explainFailure({
      ...base,
      elapsedMs: 3_412,
      timeoutMs: 3_000,
      error: new Error("The server never answered server/discover within 3000 ms."),
      observations: [],
    });
    expect(p).toMatchObject({ kind: "timeout", title: "No answer within 3.0 s", waitedMs: 3_412 });
    expect(p.message).toContain("Waited 3.4 s");
  });
});
