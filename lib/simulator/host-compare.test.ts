/** Two host profiles side by side (issue 33), on the real profiles in content/host-profiles. */
import { beforeAll, describe, expect, it } from "vitest";
import { simulatorHostProfiles } from "../content/host-profiles";
import { PROFILE_FIELDS, type HostProfile } from "../decide/host-profile";
import { compareHosts } from "./host-compare";

let profiles: HostProfile[];
const byId = (id: string) => profiles.find((p) => p.id === id)!;

beforeAll(async () => {
  profiles = await simulatorHostProfiles("2026-12-06");
});

describe("compareHosts", () => {
  it("Claude against VS Code: one row per field, the differing ones marked, each side with its judgement and dated source", () => {
    const rows = compareHosts(byId("claude"), byId("vscode"));
    expect(rows.map((r) => r.field)).toEqual(PROFILE_FIELDS);
    const frame = rows.find((r) => r.field === "cspFrameDomains")!;
    expect(frame.differs).toBe(true);
    expect(frame.a).toMatchObject({ value: "dropped", kind: "variation" });
    expect(frame.a.ruleIds).toContain("CSP-3");
    expect(frame.b).toMatchObject({ value: "honoured", kind: null, ruleIds: [] });
    const claudeFrame = byId("claude").fields.cspFrameDomains.evidence.find((e) => e.used)!;
    expect(frame.a.source).toMatchObject({ date: claudeFrame.date, url: claudeFrame.link.url });
    const message = rows.find((r) => r.field === "message")!;
    expect(message.a.value).toBe("conversation");
    expect(message.b).toMatchObject({ value: "draft", kind: "variation" });
    // Both honour connectDomains: the same value, not marked.
    expect(rows.find((r) => r.field === "cspConnectDomains")!.differs).toBe(false);
  });

  it("a field a profile leaves out reads as unknown, with no source, and the reference has none either", () => {
    const rows = compareHosts(byId("sunpeak-claude"), byId("reference"));
    const modes = rows.find((r) => r.field === "displayModes")!;
    expect(modes.a).toMatchObject({ status: "unknown", source: null, value: "inline" });
    expect(modes.b).toMatchObject({ status: "reference", source: null });
    expect(modes.differs).toBe(false);
  });
});
