import { describe, expect, it } from 'vitest';
import { directLinkFor, recognizeShareLink } from './share-links.js';

describe('share links', () => {
  it.each([
    [
      'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp_qr-St/view?usp=sharing',
      'https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOp_qr-St',
    ],
    [
      'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp_qr-St/view',
      'https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOp_qr-St',
    ],
    [
      'https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp_qr-St',
      'https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOp_qr-St',
    ],
  ])('converts the Google Drive page %s', (link, direct) => {
    expect(recognizeShareLink(link)).toEqual({ service: 'Google Drive', directUrl: direct });
  });

  it.each([
    [
      'https://www.dropbox.com/s/abc123xyz/clip.mp4?dl=0',
      'https://www.dropbox.com/s/abc123xyz/clip.mp4?dl=1',
    ],
    [
      'https://www.dropbox.com/scl/fi/k3y/photo.jpg?rlkey=r4nd0m&dl=0',
      'https://www.dropbox.com/scl/fi/k3y/photo.jpg?rlkey=r4nd0m&dl=1',
    ],
    ['https://dropbox.com/s/abc123xyz/clip.mp4', 'https://dropbox.com/s/abc123xyz/clip.mp4?dl=1'],
  ])('converts the Dropbox page %s', (link, direct) => {
    expect(recognizeShareLink(link)).toEqual({ service: 'Dropbox', directUrl: direct });
  });

  it.each([
    'https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOp_qr-St',
    'https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOp_qr-St',
    'https://www.dropbox.com/s/abc123xyz/clip.mp4?dl=1',
    'https://www.dropbox.com/scl/fi/k3y/photo.jpg?rlkey=r&raw=1',
    'https://www.dropbox.com/sh/folder123/AAA?dl=0',
    'http://drive.google.com/file/d/1AbCdEfGhIjKlMnOp_qr-St/view',
    'https://drive.google.com.evil.example/file/d/1AbCdEfGhIjKlMnOp_qr-St/view',
    'https://cdn.example.com/a.jpg',
    'not a url',
  ])('leaves %s alone', (link) => {
    expect(recognizeShareLink(link)).toBeNull();
    expect(directLinkFor(link)).toBe(link);
  });
});
