import type { CatalogueId } from "./catalogue";

/**
 * Everything a view inside the sandbox cannot see, per catalogue entry, in our words. The view
 * shows these rows as NOT OBSERVABLE with the reason, so nobody reads silence as a pass.
 */
export const NOT_OBSERVABLE: Partial<Record<CatalogueId, { why: string; rules: string[] }>> = {
  "messages/add-to-conversation": {
    why: "the conversation is outside the view; look at the host's transcript after the operator's message button",
    rules: ["BRG-4"],
  },
  "messages/consent": {
    why: "a host's question to the user is not shown to the view",
    rules: ["BRG-4"],
  },
  "model-context/provide-future-turns": {
    why: "the model's context is never shown to the view",
    rules: ["BRG-4"],
  },
  "model-context/overwrite": {
    why: "the model's context is never shown to the view",
    rules: ["BRG-4"],
  },
  "model-context/defer": {
    why: "the model's context is never shown to the view",
    rules: ["BRG-4"],
  },
  "model-context/dedupe": {
    why: "the model's context is never shown to the view",
    rules: ["BRG-4"],
  },
  "model-context/last-wins": {
    why: "the model's context is never shown to the view",
    rules: ["BRG-4"],
  },
  "model-context/display": {
    why: "what the host shows the user is outside the view",
    rules: ["BRG-4"],
  },
  "lifecycle/tool-input-partial": {
    why: "a MAY: partial input is optional, so its absence proves nothing (arrivals are listed under tool-input-partial-stop)",
    rules: ["BRG-3"],
  },
  "lifecycle/tool-input-partial-recover": {
    why: "the agent's raw stream is not visible to the view, only what the host made of it",
    rules: ["BRG-3"],
  },
  "lifecycle/tool-input-partial-stream": {
    why: "the agent's raw stream is not visible to the view, only what the host made of it",
    rules: ["BRG-3"],
  },
  "lifecycle/tool-cancelled": {
    why: "nothing cancels this run's call; a host that offers cancelling is checked by cancelling and watching the view's log",
    rules: ["BRG-3"],
  },
  "lifecycle/teardown-reason": {
    why: "seen only as the view ends (see teardown-notify)",
    rules: ["BRG-3"],
  },
  "security/iframe-sandboxed": {
    why: "a document cannot read its own frame's sandbox attribute across origins; see sandbox-distinct-origin for what it can test",
    rules: ["SBX-1"],
  },
  "security/external-domain-warning": {
    why: "a warning to the user is shown outside the view",
    rules: ["CSP-3"],
  },
  "security/global-allowlist": {
    why: "the host's own lists are not visible to the view",
    rules: ["CSP-5"],
  },
  "permissions/host-may-honour": {
    why: "this view requests no browser permissions, so there is nothing to grant",
    rules: ["PERM-2"],
  },
  "csp/host-may-restrict": {
    why: "a MAY: narrowing is the host's choice, and this view declares only one origin",
    rules: ["CSP-5"],
  },
  "security/csp-audit-log": { why: "the host's logs are outside the view", rules: ["CSP-3"] },
  "resource/prefetch": {
    why: "a MAY, and caching is invisible to the server and the view",
    rules: ["RES-1", "RES-5"],
  },
  "visibility/app-tool-hidden": {
    why: "the agent's tool list is not visible to the view or the server",
    rules: ["TOOL-3"],
  },
  "security/sandbox-proxy-required": {
    why: "the view can tell it is framed, not what frames it; sandbox-distinct-origin tests what it can",
    rules: ["SBX-2"],
  },
  "security/sandbox-permissions": {
    why: "the proxy frame's sandbox tokens are on an element the view cannot read",
    rules: ["SBX-2"],
  },
  "security/sandbox-proxy-ready": {
    why: "proxy and host exchange it before this document exists",
    rules: ["SBX-3"],
  },
  "security/permissions-allow-attr": {
    why: "this view requests no permissions",
    rules: ["PERM-2"],
  },
  "security/sandbox-no-self-requests": {
    why: "a request the proxy invented looks, to the view, like one from the host",
    rules: ["SBX-4"],
  },
  "transport/view-traffic-compliant": {
    why: "this view sends only well-formed traffic, so the host's checking is not exercised",
    rules: ["SBX-6"],
  },
  "transport/block-or-approve": {
    why: "a consent prompt is shown outside the view; the view sees only the answer",
    rules: ["BRG-5"],
  },
  "display-mode/unavailable-returns-current": {
    why: "a view may ask only for a mode the host lists (BRG-6), so this view never asks for an unavailable one",
    rules: ["BRG-6"],
  },
  "display-mode/decline-undeclared": {
    why: "a MAY, and this view declares its modes, so the case does not arise",
    rules: ["BRG-6"],
  },
};
