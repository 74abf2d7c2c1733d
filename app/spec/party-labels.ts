/** Who a requirement binds, in the page's words (the catalogue's `party` values as keys). */
export const PARTY_LABEL: Record<string, string> = {
  host: "host",
  "sandbox-proxy": "sandbox proxy",
  view: "view",
  server: "server",
  client: "client",
  "supporting-side": "the side that supports it",
  "extension-author": "extension author",
};
