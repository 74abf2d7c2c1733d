// The simulator's host against a view (or a page) that attacks it. Each test performs one attack
// from issue 11 in real Chromium and checks that the host refuses it with the rule that says so.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Frame, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { getProxyFrame, getViewFrame, portOf, runPreset } from "./simulator-helpers";

test.describe.configure({ timeout: 120_000 });

/** Chromium's Permissions Policy API on documents (not in TypeScript's DOM types). */
interface FeaturePolicyDoc {
  featurePolicy?: { allowsFeature(feature: string): boolean };
}

function preset(id: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(path.resolve(process.cwd(), "content/scenarios", `${id}.json`), "utf8"),
  ) as Record<string, unknown>;
}

/** A shared-link URL for a scenario (the page's own `?s=` format: base64url of its JSON). */
function linkFor(scenario: Record<string, unknown>): string {
  return `/simulator?s=${Buffer.from(JSON.stringify(scenario)).toString("base64url")}`;
}

async function waitDone(page: Page) {
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", /done|error/, {
    timeout: 20_000,
  });
}

/** Sends a JSON-RPC message from the view to its parent (the proxy) and waits for the answer. */
function viewRequest(view: Frame, message: Record<string, unknown>, waitMs = 4000) {
  return view.evaluate(
    ({ message, waitMs }) =>
      new Promise<unknown>((resolve) => {
        const timer = setTimeout(() => resolve("no answer"), waitMs);
        window.addEventListener("message", (e) => {
          const d = e.data as { id?: unknown };
          if (e.source === window.parent && d && d.id === message.id) {
            clearTimeout(timer);
            resolve(d);
          }
        });
        window.parent.postMessage(message, "*");
      }),
    { message, waitMs },
  );
}

test.describe("grants are real (PERM-2)", () => {
  test("a granted clipboardWrite lets the view write to the clipboard; a refused one does not", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/simulator?preset=permissions-all-granted");
    await waitDone(page);
    await expect(page.locator('iframe[data-simulator="proxy"]')).toHaveAttribute(
      "allow",
      /clipboard-write/,
    );
    let view = await getViewFrame(page);
    expect(
      await view.evaluate(() =>
        (document as unknown as FeaturePolicyDoc).featurePolicy?.allowsFeature("clipboard-write"),
      ),
    ).toBe(true);
    await view.getByRole("button", { name: "Write clipboard" }).click();
    await expect(view.locator('[data-probe="clipboard"]').first()).toHaveAttribute(
      "data-outcome",
      "completed",
    );

    const refused: Record<string, unknown> = {
      ...preset("permissions-all-granted"),
      id: "clipboard-refused",
    };
    refused.host = { ...(refused.host as object), grantablePermissions: [] };
    await page.goto(linkFor(refused));
    await waitDone(page);
    view = await getViewFrame(page);
    expect(
      await view.evaluate(() =>
        (document as unknown as FeaturePolicyDoc).featurePolicy?.allowsFeature("clipboard-write"),
      ),
    ).toBe(false);
    await view.getByRole("button", { name: "Write clipboard" }).click();
    await expect(view.locator('[data-probe="clipboard"]').first()).toHaveAttribute(
      "data-outcome",
      "blocked",
    );
  });

  test("a granted geolocation reaches the view; without the grant the browser refuses it", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 48.85, longitude: 2.35 });
    const locate = (view: Frame) =>
      view.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const allowed = (document as unknown as FeaturePolicyDoc).featurePolicy?.allowsFeature(
              "geolocation",
            );
            navigator.geolocation.getCurrentPosition(
              (p) => resolve(`${allowed}:ok:${p.coords.latitude}`),
              (e) => resolve(`${allowed}:error:${e.code}`),
              { timeout: 5000 },
            );
          }),
      );
    await page.goto("/simulator?preset=permissions-all-granted");
    await waitDone(page);
    expect(await locate(await getViewFrame(page))).toBe("true:ok:48.85");

    const refused: Record<string, unknown> = {
      ...preset("permissions-all-granted"),
      id: "geolocation-refused",
    };
    refused.host = { ...(refused.host as object), grantablePermissions: ["clipboardWrite"] };
    await page.goto(linkFor(refused));
    await waitDone(page);
    // 1 = PERMISSION_DENIED: the frame is not allowed the feature, whatever the browser grants.
    expect(await locate(await getViewFrame(page))).toBe("false:error:1");
  });
});

