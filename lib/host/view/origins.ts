/** The sandbox hostname used when no SANDBOX origin is configured: Chromium resolves *.localhost offline. */
export const DEFAULT_SANDBOX_HOSTNAME = "sandbox.localhost";

/** A run id: short, lower-case letters and digits, fit for a DNS label. */
export const RUN_ID_PATTERN = /^[a-z0-9]{8,24}$/;

/**
 * The sandbox proxy's origin for a host page at `hostOrigin`: the configured one (deployments set
 * NEXT_PUBLIC_SANDBOX_ORIGIN), else sandbox.localhost on the host's own scheme and port.
 */
export function sandboxOriginFor(hostOrigin: string, configured?: string): string {
  if (configured) return new URL(configured).origin;
  const u = new URL(hostOrigin);
  return `${u.protocol}//${DEFAULT_SANDBOX_HOSTNAME}${u.port ? `:${u.port}` : ""}`;
}

/** A fresh run id (random, unguessable by a view). */
export function newRunId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return (
    Array.from(bytes, (b) => (b % 36).toString(36)).join("") + Date.now().toString(36).slice(-4)
  );
}

/**
 * One run's own sandbox origin, `r-<id>.<sandbox host>` on the sandbox's scheme and port: no view
 * shares an origin with another run, with a spare proxy or with the warm-up frame, so none can
 * reach their documents (SBX-1). A deployment needs a wildcard name for its sandbox domain.
 */
export function runOrigin(sandboxOrigin: string, runId: string): string {
  if (!RUN_ID_PATTERN.test(runId)) throw new Error(`not a run id: ${runId}`);
  const u = new URL(sandboxOrigin);
  return `${u.protocol}//r-${runId}.${u.hostname}${u.port ? `:${u.port}` : ""}`;
}

/** SBX-2: host and proxy MUST have different origins; the simulator refuses to run otherwise. */
export function checkOrigins(
  hostOrigin: string,
  sandboxOrigin: string,
): { ok: true } | { ok: false; reason: string } {
  if (new URL(hostOrigin).origin === new URL(sandboxOrigin).origin) {
    return {
      ok: false,
      reason: `the sandbox proxy would run on the host's own origin (${hostOrigin}); a web host MUST keep them apart (SBX-2), so the simulator will not run`,
    };
  }
  return { ok: true };
}

/**
 * Keeps one hidden, script-less frame on the sandbox origin so later proxy frames reuse a warm
 * process instead of starting one each run. Returns a function that removes it.
 */
export function prewarmSandbox(parent: HTMLElement, sandboxOrigin: string): () => void {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-same-origin");
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.title = "Sandbox warm-up (empty)";
  frame.dataset.simulator = "warm";
  frame.style.display = "none";
  frame.src = new URL("/sandbox/warm", sandboxOrigin).href;
  parent.append(frame);
  return () => frame.remove();
}
