import type { z } from 'zod';

/** A container's processing state as Instagram and Threads report it. */
export type ContainerState = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

/** A container's state and the platform's free text about it (the reason when ERROR). */
export type ContainerStatus = { readonly state: ContainerState; readonly detail: string | null };

/**
 * Where Instagram's and Threads' container APIs differ: edge names, the status fields and the
 * name of the text field. Everything else about the container flow is the same.
 */
export type ContainerDialect = {
  readonly platform: 'instagram' | 'threads';
  /** The platform's display name, for reasons. */
  readonly platformName: string;
  /** `/{user-id}/<edge>` creating a container. */
  readonly createEdge: string;
  /** `/{user-id}/<edge>?creation_id=` publishing one. */
  readonly publishEdge: string;
  /** `/{user-id}/<edge>` reporting the publishing quota. */
  readonly quotaEdge: string;
  /** `/{user-id}/<edge>` listing the latest published media. */
  readonly listEdge: string;
  /**
   * `/{user-id}/<edge>` listing the account's own replies (Threads' `replies`), where a reply of
   * a chain whose publish answer was lost is looked for; absent on platforms without chains.
   */
  readonly replyListEdge?: string;
  /** The caption's name in requests and listings. */
  readonly textField: 'caption' | 'text';
  /** `fields=` of a container status read. */
  readonly statusFields: string;
  /** Reads a container status answer. */
  readonly statusSchema: z.ZodType<ContainerStatus>;
};

const STATES: readonly string[] = ['IN_PROGRESS', 'FINISHED', 'ERROR', 'EXPIRED', 'PUBLISHED'];

/** A status string as a ContainerState; states we do not know yet are waited on like IN_PROGRESS. */
export function toContainerState(value: string): ContainerState {
  return STATES.includes(value) ? (value as ContainerState) : 'IN_PROGRESS';
}
