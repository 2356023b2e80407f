import path from 'node:path';
import {
  Periodic,
  type ServiceDefinition,
  type ServiceDeps,
  type ServiceParts,
} from '@custody/service-kit';
import { ActivitiesService } from './activities/activities.service';
import {
  activityApprovalHandlers,
  heldActivities,
  SettleActivityApproval,
} from './activities/settle-activity-approval';
import {
  APPROVED_ACTIVITIES_INTERVAL_MS,
  SignApprovedActivities,
} from './activities/sign-approved-activities';
import { TokenCatalog } from './activities/token-catalog';
import { HoldersService } from './holders/holders.service';
import { IssuersService } from './issuers/issuers.service';
import { IssuesService } from './issues/issues.service';
import { rpcHandlers } from './issuer.rpc';

/** Builds issuer's use cases from its deps. */
function compose(deps: ServiceDeps<'issuer'>): ServiceParts<'issuer'> {
  const held = new SettleActivityApproval();
  // Approved REQUESTs, signed outside any transaction by whichever replica claims one: the claim
  // outlasts its two calls (policy, signing), each within its deadline.
  const signApproved = new SignApprovedActivities(deps.db, deps.rpc, {
    claimMs: 3 * deps.config.RPC_TIMEOUT_MS,
    logger: deps.logger,
  });
  const tokens = new TokenCatalog(deps.rpc);
  return {
    rpcHandlers: rpcHandlers({
      issuers: new IssuersService(deps.db, deps.rpc),
      issues: new IssuesService(deps.db),
      activities: new ActivitiesService(deps.db, deps.rpc, tokens, held),
      holders: new HoldersService(deps.db),
    }),
    // REQUEST activities a policy held, signed or rejected as their approvals end.
    eventHandlers: activityApprovalHandlers(held),
    // The same outcomes, swept for those whose event was lost.
    heldForApprovals: heldActivities(held),
    onStart: async () => {
      const approved = new Periodic({
        what: 'signing approved REQUEST activities',
        intervalMs: APPROVED_ACTIVITIES_INTERVAL_MS,
        run: () => signApproved.run(),
        logger: deps.logger,
        atStart: true,
      });
      approved.start();
      return () => approved.stop();
    },
  };
}

/** Version 2: issuers (provisioning, authentication), issues, activities and holders. */
export const issuerService: ServiceDefinition<'issuer'> = {
  app: 'issuer',
  migrationsDir: path.join(__dirname, 'migrations'),
  compose,
};
