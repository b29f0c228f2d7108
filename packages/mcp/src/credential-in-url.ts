import { credentialInQueryRefusal, type SvcError } from '@svc/core';

/** How a request whose URL query carries a credential is refused (core decides, as for REST), or null. */
export function credentialInUrlRefusal(url: string, authorization: string | undefined): SvcError | null {
  const query = url.indexOf('?');
  return query === -1 ? null : credentialInQueryRefusal(url.slice(query + 1), authorization);
}
