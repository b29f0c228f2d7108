import { describe, expect, it } from 'vitest';
import { aMediaAsset, anAccount, aPost } from '../testing/builders.js';
import { unpublishableCause, unpublishableReason } from './unpublishable-reason.js';

describe('unpublishableReason', () => {
  const account = anAccount('user_1', { handle: 'brand' });
  const asset = aMediaAsset('user_1');
  const post = aPost('user_1', account.id, {
    media: [
      { kind: 'asset', mediaId: asset.id },
      { kind: 'link', url: 'https://cdn.example/a.jpg' },
    ],
  });
  const assets = new Map([[asset.id, asset]]);

  it('lets a post with a connected account and existing media through', () => {
    expect(unpublishableReason(post, account, assets)).toBeNull();
  });

  it('names a disconnected account, one waiting for a reconnect, and missing media', () => {
    expect(unpublishableReason(post, null, assets)).toBe(
      'The account was disconnected before the post went out.',
    );
    expect(unpublishableReason(post, { ...account, status: 'inactive' }, assets)).toContain('disconnected');
    expect(unpublishableReason(post, { ...account, needsReconnect: true }, assets)).toBe(
      'The account @brand needs to be reconnected before posts can publish to it.',
    );
    expect(unpublishableReason(post, account, new Map())).toBe(
      `The media ${asset.id} of this post no longer exists.`,
    );
  });

  it('gives the same decision as data for callers that answer with a code', () => {
    expect(unpublishableCause(post, account, assets)).toBeNull();
    expect(unpublishableCause(post, null, assets)?.kind).toBe('account_disconnected');
    expect(unpublishableCause(post, { ...account, needsReconnect: true }, assets)).toMatchObject({
      kind: 'account_needs_reconnect',
      handle: 'brand',
    });
    expect(unpublishableCause(post, account, new Map())).toMatchObject({
      kind: 'media_missing',
      mediaId: asset.id,
    });
  });
});
