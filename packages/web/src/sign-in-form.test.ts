import { describe, expect, it } from 'vitest';
import { html } from './html.js';
import { signInForm } from './sign-in-form.js';

describe('signInForm', () => {
  it('posts email and password with the hidden fields, escaped', () => {
    const form = signInForm({
      action: '/oauth/interaction/uid_1',
      hidden: { csrf: 'tok"en', step: 'sign-in' },
      email: 'a@example.com',
      alert: null,
    }).text;
    expect(form).toContain('<form method="post" action="/oauth/interaction/uid_1">');
    expect(form).toContain('<input type="hidden" name="csrf" value="tok&#34;en">');
    expect(form).toContain('<input type="hidden" name="step" value="sign-in">');
    expect(form).toContain('value="a@example.com"');
    expect(form).toContain('autocomplete="current-password"');
    expect(form).not.toContain('role="alert"');
    expect(form).not.toContain('aria-describedby');
  });

  it('announces the last failure and ties it to both fields; intro above, note below', () => {
    const form = signInForm({
      action: '/app/sign-in',
      hidden: { next: '/app' },
      email: '',
      alert: 'The email or password is not right.',
      intro: html`<p>Intro</p>`,
      note: html`<p>Note</p>`,
    }).text;
    expect(form).toMatch(
      /^<p role="alert" id="sign-in-error">The email or password is not right.<\/p>\n<p>Intro<\/p><form/,
    );
    expect(form.match(/aria-describedby="sign-in-error"/g)).toHaveLength(2);
    expect(form).toMatch(/<\/form><p>Note<\/p>$/);
  });
});
