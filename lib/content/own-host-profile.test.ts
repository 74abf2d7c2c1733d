/** A host implementer's own profile file (issue 33), read as the repository's profiles are. */
import { beforeAll, describe, expect, it } from "vitest";
import { loadHostRecords, type LoadedHostRecord } from "./hosts";
import { readLinkedHostProfile, readOwnHostProfile } from "./own-host-profile";
import { encodeProfileLink } from "../simulator/share-profile";

let records: LoadedHostRecord[];
beforeAll(async () => {
  records = await loadHostRecords();
});

const OWN = {
  id: "acme-chat",
  basis: "Acme Chat's own reading of its host code, December 2026.",
  fields: {
    cspFrameDomains: {
      value: "dropped",
      evidence: [
        {
          kind: "host-code",
          date: "2026-12-01",
          source: "https://example.com/acme-chat/csp.ts",
          says: "Our policy builder leaves frameDomains out on purpose.",
        },
      ],
    },
    displayModes: {
      value: ["inline", "pip"],
      evidence: [
        {
          kind: "vendor-documented",
          date: "2026-11-20",
          source: "https://example.com/acme-chat/docs",
          says: "The docs list inline and picture-in-picture.",
        },
      ],
    },
  },
};
const read = (json: unknown, name = "acme-chat.json") =>
  readOwnHostProfile(JSON.stringify(json), name, records, "2026-12-06");

describe("readOwnHostProfile", () => {
  it("resolves a profile with sources of its own: known where it speaks, unknown elsewhere", () => {
    const r = read(OWN);
    if (!r.ok) throw new Error(r.error);
    expect(r.profile.name).toBe("acme-chat");
    expect(r.profile.fields.cspFrameDomains).toMatchObject({ value: "dropped", status: "known" });
    expect(r.profile.fields.cspFrameDomains.evidence[0]).toMatchObject({
      date: "2026-12-01",
      used: true,
    });
    expect(r.profile.fields.displayModes.value).toEqual(["inline", "pip"]);
    expect(r.profile.fields.message).toMatchObject({ status: "unknown", value: "conversation" });
  });

  it("names the field of a value the engine has no such value for", () => {
    const bad = structuredClone(OWN);
    (bad.fields.cspFrameDomains as { value: string }).value = "ignored";
    const r = read(bad);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^acme-chat\.json: fields\.cspFrameDomains\.value: /);
  });

  it("names an unknown field, a file name that is not the id, and a cell with no record behind it", () => {
    const extra = read({ ...OWN, fields: { ...OWN.fields, colour: { value: "blue" } } });
    expect(!extra.ok && extra.error).toContain('unknown field "colour"');
    const renamed = read(OWN, "C:\\fakepath\\mine.json");
    expect(!renamed.ok && renamed.error).toBe(
      'mine.json: id: "acme-chat" must match the file name "mine"',
    );
    const cell = read({
      ...OWN,
      fields: {
        modelContext: { value: "not-seen", cells: ["model-context/provide-future-turns"] },
      },
    });
    expect(!cell.ok && cell.error).toContain("fields.modelContext.cells");
  });

  it("refuses what is not JSON, naming the file", () => {
    const r = readOwnHostProfile("{ not json", "acme-chat.json", records, "2026-12-06");
    expect(!r.ok && r.error).toMatch(/^acme-chat\.json: JSON: /);
  });
});

describe("readLinkedHostProfile", () => {
  const readLink = async (json: unknown) =>
    readLinkedHostProfile(await encodeProfileLink(JSON.stringify(json)), records, "2026-12-06");

  it("resolves a profile carried in a link as the same file uploaded would be", async () => {
    const r = await readLink(OWN);
    const uploaded = read(OWN);
    if (!r.ok || !uploaded.ok) throw new Error("both should read");
    expect(r.profile).toEqual(uploaded.profile);
  });

  it("names the field of a bad value, and says the error is the link's profile", async () => {
    const bad = structuredClone(OWN);
    (bad.fields.cspFrameDomains as { value: string }).value = "sometimes";
    const r = await readLink(bad);
    expect(!r.ok && r.error).toMatch(/^the link's host profile: fields\.cspFrameDomains\.value: /);
    const noBasis = await readLink({ ...OWN, basis: undefined });
    expect(!noBasis.ok && noBasis.error).toMatch(/^the link's host profile: basis: /);
  });

  it("has no file name to match: any id reads, as the person who shared it wrote it", async () => {
    const r = await readLink({ ...OWN, id: "someone-elses-host" });
    expect(r.ok && r.profile.id).toBe("someone-elses-host");
  });

  it("says a damaged link is damaged before reading any field", async () => {
    const link = await encodeProfileLink(JSON.stringify(OWN));
    const r = await readLinkedHostProfile(link.slice(0, -5), records, "2026-12-06");
    expect(!r.ok && r.error).toContain("the link's host profile is damaged");
  });
});
