import type {
  Resource,
  ResourceTemplateType as ResourceTemplate,
  Tool,
} from "@modelcontextprotocol/client";
import { toolResourceUri } from "./inspect";

/** Where a URI was found among the resources of the view's own server. */
export type ScopeMatch =
  | { own: true; via: "listed" | "template" | "tool"; detail: string }
  | { own: false; reason: string };

export interface OwnResources {
  /** The server's name as it gave it (serverInfo.name), for messages. */
  server: string;
  resources: readonly Resource[];
  templates: readonly ResourceTemplate[];
  tools: readonly Tool[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A URI template (RFC 6570) as a whole-string pattern: `{var}` matches one segment, `{+var}` and
 * `{#var}` anything, `{/var}` path segments, `{?…}` / `{&…}` a query. Enough to tell whether a URI
 * belongs to a template; it extracts nothing.
 */
export function templatePattern(template: string): RegExp {
  let out = "";
  let last = 0;
  for (const m of template.matchAll(/\{([^}]*)\}/g)) {
    out += escape(template.slice(last, m.index));
    const op = m[1]!.charAt(0);
    if (op === "+" || op === "#") out += ".*";
    else if (op === "/") out += "(?:/[^/?#]*)*";
    else if (op === "?" || op === "&") out += "(?:[?&][^#]*)?";
    else if (op === ".") out += "(?:\\.[^/?#.]*)*";
    else if (op === ";") out += "(?:;[^/?#]*)*";
    else out += "[^/?#]*";
    last = m.index + m[0].length;
  }
  out += escape(template.slice(last));
  return new RegExp(`^${out}$`);
}

/**
 * SBX-6: a host MAY forward a view's non-`ui/` requests and MAY block some. This host forwards a
 * view's `resources/read` only to the view's own server, and only for a URI that server offers:
 * one it lists, one of its templates matches, or a view one of its tools names. Anything else is
 * another server's (or nobody's) and is refused, so a view cannot use the host to read elsewhere.
 */
export function resourceScope(own: OwnResources, uri: string): ScopeMatch {
  if (own.resources.some((r) => r.uri === uri))
    return { own: true, via: "listed", detail: `${own.server} lists ${uri} in resources/list` };
  const template = own.templates.find((t) => templatePattern(t.uriTemplate).test(uri));
  if (template)
    return {
      own: true,
      via: "template",
      detail: `${uri} matches ${own.server}'s resource template ${template.uriTemplate}`,
    };
  const tool = own.tools.find((t) => toolResourceUri(t)?.uri === uri);
  if (tool)
    return { own: true, via: "tool", detail: `${own.server}'s tool ${tool.name} names ${uri}` };
  return {
    own: false,
    reason: `${uri} is not a resource of this view's own server (${own.server}): it is neither listed nor matched by one of its templates nor named by one of its tools, and this host forwards a view's resources/read only to the view's own server, for its own resources (SBX-6)`,
  };
}
