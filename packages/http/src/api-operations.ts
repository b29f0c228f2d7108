import { accountViewSchema, postViewSchema, webhookAttemptSchema, webhookSchema } from '@svc/core';
import { z } from 'zod';
import type { HttpDeps } from './http-deps.js';
import { API_VERSION, OPENAPI_PATH, openApiDocument } from './openapi-document.js';
import { type AnyOperation, defineOperation } from './operation.js';
import { accountOperations } from './routes/account-operations.js';
import { approvalPolicyOperations } from './routes/approval-policy-operations.js';
import { automationOperations } from './routes/automation-operations.js';
import { eventOperations, eventSchema } from './routes/event-operations.js';
import { mediaItemSchema, mediaOperations } from './routes/media-operations.js';
import { invitationSchema, memberOperations, memberSchema } from './routes/member-operations.js';
import { postGroupOperations } from './routes/post-group-operations.js';
import { postListOperations } from './routes/post-list-operations.js';
import { postOperations } from './routes/post-operations.js';
import { queueOperations } from './routes/queue-operations.js';
import { reviewLinkOperations } from './routes/review-link-operations.js';
import { serviceOperations } from './routes/service-operations.js';
import { slotSuggestionOperations } from './routes/slot-suggestion-operations.js';
import { webhookOperations, webhookWithSecretSchema } from './routes/webhook-operations.js';

/** Schemas shared by several operations, named in the document. */
const COMPONENTS: Readonly<Record<string, z.ZodType>> = {
  Post: postViewSchema,
  Account: accountViewSchema,
  MediaItem: mediaItemSchema,
  Webhook: webhookSchema,
  WebhookWithSecret: webhookWithSecretSchema,
  WebhookAttempt: webhookAttemptSchema,
  Member: memberSchema,
  Invitation: invitationSchema,
  Event: eventSchema,
};

/** The document's tags: what each group of operations is for. */
const TAGS: Readonly<Record<string, string>> = {
  Service: 'The health check and this document.',
  Agents: 'The deprecated key-to-token exchange of old agent clients.',
  Posts:
    'Create, schedule, read, list, edit, delete, restore and retry posts; check one against the content policy.',
  'Drafts and approvals': 'Drafts that go out only after a person approves them.',
  Accounts: 'Connected social accounts, connecting new ones, and the account summary.',
  Queue: "Each account's weekly posting slots, and the posts queued on them (`queue: true` on create).",
  Analytics: 'Views and engagement of published posts.',
  Media: 'The media library: uploads, imports from links, and the signed links files are served from.',
  Automations: 'Instagram comment automations: private and public replies to comments.',
  Webhooks:
    'Outgoing webhooks: signed events (Standard Webhooks) POSTed to your endpoints, their signing secrets, test pings, delivery attempts and redelivery.',
  Events: "The workspace's journal: what happened, when, and who caused it.",
  Workspace:
    "The key's workspace: its members, their roles and account limits, invitations, and the approval policy.",
};

/**
 * Every documented operation of the REST API, and the OpenAPI document describing them, which is
 * itself served (without authentication) by the last of them.
 */
export function apiOperations(deps: HttpDeps): AnyOperation[] {
  const operations = [
    ...serviceOperations(deps),
    ...postOperations(deps),
    ...postGroupOperations(deps),
    ...postListOperations(deps),
    ...reviewLinkOperations(deps),
    ...accountOperations(deps),
    ...queueOperations(deps),
    ...slotSuggestionOperations(deps),
    ...mediaOperations(deps),
    ...automationOperations(deps),
    ...webhookOperations(deps),
    ...memberOperations(deps),
    ...approvalPolicyOperations(deps),
    ...eventOperations(deps),
  ];
  let document: Record<string, unknown> | undefined;
  const describe = defineOperation({
    id: 'getOpenApiDocument',
    method: 'GET',
    path: OPENAPI_PATH,
    tag: 'Service',
    summary: `This document (OpenAPI 3.1, API version ${API_VERSION})`,
    access: 'public',
    responses: {
      200: {
        description: 'The OpenAPI document.',
        raw: { 'application/json': z.record(z.string(), z.unknown()) },
      },
    },
    errors: [],
  })(async ({ ctx }) => {
    // Built on first use, from the operations themselves, then kept: it cannot change at run time.
    document ??= apiDocument([...operations, describe], deps.baseUrl);
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = document;
    return { status: 200, raw: true };
  });
  return [...operations, describe];
}

/** The OpenAPI document of these operations, served from `baseUrl`. */
export function apiDocument(operations: readonly AnyOperation[], baseUrl: string): Record<string, unknown> {
  return openApiDocument(operations, { baseUrl, components: COMPONENTS, tags: TAGS });
}