test.describe("the bridge's order and once-only rules", () => {
  test("a view's request before ui/initialize gets a JSON-RPC error and never reaches a server (BRG-2, SBX-6)", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=view-never-initializes");
    const view = await getViewFrame(page);
    const answer = (await viewRequest(view, {
      jsonrpc: "2.0",
      id: 77,
      method: "tools/call",
      params: { name: "show_inbox", arguments: {} },
    })) as { error?: { code: number; message: string } };
    expect(answer).toMatchObject({ id: 77, error: { code: expect.any(Number) } });
    expect(answer.error!.message).toContain("ui/initialize");
    await waitDone(page);
    // The agent's own call is the only tools/call the server ever saw.
    await expect(
      page.locator(
        '[data-testid="trace"] li[data-from="host"][data-to="server"][data-method="tools/call"]',
      ),
    ).toHaveCount(1);
  });

  test("tool-input and tool-result reach a view once, however often it says initialized (BRG-3)", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    const view = await getViewFrame(page);
    const received = await view.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let n = 0;
          window.addEventListener("message", (e) => {
            const m = (e.data as { method?: string })?.method;
            if (m === "ui/notifications/tool-input" || m === "ui/notifications/tool-result") n++;
          });
          for (let i = 0; i < 3; i++)
            window.parent.postMessage(
              { jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} },
              "*",
            );
          setTimeout(() => resolve(n), 1500);
        }),
    );
    expect(received).toBe(0);
  });

  test("consent requests queue: each shows its tool and arguments and gets exactly one answer (BRG-5)", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=app-call-consent-ask-allow");
    const dialog = page.getByRole("dialog", { name: "Allow this tool call?" });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    const first = await dialog.getByTestId("consent-arguments").textContent();
    await expect(dialog.getByTestId("consent-arguments")).toBeVisible();
    const view = await getViewFrame(page);
    // While the first request waits, the view sends a second one with its own arguments.
    const second = viewRequest(
      view,
      {
        jsonrpc: "2.0",
        id: 901,
        method: "tools/call",
        params: { name: "save_note", arguments: { note: "second-call" } },
      },
      20_000,
    );
    await page.waitForTimeout(500);
    // The dialog still shows the first request, not the second; it counts the second as waiting.
    await expect(dialog.getByTestId("consent-arguments")).toHaveText(first ?? "");
    await expect(dialog.getByTestId("consent-queued")).toHaveText(
      "1 more call from this view is waiting after this one.",
    );
    await expect(dialog).not.toContainText("second-call");
    await dialog.getByRole("button", { name: "Allow", exact: true }).click();
    // Then the second request, with its arguments.
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("save_note");
    await expect(dialog).toContainText("second-call");
    await dialog.getByRole("button", { name: "Deny", exact: true }).click();
    const answer = (await second) as { result?: { isError?: boolean } };
    expect(answer).toMatchObject({ id: 901, result: { isError: true } });
    // The first call was answered too: forwarded, once.
    await expect(page.locator("[data-app-call]")).toHaveAttribute(
      "data-app-call",
      /forwarded|refused/,
    );
    await expect(view.locator('[data-tool="save_note"]')).toHaveCount(1);
    await expect(view.locator('[data-tool="save_note"]').first()).toHaveAttribute(
      "data-outcome",
      "ok",
    );
  });
});

