import type { Scenario } from "./scenario";

/**
 * The arguments the agent passes to the UI tool: the tool's own (scenario `toolCall.arguments`,
 * first, so a streamed input shows them first), the tools the view may try, and, for a
 * view-calls-tool action, which one it should then call. The view reads them from its tool input.
 */
export function agentArguments(s: Scenario): Record<string, unknown> {
  return {
    ...s.toolCall?.arguments,
    toolsToTry: s.otherTools.map((t) => t.name),
    ...(s.action.kind === "view-calls-tool"
      ? { viewAction: { callTool: s.action.tool, arguments: s.action.arguments } }
      : {}),
  };
}
