import { z } from 'zod';
import {
  DEFAULT_EVENTS_PAGE,
  MAX_EVENT_TYPES,
  MAX_EVENTS_PAGE,
  type NotificationPayload,
  NOTIFIER_RPC,
} from '@custody/contracts';
import { intParam } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { contractSchema } from '../contract-schema';
import { forward } from '../forward';
import { idString, isoDateTime, pathId } from '../schemas';
import { defineRoute } from '../route';

/** An event name (`transfer.is-created`, …). */
const eventName = z.string().min(1).max(100);

/** An event as the feed and the webhooks carry it. */
export const eventPayloadSchema = contractSchema<NotificationPayload>()(
  z.object({
    id: idString,
    event: eventName,
    createdAt: isoDateTime,
    tenantId: idString.nullable().meta({ description: 'null: a system-wide event (admins only)' }),
    data: z.record(z.string().max(100), z.unknown()).meta({
      description: "The event's subject as its own read shows it (a transfer, a user, …)",
    }),
  }),
);

const feedQuery = z
  .object({
    after: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'A cursor this feed gave (Link rel="next")')
      .optional()
      .meta({
        description:
          "Start after this cursor (the previous page's Link next); none: the oldest kept",
      }),
    types: z
      .string()
      .max(MAX_EVENT_TYPES * 101)
      .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/, 'Event names, comma-separated')
      .refine(
        (value) => new Set(value.split(',')).size <= MAX_EVENT_TYPES,
        `At most ${MAX_EVENT_TYPES} event names`,
      )
      .optional()
      .meta({
        description: `Only these event names (at most ${MAX_EVENT_TYPES}), comma-separated`,
      }),
    limit: intParam(1, MAX_EVENTS_PAGE)
      .optional()
      .meta({
        description: `Events per page (1–${MAX_EVENTS_PAGE}; ${DEFAULT_EVENTS_PAGE} when absent)`,
      }),
  })
  .strict();

export function eventRoutes(rpc: RpcClient) {
  return [
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/events',
      operationId: 'listEvents',
      summary: "The event feed: every event of the caller's tenant, in order (extension)",
      description:
        "Reads the event feed (extension): every event of the caller's tenant (an admin: of every tenant) in a stable order, a page after the `after` cursor (none: the oldest kept), optionally only some `types`; the `Link` header gives the next page, so a client that missed webhooks can catch up. " +
        'Changes nothing and is safe to repeat from any cursor the feed gave. ' +
        'Errors: 400 `validation_failed` or `invalid_cursor` (a cursor this feed did not give).',
      tags: ['events'],
      auth: 'client',
      scope: ['events', 'read'],
      request: { query: feedQuery },
      responses: {
        200: {
          description: 'A page of events; the `Link` header gives the next (`rel="next"`)',
          schema: z.array(eventPayloadSchema).max(MAX_EVENTS_PAGE),
        },
      },
      errorStatuses: [400, 401],
      handler: async ({ query }, ctx) => {
        const types = query.types ? [...new Set(query.types.split(','))] : undefined;
        const limit = query.limit ?? DEFAULT_EVENTS_PAGE;
        const page = await rpc.call(
          'notifier',
          NOTIFIER_RPC.listEvents,
          {
            limit,
            ...(query.after ? { after: query.after } : {}),
            ...(types ? { types } : {}),
          },
          { ...{}, ...(ctx.auth ? { auth: ctx.auth } : {}), idempotent: true },
        );
        const next = new URL(ctx.req.originalUrl, 'http://gateway.invalid');
        next.searchParams.set('after', page.next);
        next.searchParams.set('limit', String(limit));
        return {
          status: 200,
          body: page.items,
          headers: { Link: `<${next.pathname}${next.search}>; rel="next"` },
        };
      },
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: '/events/:event',
      operationId: 'getEvent',
      summary: 'One event of the feed (extension)',
      description:
        'Reads one event of the feed, as its deliveries carried it (extension). ' +
        'Changes nothing and is safe to repeat. ' +
        "Errors: 404 `not_found` for an unknown event, another tenant's, or one past its retention.",
      tags: ['events'],
      auth: 'client',
      scope: ['events', 'read'],
      request: { params: z.object({ event: pathId }) },
      responses: { 200: { description: 'The event', schema: eventPayloadSchema } },
      errorStatuses: [401, 404],
      handler: forward(rpc, 'notifier', NOTIFIER_RPC.getEvent, {
        read: true,
        params: ({ params }) => ({ id: params['event'] }),
      }),
    }),
  ];
}
