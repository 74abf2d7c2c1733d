import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AppCallRecord } from "@/lib/review/live-types";
import { Field } from "./runner-field";
import { AppCalls, ViewRecords, type Snapshot } from "./runner-records";

// Issue #39 (LOW): four places on /review still showed a server's bidi controls raw, so a name
// could reverse the host's own sentence around it. Every server string there must come out with
// its hidden characters marked (⟨U+202E⟩), never as the character itself.
const RLO = "\u202E";
const HIDDEN = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;

function snapshot(over: Partial<Snapshot>): Snapshot {
  return {
    state: "initialized",
    failures: [],
    appCalls: [],
    tools: [],
    links: [],
    messages: [],
    logs: [],
    log: [],
    startedAt: 0,
    ...over,
  };
}

describe("server strings on /review show their hidden characters", () => {
  it("in the 'hidden from the agent' line and the app-initiated calls", () => {
    const call: AppCallRecord = {
      at: 1,
      method: "tools/call",
      target: `noitca${RLO}ppa`,
      outcome: "refused",
      reason: `visibility ${RLO}lacks app`,
      ruleIds: ["TOOL-4"],
    };
    const html = renderToStaticMarkup(
      <AppCalls
        s={snapshot({
          appCalls: [call],
          tools: [
            { name: `ylno_ledom${RLO}`, agentListed: false, appCallable: false, reason: "x" },
          ],
        })}
        observe={async () => []}
      />,
    );
    expect(html).not.toMatch(HIDDEN);
    expect(html).toContain("⟨U+202E⟩");
  });

  it("in 'What the view sent'", () => {
    const html = renderToStaticMarkup(
      <ViewRecords
        s={snapshot({
          links: [{ at: 1, url: `https://a.example/${RLO}gpj.exe`, reason: "declined" }],
          messages: [
            { at: 2, method: "ui/message", params: { json: `{"text":"hi${RLO}"}`, more: 0 } },
          ],
          logs: [{ at: 3, level: "info", data: { json: `"log${RLO}"`, more: 0 } }],
        } as Partial<Snapshot>)}
      />,
    );
    expect(html).not.toMatch(HIDDEN);
    expect(html.split("⟨U+202E⟩").length - 1).toBe(3);
  });

  it("in an argument's label and hint", () => {
    const html = renderToStaticMarkup(
      <Field
        field={{
          name: `room${RLO}`,
          required: true,
          kind: "string",
          multiline: false,
          description: `the room ${RLO}to book`,
        }}
        id="f"
        value=""
        onChange={() => {}}
      />,
    );
    expect(html).not.toMatch(HIDDEN);
    expect(html).toContain("⟨U+202E⟩");
  });
});
