import { describe, expect, it } from 'vitest';
import { tiktokContentKind, tiktokDisclosureSentences } from './tiktok-disclosure.js';

// TikTok's Content Sharing Guidelines: the label a disclosed post carries and the consent sentence.
describe('tiktokDisclosureSentences', () => {
  it('says only the music consent when nothing is disclosed (brand choices without the disclosure count for nothing)', () => {
    expect(tiktokDisclosureSentences({ brandContentOptIn: true }, 'video')).toEqual({
      label: null,
      consent: "By posting, you agree to TikTok's Music Usage Confirmation.",
    });
  });

  it("labels your own brand 'Promotional content'", () => {
    const choice = { commercialContentDisclosure: true, brandOrganicOptIn: true };
    expect(tiktokDisclosureSentences(choice, 'photo')).toEqual({
      label: "Your photo will be labeled as 'Promotional content'.",
      consent: "By posting, you agree to TikTok's Music Usage Confirmation.",
    });
  });

  it.each([[{ brandContentOptIn: true }], [{ brandContentOptIn: true, brandOrganicOptIn: true }]])(
    "labels branded content 'Paid partnership' and adds the Branded Content Policy (%j)",
    (brands) => {
      expect(tiktokDisclosureSentences({ commercialContentDisclosure: true, ...brands }, 'video')).toEqual({
        label: "Your video will be labeled as 'Paid partnership'.",
        consent: "By posting, you agree to TikTok's Branded Content Policy and Music Usage Confirmation.",
      });
    },
  );

  it('asks whom the post promotes when the disclosure says no one', () => {
    expect(tiktokDisclosureSentences({ commercialContentDisclosure: true }, 'video').label).toBe(
      'You need to indicate if your content promotes yourself, a third party, or both.',
    );
  });
});

describe('tiktokContentKind', () => {
  it('calls a post of images only a photo, and anything else (a video, a mix, nothing yet) a video', () => {
    expect(tiktokContentKind(['image/jpeg', 'IMAGE/PNG'])).toBe('photo');
    expect(tiktokContentKind(['image/jpeg', 'video/mp4'])).toBe('video');
    expect(tiktokContentKind(['video/mp4'])).toBe('video');
    expect(tiktokContentKind([])).toBe('video');
  });
});
