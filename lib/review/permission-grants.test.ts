import { describe, expect, it } from "vitest";
import { displayName, grantFrom, PERMISSION_EFFECTS } from "./permission-grants";
import { PERMISSION_NAMES } from "../decide/vocabulary";

describe("grantFrom", () => {
  it("grants nothing when the person allows nothing (PERM-2: a host may grant, never must)", () => {
    expect(grantFrom(["geolocation", "camera"], [])).toEqual({
      requested: ["geolocation", "camera"],
      granted: [],
      denied: ["geolocation", "camera"],
    });
  });

  it("grants exactly the requested permissions the person allowed", () => {
    expect(grantFrom(["geolocation", "camera"], ["geolocation"])).toEqual({
      requested: ["geolocation", "camera"],
      granted: ["geolocation"],
      denied: ["camera"],
    });
  });

  it("never grants what the view did not request, an unknown name or a repeat", () => {
    const g = grantFrom(["camera"], ["camera", "microphone", "camera", "usb"]);
    expect(g.granted).toEqual(["camera"]);
    expect(g.denied).toEqual([]);
  });
});

describe("displayName", () => {
  it("removes a right-to-left override, so a name cannot read as something else", () => {
    expect(displayName("Where <b>am</b> I \u202Egnp.exe")).toBe("Where <b>am</b> I gnp.exe");
  });

  it("removes control and zero-width characters, collapses white space and caps the length", () => {
    expect(displayName("a\u0000b\u200bc\n\n  d")).toBe("abc d");
    const long = displayName("x".repeat(200), 10);
    expect([...long]).toHaveLength(10);
    expect(long.endsWith("…")).toBe(true);
  });

  it("says so when there is no usable name", () => {
    expect(displayName(undefined)).toBe("(no name)");
    expect(displayName("\u202e\u200f ")).toBe("(no name)");
  });
});

it("describes what a view could do with every permission PERM-1 names", () => {
  for (const p of PERMISSION_NAMES) expect(PERMISSION_EFFECTS[p].effect).toMatch(/\w/);
});
