import { IDENTITY_RPC } from './identity';
import { ISSUER_RPC } from './issuer';
import { NOTIFIER_RPC } from './notifier';
import { POLICY_RPC } from './policy';
import { RPC_METHODS } from './rpc';
import type { RpcMethod } from './rpc-contracts';
import type { AppName, ServiceName } from './services';
import { SIGNING_RPC } from './signing';
import { TRADING_RPC } from './trading';
import { LEDGER_RPC, SIGNATURE_RPC, WALLET_RPC } from './wallet-ledger';

/** One method of one service: what a forward names. */
export type MethodRef = { [S in ServiceName]: { service: S; method: RpcMethod<S> } }[ServiceName];

/**
 * Who may call one RPC method (docs/decisions/rpc.md). The RPC server refuses any other
 * caller before the handler runs (403 `caller_not_allowed`, audited), and refuses a method that
 * has no declaration at all.
 */
export interface MethodAccess {
  /** The apps that may call it. */
  readonly callers: readonly AppName[];
  /**
   * Whether it takes an end caller's auth context, and from whom:
   * - `none`: never (a request that carries one is refused);
   * - `gateway`: only straight from the gateway, whose proof of the request covers it;
   * - `forwarded`: also from a calling app that forwards the context of the request it is
   *   handling, with the gateway's attestation of that forward for that request (one of the
   *   `forwards` of a method the gateway called).
   * A method that takes one may still be called without (its handler decides).
   */
  readonly auth: 'none' | 'gateway' | 'forwarded';
  /**
   * The calls its handler makes in its request's name (with the request's auth context): the
   * gateway attests each of them, and what they forward in turn, for the request it sends.
   */
  readonly forwards?: readonly MethodRef[];
}

type AccessTable = { [S in ServiceName]: { readonly [M in RpcMethod<S>]: MethodAccess } };

/** Called by the gateway for an API route: the route's auth context straight from it. */
const api = (...forwards: MethodRef[]): MethodAccess => ({
  callers: ['gateway'],
  auth: 'gateway',
  ...(forwards.length > 0 ? { forwards } : {}),
});

/** Called by apps only, in their own name (no end caller's auth context). */
const internal = (...callers: AppName[]): MethodAccess => ({ callers, auth: 'none' });

/** Called by apps that forward the auth context of the request they handle (and maybe the gateway). */
const forwarded = (...callers: AppName[]): MethodAccess => ({ callers, auth: 'forwarded' });

const ping: MethodAccess = internal('gateway');

const userRef: MethodRef = { service: 'identity', method: IDENTITY_RPC.getUserRef };
const walletRef: MethodRef = { service: 'wallet-ledger', method: WALLET_RPC.getWalletRef };
const approvers: MethodRef = { service: 'identity', method: IDENTITY_RPC.listApprovers };
const evaluate: MethodRef = { service: 'policy', method: POLICY_RPC.evaluate };
const holdChange: MethodRef = { service: 'policy', method: POLICY_RPC.holdChange };

/**
 * Every method of every service and who may call it: the single place a method's guard lives.
 * A method missing here does not compile, and the server refuses it.
 */
