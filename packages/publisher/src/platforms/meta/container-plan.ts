import type { PublishMedia } from '@svc/core';
import { isVideo } from '../shared/is-video.js';
import type { GraphParams } from './graph-client.js';

/** The containers a post needs, as the platform's request parameters (tokens not included). */
export type ContainerPlan = {
  /** Carousel children, in slide order; empty for a single container. */
  readonly children: readonly GraphParams[];
  /** The container to publish; for a carousel the parent, whose `children` the flow adds. */
  readonly container: GraphParams;
  /** The caption as sent; a recovered publish is recognised by it. */
  readonly text: string;
  /** How long to wait between status reads: media take longer to process than images. */
  readonly pollMs: number;
};

/** How long a container flow waits between status reads of these slides: videos take longer to process. */
export function containerPollMs(media: readonly PublishMedia[]): number {
  return media.some(isVideo) ? 3_000 : 1_000;
}
