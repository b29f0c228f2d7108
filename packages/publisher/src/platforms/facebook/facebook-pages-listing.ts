import type { z } from 'zod';
import { GraphRequestError } from '../meta/graph-failure.js';
import type { GraphOAuthContext } from '../meta/graph-oauth-context.js';
import { type FacebookPage, facebookBusinessesSchema, facebookPagesSchema } from './facebook-api.js';

// Users with more Pages (or businesses) than one answer holds get the rest through `paging.next`.
const MAX_LISTINGS = 10;

/**
 * Every Page the person granted: those of `/me/accounts` and, with `businessPages`, those of
 * their Business Managers (`/{business}/owned_pages` and `/client_pages`), which `/me/accounts`
 * does not always list. A Page met twice is kept once, with the first token met.
 */
export async function listFacebookPages(
  ctx: Pick<GraphOAuthContext, 'graph' | 'base'>,
  userToken: string,
  fields: string,
  businessPages: boolean,
): Promise<FacebookPage[]> {
  const pages = await listAll(ctx, facebookPagesSchema, `${ctx.base}/me/accounts`, {
    fields,
    access_token: userToken,
  });
  if (businessPages) {
    for (const business of await businesses(ctx, userToken)) {
      for (const edge of ['owned_pages', 'client_pages']) {
        pages.push(
          ...(await listAll(ctx, facebookPagesSchema, `${ctx.base}/${business.id}/${edge}`, {
            fields,
            access_token: userToken,
          })),
        );
      }
    }
  }
  const seen = new Set<string>();
  return pages.filter((page) => !seen.has(page.id) && seen.add(page.id) !== undefined);
}

// A person who did not grant business_management (or belongs to no business) still has their
// own Pages: a permission refusal here lists no business rather than failing the connection.
async function businesses(ctx: Pick<GraphOAuthContext, 'graph' | 'base'>, userToken: string) {
  try {
    return await listAll(ctx, facebookBusinessesSchema, `${ctx.base}/me/businesses`, {
      fields: 'id,name',
      access_token: userToken,
    });
  } catch (error) {
    const code = error instanceof GraphRequestError ? (error.failure.error?.code ?? null) : null;
    if (code === 10 || (code !== null && code >= 200 && code <= 299)) return [];
    throw error;
  }
}

async function listAll<T extends { readonly id: string }>(
  ctx: Pick<GraphOAuthContext, 'graph'>,
  schema: z.ZodType<{ data: T[]; paging?: { next?: string | undefined } | undefined }>,
  url: string,
  query: Readonly<Record<string, string>>,
): Promise<T[]> {
  const items: T[] = [];
  let answer = await ctx.graph.get(schema, url, query);
  for (let listing = 1; ; listing += 1) {
    items.push(...answer.data);
    const next = answer.paging?.next;
    if (next === undefined || answer.data.length === 0 || listing >= MAX_LISTINGS) return items;
    // The next link is used as given; it carries the token and the cursor.
    answer = await ctx.graph.get(schema, next, {});
  }
}
