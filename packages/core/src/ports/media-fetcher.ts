/** A file downloaded from an outside link, not yet stored. */
export type FetchedFile = {
  /** The bytes as they arrive. */
  readonly body: AsyncIterable<Uint8Array>;
  /** The link after redirects. */
  readonly finalUrl: string;
};

/** Why a download was refused. */
export type FetchRefusal =
  | { readonly kind: 'blocked_address'; readonly detail: string }
  | { readonly kind: 'not_https' }
  | { readonly kind: 'http_status'; readonly status: number }
  | { readonly kind: 'too_large'; readonly maxBytes: number }
  | { readonly kind: 'unreachable'; readonly detail: string };

/**
 * Downloads outside links, refusing non-public addresses on every redirect hop (SSRF), with
 * timeouts, a redirect limit and a size cap.
 */
export type MediaFetcher = {
  fetch(
    url: string,
    options: { readonly maxBytes: number },
  ): Promise<{ ok: true; file: FetchedFile } | { ok: false; refusal: FetchRefusal }>;
};
