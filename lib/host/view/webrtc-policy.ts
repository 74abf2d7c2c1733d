/**
 * What this host's sandbox proxy does about WebRTC (public/sandbox/proxy.js), said in the trace of
 * every browser run and in the live view's log before the view's HTML is sent. Host policy, not an
 * MCP Apps rule: the spec's CSP (CSP-3, CSP-4) governs fetches and loads, and no directive that
 * Chromium enforces covers WebRTC, so a view under `connect-src 'none'` could otherwise make the
 * browser send STUN checks, with a username it chose, to any address. SBX-1 makes the sandbox the
 * host's, and this host narrows it.
 */
export const WEBRTC_POLICY_NOTE =
  "host policy, not an MCP Apps rule: WebRTC (RTCPeerConnection and every other RTC* interface) " +
  "is removed from the view, from the proxy document and from every same-origin frame the view " +
  "makes, before the view's code runs. The view's CSP does not cover WebRTC (CSP-3, CSP-4 govern " +
  "fetches and loads), so under connect-src 'none' a view could otherwise send STUN packets to " +
  "any address; the sandbox is the host's to narrow (SBX-1)";