export const RPC_ACCESS: AccessTable = {
  identity: {
    [RPC_METHODS.common.ping]: ping,
    [IDENTITY_RPC.jwks]: internal('gateway'),
    [IDENTITY_RPC.seedAuthState]: internal('gateway'),
    // Credential checks: only the gateway, which rate-limits them per address.
    [IDENTITY_RPC.issueToken]: internal('gateway'),
    [IDENTITY_RPC.revokeToken]: api(),
    [IDENTITY_RPC.issueIssuerToken]: internal('issuer'),
    // A member's creation or credentials may be held by the tenant's policy-change policies.
    [IDENTITY_RPC.createClient]: api(holdChange),
    [IDENTITY_RPC.listClients]: api(),
    [IDENTITY_RPC.getClient]: api(),
    [IDENTITY_RPC.updateClient]: api(holdChange),
    [IDENTITY_RPC.deleteClient]: api(),
    [IDENTITY_RPC.listApprovers]: forwarded('policy'),
    [IDENTITY_RPC.createApiClient]: api(),
    [IDENTITY_RPC.listApiClients]: api(),
    [IDENTITY_RPC.getApiClient]: api(),
    [IDENTITY_RPC.updateApiClient]: api(),
    [IDENTITY_RPC.deleteApiClient]: api(),
    [IDENTITY_RPC.listEnum]: api(),
    [IDENTITY_RPC.createIndividual]: api(),
    [IDENTITY_RPC.createLegal]: api(),
    [IDENTITY_RPC.listUsers]: api(),
    [IDENTITY_RPC.getUser]: api(),
    [IDENTITY_RPC.getUserRef]: forwarded('wallet-ledger', 'trading'),
    [IDENTITY_RPC.updateIndividual]: api(),
    [IDENTITY_RPC.updateLegal]: api(),
    [IDENTITY_RPC.deleteUser]: api({
      service: 'wallet-ledger',
      method: WALLET_RPC.countUserWallets,
    }),
    [IDENTITY_RPC.listAuditEvents]: api(),
    [IDENTITY_RPC.exportAudit]: api(),
    [IDENTITY_RPC.createWhitelist]: api(walletRef),
    [IDENTITY_RPC.listWhitelists]: api(walletRef),
    [IDENTITY_RPC.getWhitelist]: api(),
    [IDENTITY_RPC.updateWhitelist]: api(),
    [IDENTITY_RPC.isWhitelisted]: forwarded('policy'),
    [IDENTITY_RPC.registerApproverKey]: api(),
    [IDENTITY_RPC.listApproverKeys]: api(),
    [IDENTITY_RPC.getApproverKey]: api(),
    [IDENTITY_RPC.revokeApproverKey]: api(),
    [IDENTITY_RPC.endorseApproverKey]: api(),
    // The policy service verifies approvals' signatures with a client's active credentials.
    [IDENTITY_RPC.activeApproverCredentials]: internal('policy'),
    [IDENTITY_RPC.passkeyRegistrationOptions]: api(),
    [IDENTITY_RPC.registerPasskey]: api(),
    [IDENTITY_RPC.listPasskeys]: api(),
    [IDENTITY_RPC.deletePasskey]: api(),
    // A sign-in challenge: only the gateway, which rate-limits it per address as /v1/tokens.
    [IDENTITY_RPC.passkeySignInOptions]: internal('gateway'),
  },
  'wallet-ledger': {
    [RPC_METHODS.common.ping]: ping,
    [WALLET_RPC.createWallet]: api(userRef),
    [WALLET_RPC.listWallets]: api(userRef),
    [WALLET_RPC.getWallet]: forwarded('gateway', 'trading'),
    [WALLET_RPC.deleteWallet]: api(),
    [WALLET_RPC.countUserWallets]: forwarded('identity'),
    [WALLET_RPC.getWalletRef]: forwarded('identity', 'trading'),
    // A block identity applies in its own name (a user's blocking is identity's to decide).
    [WALLET_RPC.applyUserRef]: internal('identity'),
    [SIGNATURE_RPC.sign]: api(userRef, evaluate),
    [SIGNATURE_RPC.list]: api(),
    [SIGNATURE_RPC.get]: api(),
    [LEDGER_RPC.createTransfer]: api(evaluate),
    [LEDGER_RPC.listTransfers]: api(),
    [LEDGER_RPC.getTransfer]: api(),
    [LEDGER_RPC.createIncome]: api(),
    [LEDGER_RPC.updateIncome]: api(),
    [LEDGER_RPC.resolveIncomeReorg]: api(),
    [LEDGER_RPC.listIncomes]: api(),
    [LEDGER_RPC.getIncome]: api(),
    [LEDGER_RPC.listTransactions]: api(),
    [LEDGER_RPC.getTransaction]: api(),
    [LEDGER_RPC.checkLedger]: api(),
    [LEDGER_RPC.createWithdrawal]: api(userRef, evaluate),
    [LEDGER_RPC.updateWithdrawal]: api(),
    [LEDGER_RPC.listWithdrawals]: api(),
    [LEDGER_RPC.getWithdrawal]: api(),
    [LEDGER_RPC.speedUpWithdrawal]: api(),
    [LEDGER_RPC.cancelWithdrawal]: api(),
    [LEDGER_RPC.settlePurchase]: internal('trading'),
    [LEDGER_RPC.chainStatus]: api(),
    [LEDGER_RPC.reconciliation]: api(),
    [LEDGER_RPC.reconciliationDeltas]: api(),
    [LEDGER_RPC.listTreasury]: api(),
    [LEDGER_RPC.setTreasuryLimit]: api(holdChange),
  },
  trading: {
    [RPC_METHODS.common.ping]: ping,
    [TRADING_RPC.listAssets]: api(),
    [TRADING_RPC.getAsset]: forwarded('gateway', 'policy'),
    [TRADING_RPC.assetAvailability]: api(),
    // policy: an asset's decimals and contract, to check what a withdrawal's decision lets sign.
    // issuer: the catalog's tokens, to read what a REQUEST activity's typed data grants.
    [TRADING_RPC.assetCatalog]: internal('wallet-ledger', 'policy', 'issuer'),
    [TRADING_RPC.listRates]: api(),
    [TRADING_RPC.getRate]: api(),
    [TRADING_RPC.exchangeRate]: api(),
    [TRADING_RPC.listMarketData]: api(),
    [TRADING_RPC.getMarketData]: api(),
    [TRADING_RPC.createPurchase]: api(
      { service: 'wallet-ledger', method: WALLET_RPC.getWallet },
      userRef,
      evaluate,
    ),
    [TRADING_RPC.listPurchases]: api(walletRef),
    [TRADING_RPC.getPurchase]: api(),
  },
  signing: {
    [RPC_METHODS.common.ping]: ping,
    [SIGNING_RPC.deriveKey]: internal('wallet-ledger', 'issuer'),
    [SIGNING_RPC.signEvmTransaction]: internal('wallet-ledger'),
    [SIGNING_RPC.signEvmMessage]: internal('wallet-ledger'),
    [SIGNING_RPC.signEvmTypedData]: internal('wallet-ledger', 'issuer'),
    [SIGNING_RPC.signQubicTransaction]: internal('wallet-ledger'),
    // The signer's own registry of approvers changes only through identity, and only as its
    // rules allow (docs/decisions/signing-decisions.md).
    [SIGNING_RPC.addApproverCredential]: internal('identity'),
    [SIGNING_RPC.revokeApproverCredential]: internal('identity'),
  },
  issuer: {
    [RPC_METHODS.common.ping]: ping,
    [ISSUER_RPC.createIssuer]: api(),
    [ISSUER_RPC.listIssuers]: api(),
    [ISSUER_RPC.rotateSecret]: api(),
    [ISSUER_RPC.authenticate]: api(),
    [ISSUER_RPC.createIssue]: api(),
    [ISSUER_RPC.listIssues]: api(),
    [ISSUER_RPC.createActivity]: api(evaluate),
    [ISSUER_RPC.listActivities]: api(),
    [ISSUER_RPC.getActivity]: api(),
    [ISSUER_RPC.createHolder]: api(),
    [ISSUER_RPC.listHolders]: api(),
  },
  notifier: {
    [RPC_METHODS.common.ping]: ping,
    [NOTIFIER_RPC.listTypes]: api(),
    [NOTIFIER_RPC.createReceiver]: api(),
    [NOTIFIER_RPC.updateReceiver]: api(),
    [NOTIFIER_RPC.deleteReceiver]: api(),
    [NOTIFIER_RPC.getSigningSecret]: api(),
    [NOTIFIER_RPC.rotateSigningSecret]: api(),
    [NOTIFIER_RPC.listDeliveries]: api(),
    [NOTIFIER_RPC.redeliver]: api(),
    [NOTIFIER_RPC.listEvents]: api(),
    [NOTIFIER_RPC.getEvent]: api(),
    [NOTIFIER_RPC.listReceiverDeliveries]: api(),
    [NOTIFIER_RPC.replay]: api(),
  },
  policy: {
    [RPC_METHODS.common.ping]: ping,
    [POLICY_RPC.createPolicy]: api(approvers),
    [POLICY_RPC.listPolicies]: api(),
    [POLICY_RPC.getPolicy]: api(),
    [POLICY_RPC.updatePolicy]: api(approvers),
    [POLICY_RPC.deletePolicy]: api(),
    // Where operations are applied: wallet-ledger (wallets), trading (purchases), issuer (its
    // REQUEST activities), each for its own activities only (the policy service checks).
    [POLICY_RPC.evaluate]: {
      callers: ['wallet-ledger', 'trading', 'issuer'],
      auth: 'forwarded',
      forwards: [
        { service: 'trading', method: TRADING_RPC.getAsset },
        { service: 'identity', method: IDENTITY_RPC.isWhitelisted },
      ],
    },
    // Operations not created after all: their ids are all it takes.
    [POLICY_RPC.release]: internal('wallet-ledger', 'trading', 'issuer'),
    // In the asker's own name, for an operation admitted before: wallet-ledger's withdrawals and
    // held signatures, issuer's held activities (approved).
    [POLICY_RPC.authorize]: internal('wallet-ledger', 'issuer'),
    [POLICY_RPC.listApprovals]: api(),
    [POLICY_RPC.getApproval]: api(),
    [POLICY_RPC.decide]: api(approvers),
    // In the name of the admin or client whose change it is, forwarded from the request.
    [POLICY_RPC.holdChange]: forwarded('identity', 'wallet-ledger'),
    // The apps that hold operations for approvals, each reading the outcomes of its own.
    [POLICY_RPC.approvalOutcomes]: internal('wallet-ledger', 'identity', 'trading', 'issuer'),
  },
};

