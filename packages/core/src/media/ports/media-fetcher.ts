/** A file downloaded from an outside link, not yet stored. */
export type FetchedFile = {
  /** The bytes as they arrive. Reading them may fail with a FetchRefusal-like error mid-stream. */
  readonly body: AsyncIterable<Uint8Array>;
  /** The link after redirects. */
  readonly finalUrl: string;
  /** Content-Length as announced, when it was (the body's real length is what counts). */
  readonly announcedBytes: number | null;
};

/** Why a download was refused or failed. */
export type FetchRefusal =
  /** The host is or resolves to a private, loopback, link-local, multicast or otherwise non-public address. */
  | { readonly kind: 'blocked_address'; readonly detail: string }
  /** The link (or a redirect) is not https. */
  | { readonly kind: 'not_https'; readonly url: string }
  | { readonly kind: 'too_many_redirects'; readonly limit: number }
  /** The server answered with a status other than 2xx. */
  | { readonly kind: 'http_status'; readonly status: number }
  /** The announced size is over the limit. */
  | { readonly kind: 'too_large'; readonly maxBytes: number }
  /** DNS failure, refused connection, TLS failure or timeout. */
  | { readonly kind: 'unreachable'; readonly detail: string };

/**
 * Downloads outside links safely: refuses non-public addresses on every hop (checked on the
 * address actually connected to, so DNS rebinding cannot slip through), follows a limited number
 * of redirects, times out, and refuses files announced larger than the limit.
 */
export type MediaFetcher = {
  /**
   * Reads only the first few kilobytes of a link, through the same guards as `fetch`, and tells
   * its type from those bytes (magic numbers); nothing is stored. Null type: the bytes match none.
   */
  sniff(
    url: string,
  ): Promise<
    | { readonly ok: true; readonly contentType: string | null }
    | { readonly ok: false; readonly refusal: FetchRefusal }
  >;
  fetch(
    url: string,
    options: { readonly maxBytes: number },
  ): Promise<
    { readonly ok: true; readonly file: FetchedFile } | { readonly ok: false; readonly refusal: FetchRefusal }
  >;
};
