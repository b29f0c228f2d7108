import { describe, expect, it } from 'vitest';
import { aMediaAsset } from '../testing/builders.js';
import { publicAssetFields } from './public-asset-fields.js';

describe('publicAssetFields', () => {
  it('answers the facts of an asset without its owner, status or blob key', () => {
    const asset = aMediaAsset('usr_1', { id: 'med_1', sourceUrl: 'https://example.com/a.jpg' });
    const fields = publicAssetFields(asset);
    expect(Object.keys(fields)).toEqual([
      'id',
      'contentType',
      'sizeBytes',
      'width',
      'height',
      'durationMs',
      'sourceUrl',
      'createdAt',
    ]);
    expect(fields).toMatchObject({ id: 'med_1', sourceUrl: 'https://example.com/a.jpg' });
  });
});
