import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/client";

// Kept apart from consent-queue.ts, which the pages' consent dialog imports: that module must not
// pull the MCP SDK into a page's first load (app/*/first-load.test.ts).

/**
 * The JSON-RPC error a view gets for a call refused without a prompt because the person blocked
 * its calls or closed it: the request is not acceptable in this state (Invalid Request, the code
 * the bridge guard uses too), and the message names the reason and the rule.
 */
export function consentRefusal(by: "blocked" | "closed", tool: string): ProtocolError {
  const why =
    by === "blocked"
      ? "the user blocked further tool calls from this view for the rest of the run"
      : "the user denied this call and closed the view";
  return new ProtocolError(
    ProtocolErrorCode.InvalidRequest,
    `tools/call ${tool} refused without a prompt: ${why} (BRG-5, host policy)`,
  );
}
