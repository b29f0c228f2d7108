/**
 * Who changes a workspace: the server operator (the `svc` CLI, every right), or a signed-in user,
 * whose rights are their membership's, read from the store at each call, never taken on trust.
 */
export type TeamActor = { readonly kind: 'operator' } | { readonly kind: 'user'; readonly userId: string };

/** The operator, for the CLI. */
export const OPERATOR: TeamActor = { kind: 'operator' };
