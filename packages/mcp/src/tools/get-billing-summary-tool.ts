import { getBillingSummary, moneySchema, SUBSCRIPTION_STATUSES } from '@svc/core';
import { z } from 'zod';
import { defineTool } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

/** `svc_get_billing_summary`: subscription, service plan and the latest billing events. */
export const getBillingSummaryTool = defineTool({
  name: 'svc_get_billing_summary',
  title: 'Get billing summary',
  description:
    'Returns the subscription status, billing plan, period end, purchased handles and the last few billing events, next to the service plan that decides access. Never payment method details; the payment-provider customer id is truncated.',
  scope: 'account:read',
  action: 'billing:read',
  annotations: READ_ONLY,
  input: z.strictObject({}),
  output: z.object({
    status: z.enum(SUBSCRIPTION_STATUSES),
    plan: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    purchasedHandles: z.number().int(),
    /** First and last 4 characters only (`cus_…4242`). */
    customerId: z.string().nullable(),
    servicePlan: z.object({
      state: z.enum(['trial', 'paid', 'expired']),
      trialEndsAt: z.string().nullable(),
      betaTester: z.boolean(),
    }),
    recentEvents: z.array(
      z.object({
        kind: z.string(),
        at: z.string(),
        amount: moneySchema.nullable(),
        description: z.string().nullable(),
      }),
    ),
  }),
  async run({ deps, actor }) {
    return getBillingSummary(deps.core, actor).map((billing) => {
      const events = billing.recentEvents.map((e) => ({
        kind: e.kind,
        at: e.at.toISOString(),
        amount: e.amount === null ? null : { ...e.amount },
        description: e.description,
      }));
      const period =
        billing.currentPeriodEnd === null ? '' : `, period ends ${billing.currentPeriodEnd.toISOString()}`;
      return {
        structured: {
          status: billing.status,
          plan: billing.plan,
          currentPeriodEnd: billing.currentPeriodEnd?.toISOString() ?? null,
          purchasedHandles: billing.purchasedHandles,
          customerId: billing.customerId,
          servicePlan: {
            state: billing.servicePlan.state,
            trialEndsAt: billing.servicePlan.trialEndsAt?.toISOString() ?? null,
            betaTester: billing.servicePlan.betaTester,
          },
          recentEvents: events,
        },
        summary: [
          `Subscription: ${billing.status}${billing.plan === null ? '' : ` (${billing.plan})`}${period}; ${billing.purchasedHandles} purchased handle(s). Service plan: ${billing.servicePlan.state}.`,
          events.length === 0
            ? 'No billing events recorded.'
            : `Latest events: ${events.map((e) => `${e.at} ${e.kind}${e.amount === null ? '' : ` (${e.amount.minor} minor units${e.amount.currency === null ? '' : ` ${e.amount.currency}`})`}`).join('; ')}.`,
        ].join('\n'),
      };
    });
  },
});
