import type { GraphParams } from './graph-client.js';

/** The containers a post needs, as the platform's request parameters (tokens not included). */
export type ContainerPlan = {
  /** Carousel children, in slide order; empty for a single container. */
  readonly children: readonly GraphParams[];
  /** The container to publish; for a carousel the parent, whose `children` the flow adds. */
  readonly container: GraphParams;
  /** The caption as sent; a recovered publish is recognised by it. */
  readonly text: string;
};
