import { describe, expect, it } from "vitest";
import { linkDestination } from "./link-destination";

describe("linkDestination (the open-link confirmation)", () => {
  it("names the real site of a link whose user info reads like another site (issue #25)", () => {
    const d = linkDestination("https://accounts.example.com@evil.example/login?next=1");
    expect(d.host).toBe("evil.example");
    expect(d.parts).toEqual([
      { text: "https://", kind: "scheme" },
      { text: "accounts.example.com@", kind: "userinfo" },
      { text: "evil.example", kind: "host" },
      { text: "/login?next=1", kind: "rest" },
    ]);
    expect(d.warnings[0]).toContain("is a user name, not the site: this link opens evil.example");
  });

  it("says nothing more for an ordinary link, and flags other schemes, IDN hosts and hidden characters", () => {
    expect(linkDestination("https://example.com/a@b").warnings).toEqual([]);
    expect(linkDestination("https://example.com/a@b").host).toBe("example.com");
    expect(linkDestination("javascript:alert(1)").warnings[0]).toContain("not a web link");
    expect(linkDestination("https://exаmple.com/").warnings.join(" ")).toContain("xn--");
    const rlo = linkDestination("https://example.com/\u202Egnp.exe");
    expect(rlo.shown).toContain("⟨U+202E⟩");
    expect(rlo.warnings.join(" ")).toContain("hidden characters");
  });
});
