/** The sandbox hostname used when no SANDBOX origin is configured: Chromium resolves *.localhost offline. */
export const DEFAULT_SANDBOX_HOSTNAME = "sandbox.localhost";

/**
 * The sandbox proxy's origin for a host page at `hostOrigin`: the configured one (deployments set
 * NEXT_PUBLIC_SANDBOX_ORIGIN), else sandbox.localhost on the host's own scheme and port.
 */
export function sandboxOriginFor(hostOrigin: string, configured?: string): string {
  if (configured) return new URL(configured).origin;
  const u = new URL(hostOrigin);
  return `${u.protocol}//${DEFAULT_SANDBOX_HOSTNAME}${u.port ? `:${u.port}` : ""}`;
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
