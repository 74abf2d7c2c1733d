import { describe, expect, it } from "vitest";
import {
  PROFILE_EVIDENCE_KINDS,
  PROFILE_FIELDS,
  REFERENCE_BEHAVIOURS,
  type ProfileEvidence,
} from "../decide/host-profile";
import { ContentError } from "./errors";
import {
  deriveFromMeasured,
  loadHostProfileFiles,
  measuredDisagreements,
  parseHostProfileFile,
  resolveHostProfile,
  simulatorHostProfiles,
} from "./host-profiles";
import { loadHostRecords, type LoadedHostRecord } from "./hosts";
import { EVIDENCE_KINDS } from "./hosts-schema";

const records = await loadHostRecords();
const files = await loadHostProfileFiles();
/** A day the tests fix, so staleness does not drift with the calendar. */
const TODAY = "2026-12-20";
const profiles = files.map((f) => resolveHostProfile(f, records, TODAY));
const byId = (id: string) => profiles.find((p) => p.id === id)!;
const record = (id: string) => records.find((r) => r.id === id)!;

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ContentError);
    return (e as Error).message;
  }
  throw new Error("expected a ContentError");
}

const FILE = "content/host-profiles/claude.json";
const parse = (fields: unknown) =>
  parseHostProfileFile(JSON.stringify({ id: "claude", basis: "A fixture profile.", fields }), FILE);

describe("host profiles as data", () => {
  it("covers the closed hosts with facts and the measured open-source ones", () => {
    expect(files.map((f) => f.id)).toEqual([
      "apprenderer-csp",
      "apprenderer-readme",
      "basic-host",
      "chatgpt",
      "claude",
      "cursor",
      "goose",
      "m365-copilot",
      "mcp-inspector",
      "sunpeak-chatgpt",
      "sunpeak-claude",
      "vscode",
    ]);
  });

  it("names the same five kinds of evidence as the host records", () => {
    expect([...PROFILE_EVIDENCE_KINDS]).toEqual([...EVIDENCE_KINDS]);
  });

  it("gives every known or disputed field an evidence kind and a date (or undated), newest first", () => {
    for (const p of profiles) {
      for (const f of PROFILE_FIELDS) {
        const field = p.fields[f];
        if (field.status === "unknown") {
          expect(field.evidence, `${p.id}.${f}`).toEqual([]);
          expect(field.value, `${p.id}.${f}`).toEqual(REFERENCE_BEHAVIOURS[f]);
          continue;
        }
        expect(field.evidence.length, `${p.id}.${f}`).toBeGreaterThan(0);
        for (const e of field.evidence) {
          expect(PROFILE_EVIDENCE_KINDS, `${p.id}.${f}`).toContain(e.kind);
          expect(e.date, `${p.id}.${f}`).toMatch(/^(\d{4}-\d{2}-\d{2}|undated)$/);
          expect(e.source.length, `${p.id}.${f}`).toBeGreaterThan(7);
          expect(e.says.length, `${p.id}.${f}`).toBeGreaterThan(3);
        }
        const dated = field.evidence.map((e) => e.date).filter((d) => d !== "undated");
        expect(dated, `${p.id}.${f}`).toEqual([...dated].sort().reverse());
        // The value the engine uses is the one its used sources say.
        for (const e of field.evidence.filter((x) => x.used))
          expect(e.value, `${p.id}.${f}`).toEqual(field.value);
      }
    }
  });

  it("rests a field on the record's cell rather than restating it: the source is the cell's", () => {
    const claude = byId("claude");
    const [frame] = claude.fields.cspFrameDomains.evidence;
    const cell = record("claude").cells["csp/host-may-restrict"]!;
    expect(frame).toMatchObject({
      cell: "csp/host-may-restrict",
      kind: cell.kind,
      date: cell.date,
      source: cell.source,
      says: cell.value,
    });
    // A measured cell says its verdict and the probe.
    expect(byId("basic-host").fields.appCallVisibility.evidence[0]!.says).toBe(
      "FAIL on the conformance probe visibility/app-tool-call-guard",
    );
  });

  it("flags a source older than 90 days on the day it is read, and not before", () => {
    const late = byId("claude").fields.cspFrameDomains.evidence[0]!; // 2026-08-19
    expect(late.stale).toEqual([expect.stringMatching(/^123 days old: over 90 days/)]);
    const early = resolveHostProfile(
      files.find((f) => f.id === "claude")!,
      records,
      "2026-09-01",
    );
    expect(early.fields.cspFrameDomains.evidence[0]!.stale).toEqual([]);
    // Undated sources and lone user reports say so whatever the day.
    const goose = byId("goose").fields.cspFrameDomains.evidence[0]!;
    expect(goose.stale).toContain("undated: the source carries no date");
    const domain = resolveHostProfile(
      files.find((f) => f.id === "claude")!,
      records,
      "2026-08-01",
    ).fields.domain.evidence[0]!;
    expect(domain.stale).toEqual(["rests on one user report"]);
    // The measured cells of 2026-12-06 are current on the 20th.
    expect(byId("basic-host").fields.defaultCsp.evidence[0]!.stale).toEqual([]);
  });

  it("keeps both sides of a dispute and uses the newer: Claude's connect domains", () => {
    const connect = byId("claude").fields.cspConnectDomains;
    expect(connect.status).toBe("disputed");
    expect(connect.value).toBe("honoured");
    expect(connect.evidence.map((e) => [e.date, e.value, e.used])).toEqual([
      ["2026-08-19", "honoured", true],
      ["2026-02-27", "dropped", false],
    ]);
    // Goose's app-call guard: a third-party run (2026-07-27) after the vendor's fix (2026-03-19).
    const guard = byId("goose").fields.appCallVisibility;
    expect([guard.status, guard.value]).toEqual(["disputed", "unchecked"]);
  });

  it("uses the reference value for a field no source speaks about, and says it is unknown", () => {
    const consent = byId("claude").fields.consent;
    expect(consent).toEqual({ value: "scenario", status: "unknown", evidence: [] });
  });

  it("carries the measured row of a host this project measured", () => {
    expect(byId("sunpeak-claude").measured).toMatchObject({
      record: "sunpeak-claude",
      date: "2026-12-06",
      version: "0.20.79",
    });
    expect(byId("sunpeak-claude").measured!.cells["security/csp-no-loosening"]).toBe("FAIL");
    expect(byId("claude").measured).toBeUndefined();
  });
});

