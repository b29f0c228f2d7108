import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { avatar } from './avatar.js';
import { emptyState } from './empty-state.js';
import { html } from './html.js';
import { platformMark } from './platform-mark.js';
import { standaloneBody, webDocument } from './web-document.js';
import { stylesheetReply, WEB_CSS, WEB_CSS_FILE } from './web-stylesheet.js';

describe('the design system', () => {
  it('names the stylesheet after its content and lets it be cached for good', () => {
    const hash = createHash('sha256').update(WEB_CSS).digest('hex').slice(0, 12);
    expect(WEB_CSS_FILE).toBe(`svc-${hash}.css`);
    expect(stylesheetReply(WEB_CSS).headers).toEqual({
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  it('gives every platform mark a text alternative: the name beside it, or spoken', () => {
    expect(platformMark('instagram').text).toBe(
      '<span class="platform"><span class="mark mark-instagram" aria-hidden="true">IG</span>Instagram</span>',
    );
    expect(platformMark('youtube', 'mark').text).toBe(
      '<span class="mark mark-youtube" role="img" aria-label="YouTube">YT</span>',
    );
    expect(platformMark('tiktok', 'quiet').text).toBe(
      '<span class="platform"><span class="mark mark-tiktok" aria-hidden="true">TT</span><span class="visually-hidden">TikTok</span></span>',
    );
  });

  it("shows an account's picture, or the first letter of its handle", () => {
    expect(avatar('@ann_shop', null).text).toBe('<span class="avatar" aria-hidden="true">A</span>');
    expect(avatar('ann', 'https://cdn.example/a.jpg?x=1&y=2').text).toContain(
      'src="https://cdn.example/a.jpg?x=1&#38;y=2" alt=""',
    );
  });

  it('offers the next step in an empty state, escaping the message', () => {
    expect(emptyState('No <posts> yet.', { href: '/app/compose', label: 'Compose a post' }).text).toBe(
      '<div class="empty"><p>No &#60;posts&#62; yet.</p><a class="button" href="/app/compose">Compose a post</a></div>',
    );
  });

  it('writes a whole page with the stylesheet linked and no inline style or script', () => {
    const page = webDocument({
      title: 'Sign <in>',
      stylesheet: `/oauth/assets/${WEB_CSS_FILE}`,
      body: standaloneBody(html`<h1>Sign in</h1>`),
    });
    expect(page).toContain('<title>Sign &#60;in&#62;</title>');
    expect(page).toContain(`<link rel="stylesheet" href="/oauth/assets/${WEB_CSS_FILE}">`);
    expect(page).toContain('<main id="main">');
    expect(page).not.toMatch(/<style|style=|<script>/);
  });
});
