import { type Html, singleSignOnButton } from '@svc/web';
import type { ConsoleContext } from '../console-context.js';

/** The "Sign in with <provider>" button of the console's sign-in page; nothing without single sign-on. */
export function consoleSignOnButton(c: ConsoleContext, next: string): Html | '' {
  const sso = c.deps.singleSignOn;
  return sso === undefined
    ? ''
    : singleSignOnButton({
        href: `/app/sign-in/sso?next=${encodeURIComponent(next)}`,
        name: sso.signOn.name,
      });
}