test.describe("the proxy enforces only what the host decided", () => {
  test("a proxy URL the host did not issue is refused, whatever ?host= and ?csp= say (CSP-3, SBX-2)", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    const port = portOf(page);
    const issued = new URL((await getProxyFrame(page)).url());
    const probe = await page.context().newPage();
    // Made up by an attacker: no token, its own host origin, a loose CSP.
    const forged = new URL(`http://sandbox.localhost:${port}/sandbox/proxy`);
    forged.searchParams.set("host", `http://evil.localhost:${port}`);
    forged.searchParams.set(
      "csp",
      JSON.stringify({ connectDomains: [`http://evil.localhost:${port}`] }),
    );
    expect((await probe.goto(forged.href))!.status()).toBe(403);
    // The issued URL with its CSP loosened: the token no longer matches.
    const loosened = new URL(issued.href);
    loosened.searchParams.set(
      "csp",
      JSON.stringify({ connectDomains: [`http://evil.localhost:${port}`] }),
    );
    expect((await probe.goto(loosened.href))!.status()).toBe(403);
    await probe.close();
  });

  test("the proxy may be framed by the app's own origin only", async ({ page }) => {
    // Read from the proxy's own load: a signed URL serves one load, so it cannot be fetched again.
    const proxyResponse = page.waitForResponse(
      (r) => r.url().includes("/sandbox/proxy?") && r.status() === 200,
    );
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    const header = (await (await proxyResponse).allHeaders())["content-security-policy"];
    expect(header).toContain(`frame-ancestors ${new URL(page.url()).origin}`);
  });

  test("a signed proxy URL loads once: a second load gets 403, while runs and the spare go on (SBX-3)", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    const issued = (await getProxyFrame(page)).url();
    const spare = page.locator('iframe[data-simulator="spare-proxy"][data-spare="recent"]');
    await expect(spare).toHaveCount(1);
    const spareUrl = (await spare.getAttribute("src"))!;
    const probe = await page.context().newPage();
    // The run's own URL, replayed: refused, not served and caught afterwards.
    const again = await probe.goto(issued);
    expect(again!.status()).toBe(403);
    expect(await again!.text()).toContain("loaded once already");
    // The spare's URL was spent by its own load, ahead of its run.
    expect((await probe.goto(spareUrl))!.status()).toBe(403);
    await probe.close();
    // The next run takes the spare as loaded and renders; so does a run with a new policy.
    await runPreset(page, "happy-path");
    await expect(page.getByTestId("run-status")).toHaveAttribute("data-proxy-preloaded", "true");
    await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "rendered");
    await runPreset(page, "csp-all-four-lists");
    await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "rendered");
  });

  test("a view that reloads its proxy is a breach: the run is torn down, the HTML never re-sent (SBX-3), and the page says why no teardown was sent", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    const view = await getViewFrame(page);
    const port = portOf(page);
    // The attack: the view shares the proxy's origin, so it runs a script in the proxy document
    // that reloads it with a looser CSP.
    await view.evaluate((port) => {
      const u = new URL(window.parent.location.href);
      u.searchParams.set(
        "csp",
        JSON.stringify({ connectDomains: [`http://evil.localhost:${port}`] }),
      );
      const script = window.parent.document.createElement("script");
      script.textContent = `location.href = ${JSON.stringify(u.href)};`;
      window.parent.document.body.append(script);
    }, port);
    await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "torn-down", {
      timeout: 15_000,
    });
    const alert = page.getByTestId("run-status").getByRole("alert");
    await expect(alert).toContainText("SBX-3");
    // BRG-3 meets SBX-3 (the SBX-5 note): the view's document went with the proxy's, so the host
    // sends no ui/resource-teardown into the document it did not load, and says so on screen.
    await expect(alert).toContainText(/no ui\/resource-teardown/i);
    await expect(
      page.locator('[data-testid="trace"] li[data-method="ui/resource-teardown"]'),
    ).toHaveCount(0);
    await expect(page.locator('iframe[data-simulator="proxy"]')).toHaveCount(0);
    await expect(
      page.locator(
        '[data-testid="trace"] li[data-method="ui/notifications/sandbox-resource-ready"]',
      ),
    ).toHaveCount(1);
  });

  test("a same-URL reload is refused and is a breach too (SBX-3)", async ({ page }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    const view = await getViewFrame(page);
    await view.evaluate(() => {
      const script = window.parent.document.createElement("script");
      script.textContent = "location.reload();";
      window.parent.document.body.append(script);
    });
    await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "torn-down", {
      timeout: 15_000,
    });
    await expect(page.locator('iframe[data-simulator="proxy"]')).toHaveCount(0);
  });
});

