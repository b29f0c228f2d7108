import { describe, expect, it } from 'vitest';
import { createSandboxContext } from '../create-sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import type { MediaContainer } from '../shared/sandbox-state.js';
import { requiredParam, unusableCarouselChild } from './container-steps.js';
import { storeContainer } from './media-containers.js';

const NOW = new Date('2026-03-02T10:00:00Z');

function context() {
  return createSandboxContext({
    baseUrl: 'http://127.0.0.1',
    secret: 'secret',
    fetchMedia: false,
    clock: { now: () => NOW },
    containerReadyAfterMs: { image: 0, video: 60_000 },
  });
}

const item = (overrides: Partial<Omit<MediaContainer, 'id' | 'createdAt' | 'publishedAs'>> = {}) => ({
  platform: 'instagram' as const,
  owner: '1001',
  handle: 'owner',
  mediaType: 'IMAGE' as const,
  carouselItem: true,
  caption: '',
  mediaUrls: ['https://cdn.example.com/a.jpg'],
  children: [],
  failure: null,
  ...overrides,
});

const request = (input: Record<string, string>): SandboxRequest => ({
  method: 'POST',
  path: '/',
  url: new URL('http://127.0.0.1/'),
  params: {},
  input: new Map(Object.entries(input)),
  headers: {},
  body: Buffer.alloc(0),
});

describe('unusableCarouselChild', () => {
  it("answers nothing when every child is a FINISHED carousel item of the owner's, on the platform", () => {
    const ctx = context();
    const ids = [storeContainer(ctx, item()).id, storeContainer(ctx, item()).id];
    expect(unusableCarouselChild(ctx, 'instagram', '1001', ids)).toBeUndefined();
  });

  it('names the first child that is unknown, not an item, not ready, or not this owner or platform', () => {
    const ctx = context();
    const good = storeContainer(ctx, item()).id;
    const cases = [
      'no-such-container',
      storeContainer(ctx, item({ carouselItem: false })).id,
      storeContainer(ctx, item({ mediaType: 'VIDEO' })).id,
      storeContainer(ctx, item({ owner: '2002' })).id,
      storeContainer(ctx, item({ platform: 'threads' })).id,
    ];
    for (const bad of cases) {
      expect(unusableCarouselChild(ctx, 'instagram', '1001', [good, bad, 'later']), bad).toBe(bad);
    }
  });
});

describe('requiredParam', () => {
  it('answers the trimmed value', () => {
    expect(requiredParam(request({ creation_id: ' 17 ' }), 'creation_id')).toBe('17');
  });

  it('refuses a missing or blank parameter with Graph code 100', () => {
    for (const input of [{}, { creation_id: '  ' }]) {
      expect(() => requiredParam(request(input), 'creation_id')).toThrow(
        expect.objectContaining({
          status: 400,
          body: expect.objectContaining({
            error: expect.objectContaining({
              code: 100,
              message: '(#100) The parameter creation_id is required',
            }),
          }),
        }),
      );
    }
  });
});
