import { ISSUER_RPC } from '@custody/contracts';
import { ownsIdempotency, type RpcHandlers } from '@custody/messaging';
import type { ActivitiesService } from './activities/activities.service';
import type { HoldersService } from './holders/holders.service';
import type { IssuersService } from './issuers/issuers.service';
import type { IssuesService } from './issues/issues.service';

/** The use cases issuer's handlers call, built in issuer.compose.ts. */
export interface IssuerUseCases {
  issuers: IssuersService;
  issues: IssuesService;
  activities: ActivitiesService;
  holders: HoldersService;
}

/** Issuer's RPC contract; each handler unpacks params and calls one use case. */
export function rpcHandlers({
  issuers,
  issues,
  activities,
  holders,
}: IssuerUseCases): RpcHandlers<'issuer'> {
  return {
    // Answers that show a secret handle their Idempotency-Key themselves: a replay omits the
    // secret, which is never stored in plain text.
    [ISSUER_RPC.createIssuer]: ownsIdempotency((params, ctx) =>
      issuers.create(ctx.auth, params, ctx.idempotency),
    ),
    [ISSUER_RPC.rotateSecret]: ownsIdempotency((p, ctx) =>
      issuers.rotateSecret(ctx.auth, p.issuerId, ctx.idempotency),
    ),
    [ISSUER_RPC.listIssuers]: (p, ctx) => issuers.list(ctx.auth, p.paging),
    [ISSUER_RPC.authenticate]: (params) => issuers.authenticate(params),
    [ISSUER_RPC.createIssue]: (p, ctx) => issues.create(ctx.auth, p.issuerId, p.input),
    [ISSUER_RPC.listIssues]: (p, ctx) => issues.list(ctx.auth, p.issuerId, p.paging),
    [ISSUER_RPC.createActivity]: (p, ctx) => activities.create(ctx.auth, p, p.input),
    [ISSUER_RPC.getActivity]: (params, ctx) => activities.get(ctx.auth, params),
    [ISSUER_RPC.listActivities]: (p, ctx) => activities.list(ctx.auth, p, p.filters, p.paging),
    [ISSUER_RPC.createHolder]: (p, ctx) => holders.create(ctx.auth, p, p.input),
    [ISSUER_RPC.listHolders]: (p, ctx) => holders.list(ctx.auth, p, p.paging),
  };
}