test.describe("the sandbox origin serves only the sandbox", () => {
  test("everything but the proxy and warm-up documents is 404 there, with a CSP", async ({
    page,
  }) => {
    await page.goto("/");
    const port = portOf(page);
    for (const p of ["/", "/simulator", "/sim-frame.html", "/sim-views/demo.html", "/sim-api"]) {
      const r = (await page.goto(`http://sandbox.localhost:${port}${p}`))!;
      expect(r.status(), p).toBe(404);
      expect(r.headers()["content-security-policy"], p).toBeTruthy();
    }
    const warm = (await page.goto(`http://sandbox.localhost:${port}/sandbox/warm`))!;
    expect(warm.status()).toBe(200);
    expect(warm.headers()["content-security-policy"]).toContain("frame-ancestors");
  });

  test("the app sends security headers on its own pages", async ({ page }) => {
    const r = (await page.goto("/simulator"))!;
    const h = r.headers();
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBeTruthy();
    expect(h["content-security-policy"] ?? "").toContain("frame-ancestors 'self'");
    expect(h["x-frame-options"]).toBe("SAMEORIGIN");
  });
});

test.describe("each run has its own sandbox origin", () => {
  test("a view cannot reach the host's other frames, the spare proxy or another run", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    const first = new URL((await getProxyFrame(page)).url()).hostname;
    await runPreset(page, "happy-path");
    const second = new URL((await getProxyFrame(page)).url()).hostname;
    expect(first).toMatch(/^r-[a-z0-9]+\.sandbox\.localhost$/);
    expect(second).toMatch(/^r-[a-z0-9]+\.sandbox\.localhost$/);
    expect(second).not.toBe(first);
    const view = await getViewFrame(page);
    const reached = await view.evaluate(() => {
      const out: string[] = [];
      for (let i = 0; i < window.top!.frames.length; i++) {
        try {
          out.push(String(window.top!.frames[i]!.location.href));
        } catch {
          // SecurityError: another origin, as it must be.
        }
      }
      return out.filter((href) => href !== window.parent.location.href);
    });
    expect(reached).toEqual([]);
  });
});

test.describe("resource limits", () => {
  test("a view flooding the host is sent ui/resource-teardown, then torn down with a clear outcome (BRG-3)", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    const view = await getViewFrame(page);
    await view.evaluate(() => {
      for (let i = 0; i < 3000; i++)
        window.parent.postMessage(
          { jsonrpc: "2.0", method: "notifications/message", params: { level: "debug", data: i } },
          "*",
        );
    });
    await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "torn-down", {
      timeout: 20_000,
    });
    const alert = page.getByTestId("run-status").getByRole("alert");
    await expect(alert).toContainText("500 messages");
    // BRG-3 (the SBX-5 note): the view had initialized, so a limit still sends it
    // ui/resource-teardown before the frame goes; the page says its answer is not awaited.
    await expect(alert).toContainText("ui/resource-teardown was sent");
    await page
      .getByTestId("sequence-panel")
      .getByLabel("Method")
      .selectOption("ui/resource-teardown");
    await expect(
      page.locator(
        '[data-testid="trace"] li[data-method="ui/resource-teardown"][data-from="host"]',
      ),
    ).toHaveCount(1);
    await expect(page.locator('iframe[data-simulator="proxy"]')).toHaveCount(0);
  });

  test("a message above the size cap is rejected and traced, not kept", async ({ page }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    const view = await getViewFrame(page);
    await view.evaluate(() =>
      window.parent.postMessage(
        {
          jsonrpc: "2.0",
          method: "notifications/message",
          params: { level: "info", data: "x".repeat(300 * 1024) },
        },
        "*",
      ),
    );
    await expect(
      page.locator('[data-testid="trace"] li[data-status="rejected"]', { hasText: "256 KiB" }),
    ).toHaveCount(1);
    // The view keeps working.
    await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "rendered");
  });

  test("messages from windows the host does not own are counted, not stored", async ({ page }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const rogue = document.createElement("iframe");
          rogue.srcdoc = `<script>for (let i = 0; i < 3000; i++) parent.postMessage({ jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "refresh_forecast", blob: "y".repeat(1000) } }, "*")<\/script>`;
          rogue.onload = () => setTimeout(resolve, 500);
          document.body.append(rogue);
        }),
    );
    const strangers = page.locator('[data-testid="trace"] li[data-status="rejected"]', {
      hasText: "not the sandbox proxy",
    });
    await expect(strangers.first()).toBeAttached();
    expect(await strangers.count()).toBeLessThanOrEqual(20);
    await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "rendered");
  });
});

