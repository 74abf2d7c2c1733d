// The parts of the scenario format that browser code needs before (or without) validating one:
// no zod here, so the simulator page's first load does not carry it (scenario.ts has the schema).

/** One thing wrong with a scenario: where (a field path, "JSON" or "version") and what. */
export interface ScenarioIssue {
  field: string;
  detail: string;
  /** The path as keys and indexes, for locating it in the text; absent for JSON and version. */
  path?: (string | number)[];
  /** True for a key the format does not have (often a typo of one it does). */
  unknownKey?: boolean;
}

/**
 * A scenario that cannot be used. `field` and `detail` are the first issue; `issues` lists every
 * one, and the message has one line per issue, each starting with the source.
 */
export class ScenarioError extends Error {
  readonly issues: ScenarioIssue[];
  constructor(
    readonly source: string,
    readonly field: string,
    readonly detail: string,
    issues?: ScenarioIssue[],
  ) {
    const all = issues?.length ? issues : [{ field, detail }];
    super(all.map((i) => `${source}: ${i.field}: ${i.detail}`).join("\n"));
    this.name = "ScenarioError";
    this.issues = all;
  }
}

/** The placeholder scenarios use for the app's own port in `*.localhost` origins. */
export const PORT_PLACEHOLDER = "{port}";

function replaceDeep(value: unknown, port: string): unknown {
  if (typeof value === "string") return value.split(PORT_PLACEHOLDER).join(port);
  if (Array.isArray(value)) return value.map((v) => replaceDeep(v, port));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceDeep(v, port)]));
  }
  return value;
}

/** The places a scenario holds origins: all resolvePorts needs to know of its shape. */
interface ScenarioOrigins {
  resource: { csp?: unknown; probeOrigins?: unknown };
  host: { approvedOrigins: string[] };
  expect?: { cspHeader?: string } | undefined;
}

/**
 * Replaces `{port}` with the port the app is served on, in the declared csp, the conformance
 * view's probe origins, the host's approved origins and the expected header: the only places
 * origins appear.
 */
export function resolvePorts<S extends ScenarioOrigins>(s: S, port: number | string): S {
  const p = String(port);
  const resolved: ScenarioOrigins = {
    ...s,
    resource: {
      ...s.resource,
      csp: replaceDeep(s.resource.csp, p),
      ...(s.resource.probeOrigins ? { probeOrigins: replaceDeep(s.resource.probeOrigins, p) } : {}),
    },
    host: {
      ...s.host,
      approvedOrigins: s.host.approvedOrigins.map((o) => o.split(PORT_PLACEHOLDER).join(p)),
    },
    expect: s.expect && {
      ...s.expect,
      cspHeader: s.expect.cspHeader?.split(PORT_PLACEHOLDER).join(p),
    },
  };
  // Only the origin-bearing fields changed; every other field is `s`'s own.
  return resolved as S;
}
