/**
 * What this host's sandbox proxy does about WebRTC (public/sandbox/proxy.js), said in the trace of
 * every browser run and in the live view's log before the view's HTML is sent. No CSP directive
 * that Chromium enforces covers WebRTC, so a view under `connect-src 'none'` could otherwise make
 * the browser send STUN checks, with a username it chose, to any address; CSP-3's MUST to block
 * connections to undeclared domains names that outcome, so closing the channel is what the MUST
 * asks of a host (the rules reference, as corrected), done here outside the CSP. The proxy seals
 * every child window, whatever element made it (issue #39: `<embed>` windows and a src frame's
 * first window, read as `window[i]`, got through when it chased element names).
 */
export const WEBRTC_POLICY_NOTE =
  "WebRTC closed outside the CSP: WebRTC (RTCPeerConnection and every other RTC* interface) " +
  "is removed from the view, from the proxy document and from every same-origin window below " +
  "them, whatever element made it, before the view's code can reach it. No CSP directive Chromium enforces covers WebRTC, so under " +
  "connect-src 'none' a view could otherwise send STUN packets to any address, which CSP-3's " +
  "MUST to block connections to undeclared domains forbids. Best effort: a way of making a window no test tries would be a gap";
