import type { MediaFetcher } from '@svc/core';

/** The largest client ID metadata document read; real ones are a few hundred bytes. */
export const METADATA_DOCUMENT_MAX_BYTES = 5 * 1024;

/**
 * The fetch oidc-provider uses for client ID metadata documents, over the service's SSRF-safe
 * fetcher: https only, public addresses only, checked before any connection is made, at most
 * 5 KB, and no redirects (a document must live at its own client_id). oidc-provider's built-in
 * guard is not enough on its own: it drops a special-use address only once connected to it, so a
 * client_id could still make the server open connections (and TLS handshakes) inside the network.
 */
export function metadataDocumentFetch(fetcher: MediaFetcher): typeof globalThis.fetch {
  return async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    const outcome = await fetcher.fetch(url, { maxBytes: METADATA_DOCUMENT_MAX_BYTES });
    if (!outcome.ok) throw new Error(`The document could not be fetched: ${outcome.refusal.kind}.`);
    const body = outcome.file.body[Symbol.asyncIterator]();
    if (outcome.file.finalUrl !== url) {
      await body.return?.();
      throw new Error('The document redirected elsewhere; it must be served at its client_id.');
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (let next = await body.next(); next.done !== true; next = await body.next()) {
      size += next.value.byteLength;
      if (size > METADATA_DOCUMENT_MAX_BYTES) {
        await body.return?.();
        throw new Error('The document is over the size limit.');
      }
      chunks.push(next.value);
    }
    return new Response(Buffer.concat(chunks), { status: 200 });
  };
}
