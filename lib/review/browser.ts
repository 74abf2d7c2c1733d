/**
 * The review as the browser runs it: the same `collectReview` + `buildReport` as the CLI, over the
 * SDK's Streamable HTTP client with the browser's own fetch (no proxy: requests go straight from
 * the page to the server). A bearer token travels as a request header, never in the URL. A
 * failure is explained by `reach.ts` from what this module's fetch observed. The static view checks
 * run in a worker (static-view-off-thread.ts), so a large view does not freeze the page.
 */
import { eraKeyForUrl, httpTransport } from "../host";
import { collectReview, type ReviewInput } from "./collect";
import { explainFailure, type HttpObservation, type ReachProblem } from "./reach";
import { buildReport, type Report } from "./report";
import { formatReportMarkdown } from "./report-format";
import { viewHtml } from "./view-resource-items";
import { analyzeViewsOffThread } from "./static-view-off-thread";
import type { WorksIn } from "./works-in";
import type { WorksInHost } from "./works-in-hosts";
import { reviewWorksIn } from "./works-in-review";
import type { CollectStep } from "./steps";

export interface BrowserReviewOptions {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when given. */
  token?: string;
  timeoutMs?: number;
  onStep?: (step: CollectStep) => void;
  /** The fetch to use: the browser's by default. */
  fetch?: typeof fetch;
  /** This page's origin, named in CORS advice. */
  appOrigin: string;
  /** The host profiles for "Works in" (the page has them from the server); none: no table. */
  hosts?: readonly WorksInHost[];
}

export type BrowserReviewResult =
  | {
      ok: true;
      input: ReviewInput;
      report: Report;
      json: string;
      markdown: string;
      worksIn?: WorksIn;
      /** The same table once a Run has seen views call tools (by UI tool, the tools called). */
      worksInWith?: (observed: ReadonlyMap<string, readonly string[]>) => WorksIn;
    }
  | { ok: false; problem: ReachProblem };

/** A fetch that notes each exchange's status and content type (and an error's body start). */
function observingFetch(base: typeof fetch, log: HttpObservation[]): typeof fetch {
  return async (input, init) => {
    const method = init?.method ?? "GET";
    let response: Response;
    try {
      response = await base(input, init);
    } catch (e) {
      // An abort is the client closing a stream it opened, not a failure to reach the server.
      if (!(e instanceof DOMException && e.name === "AbortError"))
        log.push({ method, status: "network-error" });
      throw e;
    }
    const contentType = response.headers.get("content-type") ?? undefined;
    let body: string | undefined;
    if (response.status >= 400) body = (await response.clone().text()).slice(0, 500);
    log.push({
      method,
      status: response.status,
      ...(contentType ? { contentType } : {}),
      ...(body ? { body } : {}),
    });
    return response;
  };
}

/**
 * After a network error: a `no-cors` HEAD to the same URL. It resolves (with an opaque response)
 * when anything answered, and rejects only when nothing did, which tells CORS from a dead server.
 */
async function probeNoCors(url: string, base: typeof fetch): Promise<"reachable" | "unreachable"> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 5000);
  try {
    await base(url, { method: "HEAD", mode: "no-cors", signal: abort.signal, cache: "no-store" });
    return "reachable";
  } catch {
    return "unreachable";
  } finally {
    clearTimeout(timer);
  }
}

export async function reviewInBrowser(options: BrowserReviewOptions): Promise<BrowserReviewResult> {
  const base = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? 20_000;
  const observations: HttpObservation[] = [];
  const token = options.token?.trim();
  const started = performance.now();
  try {
    const input = await collectReview({
      target: options.url,
      transport: "http",
      factory: httpTransport(options.url, {
        fetch: observingFetch(base, observations),
        ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      }),
      key: eraKeyForUrl(options.url),
      timeoutMs,
      onStep: options.onStep,
    });
    const views = input.review.uiTools.flatMap((t) => {
      const html = viewHtml(t);
      return html === undefined ? [] : [{ name: t.name, html }];
    });
    const findings = await analyzeViewsOffThread(views.map((v) => v.html));
    const staticFindings = new Map(views.map((v, i) => [v.name, findings[i]!]));
    const report = buildReport(input, { staticFindings });
    const worksIn = options.hosts && reviewWorksIn(input, options.hosts, staticFindings);
    return {
      ok: true,
      input,
      report,
      json: JSON.stringify(report, null, 2),
      markdown: formatReportMarkdown(report, options.appOrigin),
      ...(worksIn
        ? {
            worksIn,
            worksInWith: (observed: ReadonlyMap<string, readonly string[]>) =>
              reviewWorksIn(input, options.hosts!, staticFindings, observed),
          }
        : {}),
    };
  } catch (error) {
    const elapsedMs = performance.now() - started;
    const noCorsProbe =
      observations.at(-1)?.status === "network-error"
        ? await probeNoCors(options.url, base)
        : undefined;
    return {
      ok: false,
      problem: explainFailure({
        url: options.url,
        error,
        observations,
        elapsedMs,
        timeoutMs,
        appOrigin: options.appOrigin,
        hasToken: !!token,
        ...(noCorsProbe ? { noCorsProbe } : {}),
      }),
    };
  }
}
