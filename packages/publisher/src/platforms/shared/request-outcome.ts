/**
 * What a platform's request mapper (`to-<platform>-request.ts`) makes of a post: the request in
 * the platform's terms, or why the post cannot be published there as it is. The reason is shown
 * to the post's owner as the failure reason, so it says what to change.
 */
export type RequestOutcome<Request> =
  | { readonly ok: true; readonly request: Request }
  | { readonly ok: false; readonly reason: string };

/** A request the mapper could make. */
export function requestOf<Request>(request: Request): RequestOutcome<Request> {
  return { ok: true, request };
}

/** A post the platform cannot take, and what to change. */
export function refusedRequest(reason: string): RequestOutcome<never> {
  return { ok: false, reason };
}