describe("the simulator's choice of hosts", () => {
  it("starts with the reference, which carries this simulator's own measured row", async () => {
    const hosts = await simulatorHostProfiles(TODAY);
    expect(hosts.map((h) => h.id)).toEqual(["reference", ...files.map((f) => f.id)]);
    expect(hosts[0]!.measured).toMatchObject({ record: "academy-simulator", date: "2026-12-06" });
    // Every source a profile shows has its kind in words and a link or a record's name.
    const evidence = hosts.flatMap((h) =>
      PROFILE_FIELDS.flatMap((f) => h.fields[f].evidence as ProfileEvidence[]),
    );
    for (const e of evidence) {
      expect(e.kindLabel.length).toBeGreaterThan(5);
      expect(e.link.label.length).toBeGreaterThan(5);
    }
  });
});

describe("measured hosts' profiles follow their newest measured record", () => {
  const measured = files.filter((f) => Object.keys(deriveFromMeasured(record(f.id))).length);

  it("are the six open-source hosts this project measured", () => {
    expect(measured.map((f) => f.id)).toEqual([
      "apprenderer-csp",
      "apprenderer-readme",
      "basic-host",
      "mcp-inspector",
      "sunpeak-chatgpt",
      "sunpeak-claude",
    ]);
  });

  it.each(measured.map((f) => [f.id, f] as const))("%s agrees with its record", (id, f) => {
    expect(measuredDisagreements(f, record(id))).toEqual([]);
  });

  it("fails when a new measurement changes a verdict the profile rests on", () => {
    const r = record("basic-host");
    const remeasured: LoadedHostRecord = {
      ...r,
      cells: {
        ...r.cells,
        "visibility/app-tool-call-guard": {
          ...r.cells["visibility/app-tool-call-guard"]!,
          value: "PASS",
        },
        "security/csp-default-deny": { ...r.cells["security/csp-default-deny"]!, value: "PASS" },
      },
    };
    expect(
      measuredDisagreements(
        files.find((f) => f.id === "basic-host")!,
        remeasured,
      ),
    ).toEqual([
      'appCallVisibility: the measured cells say "checked"; the profile says "unchecked"',
      'defaultCsp: the measured cells say "restrictive"; the profile says "looser"',
    ]);
  });

  it("reads the CSP probes as the engine's cspApplied", () => {
    const applied = (id: string) => deriveFromMeasured(record(id)).cspApplied?.value;
    expect(applied("basic-host")).toBe("declared");
    expect(applied("sunpeak-claude")).toBe("none");
    expect(applied("apprenderer-readme")).toBe("ignored");
    expect(applied("academy-simulator")).toBe("declared");
  });

  it("reads a failed default CSP as none when the declared-csp view showed no policy either", () => {
    const deny = "security/csp-default-deny";
    const withDeny = (id: string, value: "PASS" | "FAIL"): LoadedHostRecord => {
      const r = record(id);
      const like = r.cells["security/csp-block-undeclared"]!;
      return { ...r, cells: { ...r.cells, [deny]: { ...like, value } } };
    };
    // sunpeak: the undeclared origin answered and a frame loaded under a declared csp, and the
    // view that declares none reached everything: no policy at all, not a looser one.
    expect(deriveFromMeasured(withDeny("sunpeak-claude", "FAIL")).defaultCsp).toEqual({
      value: "none",
      cells: [deny, "security/csp-block-undeclared", "security/sandbox-csp-enforced"],
    });
    // A host that enforces the declared csp but fails the default serves a looser default.
    expect(deriveFromMeasured(withDeny("mcp-inspector", "FAIL")).defaultCsp).toEqual({
      value: "looser",
      cells: [deny],
    });
    expect(deriveFromMeasured(withDeny("sunpeak-claude", "PASS")).defaultCsp).toEqual({
      value: "restrictive",
      cells: [deny],
    });
  });
});

