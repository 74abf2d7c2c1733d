import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  expect,
  type Browser,
  type Frame,
  type Locator,
  type Page,
  type Route,
} from "@playwright/test";

export const STORAGE_NAME = "mcp-apps-academy:progress";

/** axe-core's browser build, evaluated into each frame it checks. */
const AXE_SOURCE = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve("axe-core")), "axe.min.js"),
  "utf8",
);

/**
 * Whether axe should leave `frame` out: it, or a frame it sits in, is not shown (a hidden frame
 * is no more on screen than a `display: none` element, which axe skips too; the simulator's
 * script-less warm-up frame is one), or sits in an iframe of the top page matching `exclude`.
 */
async function leftOut(frame: Frame, exclude?: string): Promise<boolean> {
  const main = frame.page().mainFrame();
  for (let f: Frame | null = frame; f && f !== main; f = f.parentFrame()) {
    const element = await f.frameElement();
    if (!(await element.isVisible())) return true;
    if (exclude && f.parentFrame() === main) {
      const matches = await element.evaluate((e, s) => (e as Element).closest(s) !== null, exclude);
      if (matches) return true;
    }
  }
  return false;
}

/**
 * Fails on any serious or critical axe violation, listing rule ids and the first targets.
 * `exclude`: a selector axe leaves out, e.g. a frame whose content the page does not own.
 * `rules`: only these axe rules (all of them when omitted).
 *
 * axe runs in each frame of the page in turn (injected through the DevTools protocol, so no page
 * CSP stands in the way) and checks that frame's document; frames not shown are left out. `@axe-core/playwright` does the same
 * work but then opens a fresh page to merge frame results, ~4 s per call on these machines
 * against ~0.5 s here; e2e/axe.spec.ts holds that a violation, in the page or in a frame, fails.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  exclude?: string,
  rules?: string[],
) {
  const serious: string[] = [];
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    if (await leftOut(frame, exclude)) continue;
    const top = frame === page.mainFrame();
    // Once per document: axe evaluated a second time over itself never finishes a run in a page
    // with frames.
    const found = await frame
      .evaluate(() => "axe" in window)
      .then((present) => (present ? undefined : frame.evaluate(AXE_SOURCE)))
      .then(() =>
        frame.evaluate(
          async ({ exclude, rules }) => {
            type Axe = {
              run(
                context: unknown,
                options: unknown,
              ): Promise<{
                violations: { id: string; impact?: string; nodes: { target: string[] }[] }[];
              }>;
            };
            const axe = (window as unknown as { axe: Axe }).axe;
            const result = await axe.run(exclude ? { exclude: [exclude] } : document, {
              iframes: false,
              resultTypes: ["violations"],
              ...(rules ? { runOnly: { type: "rule", values: rules } } : {}),
            });
            return result.violations
              .filter((v) => v.impact === "serious" || v.impact === "critical")
              .map((v) => ({
                id: v.id,
                targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
              }));
          },
          { exclude: top ? exclude : undefined, rules },
        ),
      )
      .catch((error: unknown) => {
        // A frame that went away while axe ran has nothing left to check; any other error fails.
        if (frame.isDetached()) return [];
        throw error;
      });
    for (const v of found) {
      serious.push(`${top ? "" : `[frame ${frame.url()}] `}${v.id}: ${v.targets.join(" | ")}`);
    }
  }
  expect(serious).toEqual([]);
}

/** The axe rules whose outcome depends on colours, so on the colour scheme. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The page as it is now, in the light scheme with every axe rule, then in the dark scheme with the
 * colour rules: the app's themes change colours only (the same DOM, styled by
 * `prefers-color-scheme`), so the other rules would only repeat the light pass. One page load
 * serves both themes.
 */
export async function expectNoSeriousA11yViolationsInBothThemes(page: Page, exclude?: string) {
  await page.emulateMedia({ colorScheme: "light" });
  await expectNoSeriousA11yViolations(page, exclude);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(
    await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches),
    "the page now sees the dark scheme",
  ).toBe(true);
  await expectNoSeriousA11yViolations(page, exclude, COLOUR_RULES);
  await page.emulateMedia({ colorScheme: "light" });
}

