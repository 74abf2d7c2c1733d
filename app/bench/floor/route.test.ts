import { afterEach, describe, expect, it, vi } from "vitest";
import { GET } from "./route";

const get = (host: string) => GET(new Request(`http://${host}/bench/floor`, { headers: { host } }));

describe("the floor page (a bench fixture)", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("does not exist unless the server was started for the bench", async () => {
    vi.stubEnv("ACADEMY_BENCH_FIXTURES", "");
    const r = get("localhost:3000");
    expect(r.status).toBe(404);
    expect(await r.text()).not.toContain("academyFloor");
  });

  it("is never served on a sandbox hostname", () => {
    vi.stubEnv("ACADEMY_BENCH_FIXTURES", "1");
    expect(get("sandbox.localhost:3000").status).toBe(404);
    expect(get("r-abcdefgh1234.sandbox.localhost:3000").status).toBe(404);
  });

  it("for the bench, loads its proxy from the app's sandbox origin with a token from the app", async () => {
    vi.stubEnv("ACADEMY_BENCH_FIXTURES", "1");
    const r = get("localhost:3000");
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const html = await r.text();
    expect(html).toContain("Bench fixture");
    expect(html).toContain('"http://sandbox.localhost:3000"');
    expect(html).toContain('fetch("/sandbox/token"');
    expect(html).toContain('"allow-scripts allow-same-origin"');
  });

  it("with ?cold=1 makes one run as it loads; without, it waits to be asked", async () => {
    vi.stubEnv("ACADEMY_BENCH_FIXTURES", "1");
    const page = (q: string) =>
      GET(
        new Request(`http://localhost:3000/bench/floor${q}`, {
          headers: { host: "localhost:3000" },
        }),
      ).text();
    expect(await page("?cold=1")).toContain("if (true) {");
    expect(await page("")).toContain("if (false) {");
  });
});
