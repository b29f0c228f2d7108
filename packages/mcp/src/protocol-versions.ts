/**
 * The protocol revisions the endpoint speaks (spec 9), newest first. Narrower than the SDK's own
 * list on purpose: the spec names these three, and older revisions had other transports.
 */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;

/** The revision `initialize` answers when the client asks for one we do not speak. */
export const NEWEST_PROTOCOL_VERSION = PROTOCOL_VERSIONS[0];

/** Whether a revision (from `initialize` or the `MCP-Protocol-Version` header) is one we speak. */
export function isSupportedProtocolVersion(version: string): boolean {
  return (PROTOCOL_VERSIONS as readonly string[]).includes(version);
}
