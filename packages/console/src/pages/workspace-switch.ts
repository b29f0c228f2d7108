import { chooseWorkspace } from '@svc/core';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { refusalPage } from './refusal-page.js';

// The switcher's form: core says whether the workspace is one of the person's, then the session
// remembers it, and every page from the next one on shows that workspace.
async function switchWorkspace(c: SignedContext): Promise<ConsoleReply> {
  const chosen = await chooseWorkspace(c.deps.core, c.session.user.id, c.form.get('workspace') ?? '');
  if (chosen.isErr()) {
    return refusalPage(c, {
      status: 404,
      title: 'Workspace',
      section: null,
      message: 'That is not one of your workspaces, so nothing changed.',
      back: { href: '/app', label: 'Back to the overview' },
    });
  }
  await c.sessions.bind(c.session.id, chosen.value.workspace.id);
  return redirectReply('/app');
}

/** Switching the workspace the console acts in. */
export const workspaceSwitchRoutes: readonly ConsoleRoute[] = [
  { method: 'POST', path: '/app/workspace', access: 'signed', run: switchWorkspace },
];
