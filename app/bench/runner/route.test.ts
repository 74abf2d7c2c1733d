import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET } from "./route";
import { GET as getBundle } from "./bundle.js/route";

const req = (host: string, query = "") =>
  new Request(`http://${host}/bench/runner${query}`, { headers: { host } });

describe("the bare runner page (a bench fixture)", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("does not exist unless the server was started for the bench, nor on a sandbox hostname", async () => {
    vi.stubEnv("ACADEMY_BENCH_FIXTURES", "");
    expect((await GET(req("localhost:3000"))).status).toBe(404);
    vi.stubEnv("ACADEMY_BENCH_FIXTURES", "1");
    expect((await GET(req("sandbox.localhost:3000"))).status).toBe(404);
    expect((await GET(req("r-abcdefgh1234.sandbox.localhost:3000"))).status).toBe(404);
  });

  it("carries the named preset, as the scenario files give it, and the sandbox origin", async () => {
    vi.stubEnv("ACADEMY_BENCH_FIXTURES", "1");
    const r = await GET(req("localhost:3000", "?preset=plain-bridge-view"));
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const html = await r.text();
    expect(html).toContain('data-sandbox-origin="http://sandbox.localhost:3000"');
    expect(html).toContain('<script src="/bench/runner/bundle.js" defer></script>');
    const json = html.match(/<script type="application\/json" id="scenario">(.*?)<\/script>/)![1]!;
    expect(JSON.parse(json)).toMatchObject({ id: "plain-bridge-view" });
    // Without ?preset= it is the default; an unknown one is a 404, not another preset.
    expect(await (await GET(req("localhost:3000"))).text()).toContain('"id":"happy-path"');
    expect((await GET(req("localhost:3000", "?preset=nope"))).status).toBe(404);
  });

  it("serves the bundle the bench built, and nothing without one", async () => {
    const host = "localhost:3000";
    const bundle = () =>
      getBundle(new Request(`http://${host}/bench/runner/bundle.js`, { headers: { host } }));
    vi.stubEnv("ACADEMY_BENCH_FIXTURES", "1");
    vi.stubEnv("ACADEMY_BENCH_RUNNER_BUNDLE", "");
    expect((await bundle()).status).toBe(404);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "runner-")), "runner.js");
    vi.stubEnv("ACADEMY_BENCH_RUNNER_BUNDLE", file);
    expect((await bundle()).status).toBe(404);
    writeFileSync(file, "/* the runner */");
    const r = await bundle();
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("javascript");
    expect(await r.text()).toBe("/* the runner */");
    vi.stubEnv("ACADEMY_BENCH_FIXTURES", "");
    expect((await bundle()).status).toBe(404);
  });
});
