"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { Tool } from "@modelcontextprotocol/client";
import { pageHostContext } from "@/app/_components/page-host-context";
import type { PromptAnswer } from "@/app/_components/consent-dialog";
import type { ConsentRequest } from "@/lib/host/view/consent-queue";
import type { AppCallRecord, LiveView } from "@/lib/review/live-types";
import type { PermissionQuestion } from "@/lib/review/permission-grants";
import { snap, type Snapshot } from "./runner-records";

/** The server as the review page has it; the runner opens a connection of its own with it. */
export interface RunnerTarget {
  url: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
}

/** How often a live session redraws while messages stream in. */
const REDRAW_MS = 200;

/** What the runner asks the person, through the page's dialogs. */
export interface RunnerPrompts {
  /** BRG-5: one consent question at a time. */
  askPerson(request: ConsentRequest): Promise<PromptAnswer>;
  answerPerson(answer: "deny"): void;
  /** PERM-2: the permissions the view requested. */
  askPermissions(question: PermissionQuestion, origin: string): Promise<readonly string[]>;
  cancelPermissions(): void;
  /** BRG-4: a link the view asks to open. */
  askLink(q: { text: string; detail: string }): Promise<"allow" | "deny">;
  declineLinks(): void;
}

/**
 * One live view of a UI tool at a time (lib/review/live-view, loaded on the first Run): starting
 * one closes the last (ui/resource-teardown first, BRG-3); the page draws its snapshot, redrawn at
 * most every REDRAW_MS while messages stream in; full screen follows the view's display mode.
 */
export function useLiveRunner(
  target: RunnerTarget,
  era: "modern" | "legacy" | undefined,
  tool: Tool,
  prompts: RunnerPrompts,
) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const session = useRef<LiveView | null>(null);
  const always = useRef(new Set<string>());
  const generation = useRef(0);
  const { askPerson, answerPerson, askPermissions, cancelPermissions, askLink, declineLinks } =
    prompts;

  const close = useCallback(async () => {
    generation.current++;
    const s = session.current;
    session.current = null;
    always.current.clear();
    cancelPermissions();
    declineLinks();
    answerPerson("deny");
    setFullscreen(false);
    if (s) await s.dispose();
    return s;
  }, [answerPerson, cancelPermissions, declineLinks]);
  useEffect(() => () => void close(), [close]);

  /** Runs the tool for real, or (`preview`) renders its view with a sample result, calling nothing. */
  const start = async (args: Record<string, unknown>, handshakeMs: number, preview = false) => {
    setProblem(null);
    setBusy(true);
    await close();
    setSnapshot(null);
    const mine = generation.current;
    const live = () => mine === generation.current;
    try {
      const [{ startLiveView, connectForView }, { sandboxOriginFor }, { sampleResultFor }] =
        await Promise.all([
          import("@/lib/review/live-view"),
          import("@/lib/host/view/origins"),
          import("@/lib/review/sample-result"),
        ]);
      const token = target.token?.trim();
      const connection = await connectForView(
        target.url,
        token ? { Authorization: `Bearer ${token}` } : undefined,
        era,
      );
      if (!live()) {
        await connection.close();
        return;
      }
      let timer = 0;
      const hostOrigin = window.location.origin;
      const view = await startLiveView({
        connection,
        ownsConnection: true,
        tool,
        arguments: args,
        ...(preview ? { sampleResult: sampleResultFor(tool) } : {}),
        initTimeoutMs: handshakeMs,
        container: frame.current!,
        hostOrigin,
        sandboxOrigin: sandboxOriginFor(hostOrigin, process.env.NEXT_PUBLIC_SANDBOX_ORIGIN),
        hostContext: pageHostContext(),
        // PERM-2: asked anew on every Run; nothing is remembered between runs.
        askPermissions: async (question) =>
          live() ? askPermissions(question, new URL(target.url).origin) : [],
        askConsent: async (request) => {
          if (!live()) return "deny";
          if (always.current.has(request.tool)) return "allow";
          const a = await askPerson(request);
          if (a !== "always") return a;
          always.current.add(request.tool);
          return "allow";
        },
        confirmOpenLink: async (url) =>
          live() &&
          (await askLink({ text: "The view asks to open a link", detail: url })) !== "deny",
        onDisplayMode: (mode) => setFullscreen(mode === "fullscreen"),
        onChange: (v) => {
          if (!live() || timer) return;
          timer = window.setTimeout(() => {
            timer = 0;
            if (live()) setSnapshot(snap(v));
          }, REDRAW_MS);
        },
      });
      if (!live()) {
        await view.dispose();
        return;
      }
      session.current = view;
      setSnapshot(snap(view));
    } catch (e) {
      if (live()) setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      if (live()) setBusy(false);
    }
  };

  /** The last picture of a closed view: its teardown request and answer (BRG-3) included. */
  const closeView = () =>
    void close().then((s) => {
      if (s) setSnapshot(snap(s));
    });

  const leaveFullscreen = useCallback(() => {
    setFullscreen(false);
    session.current?.setDisplayMode("inline");
  }, []);
  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      // Escape in an open prompt answers the prompt, not the full screen view.
      if (e.key === "Escape" && !document.querySelector("dialog[open]")) leaveFullscreen();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [fullscreen, leaveFullscreen]);

  /** The calls the view places in the next `ms`, or undefined if the view changed meanwhile. */
  const observe = async (ms: number): Promise<AppCallRecord[] | undefined> => {
    const s = session.current;
    if (!s) return undefined;
    const calls = await s.observe(ms);
    return session.current === s ? calls : undefined;
  };

  return {
    busy,
    problem,
    snapshot,
    fullscreen,
    frame,
    start,
    closeView,
    leaveFullscreen,
    observe,
  };
}
