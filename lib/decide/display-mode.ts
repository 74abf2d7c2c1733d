/** BRG-6: the display modes of MCP Apps. */
export type DisplayMode = "inline" | "fullscreen" | "pip";

/** BRG-6: a host's answer to a request for a mode the view never declared (a host profile's). */
export type UndeclaredMode = "refuse" | "switch";

export interface DisplayModeRequest {
  requested: string;
  current: DisplayMode;
  /** The modes this host offers (its `availableDisplayModes`). */
  hostModes: readonly DisplayMode[];
  /** The view's `appCapabilities.availableDisplayModes`; undefined when it declared none. */
  viewModes: readonly string[] | undefined;
}

export interface DisplayModeDecision {
  /** The mode the host answers with: the new one, or the current one when it refuses. */
  mode: DisplayMode;
  switched: boolean;
  ruleIds: string[];
  reason: string;
}

/**
 * BRG-6: the host switches only to a mode it offers and, when the view declared its modes, one the
 * view declared (a view that declared none may be refused, and is here, as the safer reading); it
 * always answers with the resulting mode, which is the current one when it refuses.
 */
export function decideDisplayMode(
  r: DisplayModeRequest,
  undeclared: UndeclaredMode = "refuse",
): DisplayModeDecision {
  const stay = (reason: string): DisplayModeDecision => ({
    mode: r.current,
    switched: false,
    ruleIds: ["BRG-6"],
    reason: `${reason}; the host stays in ${r.current} and says so`,
  });
  if (!(r.hostModes as readonly string[]).includes(r.requested))
    return stay(`this host offers ${r.hostModes.join(", ")}, not ${JSON.stringify(r.requested)}`);
  // A host profile that switches anyway: BRG-6's MUST NOT broken (as a prober saw in ChatGPT)
  // when the view set its list; a view that set none has no such MUST NOT behind it.
  if (undeclared === "switch" && !r.viewModes?.includes(r.requested))
    return {
      mode: r.requested as DisplayMode,
      switched: r.requested !== r.current,
      ruleIds: ["BRG-6"],
      reason:
        r.viewModes === undefined
          ? `the view declared no availableDisplayModes, so BRG-6's MUST NOT (which binds only a declared list) does not apply; this host switches to ${r.requested}`
          : `the view did not declare ${r.requested}, which the host MUST NOT switch to; this host switches anyway`,
    };
  if (r.viewModes === undefined)
    return stay("the view declared no availableDisplayModes in ui/initialize");
  if (!r.viewModes.includes(r.requested))
    return stay(
      `the view declared only ${r.viewModes.length ? r.viewModes.join(", ") : "no modes"}, so the host must not switch to ${r.requested}`,
    );
  return {
    mode: r.requested as DisplayMode,
    switched: r.requested !== r.current,
    ruleIds: ["BRG-6"],
    reason:
      r.requested === r.current
        ? `already ${r.current}`
        : `both the host and the view list ${r.requested}: switched from ${r.current}`,
  };
}