test.describe("honest instrumentation and the hostile view", () => {
  test("a clean preset shows no CSP violation; the eval preset shows a real one", async ({
    page,
  }) => {
    await page.goto("/simulator?preset=happy-path");
    await waitDone(page);
    await page.waitForTimeout(1000);
    await expect(
      page.locator('[data-testid="trace"] [data-channel="instrumentation"]', {
        hasText: "csp-violation",
      }),
    ).toHaveCount(0);
    await runPreset(page, "csp-eval-blocked");
    const view = await getViewFrame(page);
    await expect(view.getByTestId("eval")).toHaveAttribute("data-outcome", "blocked");
    await expect(page.getByTestId("violations")).toContainText("script-src");
    // Reports are labelled as coming from the sandbox document, which the view could forge.
    await expect(
      page
        .locator('[data-testid="trace"] [data-channel="instrumentation"]', {
          hasText: "csp-violation",
        })
        .first(),
    ).toContainText("reported by the sandbox document");
  });

  test("the hostile view's attacks are all refused, each with its rule", async ({ page }) => {
    await page.goto("/simulator?preset=hostile-view");
    await waitDone(page);
    const view = await getViewFrame(page);
    await expect(view.getByTestId("status")).toHaveAttribute("data-achieved", "0", {
      timeout: 20_000,
    });
    const attempts = view.locator("[data-attack]");
    expect(await attempts.count()).toBeGreaterThanOrEqual(7);
    for (const outcome of await attempts.evaluateAll((els) =>
      els.map((e) => e.getAttribute("data-outcome")),
    ))
      expect(["refused", "labelled"]).toContain(outcome);
    const trace = page.getByTestId("trace");
    await expect(trace.locator("li", { hasText: "BRG-2" }).first()).toBeAttached();
    await expect(trace.locator("li", { hasText: "BRG-3" }).first()).toBeAttached();
    await expect(trace.locator("li", { hasText: "256 KiB" }).first()).toBeAttached();
    await expect(
      trace.locator("li", { hasText: "reported by the sandbox document" }).first(),
    ).toBeAttached();
    await expect(page.locator("[data-app-call]")).toHaveAttribute("data-app-call", "refused");
    // Its last resorts end the run: eight messages of 32 MiB, which the proxy refuses before
    // they reach the host, and, in a second run, reloading its proxy with a looser CSP.
    await view.getByTestId("oversized-burst").click();
    await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "torn-down", {
      timeout: 30_000,
    });
    await expect(page.getByTestId("run-status").getByRole("alert")).toContainText(
      "above 256 KiB, the host's size limit",
    );
    await runPreset(page, "hostile-view");
    const next = await getViewFrame(page);
    await next.getByTestId("reload").click();
    await expect(page.locator("[data-outcome]")).toHaveAttribute("data-outcome", "torn-down", {
      timeout: 15_000,
    });
  });
});
