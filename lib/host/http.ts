import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { TransportFactory } from "./connect";
import { recordingFetch } from "./wire";

export interface HttpTransportOptions {
  /** Extra request headers, such as `Authorization: Bearer …`. */
  headers?: Record<string, string>;
  /** The fetch to use (the browser's or Node's by default). */
  fetch?: typeof fetch;
}

/**
 * A Streamable HTTP transport factory whose HTTP exchanges (status, era headers, a 4xx body) are
 * noted on the connection's wire log. Browser-safe: nothing here needs Node.
 */
export function httpTransport(
  url: string | URL,
  options: HttpTransportOptions = {},
): TransportFactory {
  return (wire) =>
    new StreamableHTTPClientTransport(new URL(url), {
      fetch: recordingFetch(wire, options.fetch ?? globalThis.fetch.bind(globalThis)),
      ...(options.headers ? { requestInit: { headers: options.headers } } : {}),
    });
}
