import type { FetchRefusal, MediaFetcher } from '../ports/media-fetcher.js';

/** What a StaticFetcher answers for one link: bytes, or a refusal. */
export type StaticAnswer = Uint8Array | FetchRefusal;

/** A MediaFetcher answering from a table of links; unknown links are unreachable. Records every fetch. */
export type StaticFetcher = MediaFetcher & {
  readonly fetched: string[];
  serve(url: string, answer: StaticAnswer): void;
};

/** Creates a StaticFetcher. */
export function createStaticFetcher(): StaticFetcher {
  const table = new Map<string, StaticAnswer>();
  const fetched: string[] = [];
  return {
    fetched,
    serve: (url, answer) => {
      table.set(url, answer);
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
