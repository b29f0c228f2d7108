import { z } from 'zod';

/**
 * An amount of money in minor units (cents) of an ISO 4217 currency. The currency may be unknown
 * (null) because the public `svc billing event --amount N` takes no currency; better unknown than
 * guessed.
 */
export const moneySchema = z.object({
  /** Minor units; negative for refunds and credits. */
  minor: z.number().int().refine(Number.isSafeInteger, 'Expected a safe integer.'),
  /** Three upper-case letters, e.g. `EUR`; null when not reported. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Expected a three-letter currency code such as EUR.')
    .nullable(),
});

/** An amount of money. */
export type Money = z.infer<typeof moneySchema>;

/**
 * One thing the operator's billing system reported for a user (`invoice.paid`,
 * `subscription.updated`, …), recorded by the operator so agents can explain a bill.
 */
export const billingEventSchema = z.object({
  id: z.string().min(1),
  userId: z.string().min(1),
  /** When it happened in the billing system (not when it was recorded). */
  at: z.date(),
  /** Free-form, dotted by convention; the billing system's own event names fit. */
  kind: z
    .string()
    .regex(/^[a-z][a-z0-9_.-]{0,63}$/, 'Expected a lower-case event kind such as invoice.paid.'),
  amount: moneySchema.nullable(),
  description: z.string().max(500).nullable(),
});

/** One billing event. */
export type BillingEvent = z.infer<typeof billingEventSchema>;
