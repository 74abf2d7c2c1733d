import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import type { Channel, Trace } from "./trace";

/** JSON-RPC "Invalid Request": the request is not acceptable in the bridge's current state. */
const BEFORE_INITIALIZE_CODE = -32600;

const SANDBOX_PREFIX = "ui/notifications/sandbox-";

/**
 * Wraps the host's end of the bridge so the order the spec sets holds whatever the view sends,
 * before the AppBridge sees anything (the SDK's bridge only warns):
 *
 * - BRG-2 / SBX-6: the view starts with `ui/initialize` (BRG-2); until it arrives, any other request from the view is
 *   answered here with a JSON-RPC error and never reaches the host's handlers, so never a server;
 *   other notifications are dropped and recorded. (The proxy's own `sandbox-*` notifications pass.)
 * - BRG-3: `ui/notifications/initialized` is accepted once; a repeat is dropped and recorded, so
 *   `tool-input` and `tool-result`, which follow it, are sent at most once per view.
 */
export class BridgeOrderGuard implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private initializeSeen = false;
  private initializedSeen = false;

  constructor(
    private readonly inner: Transport,
    private readonly trace: Trace,
    private readonly channel: Channel,
    /** Who the view's messages come from on this channel ("proxy" in the browser, "view" headless). */
    private readonly from: string,
  ) {
    inner.onmessage = (m) => this.receive(m);
    inner.onerror = (e) => this.onerror?.(e);
    inner.onclose = () => this.onclose?.();
  }

  private receive(message: JSONRPCMessage) {
    const method = "method" in message ? message.method : undefined;
    const isRequest = method !== undefined && "id" in message && message.id !== undefined;
    if (method?.startsWith(SANDBOX_PREFIX)) return this.onmessage?.(message);
    if (!this.initializeSeen) {
      if (method === "ui/initialize" && isRequest) {
        this.initializeSeen = true;
        return this.onmessage?.(message);
      }
      if (isRequest) {
        this.trace.event(
          this.channel,
          "host",
          this.from,
          `${method} refused: the view sent it before ui/initialize, so it is answered with an error and reaches no server (BRG-2, SBX-6)`,
          "refused",
        );
        void this.inner.send({
          jsonrpc: "2.0",
          id: (message as { id: string | number }).id,
          error: {
            code: BEFORE_INITIALIZE_CODE,
            message: `${method}: a view must send ui/initialize first (BRG-2)`,
          },
        });
        return;
      }
      if (method !== undefined) {
        this.trace.event(
          this.channel,
          "host",
          this.from,
          `${method} ignored: sent before ui/initialize (SBX-6)`,
          "refused",
        );
        return;
      }
      return this.onmessage?.(message);
    }
    if (method === "ui/notifications/initialized") {
      if (this.initializedSeen) {
        this.trace.event(
          this.channel,
          "host",
          this.from,
          "repeated ui/notifications/initialized ignored: tool-input and tool-result are sent once per view (BRG-3)",
          "refused",
        );
        return;
      }
      this.initializedSeen = true;
    }
    this.onmessage?.(message);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: Parameters<Transport["send"]>[1]): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
