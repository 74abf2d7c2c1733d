import { describe, expect, it } from "vitest";
import {
  appOrigin,
  cspHeaderFrom,
  isSandboxHostname,
  runIdOfHostname,
  signGrant,
  spendToken,
  takeMintAllowance,
  MINT_BURST,
  MINT_PER_SECOND,
  verifyGrant,
  type ProxyGrant,
} from "./sandbox-server";

const grant: ProxyGrant = {
  host: "http://localhost:3000",
  run: "abcdefgh1234",
  csp: JSON.stringify({ connectDomains: ["http://api.localhost:3000"] }),
  exp: Date.now() + 60_000,
};

describe("proxy grants (CSP-3: the policy is the host's)", () => {
  it("accepts exactly the grant it signed", () => {
    expect(verifyGrant(grant, signGrant(grant))).toBe(true);
  });

  it("refuses a grant changed in any part, an expired one, or a missing token", () => {
    const t = signGrant(grant);
    const looser = JSON.stringify({ connectDomains: ["http://evil.localhost:3000"] });
    expect(verifyGrant({ ...grant, csp: looser }, t)).toBe(false);
    expect(verifyGrant({ ...grant, csp: "" }, t)).toBe(false);
    expect(verifyGrant({ ...grant, run: "otherrun1234" }, t)).toBe(false);
    expect(verifyGrant({ ...grant, host: "http://evil.localhost:3000" }, t)).toBe(false);
    expect(verifyGrant({ ...grant, exp: grant.exp + 1 }, t)).toBe(false);
    expect(verifyGrant(grant, t, grant.exp + 1)).toBe(false);
    expect(verifyGrant(grant, null)).toBe(false);
    expect(verifyGrant(grant, `${t.slice(0, -1)}A`)).toBe(t.endsWith("A"));
  });

  it("lets a token be spent once, and forgets it only after it has expired", () => {
    const now = Date.now();
    const t = signGrant({ ...grant, run: "spendonce001" });
    expect(spendToken(t, now + 1000, now)).toBe(true);
    expect(spendToken(t, now + 1000, now)).toBe(false);
    expect(spendToken(t, now + 1000, now + 500)).toBe(false);
    // Many later tokens: the pruning pass runs, but an unexpired spent token stays spent.
    for (let i = 0; i < 300; i++)
      expect(spendToken(`filler-${i}`, now + 5000, now + 600)).toBe(true);
    expect(spendToken(t, now + 1000, now + 600)).toBe(false);
    // Once expired (verifyGrant refuses it anyway) it may be pruned: memory stays bounded.
    for (let i = 0; i < 300; i++) spendToken(`later-${i}`, now + 9000, now + 6000);
    expect(spendToken(`filler-0`, now + 5000, now + 6000)).toBe(true);
  });

  it("visits only expired entries when it prunes spent tokens, however many are unexpired (issue #25)", () => {
    // Count every entry the store's iterators hand out: the old pass walked the whole map on each
    // load once 256 unexpired tokens were spent, so 2,000 loads visited about 2 million entries.
    let visited = 0;
    class CountingMap<K, V> extends Map<K, V> {
      override [Symbol.iterator]() {
        const it = super[Symbol.iterator]();
        return {
          next: () => {
            const r = it.next();
            if (!r.done) visited++;
            return r;
          },
          [Symbol.iterator]() {
            return this;
          },
        } as MapIterator<[K, V]>;
      }
      override entries() {
        return this[Symbol.iterator]();
      }
      override keys(): MapIterator<K> {
        throw new Error("not expected");
      }
    }
    const key = Symbol.for("academy.sandbox-spent-tokens");
    const g = globalThis as unknown as Record<symbol, unknown>;
    const saved = g[key];
    g[key] = new CountingMap();
    try {
      const now = Date.now();
      for (let i = 0; i < 2000; i++) expect(spendToken(`live-${i}`, now + 60_000, now)).toBe(true);
      expect(visited).toBeLessThanOrEqual(2000);
      // Expired ones are dropped, each visited about once.
      visited = 0;
      for (let i = 0; i < 10; i++) spendToken(`next-${i}`, now + 200_000, now + 100_000);
      expect(visited).toBeLessThanOrEqual(2000 + 10);
      expect((g[key] as Map<string, number>).size).toBe(10);
    } finally {
      g[key] = saved;
    }
  });

  it("mints at most a burst of tokens, then refills at a steady rate (issue #25)", () => {
    const key = Symbol.for("academy.sandbox-mint-bucket");
    const g = globalThis as unknown as Record<symbol, unknown>;
    const saved = g[key];
    delete g[key];
    try {
      const t0 = 1_000_000;
      for (let i = 0; i < MINT_BURST; i++) expect(takeMintAllowance(t0)).toBe(0);
      expect(takeMintAllowance(t0)).toBeGreaterThan(0);
      // One second later MINT_PER_SECOND more are free, and no more.
      for (let i = 0; i < MINT_PER_SECOND; i++) expect(takeMintAllowance(t0 + 1000)).toBe(0);
      expect(takeMintAllowance(t0 + 1000)).toBe(1);
    } finally {
      g[key] = saved;
    }
  });

  it("builds the header from validated origins only", () => {
    expect(cspHeaderFrom(grant.csp)).toMatchObject({
      header: expect.stringContaining("connect-src 'self' http://api.localhost:3000"),
    });
    expect(
      cspHeaderFrom(JSON.stringify({ connectDomains: ["http://x;script-src *"] })),
    ).toHaveProperty("error");
  });
});

describe("sandbox hostnames", () => {
  it("knows the sandbox and per-run names, and reads the run id", () => {
    expect(isSandboxHostname("sandbox.localhost")).toBe(true);
    expect(isSandboxHostname("r-abcdefgh1234.sandbox.localhost")).toBe(true);
    expect(isSandboxHostname("localhost")).toBe(false);
    expect(isSandboxHostname("evilsandbox.localhost")).toBe(false);
    expect(runIdOfHostname("r-abcdefgh1234.sandbox.localhost")).toBe("abcdefgh1234");
    expect(runIdOfHostname("sandbox.localhost")).toBeUndefined();
    expect(runIdOfHostname("x.r-abcdefgh1234.sandbox.localhost")).toBeUndefined();
  });

  it("takes the app origin from configuration, by default localhost on the request's port", () => {
    expect(
      appOrigin(
        new URL("http://r-x.sandbox.localhost:3103/sandbox/proxy"),
        "r-x.sandbox.localhost:3103",
      ),
    ).toBe("http://localhost:3103");
  });
});
