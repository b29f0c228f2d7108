/** A snake_case name in camelCase: `profile_ids` → `profileIds`. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

/** Tool arguments as a core input: the same fields, named in camelCase, none undefined. */
export type CoreInput<A> = { [K in keyof A as Camel<K & string>]: Exclude<A[K], undefined> };

/**
 * A tool's arguments (snake_case, as agents write them) as the input of the core use case they
 * are passed to (camelCase). An argument left out stays out: core reads it as not given.
 */
export function coreInput<A extends object>(args: A): CoreInput<A> {
  return Object.fromEntries(
    Object.entries(args)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), value]),
  ) as CoreInput<A>;
}
