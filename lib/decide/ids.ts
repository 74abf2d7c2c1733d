/**
 * The names a host puts on the wire, kept apart from the connection code so that pure modules
 * (negotiation verdicts, the simulator's instant preview) can use them without loading the SDK.
 */

/** NEG-1, NEG-2: the Apps declaration a host sends, and the one mime type it must list. */
export const EXTENSION_ID = "io.modelcontextprotocol/ui";
export const PROFILE_MIME = "text/html;profile=mcp-app";
export const META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
export const META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
export const META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
/** NEG-6: the core revision a modern connection speaks. */
export const MODERN_VERSION = "2026-07-28";
/** A protocol version no server implements (it predates MCP): the review's unsupported-version probe. */
export const UNSUPPORTED_VERSION = "1900-01-01";