/** A method's declaration, or undefined for a method no contract has (refused). */
export function accessOf(service: ServiceName, method: string): MethodAccess | undefined {
  const table: Readonly<Record<string, MethodAccess>> = RPC_ACCESS[service];
  return Object.prototype.hasOwnProperty.call(table, method) ? table[method] : undefined;
}

/** One forward a request may make: `from` calls `to`'s `method` in the request's name. */
export interface ForwardEdge {
  from: ServiceName;
  to: ServiceName;
  method: string;
}

const closures = new Map<string, readonly ForwardEdge[]>();

/**
 * Every forward a call of `service`'s `method` may lead to: its own `forwards`, and theirs in
 * turn. The gateway attests exactly these for the request it sends (computed once per method).
 */
export function forwardsOf(service: ServiceName, method: string): readonly ForwardEdge[] {
  const id = `${service} ${method}`;
  const known = closures.get(id);
  if (known) return known;
  const edges: ForwardEdge[] = [];
  const seen = new Set<string>();
  const walk = (from: ServiceName, at: string) => {
    for (const next of accessOf(from, at)?.forwards ?? []) {
      const key = `${from}>${next.service} ${next.method}`;
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push({ from, to: next.service, method: next.method });
      walk(next.service, next.method);
    }
  };
  walk(service, method);
  closures.set(id, edges);
  return edges;
}

/** The services `app` may call: the routing keys its broker user may publish RPC requests with. */
export function servicesCalledBy(app: AppName): ServiceName[] {
  return (Object.keys(RPC_ACCESS) as ServiceName[]).filter((service) =>
    Object.values<MethodAccess>(RPC_ACCESS[service]).some((access) => access.callers.includes(app)),
  );
}
