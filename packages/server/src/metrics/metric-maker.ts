import { Counter, Histogram, type Registry } from 'prom-client';

/** Makes the counters and histograms of one registry, each from its name, help, labels (and buckets). */
export type MetricMaker = {
  /** A counter registered in the maker's registry. */
  counter<L extends string = string>(name: string, help: string, labelNames?: readonly L[]): Counter<L>;
  /** A histogram with these buckets, registered in the maker's registry. */
  histogram<L extends string = string>(
    name: string,
    help: string,
    buckets: number[],
    labelNames?: readonly L[],
  ): Histogram<L>;
};

/**
 * The maker of one registry's metrics: every metric of the process goes to the registry it was
 * made for (there is no global one), so the `registers` line is written here once.
 */
export function metricMaker(registry: Registry): MetricMaker {
  const registers = [registry];
  return {
    counter: (name, help, labelNames = []) => new Counter({ name, help, labelNames, registers }),
    histogram: (name, help, buckets, labelNames = []) =>
      new Histogram({ name, help, labelNames, buckets, registers }),
  };
}
