import { hasCredentialInQuery } from '@svc/core';

/** Whether a request URL's query carries a credential (refused, as the REST API does). */
export function hasCredentialInUrl(url: string): boolean {
  const query = url.indexOf('?');
  return query !== -1 && hasCredentialInQuery(url.slice(query + 1));
}