describe("host profile files are checked", () => {
  it("name the file and the field of a wrong value", () => {
    expect(errorOf(() => parse({ eras: { value: "ancient", cells: ["x/y"] } }))).toMatch(
      /^content\/host-profiles\/claude\.json: fields\.eras\.value: /,
    );
  });

  it("refuse a field that rests on nothing", () => {
    expect(errorOf(() => parse({ eras: { value: "dual" } }))).toContain(
      "rest the value on a record's cell (cells) or on a source (evidence)",
    );
  });

  it("refuse an unknown field", () => {
    expect(errorOf(() => parse({ colour: { value: "red", cells: ["x/y"] } }))).toContain(
      'unknown field "colour"',
    );
  });

  it("refuse a cell the record does not hold", () => {
    const f = parse({ eras: { value: "dual", cells: ["security/csp-default-deny"] } });
    expect(errorOf(() => resolveHostProfile(f, records, TODAY))).toContain(
      'holds no cell "security/csp-default-deny"',
    );
  });

  it("refuse to drop a record's dispute: each conflicting source must be read", () => {
    const f = parse({
      cspConnectDomains: { value: "honoured", cells: ["security/csp-construct-from-domains"] },
    });
    expect(errorOf(() => resolveHostProfile(f, records, TODAY))).toContain(
      'the cell "security/csp-construct-from-domains" has a conflicting source (number 0)',
    );
  });

  it("refuse a value older than a source that disagrees", () => {
    const f = parse({
      eras: {
        value: "legacy",
        evidence: [
          {
            kind: "user-reported",
            date: "2026-01-01",
            source: "https://a.example",
            says: "An older report.",
          },
        ],
        conflicts: [
          {
            value: "dual",
            evidence: {
              kind: "host-code",
              date: "2026-06-01",
              source: "https://b.example",
              says: "A newer reading of the code.",
            },
          },
        ],
      },
    });
    expect(errorOf(() => resolveHostProfile(f, records, TODAY))).toContain(
      'a newer source says "dual": write that as the value and keep the older as a conflict',
    );
  });

  it("resolve a profile whose host has no record as an error naming the file", () => {
    const f = parseHostProfileFile(
      JSON.stringify({ id: "nowhere", basis: "A fixture profile.", fields: {} }),
      "content/host-profiles/nowhere.json",
    );
    expect(errorOf(() => resolveHostProfile(f, records, TODAY))).toBe(
      "content/host-profiles/nowhere.json: id: no host record content/hosts/nowhere.json",
    );
  });
});
