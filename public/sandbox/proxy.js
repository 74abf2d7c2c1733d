// MCP Apps Academy sandbox proxy (SBX-2..4). Served from the sandbox origin under the view's CSP,
// which the inner frame inherits. It relays JSON-RPC between the host (window.parent) and the
// view (the inner frame), creates no requests of its own, and reports what it observes on a
// separate instrumentation channel that is NOT part of MCP Apps. The view shares this document's
// origin, so it can forge or suppress these reports: the host labels them as reported by the
// sandbox document, never as fact.
(function () {
  "use strict";
  var INSTRUMENTATION = "academy/instrumentation";
  // The app origin, written into this document by the server from its configuration (never read
  // from the query: a page that frames a proxy URL must not choose whom the proxy talks to).
  var hostOrigin = typeof ACADEMY_HOST_ORIGIN === "string" ? ACADEMY_HOST_ORIGIN : "";
  var inner = null;

  function report(data) {
    var envelope = {};
    envelope[INSTRUMENTATION] = data;
    window.parent.postMessage(envelope, hostOrigin);
  }

  // Self-test: the host page must be unreachable from here. Reading window.top's document
  // MUST throw a SecurityError, or the sandbox is broken and nothing may be loaded.
  var topReachable = false;
  try {
    void window.top.document.title;
    topReachable = true;
  } catch {
    topReachable = false;
  }
  report({ type: "self-test", topReachable: topReachable, origin: location.origin });
  if (topReachable || !hostOrigin || location.origin === hostOrigin) return;

  function isSandboxMethod(msg) {
    return (
      msg && typeof msg.method === "string" && msg.method.indexOf("ui/notifications/sandbox-") === 0
    );
  }

  function allowFrom(permissions) {
    var map = {
      camera: "camera",
      microphone: "microphone",
      geolocation: "geolocation",
      clipboardWrite: "clipboard-write",
    };
    var out = [];
    ["camera", "microphone", "geolocation", "clipboardWrite"].forEach(function (k) {
      if (permissions && typeof permissions[k] === "object" && permissions[k] !== null)
        out.push(map[k]);
    });
    return out.join("; ");
  }

  function load(p) {
    if (inner || !p || typeof p.html !== "string") return;
    inner = document.createElement("iframe");
    inner.setAttribute("title", "MCP App view");
    inner.setAttribute(
      "sandbox",
      typeof p.sandbox === "string" ? p.sandbox : "allow-scripts allow-same-origin allow-forms",
    );
    var allow = allowFrom(p.permissions);
    if (allow) inner.setAttribute("allow", allow);
    document.body.appendChild(inner);
    var doc = inner.contentDocument;
    doc.open();
    // Listeners added after open() survive it, so violations during parsing are seen too.
    doc.addEventListener("securitypolicyviolation", function (e) {
      report({
        type: "csp-violation",
        directive: e.effectiveDirective || e.violatedDirective,
        blockedURI: e.blockedURI,
        disposition: e.disposition,
      });
    });
    // Loads that failed (a script, style, image or frame that never arrived, and fetch calls that
    // rejected), so the host can tell a network failure from a CSP block (which also reports a
    // violation above). Observation only: the view can see and undo it.
    doc.addEventListener(
      "error",
      function (e) {
        var t = e.target;
        if (!t || t === doc || typeof t.tagName !== "string") return;
        var url = t.currentSrc || t.src || t.href || "";
        if (typeof url !== "string" || !url) return;
        report({ type: "network-error", via: t.tagName.toLowerCase(), url: url.slice(0, 500) });
      },
      true,
    );
    var view = inner.contentWindow;
    var realFetch = view && view.fetch;
    if (typeof realFetch === "function") {
      view.fetch = function (input, init) {
        var url =
          typeof input === "string" ? input : input && input.url ? input.url : String(input);
        try {
          url = new URL(url, doc.baseURI).href;
        } catch {
          // keep it as given
        }
        var pending = realFetch.call(view, input, init);
        pending.catch(function (err) {
          if (err && err.name === "AbortError") return;
          report({
            type: "network-error",
            via: "fetch",
            url: String(url).slice(0, 500),
            message: String(err && err.message).slice(0, 200),
          });
        });
        return pending;
      };
    }
    doc.write(p.html);
    doc.close();
    report({ type: "loaded", sandbox: inner.getAttribute("sandbox"), allow: allow });
  }

  window.addEventListener("message", function (event) {
    var msg = event.data;
    if (event.source === window.parent) {
      if (event.origin !== hostOrigin) {
        report({
          type: "rejected",
          from: "host-side",
          origin: event.origin,
          reason: "wrong origin",
        });
        return;
      }
      if (isSandboxMethod(msg)) {
        if (msg.method === "ui/notifications/sandbox-resource-ready") load(msg.params);
        return; // sandbox-* messages are for the proxy alone (SBX-4)
      }
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(msg, location.origin);
      return;
    }
    if (inner && event.source === inner.contentWindow) {
      if (event.origin !== location.origin) {
        report({
          type: "rejected",
          from: "view-side",
          origin: event.origin,
          reason: "wrong origin",
        });
        return;
      }
      if (isSandboxMethod(msg)) return;
      window.parent.postMessage(msg, hostOrigin);
      return;
    }
    report({
      type: "rejected",
      from: "unknown",
      origin: event.origin,
      reason: "unknown source window",
    });
  });

  // SBX-3: the proxy's only message of its own.
  window.parent.postMessage(
    { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} },
    hostOrigin,
  );
})();
