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
  // The view's window, taken when its frame is made (before any of its script runs).
  var viewWindow = null;

  // ---- The host channel (issue #39) ----
  // Until the view's HTML arrives this proxy talks to the host by window messages, as the spec's
  // proxy protocol does (SBX-3). Our host hands it a MessagePort with sandbox-resource-ready, and
  // from then on every message both ways goes over that port: the host then reads nothing that
  // arrives on its window from this frame or the view's, so script the view puts in this
  // document (it shares this origin) cannot reach the host's main thread with a message the
  // size check below never saw. Everything the channel uses is taken now, before any view
  // exists, and the port is held only in this closure: a view that patches this realm's
  // prototypes later cannot reach it. A host that sends no port keeps the window channel.
  var apply = Reflect.apply;
  var desc = Object.getOwnPropertyDescriptor;
  var hostWindow = window.parent;
  var selfOrigin = location.origin;
  var getter = function (C, prop) {
    var d = C && desc(C.prototype, prop);
    return d && d.get;
  };
  var dataOf = getter(MessageEvent, "data");
  var sourceOf = getter(MessageEvent, "source");
  var originOf = getter(MessageEvent, "origin");
  var portsOf = getter(MessageEvent, "ports");
  var portPost = MessagePort.prototype.postMessage;
  var portStart = MessagePort.prototype.start;
  var hostPort = null;

  function toHost(msg) {
    if (hostPort) apply(portPost, hostPort, [msg]);
    else hostWindow.postMessage(msg, hostOrigin);
  }

  // Reports are measured like the view's messages (relayToHost): a view that runs script in this
  // document can make a report's strings as long as it likes.
  function report(data) {
    var envelope = {};
    envelope[INSTRUMENTATION] = data;
    relayToHost(envelope);
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
  // Not MCP Apps: tells our host that this proxy takes a MessagePort (see the host channel).
  report({ type: "port-offer" });

  // ---- WebRTC is removed from every realm of this origin (CSP-3's outcome, outside the CSP) ----
  // No CSP directive Chromium enforces covers WebRTC: under connect-src 'none' a view can still
  // build an RTCPeerConnection with a hand-made answer naming any host and port, and the browser
  // sends STUN checks there whose USERNAME the view chose. (CSP Level 3's `webrtc 'block'` is
  // "unrecognized" in Chromium 156.) So the proxy replaces every RTC* interface, in its own realm
  // and in the view's, with a stub that reports and throws, before any of the view's code runs;
  // and it does the same to every same-origin frame either realm creates, when the frame is made:
  // a frame's first document (srcdoc, a javascript: URL) keeps the window it was made with.
  // Everything the sealing uses is taken now, before any view exists: the view shares this
  // origin and can run script in this document later, so nothing is looked up again at use.
  var defineProperty = Object.defineProperty;
  var ownNames = Object.getOwnPropertyNames;
  var RTC_NAME = /^(webkit)?RTC[A-Za-z]*$/;
  var test = RegExp.prototype.test;
  var sealed = new WeakSet();
  var isSealed = WeakSet.prototype.has;
  var markSealed = WeakSet.prototype.add;
  var frameGetters = [
    getter(HTMLIFrameElement, "contentWindow"),
    getter(window.HTMLFrameElement, "contentWindow"),
    getter(HTMLObjectElement, "contentWindow"),
  ];
  var nodeType = getter(Node, "nodeType");
  var parentOf = getter(Node, "parentNode");
  var nextOf = getter(Node, "nextSibling");
  var connected = getter(Node, "isConnected");
  var localName = getter(Element, "localName");
  var removeChild = Node.prototype.removeChild;
  var insertBefore = Node.prototype.insertBefore;
  var addListener = EventTarget.prototype.addEventListener;
  var Observer = MutationObserver;
  var observe = MutationObserver.prototype.observe;
  var recordType = getter(MutationRecord, "type");
  var recordTarget = getter(MutationRecord, "target");
  var recordAdded = getter(MutationRecord, "addedNodes");
  var frameElementOf = getter(Window, "frameElement") || desc(window, "frameElement").get;
  var defaultViewOf = getter(Document, "defaultView");
  var later = queueMicrotask;
  var lengthOf = getter(Window, "length") || (desc(window, "length") || {}).get;
  var self_ = window;
  var ThrowError = DOMException;
  var blockedReports = 0;
  // For declarative shadow roots (below).
  var shadowOf = getter(Element, "shadowRoot");
  var elementQuery = Element.prototype.querySelectorAll;
  var documentQuery = Document.prototype.querySelectorAll;
  var fragmentQuery = DocumentFragment.prototype.querySelectorAll;
  var createElement = Document.prototype.createElement;
  var innerHTML = desc(Element.prototype, "innerHTML");
  var outerHTML = getter(Element, "outerHTML");
  var templateContent = getter(HTMLTemplateElement, "content");
  var getAttribute = Element.prototype.getAttribute;
  var setAttribute = Element.prototype.setAttribute;
  var parseFromString = DOMParser.prototype.parseFromString;
  var Parser = DOMParser;
  var doctypeOf = getter(Document, "doctype");
  var doctypeName = getter(DocumentType, "name");
  var documentElementOf = getter(Document, "documentElement");
  var toLower = String.prototype.toLowerCase;
  var slice = String.prototype.slice;
  var ToString = String;
  var join = Array.prototype.join;
  var writeOriginal = Document.prototype.write;
  var DSD = /shadowrootmode/i;
  var watchedRoots = new WeakSet();
  var writtenTail = new WeakMap();
  var tailOf = WeakMap.prototype.get;
  var setTail = WeakMap.prototype.set;

  function frameWindowOf(el) {
    for (var i = 0; i < frameGetters.length; i++) {
      if (!frameGetters[i]) continue;
      try {
        return apply(frameGetters[i], el, []);
      } catch {
        // not this kind of frame element
      }
    }
    return null;
  }

  function noteBlocked(name) {
    if (blockedReports++ < 20) report({ type: "webrtc-blocked", name: name });
  }

  function stubFor(name) {
    var stub = function () {
      noteBlocked(name);
      throw new ThrowError(
        name +
          " is not available in this view: the host removed WebRTC, which the view's CSP does not cover (host policy)",
        "NotSupportedError",
      );
    };
    defineProperty(stub, "name", { value: name });
    return stub;
  }

  // Every window of this origin under the proxy's own, however it was made. A new browsing
  // context can come from an iframe, frame, object or embed, or from a kind Chromium adds later;
  // whatever makes it, it is a child window here, so the walk does not depend on the element.
  // (An <embed>'s window has no contentWindow at all: the view reaches it only as window[i].)
  function sealTree(win) {
    var n;
    try {
      n = apply(lengthOf, win, []);
    } catch {
      return;
    }
    for (var i = 0; i < n; i++) {
      var child;
      try {
        child = win[i];
        void child.document; // another origin's window: its own origin's business
      } catch {
        continue;
      }
      seal(child);
      sealTree(child);
    }
  }

  // A window made for an <embed> or <object> appears when layout runs, and its first load event
  // comes in the same task (even when the view forces layout to get it at once), before any of
  // the view's code can read it: so every load seals the tree, whatever element loaded.
  function frameLoaded(event) {
    sealFrame(event.target);
    sealTree(self_);
  }

  // An iframe with a src has its first window (about:blank, this origin) as soon as it is
  // inserted, and no load event until its navigation ends: under frame-src 'none', never. The
  // view can read that window as window[i] in the same task. So every way the DOM standard gives
  // script to insert a node ends by sealing the tree. (The parser's own insertions are seen by the
  // observer below before the next script runs.)
  function inserting(original) {
    return function () {
      try {
        return apply(original, this, arguments);
      } finally {
        sealTree(self_);
      }
    };
  }
  var INSERTIONS = [
    ["Node", ["appendChild", "insertBefore", "replaceChild"]],
    ["Element", ["append", "prepend", "before", "after", "replaceWith", "replaceChildren"]],
    ["Element", ["insertAdjacentElement", "insertAdjacentHTML", "moveBefore"]],
    ["CharacterData", ["before", "after", "replaceWith"]],
    ["DocumentType", ["before", "after", "replaceWith"]],
    ["Document", ["append", "prepend", "replaceChildren", "execCommand"]],
    ["DocumentFragment", ["append", "prepend", "replaceChildren", "moveBefore"]],
    ["ShadowRoot", ["moveBefore"]],
    ["Range", ["insertNode", "surroundContents"]],
  ];
  var INSERTING_SETTERS = [
    ["Element", "innerHTML"],
    ["Element", "outerHTML"],
    ["ShadowRoot", "innerHTML"],
    ["HTMLElement", "outerText"],
  ];
  function wrapSetter(proto, prop) {
    var d = proto && desc(proto, prop);
    if (!d || !d.set || !d.configurable) return;
    var set = d.set;
    defineProperty(proto, prop, {
      get: d.get,
      set: function (value) {
        try {
          apply(set, this, [value]);
        } finally {
          sealTree(self_);
        }
      },
      enumerable: d.enumerable,
      configurable: false,
    });
  }
  function guardInsertions(win) {
    for (var i = 0; i < INSERTIONS.length; i++) {
      var C = win[INSERTIONS[i][0]];
      for (var j = 0; j < INSERTIONS[i][1].length; j++)
        replaceMethod(C && C.prototype, INSERTIONS[i][1][j], inserting);
    }
    for (var k = 0; k < INSERTING_SETTERS.length; k++) {
      var S = win[INSERTING_SETTERS[k][0]];
      wrapSetter(S && S.prototype, INSERTING_SETTERS[k][1]);
    }
  }

  var FRAME_NAME = /^(iframe|frame|object)$/;
  function sealFrame(el) {
    try {
      if (!el || apply(nodeType, el, []) !== 1) return;
      if (!apply(test, FRAME_NAME, [apply(localName, el, [])])) return;
    } catch {
      return; // not a node
    }
    var w = frameWindowOf(el);
    if (w) seal(w);
  }

  // A frame that has a document of its own and is sent to another one (a new srcdoc or src) would
  // get a fresh window, made after that document's first script has run. Taken out and put back
  // in its place, it starts again from a new first window, sealed here before the navigation
  // commits (a frame's first document, srcdoc or a javascript: URL, keeps its first window).
  function renavigated(el) {
    if (!apply(connected, el, []) || !apply(test, /^i?frame$/i, [apply(localName, el, [])]))
      return sealFrame(el);
    var parent = apply(parentOf, el, []);
    var next = apply(nextOf, el, []);
    reinserting = true; // the removal says pagehide too: not a navigation
    try {
      apply(removeChild, parent, [el]);
      apply(insertBefore, parent, [el, next]);
    } finally {
      reinserting = false;
    }
    sealFrame(el);
  }

  // A frame sent to a new document through its Location (a javascript: URL whose result is a
  // page, about:blank) gets a fresh window whose script runs before any hook here could seal it.
  // Its old window says pagehide first: once that handler is done, a frame still in its
  // document is put back in its place, which cancels the navigation and leaves a sealed first
  // window. (A frame being removed by script is no longer in its document by then.) Host policy:
  // a same-origin frame of the view, or the view itself, does not navigate.
  var reinserting = false;
  function leaving() {
    if (reinserting) return;
    var el;
    try {
      el = apply(frameElementOf, this, []);
    } catch {
      el = null;
    }
    if (!el) return; // the proxy's own window: its parent is the host, on another origin
    later(function () {
      if (apply(connected, el, [])) renavigated(el);
    });
  }

  // Watches one document or shadow root: a frame made there is sealed when its first window
  // exists (a src-less frame fires load while it is inserted; the observer catches the others
  // before their first navigation commits), and again whenever it loads.
  function watch(root) {
    apply(addListener, root, ["load", frameLoaded, true]);
    var observer = new Observer(function (records) {
      for (var i = 0; i < records.length; i++) {
        var r = records[i];
        if (apply(recordType, r, []) === "attributes") {
          renavigated(apply(recordTarget, r, []));
          continue;
        }
        var added = apply(recordAdded, r, []);
        for (var j = 0; j < added.length; j++) sweep(added[j]);
      }
      sealTree(self_);
    });
    apply(observe, observer, [
      root,
      { childList: true, subtree: true, attributes: true, attributeFilter: ["src", "srcdoc"] },
    ]);
  }

  function watchRoot(root) {
    if (apply(isSealed, watchedRoots, [root])) return;
    apply(markSealed, watchedRoots, [root]);
    watch(root);
  }

  // Seals every frame in `node` and its subtree, and watches (and sweeps) every open shadow root
  // there: a frame the parser put in a shadow root is seen by no observer of the document.
  function sweep(node) {
    var type, all;
    try {
      type = apply(nodeType, node, []);
      if (type === 1) {
        sealFrame(node);
        var own = apply(shadowOf, node, []);
        if (own) {
          watchRoot(own);
          sweep(own);
        }
      }
      var query =
        type === 1 ? elementQuery : type === 9 ? documentQuery : type === 11 ? fragmentQuery : null;
      if (!query) return;
      all = apply(query, node, ["*"]);
    } catch {
      return; // not a node
    }
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      sealFrame(el);
      var root = apply(shadowOf, el, []);
      if (root) {
        watchRoot(root);
        sweep(root);
      }
    }
  }

  // A closed shadow root the parser makes (declarative shadow DOM: <template shadowrootmode>)
  // is out of every script's reach, this one's too, and a srcdoc frame inside it runs its
  // script in a window nothing could seal. So markup that declares a closed root is handed to
  // the parser with an open one instead (host policy): then sweep() reaches the frames inside.
  // The markup is read inertly first (a template's content, or DOMParser for a whole
  // document: neither runs script, loads anything or attaches a root); markup without a
  // closed declarative root goes to the parser exactly as it came.
  function openClosedIn(root, query) {
    var changed = false;
    var templates = apply(query, root, ["template"]);
    for (var i = 0; i < templates.length; i++) {
      var t = templates[i];
      var mode = apply(getAttribute, t, ["shadowrootmode"]);
      if (mode !== null && apply(toLower, mode, []) === "closed") {
        apply(setAttribute, t, ["shadowrootmode", "open"]);
        changed = true;
      }
      if (openClosedIn(apply(templateContent, t, []), fragmentQuery)) changed = true;
    }
    return changed;
  }
  function openFragment(html) {
    if (!apply(test, DSD, [html])) return html;
    var t = apply(createElement, document, ["template"]);
    apply(innerHTML.set, t, [html]);
    return openClosedIn(apply(templateContent, t, []), fragmentQuery)
      ? apply(innerHTML.get, t, [])
      : html;
  }
  function openDocument(html) {
    if (!apply(test, DSD, [html])) return html;
    var d = apply(parseFromString, new Parser(), [html, "text/html"]);
    if (!openClosedIn(d, documentQuery)) return html;
    var dt = apply(doctypeOf, d, []);
    return (
      (dt ? "<!DOCTYPE " + apply(doctypeName, dt, []) + ">" : "") +
      apply(outerHTML, apply(documentElementOf, d, []), [])
    );
  }

  // setHTMLUnsafe / setHTML (on elements and shadow roots) parse declarative shadow roots.
  function parsingInto(original) {
    return function () {
      var args = [];
      for (var i = 0; i < arguments.length; i++) args[i] = arguments[i];
      if (args.length) args[0] = openFragment(ToString(args[0]));
      try {
        return apply(original, this, args);
      } finally {
        sweep(this);
      }
    };
  }
  // Document.parseHTMLUnsafe / parseHTML: an inert document whose nodes may be moved in later.
  function parsingDocument(original) {
    return function () {
      var args = [];
      for (var i = 0; i < arguments.length; i++) args[i] = arguments[i];
      if (args.length) args[0] = openDocument(ToString(args[0]));
      return apply(original, this, args);
    };
  }

  // Replaces `prototype[name]` (a method) with `wrap(original)`, for good.
  function replaceMethod(proto, name, wrap) {
    var d = proto && desc(proto, name);
    if (!d || typeof d.value !== "function" || !d.configurable) return;
    defineProperty(proto, name, {
      value: wrap(d.value),
      writable: false,
      enumerable: d.enumerable,
      configurable: false,
    });
  }

  function wrapGetter(proto, prop) {
    var d = desc(proto, prop);
    if (!d || !d.get || !d.configurable) return;
    var get = d.get;
    defineProperty(proto, prop, {
      get: function () {
        sealFrame(this);
        return apply(get, this, []);
      },
      enumerable: d.enumerable,
      configurable: false,
    });
  }

  // document.write's text comes in pieces, so it cannot be read as markup before it is parsed:
  // a piece that declares a shadow root, alone or with the end of the pieces before it, is
  // refused (host policy). Frames in open roots it made are swept once it has run.
  function reListening(original) {
    return function () {
      return reopened(original, this, arguments);
    };
  }
  function writing(original) {
    return function () {
      var text = apply(join, arguments, [""]);
      var tail = "";
      try {
        tail = apply(tailOf, writtenTail, [this]) || "";
      } catch {
        tail = "";
      }
      if (apply(test, DSD, [tail + text]))
        throw new ThrowError(
          "document.write of a declarative shadow root is refused in this view (host policy: the host cannot see inside a closed one to remove WebRTC)",
          "NotSupportedError",
        );
      try {
        apply(setTail, writtenTail, [this, apply(slice, tail + text, [-16])]);
      } catch {
        // not a document: the original call throws below
      }
      try {
        return reopened(original, this, [text]);
      } finally {
        sweep(this);
      }
    };
  }
  // document.open(), and a write() that opens, drop every listener of the document and its
  // window: the load listener goes straight back on.
  function reopened(original, self, args) {
    try {
      return apply(original, self, args);
    } finally {
      if (apply(nodeType, self, []) === 9) {
        apply(addListener, self, ["load", frameLoaded, true]);
        var view = apply(defaultViewOf, self, []);
        if (view) apply(addListener, view, ["pagehide", leaving, true]);
      }
    }
  }

  function seal(win) {
    if (apply(isSealed, sealed, [win])) return;
    try {
      void win.document;
    } catch {
      return; // another origin's window: its own origin's business, not this sandbox's
    }
    apply(markSealed, sealed, [win]);
    var names = ownNames(win);
    for (var i = 0; i < names.length; i++) {
      if (!apply(test, RTC_NAME, [names[i]])) continue;
      try {
        defineProperty(win, names[i], {
          value: stubFor(names[i]),
          writable: false,
          enumerable: false,
          configurable: false,
        });
      } catch {
        // fixed already
      }
    }
    // Frame elements hand out sealed windows only.
    var frameClasses = [win.HTMLIFrameElement, win.HTMLFrameElement, win.HTMLObjectElement];
    for (var c = 0; c < frameClasses.length; c++) {
      if (!frameClasses[c]) continue;
      wrapGetter(frameClasses[c].prototype, "contentWindow");
      wrapGetter(frameClasses[c].prototype, "contentDocument");
    }
    // document.open(), and a write() that opens, drop every listener of the document and its
    // window: the load listener goes straight back on.
    var methods = ["open", "write", "writeln"];
    for (var m = 0; m < methods.length; m++)
      replaceMethod(
        win.Document && win.Document.prototype,
        methods[m],
        methods[m] === "open" ? reListening : writing,
      );
    // A frame's load event stops at its shadow root, and so does an observer of the document.
    replaceMethod(win.Element && win.Element.prototype, "attachShadow", function (original) {
      return function () {
        var root = apply(original, this, arguments);
        watchRoot(root);
        return root;
      };
    });
    // Markup parsed with declarative shadow roots: closed ones open, and swept.
    var parsers = ["setHTMLUnsafe", "setHTML"];
    for (var p = 0; p < parsers.length; p++) {
      replaceMethod(win.Element && win.Element.prototype, parsers[p], parsingInto);
      replaceMethod(win.ShadowRoot && win.ShadowRoot.prototype, parsers[p], parsingInto);
    }
    replaceMethod(win.Document, "parseHTMLUnsafe", parsingDocument);
    replaceMethod(win.Document, "parseHTML", parsingDocument);
    guardInsertions(win);
    apply(addListener, win, ["pagehide", leaving, true]);
    watch(win.document);
  }
  seal(window);

  // ---- The host's size limit, applied before relaying (the host's policy, SBX-6) ----
  // The host refuses every message from the view above its limit, which the server writes into
  // this document from the host's own constant. Refusing it here instead means the host page
  // never receives it: a browser deserializes a posted message when its data is first read, and
  // a few messages of tens of MiB stalled the host's tab for seconds before it could tear the
  // view down. This document runs in the sandbox's process, so that cost stays here. SBX-4 as
  // written has no exception to "forward every message": this is our host's refusal carried
  // out one hop earlier, in the frame the host serves, and the view gets what it got before (an
  // error for a request, from the host). The host hears of it by a small notice on the
  // instrumentation channel, never by a JSON-RPC message. Measured as the host measures
  // (sizeUpTo in lib/host/view/proxy-transport.ts), so what fits here fits there, and with
  // functions taken now, before any view exists.
  var messageLimit =
    typeof ACADEMY_MESSAGE_LIMIT === "number" && ACADEMY_MESSAGE_LIMIT > 0
      ? ACADEMY_MESSAGE_LIMIT
      : 0;
  var isArray = Array.isArray;
  var bufferLength = desc(ArrayBuffer.prototype, "byteLength").get;
  var viewLength = desc(Object.getPrototypeOf(Uint8Array.prototype), "byteLength").get;
  var dataViewLength = desc(DataView.prototype, "byteLength").get;
  var keysOf = Object.keys;
  var protoOf = Object.getPrototypeOf;
  var ObjectProto = Object.prototype;
  var hasOwn = Object.prototype.hasOwnProperty;
  var create = Object.create;
  function byteLengthOf(v) {
    var getters = [viewLength, dataViewLength, bufferLength];
    for (var i = 0; i < getters.length; i++) {
      try {
        return apply(getters[i], v, []);
      } catch {
        // not this kind of buffer
      }
    }
    return -1;
  }
  // The value of `v`'s own data property `k`, without running any script: a missing property is
  // `absent`, an accessor `unmeasurable`. A view that runs script in this document could
  // otherwise put a getter where the measure reads and change the message after it was measured.
  var absent = {};
  var unmeasurable = {};
  function ownValue(v, k) {
    var d = desc(v, k);
    if (!d) return absent;
    return apply(hasOwn, d, ["value"]) ? d.value : unmeasurable;
  }
  // The size of `data` as JSON would measure it, counted only until it passes `cap`, and the
  // host's sizeUpTo in lib/host/view/proxy-transport.ts measures the same. A value JSON cannot
  // hold (a Map, a Set, a Date, a wrapper object, an accessor) counts as above the cap: what is
  // measured is exactly what is posted.
  function sizeUpTo(data, cap) {
    var size = 0;
    var nodes = 0;
    var stack = create(null); // no prototype a view could put setters on
    stack[0] = data;
    var top = 1;
    while (top > 0) {
      var v = stack[--top];
      stack[top] = undefined;
      if (++nodes > 100000 || v === unmeasurable) return cap + 1;
      if (v === absent)
        size += 8; // a hole: the host's measure counts it as undefined
      else if (typeof v === "string") size += v.length + 2;
      else if (v === null || typeof v !== "object") size += 8;
      else if (isArray(v)) {
        size += 2;
        var n = ownValue(v, "length");
        for (var i = 0; i < n; i++) stack[top++] = ownValue(v, ToString(i));
      } else if (protoOf(v) === ObjectProto) {
        size += 2;
        var keys = keysOf(v);
        for (var k = 0; k < keys.length; k++) {
          size += keys[k].length + 4;
          stack[top++] = ownValue(v, keys[k]);
        }
      } else {
        var bytes = byteLengthOf(v); // an ArrayBuffer, a typed array or a DataView
        if (bytes < 0) return cap + 1;
        size += bytes;
      }
      if (size > cap) return size;
    }
    return size;
  }
  // The notice that replaces a message above the limit: the limit, and the request's id when it
  // is a number or a short string (read without running script).
  function oversizedNotice(msg) {
    var notice = { type: "oversized-message", limit: messageLimit };
    var id = typeof msg === "object" && msg !== null ? ownValue(msg, "id") : undefined;
    if (typeof id === "number" || (typeof id === "string" && id.length < 100)) notice.id = id;
    var envelope = {};
    envelope[INSTRUMENTATION] = notice;
    return envelope;
  }
  // Relays a message of the view's to the host, unless it is above the limit: then the host is
  // told with a small notice instead.
  function relayToHost(msg) {
    if (messageLimit && sizeUpTo(msg, messageLimit) > messageLimit) toHost(oversizedNotice(msg));
    else toHost(msg);
  }

  function isSandboxMethod(msg) {
    var method = typeof msg === "object" && msg !== null ? ownValue(msg, "method") : undefined;
    return (
      typeof method === "string" && apply(slice, method, [0, 25]) === "ui/notifications/sandbox-"
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
    viewWindow = inner.contentWindow;
    var doc = inner.contentDocument;
    doc.open();
    // Listeners added after open() survive it, so violations during parsing are seen too.
    doc.addEventListener("securitypolicyviolation", function (e) {
      report({
        type: "csp-violation",
        directive: e.effectiveDirective || e.violatedDirective,
        blockedURI: e.blockedURI,
        disposition: e.disposition,
        // Where it happened (for an inline script, the line and column within its text): the
        // host tells a library's eval feature probe from code that needs eval by it.
        line: e.lineNumber,
        column: e.columnNumber,
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
    // The view's own markup, with any closed declarative shadow root opened (see openDocument),
    // written with this document's write (the view realm's refuses shadow roots), then swept
    // before any frame it made can commit its first document.
    apply(writeOriginal, doc, [openDocument(p.html)]);
    sweep(doc);
    doc.close();
    report({ type: "loaded", sandbox: apply(getAttribute, inner, ["sandbox"]), allow: allow });
  }

  // Messages for the view, from the host: by window until the host hands over its port, then by
  // the port alone.
  function fromHost(msg) {
    if (isSandboxMethod(msg)) return; // sandbox-* messages are for the proxy alone (SBX-4)
    if (viewWindow) viewWindow.postMessage(msg, selfOrigin);
  }

  apply(addListener, window, [
    "message",
    function (event) {
      // Read through the getters taken at start; `data` is read only once the sender is known.
      var source = apply(sourceOf, event, []);
      var origin = apply(originOf, event, []);
      if (source === hostWindow) {
        // Once the host has handed over its port it never posts to this window again: whatever
        // claims to come from it now is dropped unread.
        if (hostPort) return;
        if (origin !== hostOrigin) {
          report({ type: "rejected", from: "host-side", origin: origin, reason: "wrong origin" });
          return;
        }
        var msg = apply(dataOf, event, []);
        if (isSandboxMethod(msg)) {
          if (ownValue(msg, "method") !== "ui/notifications/sandbox-resource-ready") return;
          // The host's port comes with the view's HTML, so it is in place before the view exists.
          var ports = apply(portsOf, event, []);
          if (!inner && ports.length === 1) {
            hostPort = ports[0];
            apply(addListener, hostPort, [
              "message",
              function (e) {
                fromHost(apply(dataOf, e, []));
              },
            ]);
            apply(portStart, hostPort, []);
          }
          load(ownValue(msg, "params"));
          return;
        }
        fromHost(msg);
        return;
      }
      if (viewWindow && source === viewWindow) {
        if (origin !== selfOrigin) {
          report({ type: "rejected", from: "view-side", origin: origin, reason: "wrong origin" });
          return;
        }
        var fromView = apply(dataOf, event, []);
        if (!isSandboxMethod(fromView)) relayToHost(fromView);
        return;
      }
      report({
        type: "rejected",
        from: "unknown",
        origin: origin,
        reason: "unknown source window",
      });
    },
  ]);

  // SBX-3: the proxy's only message of its own.
  toHost({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} });
})();
