import { ProtocolError } from "@modelcontextprotocol/client";

/** The spec's implementation-defined error code for a `ui/open-link` the host does not honour. */
const OPEN_LINK_ERROR = -32000;

/**
 * The error a view gets for `ui/open-link` from the simulator's host. This host does not advertise
 * `openLinks` (it has no one to confirm a link in a headless run, and the simulator shows
 * decisions rather than browsing), so it refuses the request rather than answer success for a
 * link it never opened. BRG-4's SHOULD open is met by the review's live view, which opens a link
 * once the person confirms it.
 */
export function linkRefusal(url: unknown): ProtocolError {
  const shown = String(url).slice(0, 200);
  return new ProtocolError(
    OPEN_LINK_ERROR,
    `ui/open-link ${shown} refused: this host does not open links and does not advertise openLinks (BRG-4)`,
  );
}
