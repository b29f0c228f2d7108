import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.js';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or a quoted attribute, as numeric references', () => {
    expect(escapeHtml(`<a href="x">'Tom' & Jerry</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;&#39;Tom&#39; &#38; Jerry&#60;/a&#62;',
    );
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('Café — 10/10 #launch')).toBe('Café — 10/10 #launch');
  });
});
