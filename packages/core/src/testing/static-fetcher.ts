import type { FetchRefusal, MediaFetcher } from '../media/index.js';

/** What a StaticFetcher answers for one link: bytes, or a refusal. */
export type StaticAnswer = Uint8Array | FetchRefusal;

/** A MediaFetcher answering from a table of links; unknown links are unreachable. Records every call. */
export type StaticFetcher = MediaFetcher & {
  /** Links downloaded, in order. */
  readonly fetched: string[];
  /** Links whose first bytes were read, in order. */
  readonly sniffed: string[];
  serve(url: string, answer: StaticAnswer): void;
};

/**
 * Creates a StaticFetcher. `typeOf` tells what served bytes are when a link is sniffed (tests
 * describe them to a TableInspector); without it every sniffed type is unknown.
 */
export function createStaticFetcher(
  typeOf: (bytes: Uint8Array) => string | null = () => null,
): StaticFetcher {
  const table = new Map<string, StaticAnswer>();
  const fetched: string[] = [];
  const sniffed: string[] = [];
  return {
    fetched,
    sniffed,
    serve: (url, answer) => {
      table.set(url, answer);
    },
    async sniff(url) {
      sniffed.push(url);
      const answer = table.get(url);
      if (answer === undefined)
        return { ok: false, refusal: { kind: 'unreachable', detail: 'no such host' } };
      if (!(answer instanceof Uint8Array)) return { ok: false, refusal: answer };
      return { ok: true, contentType: typeOf(answer) };
    },
    async fetch(url, { maxBytes }) {
      fetched.push(url);
      const answer = table.get(url);
      if (answer === undefined)
        return { ok: false, refusal: { kind: 'unreachable', detail: 'no such host' } };
      if (!(answer instanceof Uint8Array)) return { ok: false, refusal: answer };
      if (answer.byteLength > maxBytes) return { ok: false, refusal: { kind: 'too_large', maxBytes } };
      return {
        ok: true,
        file: {
          finalUrl: url,
          announcedBytes: answer.byteLength,
          body: (async function* () {
            yield answer;
          })(),
        },
      };
    },
  };
}
