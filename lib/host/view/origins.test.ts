import { describe, expect, it } from "vitest";
import { checkOrigins, sandboxOriginFor } from "./origins";

describe("sandbox origin", () => {
  it("defaults to sandbox.localhost on the host's scheme and port", () => {
    expect(sandboxOriginFor("http://localhost:3000")).toBe("http://sandbox.localhost:3000");
    expect(sandboxOriginFor("https://academy.example")).toBe("https://sandbox.localhost");
  });

  it("uses the configured origin when a deployment sets one", () => {
    expect(
      sandboxOriginFor("https://academy.example", "https://sandbox.academy-usercontent.example/"),
    ).toBe("https://sandbox.academy-usercontent.example");
  });

  it("refuses to run when host and sandbox share an origin, saying why (SBX-2)", () => {
    const r = checkOrigins("http://localhost:3000", "http://localhost:3000");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toContain("SBX-2");
    expect(checkOrigins("http://localhost:3000", "http://sandbox.localhost:3000").ok).toBe(true);
  });
});
