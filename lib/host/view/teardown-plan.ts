/**
 * Why the host removes a rendered view: the person ran something else (the run is replaced),
 * chose "Deny and close the view", the view broke a resource limit, or its sandbox was breached.
 */
export type RemovalCause = "replaced" | "closed-by-user" | "limit" | "breach";

/** What the host does about `ui/resource-teardown` when it removes a view. */
export interface TeardownPlan {
  /** Whether `ui/resource-teardown` is sent before the frame goes. */
  send: boolean;
  /** Whether the host waits (bounded) for the view's answer before it removes the frame. */
  awaitAnswer: boolean;
  /** What the trace and the page say about it; empty when the ordinary path needs no word. */
  note: string;
}

/**
 * How two MUSTs meet when the host removes a view (the rules file's SBX-5 note): BRG-3 wants
 * `ui/resource-teardown` before a teardown for any reason, SBX-5 forbids any request to a view
 * that never said `ui/notifications/initialized`. So a view that never initialized gets nothing;
 * every other removal sends it, or the host says on screen and in the trace why it did not.
 */
export function planTeardown(cause: RemovalCause, initialized: boolean): TeardownPlan {
  if (!initialized)
    return {
      send: false,
      awaitAnswer: false,
      note: "No ui/resource-teardown was sent: the view never sent ui/notifications/initialized, and nothing is sent to it before that (SBX-5).",
    };
  switch (cause) {
    case "breach":
      // SBX-3: the frame no longer holds the proxy document this host loaded for the view (it
      // loaded another, or announced itself twice); a request posted now would go to whatever
      // document is there, so the host sends nothing more into it.
      return {
        send: false,
        awaitAnswer: false,
        note: "No ui/resource-teardown was sent: the proxy frame no longer holds the document this host loaded for the view, and the host sends nothing into a document it did not load (SBX-3; BRG-3's teardown is skipped, and this says why).",
      };
    case "limit":
      // The view is over its limits: its messages are dropped before they are read (reading is
      // what costs), so its answer could not be seen; it is sent the request all the same.
      return {
        send: true,
        awaitAnswer: false,
        note: "ui/resource-teardown was sent before the frame was removed (BRG-3); its answer is not awaited, since a view over its limits is no longer read.",
      };
    case "replaced":
    case "closed-by-user":
      return { send: true, awaitAnswer: true, note: "" };
  }
}
