import { describe, expect, it } from 'vitest';
import { Html, html, raw } from './html.js';

describe('html', () => {
  it('escapes interpolated text but keeps markup built by html or raw', () => {
    const name = '<b>eve</b>';
    const out = html`<p>${name} ${html`<em>${'&'}</em>`} ${raw('<br>')}</p>`;
    expect(out).toBeInstanceOf(Html);
    expect(out.text).toBe('<p>&#60;b&#62;eve&#60;/b&#62; <em>&#38;</em> <br></p>');
  });

  it('joins lists and leaves out null, undefined and false', () => {
    expect(html`${['a', html`<i>b</i>`]}${null}${undefined}${false}${0}`.text).toBe('a<i>b</i>0');
  });
});
