import path from 'node:path';
import {
  ISSUER_RPC,
  type ActivityFilters,
  type IssuePath,
  type NewActivity,
  type V2Paging,
} from '@custody/contracts';
import { ownsIdempotency, type RpcHandler } from '@custody/messaging';
import type { ServiceDefinition, ServiceDeps } from '@custody/service-kit';
import { ActivitiesService } from './activities/activities.service';
import { HoldersService } from './holders/holders.service';
import { IssuersService } from './issuers/issuers.service';
import { IssuesService } from './issues/issues.service';

type Deps = ServiceDeps<'issuer'>;

/** Wires the issuer use cases to RPC methods; each handler only unpacks params and calls one. */
function createHandlers(deps: Deps): Record<string, RpcHandler> {
  const issuers = new IssuersService(deps.db, deps.rpc);
  const issues = new IssuesService(deps.db);
  const activities = new ActivitiesService(deps.db, deps.rpc);
  const holders = new HoldersService(deps.db);
  type Paged = { paging: V2Paging };
  return {
    // Answers that show a secret handle their Idempotency-Key themselves: a replay omits the
    // secret, which is never stored in plain text.
    [ISSUER_RPC.createIssuer]: ownsIdempotency((params, ctx) =>
      issuers.create(ctx.auth, params as { name: string }, ctx.idempotency),
    ),
    [ISSUER_RPC.rotateSecret]: ownsIdempotency((params, ctx) =>
      issuers.rotateSecret(ctx.auth, (params as { issuerId: string }).issuerId, ctx.idempotency),
    ),
    [ISSUER_RPC.listIssuers]: (params, ctx) => issuers.list(ctx.auth, (params as Paged).paging),
    [ISSUER_RPC.authenticate]: (params) =>
      issuers.authenticate(params as { id: string; secret: string }),
    [ISSUER_RPC.createIssue]: (params, ctx) => {
      const p = params as { issuerId: string; input: { name: string; description?: string } };
      return issues.create(ctx.auth, p.issuerId, p.input);
    },
    [ISSUER_RPC.listIssues]: (params, ctx) => {
      const p = params as { issuerId: string } & Paged;
      return issues.list(ctx.auth, p.issuerId, p.paging);
    },
    [ISSUER_RPC.createActivity]: (params, ctx) => {
      const p = params as IssuePath & { input: NewActivity };
      return activities.create(ctx.auth, p, p.input);
    },
    [ISSUER_RPC.getActivity]: (params, ctx) =>
      activities.get(ctx.auth, params as IssuePath & { activityId: string }),
    [ISSUER_RPC.listActivities]: (params, ctx) => {
      const p = params as IssuePath & Paged & { filters: ActivityFilters };
      return activities.list(ctx.auth, p, p.filters, p.paging);
    },
    [ISSUER_RPC.createHolder]: (params, ctx) => {
      const p = params as IssuePath & { input: { name: string; address: string } };
      return holders.create(ctx.auth, p, p.input);
    },
    [ISSUER_RPC.listHolders]: (params, ctx) => {
      const p = params as IssuePath & Paged;
      return holders.list(ctx.auth, p, p.paging);
    },
  };
}

/** Version 2: issuers (provisioning, authentication), issues, activities and holders. */
export const issuerService: ServiceDefinition<'issuer'> = {
  app: 'issuer',
  migrationsDir: path.join(__dirname, 'migrations'),
  rpcHandlers: createHandlers,
};
