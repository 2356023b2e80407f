import type { DocumentedRoute } from '@custody/api-docs';
import type { RpcClient } from '@custody/messaging';
import type { CheckOutcome } from '@custody/service-kit';
import { apiClientRoutes } from './api-clients/api-clients.routes';
import { approvalRoutes } from './approvals/approvals.routes';
import { approverKeyRoutes } from './approver-keys/approver-keys.routes';
import { assetRoutes } from './assets/assets.routes';
import { auditRoutes } from './audit/audit.routes';
import { clientRoutes } from './clients/clients.routes';
import { enumRoutes } from './enums/enums.routes';
import { eventRoutes } from './events/events.routes';
import { incomeRoutes } from './incomes/incomes.routes';
import { issuerRoutes } from './issuers/issuers.routes';
import { ledgerRoutes } from './ledger/ledger.routes';
import { treasuryRoutes } from './treasury/treasury.routes';
import { reconciliationRoutes } from './ledger/reconciliation.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { passkeyRoutes } from './passkeys/passkeys.routes';
import { policyRoutes } from './policies/policies.routes';
import { purchaseRoutes } from './purchases/purchases.routes';
import { signatureRoutes } from './signatures/signatures.routes';
import { systemRoutes } from './system/system.routes';
import { tokenRoutes } from './tokens/tokens.routes';
import { transactionRoutes } from './transactions/transactions.routes';
import { transferRoutes } from './transfers/transfers.routes';
import { userRoutes } from './users/users.routes';
import { walletRoutes } from './wallets/wallets.routes';
import { whitelistRoutes } from './whitelists/whitelists.routes';
import { withdrawalRoutes } from './withdrawals/withdrawals.routes';

export interface RouteDeps {
  rpc: RpcClient;
  /** Individual-person fields required on create (config INDIVIDUAL_REQUIRED_FIELDS). */
  individualRequired: readonly string[];
  /** Runs the gateway's readiness checks (GET /v1/system/health reports them to admins). */
  readiness: () => Promise<CheckOutcome>;
}

/**
 * Every API route of the gateway, both versions. Feature folders add theirs here; each route has
 * the description of its operation (a route declared without one does not compile here).
 */
export function allRoutes(deps: RouteDeps): DocumentedRoute[] {
  const routes = [
    ...tokenRoutes(deps.rpc),
    ...clientRoutes(deps.rpc),
    ...apiClientRoutes(deps.rpc),
    ...enumRoutes(deps.rpc),
    ...userRoutes(deps.rpc, deps.individualRequired),
    ...walletRoutes(deps.rpc),
    ...signatureRoutes(deps.rpc),
    ...whitelistRoutes(deps.rpc),
    ...transferRoutes(deps.rpc),
    ...incomeRoutes(deps.rpc),
    ...transactionRoutes(deps.rpc),
    ...withdrawalRoutes(deps.rpc),
    ...ledgerRoutes(deps.rpc),
    ...treasuryRoutes(deps.rpc),
    ...reconciliationRoutes(deps.rpc),
    ...assetRoutes(deps.rpc),
    ...purchaseRoutes(deps.rpc),
    ...notificationRoutes(deps.rpc),
    ...eventRoutes(deps.rpc),
    ...policyRoutes(deps.rpc),
    ...approvalRoutes(deps.rpc),
    ...approverKeyRoutes(deps.rpc),
    ...passkeyRoutes(deps.rpc),
    ...auditRoutes(deps.rpc),
    ...systemRoutes(deps.rpc, deps.readiness),
    ...issuerRoutes(deps.rpc),
  ] satisfies readonly Pick<DocumentedRoute, 'description'>[];
  return routes as DocumentedRoute[];
}
