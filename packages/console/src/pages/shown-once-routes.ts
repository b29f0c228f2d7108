import type { SvcError } from '@svc/core';
import type { Html } from '@svc/web';
import type { ResultAsync } from 'neverthrow';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { consolePage, type SectionPath } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';

/** The parts that make a list of shown-once secrets what it is (API keys, review links). */
export type ShownOnceList<Created> = {
  /** The page's path; a revoke posts to `<path>/:id/revoke`. */
  readonly path: string;
  readonly title: string;
  /** The console section the page belongs to. */
  readonly section: SectionPath;
  /** The page's body: the list, and above it what was just created (its secret, this once). */
  body(c: SignedContext, created: Created | null): Promise<Html>;
  /** Creates one from the posted form through its use case. */
  create(c: SignedContext): ResultAsync<Created, SvcError>;
  /** Revokes the caller's item `id` through its use case. */
  revoke(c: SignedContext, id: string): ResultAsync<unknown, SvcError>;
  /** The notice after a revoke. */
  readonly revoked: string;
};

/**
 * The routes of a list whose items carry a secret shown once: the list; creating one, whose secret
 * is answered on that page, never after a redirect, so it never travels in a URL or shows twice;
 * and revoking one. A refusal answers the list again with why.
 */
export function shownOnceRoutes<Created>(list: ShownOnceList<Created>): readonly ConsoleRoute[] {
  const page = async (
    c: SignedContext,
    status: number,
    shown: { created?: Created; notice?: string | null; alert?: string },
  ): Promise<ConsoleReply> =>
    htmlReply(
      status,
      consolePage(c.session, {
        title: list.title,
        section: list.section,
        body: await list.body(c, shown.created ?? null),
        notice: shown.notice ?? null,
        alert: shown.alert ?? null,
      }),
    );
  const show = (c: SignedContext) =>
    page(c, 200, { notice: c.url.searchParams.get('done') === 'revoked' ? list.revoked : null });
  const create = async (c: SignedContext): Promise<ConsoleReply> => {
    const created = await list.create(c);
    if (created.isErr()) return page(c, 400, { alert: created.error.message });
    return page(c, 201, { created: created.value });
  };
  const revoke = async (c: SignedContext): Promise<ConsoleReply> => {
    const revoked = await list.revoke(c, c.params.id ?? '');
    if (revoked.isErr()) return page(c, 404, { alert: revoked.error.message });
    return redirectReply(`${list.path}?done=revoked`);
  };
  return [
    { method: 'GET', path: list.path, access: 'signed', run: show },
    { method: 'POST', path: list.path, access: 'signed', run: create },
    { method: 'POST', path: `${list.path}/:id/revoke`, access: 'signed', run: revoke },
  ];
}