/** Collects uncaught page errors, so a test can assert the app never crashed. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** Waits until the store has read localStorage (the home progress card stops loading). */
export async function waitForHydration(page: Page) {
  await expect(page.getByText("Loading your saved progress…")).toHaveCount(0);
}

/**
 * Answers the first Negotiation practice question right, which records the answer and makes the
 * question a review card; waits for the feedback, which shows once both are saved.
 */
export async function answerOneInPractice(page: Page) {
  await page.goto("/quizzes/practice/neg");
  await waitForHydration(page);
  const form = page.locator('form[data-question="neg-identifier-fill"]');
  await form.getByLabel("Your answer").fill("io.modelcontextprotocol/ui");
  await form.getByRole("button", { name: "Check answer" }).click();
  await expect(form.getByTestId("feedback")).toBeVisible();
  await expect(form.getByTestId("feedback")).toHaveAttribute("data-correct", "true");
}

/** How many questions a topic's bank holds, read from the shipped file so counts follow the content. */
export function questionCount(bank: string): number {
  const file = new URL(`../content/quizzes/${bank}.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { questions: unknown[] }).questions.length;
}

/**
 * Clicks "Mark lesson complete" on a lesson page and waits for the status. The self-check just
 * above the button loads when it nears the viewport and, with saved answers, grows as it resumes
 * them: the click waits for it, so the button does not move between aiming and clicking.
 */
export async function markLessonComplete(page: Page) {
  const button = page.getByRole("button", { name: "Mark lesson complete" });
  await button.scrollIntoViewIfNeeded();
  const islands = page.locator("[data-island='self-check']");
  for (const island of await islands.all()) await expect(island).toHaveAttribute("data-ready", "");
  await button.click();
  await expect(page.getByTestId("lesson-status")).toContainText("Completed");
}

/**
 * Clicks a review runner's Run and, when the page asks first (a tool not marked read-only), answers
 * "Call it". The question comes at once when the form is valid; an invalid form asks nothing.
 */
export async function runForReal(section: Locator) {
  await section.getByTestId("run-tool").click();
  const call = section.getByTestId("confirm-call").getByRole("button", { name: "Call it" });
  const asked = await call.waitFor({ timeout: 1500 }).then(
    () => true,
    () => false,
  );
  if (asked) await call.click();
}

/**
 * Starts a published example server (a package under node_modules/@modelcontextprotocol) or an
 * e2e fixture (`.mjs`) on `port` over HTTP, and resolves once it says it is listening.
 */
export function startExampleServer(
  pkg: string,
  port: number,
  args: string[] = [],
): { child: ChildProcess; ready: Promise<void> } {
  const entry = pkg.endsWith(".mjs")
    ? path.join(process.cwd(), pkg)
    : path.join(process.cwd(), "node_modules", "@modelcontextprotocol", pkg, "dist", "index.js");
  const child = spawn(process.execPath, [entry, ...args], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${pkg} did not start on ${port}`)), 20_000);
    const onData = (chunk: Buffer) => {
      if (/listening on/i.test(String(chunk))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${pkg} exited with ${code}`)));
  });
  return { child, ready };
}

/**
 * A page in a new context of its own (cold: every chunk is really fetched) whose script chunks
 * are routed: one whose text contains `marker` goes to `onChunk`, every other is served as
 * fetched. `close` unroutes first, ignoring routes still in flight: a chunk still on its way when
 * the context closes would otherwise throw "Request context disposed" outside any test.
 */
export async function coldPageRoutingChunk(
  browser: Browser,
  marker: string,
  onChunk: (route: Route, body: string) => Promise<void>,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(marker)) await onChunk(route, body);
    else await route.fulfill({ response, body });
  });
  const close = async () => {
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.close();
  };
  return { page, close };
}
