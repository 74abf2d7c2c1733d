/**
 * The protocol rules every lesson, simulator verdict and quiz question cites.
 * Mirrors the IDs of the project's rules reference; statements are our own one-line summaries.
 */
import { RULE_GROUPS, type RuleGroupId } from "./groups";

export { RULE_GROUPS, type RuleGroupId };

/** Where a rule comes from: the 2026-01-26 Apps spec, the 2026-07-28 core, the Apps draft after 2026-01-26, ext-apps SDK behaviour, or a seed document (host policy, not a spec MUST). */
export type RuleSource = "apps-spec" | "core" | "draft" | "sdk" | "seed";

export const RULES = [
  // NEG — negotiation
  {
    id: "NEG-1",
    group: "NEG",
    title: "Extension identifier",
    statement:
      "MCP Apps is named everywhere by the extension identifier `io.modelcontextprotocol/ui`.",
    sources: ["apps-spec"],
  },
  {
    id: "NEG-2",
    group: "NEG",
    title: "Per-request negotiation",
    statement:
      "With no `initialize` under 2026-07-28, each request carries its protocol version and client capabilities in `_meta`, and Apps applies to that request only when its `mimeTypes` include `text/html;profile=mcp-app`; a server MUST NOT rely on anything undeclared (missing keys → -32602, undeclared required capability → -32021, both HTTP 400) and SHOULD name itself in `serverInfo`.",
    sources: ["apps-spec", "core"],
  },
  {
    id: "NEG-3",
    group: "NEG",
    title: "Advertised via server/discover",
    statement:
      'Servers MUST implement `server/discover` and announce Apps in its `capabilities.extensions` as `"io.modelcontextprotocol/ui": {}`; clients MAY skip the call, and the result is cacheable, carrying the same `ttlMs`/`cacheScope` hints as other results (RES-5).',
    sources: ["core"],
  },
  {
    id: "NEG-4",
    group: "NEG",
    title: "Both sides must declare",
    statement:
      "Apps is in force on a request only when both sides declare it; when only one side supports an extension, core says that supporting side MUST either fall back to core behaviour (for Apps, the tool's text `content`) or reject the request, with no condition for choosing; the checklist host's never fetching the `ui://` resource is its own policy.",
    sources: ["apps-spec", "core", "seed"],
  },
  {
    id: "NEG-5",
    group: "NEG",
    title: "Two negotiation eras",
    statement:
      "Before 2026-07-28 capabilities were exchanged once in `initialize`, through SEP-1724's `extensions` mechanism, and servers SHOULD check them before registering UI tools; under 2026-07-28 the tool list MUST NOT vary per connection or as a side effect, MAY vary by authorization or over time; \"every client sees the same tool\" is the checklist's safe reading, not core text.",
    sources: ["apps-spec", "core", "seed"],
  },
  {
    id: "NEG-6",
    group: "NEG",
    title: "Protocol eras and dual-era peers",
    statement:
      "Legacy peers (2025-11-25 and earlier) open with `initialize`, modern ones (2026-07-28) send version and capabilities per request; a dual-era client falls back on any unrecognised error (but retries on -32022, which servers MUST send for an unsupported modern version) and SHOULD cache the era; modern-to-legacy and legacy-to-modern-only both fail.",
    sources: ["core", "sdk"],
  },
  {
    id: "NEG-7",
    group: "NEG",
    title: "Extension identifiers",
    statement:
      "An extension identifier MUST be named like a `_meta` key with a compulsory prefix (dot-separated labels, then a slash, then the name), SHOULD write the prefix in reverse DNS order, and may not use a prefix whose second label is `modelcontextprotocol` or `mcp`, which MCP keeps for itself.",
    sources: ["core"],
  },
  {
    id: "NEG-8",
    group: "NEG",
    title: "Stateless requests",
    statement:
      "A 2026-07-28 server MUST handle each request on its own, never relying on earlier requests on the connection for capabilities, version or identity; it SHOULD serve several conversations over one connection, and state that spans requests MUST be named by an identifier the client sends every time.",
    sources: ["core"],
  },
  {
    id: "NEG-9",
    group: "NEG",
    title: "Result type",
    statement:
      'Every 2026-07-28 result carries `resultType` (`"complete"` or `"input_required"`); a client MUST read an absent one, from an earlier server, as `"complete"` and an unknown value as invalid, so a dual-era host meets both kinds of result.',
    sources: ["core"],
  },

  // TOOL — tool linkage and visibility
  {
    id: "TOOL-1",
    group: "TOOL",
    title: "Linking a tool to its view",
    statement:
      'A UI tool points at its view with `_meta.ui.resourceUri`, a `ui://` URI whose resource MUST exist on the server; the older flat `_meta["ui/resourceUri"]` key is deprecated.',
    sources: ["apps-spec"],
  },
  {
    id: "TOOL-2",
    group: "TOOL",
    title: "Visibility default",
    statement:
      'A tool with no `_meta.ui.visibility` is treated as `["model", "app"]`, reachable by both the agent and views.',
    sources: ["apps-spec"],
  },
  {
    id: "TOOL-3",
    group: "TOOL",
    title: "Hidden from the agent",
    statement:
      'When a tool\'s visibility lacks `"model"`, the host MUST keep it out of the tool list it gives the agent.',
    sources: ["apps-spec"],
  },
  {
    id: "TOOL-4",
    group: "TOOL",
    title: "App calls need app visibility",
    statement:
      "The host MUST refuse a view's `tools/call` to a tool whose visibility lacks `\"app\"`; the SDK's `AppBridge` forwards such calls to a connected client unchecked, so the host has to apply this itself.",
    sources: ["apps-spec", "sdk"],
  },
  {
    id: "TOOL-5",
    group: "TOOL",
    title: "Same-server app calls only",
    statement:
      '`"app"` visibility opens a tool only to views served by that same server, and a view calling another server\'s app-only tool is always blocked.',
    sources: ["apps-spec"],
  },
  {
    id: "TOOL-6",
    group: "TOOL",
    title: "Visibility is not authorization",
    statement:
      "Visibility is a rule hosts apply, not access control: any client with the server's credentials can call an app-only tool directly, so the server decides every `tools/call` whatever its visibility; this is the PermDock note's point, not a sentence of the Apps spec.",
    sources: ["apps-spec", "seed"],
  },
  {
    id: "TOOL-7",
    group: "TOOL",
    title: "Annotations stay separate",
    statement:
      "The core safety hints `readOnlyHint`, `destructiveHint`, `idempotentHint` and `openWorldHint` live in tool annotations, apart from `_meta.ui`, and a client treats them as untrusted unless it trusts the server; the Apps spec itself is silent on them.",
    sources: ["core", "seed"],
  },
  {
    id: "TOOL-8",
    group: "TOOL",
    title: "Tool names",
    statement:
      "A tool name SHOULD be 1 to 128 characters of ASCII letters, digits, `_`, `-` and `.`, case-sensitive and unique within its server; these are core SHOULDs, so a host may accept other names and a review warns rather than fails.",
    sources: ["core"],
  },
  {
    id: "TOOL-9",
    group: "TOOL",
    title: "Listing tools",
    statement:
      "A server that declares `tools` MUST answer `tools/list` with the tools available to the requesting client, a set that MAY be empty, MAY change over time or by authorization, MUST NOT vary per connection or as a side effect, and SHOULD come in a deterministic order.",
    sources: ["core"],
  },
  {
    id: "TOOL-10",
    group: "TOOL",
    title: "A human in the loop",
    statement:
      "Core asks that a human SHOULD always be able to deny a tool invocation: show which tools the model can use and when one runs, and confirm sensitive operations with their inputs shown; servers MUST validate inputs, enforce access control, rate-limit and sanitise outputs. A view's consent gate (BRG-5) applies these SHOULDs.",
    sources: ["core"],
  },

  // RES — resource delivery
  {
    id: "RES-1",
    group: "RES",
    title: "Plain resources/read fetch",
    statement:
      "A host MUST obtain a view through the ordinary `resources/read` method, as no dedicated method exists, and MAY fetch and cache views ahead of time.",
    sources: ["apps-spec"],
  },
  {
    id: "RES-2",
    group: "RES",
    title: "Exact MCP App mime type",
    statement:
      "The server's content item MUST declare `mimeType` as `text/html;profile=mcp-app` (its listing SHOULD match); plain `text/html` is not this profile and media types compare case-insensitively; refusing any other value with an exact string check is the checklist host's rule, and the SDK's `registerAppResource` leaves the content item's type to the read callback.",
    sources: ["apps-spec", "seed", "sdk"],
  },
  {
    id: "RES-3",
    group: "RES",
    title: "Complete HTML document",
    statement:
      "A view's content is a full HTML5 document, delivered either as a `text` string or base64-encoded in `blob`.",
    sources: ["apps-spec"],
  },
  {
    id: "RES-4",
    group: "RES",
    title: "Content-item metadata wins",
    statement:
      "Hosts look at `_meta.ui` on both the `resources/list` entry and the content item, and the content item's object replaces the listing's wholesale rather than merging, so a lone `prefersBorder` there hides the listing's `csp`.",
    sources: ["draft", "sdk"],
  },
  {
    id: "RES-5",
    group: "RES",
    title: "Caching hints required",
    statement:
      "Servers MUST attach `ttlMs` and `cacheScope` (`public`/`private`) to `resources/read`, list results and `server/discover`; a client SHOULD read a missing `ttlMs` as 0 and no `cacheScope` is assumed; `private` results are reused only within one authorization context; keys are method plus params; `cacheScope` is no access control.",
    sources: ["core", "sdk"],
  },
  {
    id: "RES-6",
    group: "RES",
    title: "Border and domain hints",
    statement:
      "`prefersBorder` is `true`, `false` or absent (host's choice), and checklist advice is to set it on purpose; `domain` requests a dedicated sandbox origin in a host-defined format and is not the MCP server's own domain.",
    sources: ["apps-spec", "seed"],
  },
  {
    id: "RES-7",
    group: "RES",
    title: "Unlisted UI resources allowed",
    statement:
      "Servers MAY leave resources that exist only as views out of `resources/list` and out of `notifications/resources/list_changed`.",
    sources: ["apps-spec"],
  },
  {
    id: "RES-8",
    group: "RES",
    title: "Reserved ui:// scheme",
    statement:
      "Every UI resource URI MUST begin with `ui://`, that scheme and the `io.modelcontextprotocol/ui` label are reserved to MCP Apps, and servers MUST follow the host's documentation when choosing a `domain` value.",
    sources: ["apps-spec"],
  },

  // CSP — content security policy
  {
    id: "CSP-1",
    group: "CSP",
    title: "CSP is an object",
    statement:
      "`_meta.ui.csp` is an object holding up to four optional origin arrays (`connectDomains`, `resourceDomains`, `frameDomains`, `baseUriDomains`), never one flat array.",
    sources: ["apps-spec"],
  },
  {
    id: "CSP-2",
    group: "CSP",
    title: "Policy from declared domains",
    statement:
      "With `csp` present (even `{}`), the policy is `default-src 'none'`, scripts and styles `'self' 'unsafe-inline'`, images and media `'self' data:`, fonts and connections `'self'`, each extended by `resourceDomains` or `connectDomains`, plus `frame-src`/`base-uri` from their lists (else `'none'`/`'self'`) and `object-src 'none'`.",
    sources: ["apps-spec"],
  },
  {
    id: "CSP-3",
    group: "CSP",
    title: "Host builds and enforces",
    statement:
      "The host MUST derive the policy from the declared domains, MUST block connections to undeclared domains (channels a CSP cannot close, such as WebRTC, included) and never permit an origin the resource did not declare, MAY tighten it further, and SHOULD log the configuration and warn users about external domains.",
    sources: ["apps-spec"],
  },
  {
    id: "CSP-4",
    group: "CSP",
    title: "Restrictive default CSP",
    statement:
      "If `csp` is absent the host MUST apply `default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'`, so no connections at all, while the proxy's `base-uri`, `frame-src` and `object-src` rules still hold.",
    sources: ["apps-spec"],
  },
  {
    id: "CSP-5",
    group: "CSP",
    title: "Out-of-policy domains",
    statement:
      "The review checklist treats a declared domain outside the host's own policy as the host using its latitude to restrict further (text fallback, or rendering with only the approved domains), not as a protocol failure.",
    sources: ["seed"],
  },
  {
    id: "CSP-6",
    group: "CSP",
    title: "Self means the sandbox",
    statement:
      "`'self'` is the sandbox origin, not the MCP server, so every origin the view uses, including where its bundle is hosted, must be declared (wildcard subdomains are documented for `resourceDomains`), and, as checklist advice notes, a declared origin still obeys CORS.",
    sources: ["apps-spec", "seed"],
  },

  // PERM — permissions
  {
    id: "PERM-1",
    group: "PERM",
    title: "Permissions are flag objects",
    statement:
      "`_meta.ui.permissions` is an object whose optional keys `camera`, `microphone`, `geolocation` and `clipboardWrite` each hold an empty object, not an array of strings.",
    sources: ["apps-spec"],
  },
  {
    id: "PERM-2",
    group: "PERM",
    title: "Optional grants via allow",
    statement:
      "A host MAY, but never must, grant requested permissions by setting `allow` on the inner iframe (`camera`, `microphone`, `geolocation`, `clipboard-write`, separated by `; ` as the SDK's `buildAllowAttribute` does) and tells the view what it granted in `hostCapabilities.sandbox.permissions`.",
    sources: ["apps-spec", "sdk"],
  },
  {
    id: "PERM-3",
    group: "PERM",
    title: "Missing grants never block",
    statement:
      "Per the review checklist a missing grant is never a reason to refuse or skip rendering (the Apps spec is silent), a view SHOULD feature-detect rather than assume a grant, and in Chromium a feature works only when both the proxy's iframe and the view's iframe allow it.",
    sources: ["seed", "sdk"],
  },

  // SBX — rendering and the sandbox proxy
  {
    id: "SBX-1",
    group: "SBX",
    title: "Sandboxed iframes only",
    statement:
      "Every view MUST render inside a sandboxed iframe the host controls, which, as checklist advice spells out, keeps it from the host page's cookies, storage and DOM and from navigating the parent.",
    sources: ["apps-spec", "seed"],
  },
  {
    id: "SBX-2",
    group: "SBX",
    title: "Sandbox proxy for web hosts",
    statement:
      "A web-page host MUST reach the view only through a sandbox proxy on a different origin whose iframe MUST carry `allow-scripts` and `allow-same-origin`; the proxy sets the view iframe's sandbox (overridable via `sandbox-resource-ready`), while desktop and native hosts render the view directly.",
    sources: ["apps-spec"],
  },
  {
    id: "SBX-3",
    group: "SBX",
    title: "Proxy handshake and CSP",
    statement:
      "The proxy MUST announce `ui/notifications/sandbox-proxy-ready`, the host MUST then send `ui/notifications/sandbox-resource-ready` (`html`, optional `sandbox`, `csp`, `permissions`), and the proxy MUST load that HTML under the CSP of CSP-2..4; the draft relaxes both notifications to SHOULD.",
    sources: ["apps-spec", "draft"],
  },
  {
    id: "SBX-4",
    group: "SBX",
    title: "Proxy relays transparently",
    statement:
      "The proxy MUST relay every message not named `ui/notifications/sandbox-*` both ways, `ui/initialize` and `ui/notifications/initialized` included, and SHOULD NOT originate requests of its own (they would need new ids); the one message it MUST send itself is `sandbox-proxy-ready`.",
    sources: ["apps-spec"],
  },
  {
    id: "SBX-5",
    group: "SBX",
    title: "Nothing before initialized",
    statement:
      "The host MUST NOT send the view any request or notification before `ui/notifications/initialized` (the `ui/initialize` response comes first), so a view that never initialized is removed without `ui/resource-teardown`, while one that did gets it on every removal or a visible reason; the SDK's `AppBridge` does not enforce this.",
    sources: ["apps-spec", "sdk"],
  },
  {
    id: "SBX-6",
    group: "SBX",
    title: "Validate and log view traffic",
    statement:
      "The host SHOULD keep a view's MCP traffic spec-compliant and MAY relay methods outside `ui/` to the server, blocking some or asking the user first; validating every view message, refusing malformed ones and logging view-initiated calls is the spec's recommended practice, with no RFC keyword.",
    sources: ["apps-spec"],
  },

  // BRG — the app–host bridge
  {
    id: "BRG-1",
    group: "BRG",
    title: "JSON-RPC over postMessage",
    statement:
      "Views and hosts talk JSON-RPC 2.0 over `postMessage`, a channel apart from the client–server link, reusing a few MCP methods (`tools/call`, `resources/read`, `notifications/message`, `ping`) and placing most new ones under `ui/`.",
    sources: ["apps-spec"],
  },
  {
    id: "BRG-2",
    group: "BRG",
    title: "The ui/initialize handshake",
    statement:
      "The view opens with `ui/initialize` (`appInfo`, `protocolVersion`, and the `appCapabilities` it MUST include), receives `protocolVersion`, `hostCapabilities`, `hostInfo` and (SHOULD) `hostContext`, then sends `ui/notifications/initialized`; this sets up one iframe's bridge at version `2026-01-26`, not a core `initialize` or server session.",
    sources: ["apps-spec"],
  },
  {
    id: "BRG-3",
    group: "BRG",
    title: "Host-to-view notifications",
    statement:
      "The host MAY stream `tool-input-partial` and MUST stop once the single complete `tool-input` is sent, after `initialized` and before `tool-result`; it MUST send `tool-result` or `tool-cancelled`, MAY send partial `host-context-changed` (views SHOULD merge), and MUST send `ui/resource-teardown` first; views MUST NOT trust partials for critical work and SHOULD cope with fields missing or changing between them.",
    sources: ["apps-spec"],
  },
  {
    id: "BRG-4",
    group: "BRG",
    title: "View-to-host messages",
    statement:
      "A view may send `ui/open-link` (host SHOULD open it), `ui/message` (host SHOULD add it to the chat, MAY ask consent), `ui/request-display-mode`, `ui/update-model-context` (latest replaces earlier), `ui/notifications/size-changed` and `notifications/message`; SDK 2.x extras such as `ui/download-file` are not part of 2026-01-26 and must be labelled so.",
    sources: ["apps-spec", "sdk"],
  },
  {
    id: "BRG-5",
    group: "BRG",
    title: "Two gates for app calls",
    statement:
      "A view's `tools/call` reaches the server only if the spec's visibility MUST (`\"app\"`, same server) and the host's consent policy both pass (the checklist host always asks), and then travels as an ordinary `tools/call` with full per-request `_meta` and, in the SDK, a fresh id.",
    sources: ["apps-spec", "seed", "sdk"],
  },
  {
    id: "BRG-6",
    group: "BRG",
    title: "Display mode negotiation",
    statement:
      "Views MUST declare `appCapabilities.availableDisplayModes`, check the host's list before asking and handle a different answer; a host MUST NOT switch to a mode outside a view's declared list (a view declaring none MAY be refused), MUST return the resulting mode, and SHOULD return the current one when refusing.",
    sources: ["apps-spec"],
  },
  {
    id: "BRG-7",
    group: "BRG",
    title: "Size-change notifications",
    statement:
      "When container dimensions are flexible the host MUST resize the iframe on `ui/notifications/size-changed`, which views SHOULD send whenever their content size changes.",
    sources: ["apps-spec"],
  },

  // OUT — result channels and fallback
  {
    id: "OUT-1",
    group: "OUT",
    title: "Text content always returned",
    statement:
      "Every tool MUST return a useful `content` array even when a UI exists, and servers SHOULD offer a text-only path for each UI tool whether or not Apps was negotiated.",
    sources: ["apps-spec"],
  },
  {
    id: "OUT-2",
    group: "OUT",
    title: "Model-safe structuredContent",
    statement:
      "`structuredContent` feeds the view and is best kept out of model context, but since that data frequently lands in model context via `content` anyway (core tools SHOULD also return it as serialized JSON text) it must be model-safe, and it matches any declared `outputSchema`.",
    sources: ["apps-spec", "core"],
  },
  {
    id: "OUT-3",
    group: "OUT",
    title: "Result _meta off-context",
    statement:
      "A result's `_meta` carries extra data meant to stay out of model context, a best practice rather than a host MUST, and should hold no secrets unless the view is entitled to them.",
    sources: ["apps-spec"],
  },
  {
    id: "OUT-4",
    group: "OUT",
    title: "Heavy data stays off-context",
    statement:
      "The requirements checklist advises that bulky or sensitive data reach the view through app-only tools or resources rather than model context; this is advice, not a specification rule.",
    sources: ["seed"],
  },

  // AUTHZ — server-side authorization of views (PermDock seed)
  {
    id: "AUTHZ-1",
    group: "AUTHZ",
    title: "Views inherit tool permission",
    statement:
      "In PermDock, a `ui://` view registered without a permission of its own is guarded, for `resources/list` and `resources/read`, by the permission of the tool whose `_meta.ui.resourceUri` points at it.",
    sources: ["seed"],
  },
  {
    id: "AUTHZ-2",
    group: "AUTHZ",
    title: "Unlinked or conflicting views",
    statement:
      "In PermDock, a view linked by no tool is neither listed nor readable, and linking one view from tools with different permissions fails at registration time.",
    sources: ["seed"],
  },
  {
    id: "AUTHZ-3",
    group: "AUTHZ",
    title: "Every tool call decided",
    statement:
      "PermDock makes an authorization decision on every `tools/call`, app-only or not, because visibility is no access control (TOOL-6).",
    sources: ["seed"],
  },
  {
    id: "AUTHZ-4",
    group: "AUTHZ",
    title: "Flat-key links need permission",
    statement:
      'PermDock ignores the deprecated flat `_meta["ui/resourceUri"]` key, so a view linked only through it inherits nothing and must be given its own permission.',
    sources: ["seed"],
  },
] as const satisfies readonly {
  id: string;
  group: RuleGroupId;
  title: string;
  statement: string;
  sources: readonly RuleSource[];
}[];
