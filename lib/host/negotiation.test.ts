import { describe, expect, it } from "vitest";
import { APPS_CLIENT_CAPABILITIES, type Declaration } from "./connect";
import { decideLegacyNegotiation, decideNegotiationForEra } from "./negotiation";

const init = (capabilities: unknown): Declaration => ({
  where: "initialize",
  method: "initialize",
  capabilities,
});

describe("negotiation judged by era (NEG-5, NEG-6; NEG-2..4)", () => {
  it("legacy passes on the initialize declaration plus a tool that names a view", () => {
    expect(decideLegacyNegotiation(init(APPS_CLIENT_CAPABILITIES), "ui://a").verdict).toBe("pass");
  });

  it("legacy fails without the extension, without the profile type, or without a view", () => {
    expect(decideLegacyNegotiation(init({}), "ui://a").reason).toMatch(/did not declare/);
    const noProfile = {
      extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html"] } },
    };
    expect(decideLegacyNegotiation(init(noProfile), "ui://a").reason).toMatch(
      /without text\/html;profile=mcp-app/,
    );
    expect(decideLegacyNegotiation(init(APPS_CLIENT_CAPABILITIES), undefined).ruleIds).toContain(
      "TOOL-1",
    );
    expect(decideLegacyNegotiation(undefined, "ui://a").verdict).toBe("fail");
  });

  it("modern ignores an initialize declaration: only a request's _meta counts (NEG-2)", () => {
    const server = { extensions: { "io.modelcontextprotocol/ui": {} } };
    expect(
      decideNegotiationForEra("modern", init(APPS_CLIENT_CAPABILITIES), server, "ui://a"),
    ).toMatchObject({
      verdict: "fail",
      ruleIds: ["NEG-2"],
    });
    const meta: Declaration = {
      where: "request-meta",
      method: "tools/call",
      capabilities: APPS_CLIENT_CAPABILITIES,
    };
    expect(decideNegotiationForEra("modern", meta, server, "ui://a").verdict).toBe("pass");
    expect(decideNegotiationForEra("modern", meta, {}, "ui://a").ruleIds).toEqual([
      "NEG-3",
      "NEG-4",
    ]);
  });
});
