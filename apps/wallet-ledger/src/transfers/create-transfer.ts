import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type {
  AuthContext,
  CreateTransferRequest,
  GovernedOperation,
  PolicyDecision,
  TransferView,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { currentContext, type RequestContext, runWithContext } from '@custody/logging';
import { currentOrigin, type RpcOrigin } from '@custody/messaging';
import { EVENTS } from '@custody/contracts';
import {
  type Database,
  type IdempotencyKey,
  outboxRecord,
  runIdempotent,
  storedIdempotentResults,
  type Transaction,
} from '@custody/persistence';
import { assertUserAccess, isAdmin, requireAuth } from '@custody/tenancy';
import type { AssetCatalog } from '../assets/asset-catalog';
import { Batcher } from '../shared/batcher';
import { type GroupCommitSteps, keyOf, runGroupCommit } from './group-commit';
import { blockedBy, type Governor } from '../policies/governed';
import { type HoldTransfer, SENDER_REFUSALS } from './hold-transfer';
import { partiesOf } from './parties';
import {
  BATCH_PLANNER_SETTING,
  countTransfers,
  lockPartiesStatements,
  walletDeleted,
  walletTenants,
  writeTransfersStatement,
} from './transfers.repository';
import { decideTransfers, type Outcome, transferAnswer } from './transfers.rules';

const SCHEMA = 'ledger';
/**
 * Group commit: transactions of transfers at once; legs per transaction (a leg's writes take
 * ~60 statement parameters, PostgreSQL allows 65,535 per statement); and how many transfers run
 * at once, each alone, when a batch falls back.
 */
const TRANSFER_BATCHES_IN_FLIGHT = 8;
const TRANSFER_BATCH_LEGS = 256;
const FALLBACK_CONCURRENCY = 2;

/** A transfer waiting for its batch (see `runGroupCommit`). */
interface PendingTransfer {
  /** Its id, which its policies' decision (and any approval) names. */
  id: string;
  /** What the policies decide on. */
  operation: GovernedOperation;
  /** The request's proven auth context: the batch's evaluation carries its attestation. */
  origin: RpcOrigin | undefined;
  caller: AuthContext;
  request: CreateTransferRequest;
  idempotency: IdempotencyKey | undefined;
  /** Epoch ms after which the caller no longer waits: not started after it. */
  deadline: number;
  /** The request's log and event context (a batch runs in one request's async context). */
  context: RequestContext | undefined;
  resolve: (view: TransferView) => void;
  reject: (error: unknown) => void;
}

const legsOf = (items: PendingTransfer[]) =>
  items.flatMap((item) => item.request.requestedTransactions);

/**
 * A transfer between custody wallets (docs/decisions/ledger-and-money-movement.md): every leg
 * applies, or none; each leg is one journal entry; insufficient funds on any leg is 400
 * insufficient_balance with nothing applied. Its policies decide first: a hold goes the held way
 * (HoldTransfer). Concurrent transfers share transactions (group commit); the rules are
 * transfers.rules.ts, the SQL transfers.repository.ts.
 */
export class CreateTransfer {
  private readonly steps: GroupCommitSteps<PendingTransfer, TransferView> = {
    schema: SCHEMA,
    setting: BATCH_PLANNER_SETTING,
    lockStatements: (items) => lockPartiesStatements(legsOf(items)),
    decide: (batch, rows) => this.decide(batch, rows),
    // A refusal that comes from wallet-ledger's copy of the user (unknown, blocked) is not kept
    // under the key: identity's answer used to come before the key was claimed, and an unblock
    // must not be answered with the stored 403 for a day.
    keepsRefusal: (error) => !SENDER_REFUSALS.has(error.code),
    applied: async (views) => {
      const booked = await countTransfers(
        this.db,
        views.map((v) => v.id),
      );
      return booked === views.length ? true : booked === 0 ? false : undefined;
    },
    runAlone: (item) => this.createOne(item).then(item.resolve, item.reject),
    fallbackConcurrency: FALLBACK_CONCURRENCY,
    messages: {
      notStarted: 'The transfer was not started in time; nothing was moved.',
      mayHaveApplied: 'The transfer may have been applied; look it up before sending it again.',
      mayHaveAppliedKeyed:
        'The transfer may have been applied; retry with the same Idempotency-Key.',
    },
  };
  private readonly batcher = new Batcher<PendingTransfer>(
    async (batch) => {
      const admitted = await this.admitted(batch);
      if (admitted.length > 0) await runGroupCommit(this.pool, admitted, this.steps);
    },
    TRANSFER_BATCHES_IN_FLIGHT,
    TRANSFER_BATCH_LEGS,
    (item) => item.request.requestedTransactions.length,
    (item, error) => item.reject(error),
  );
  /** Idempotency-Keys of transfers queued or in a batch: a twin goes the per-request way. */
  private readonly keysInFlight = new Set<string>();

  constructor(
    private readonly db: Database,
    /** The pool behind `db`: batches run as pipelined transactions on it. */
    private readonly pool: pg.Pool,
    private readonly catalog: AssetCatalog,
    private readonly governor: Governor,
    private readonly held: HoldTransfer,
  ) {}

  async create(
    auth: AuthContext | undefined,
    request: CreateTransferRequest,
    idempotency?: IdempotencyKey,
    deadline = Date.now() + 60_000,
  ): Promise<TransferView> {
    const caller = requireAuth(auth);
    // No look-up of the key first (a round trip per keyed transfer): a replay's key is taken, so
    // its batch sends it the per-request way, which answers the stored result before any check.
    for (const leg of request.requestedTransactions) assertUserAccess(caller, leg.senderUserId);
    const id = uuidv7();
    const operation: GovernedOperation = {
      activity: 'transfer',
      operationId: id,
      tenantId: await this.tenantOf(caller, request),
      legs: request.requestedTransactions.map((leg) => ({
        userId: leg.senderUserId,
        walletId: leg.senderWalletId,
        assetId: leg.assetId,
        amount: leg.amount,
        destination: leg.receiverWalletId,
      })),
    };
    // The decision counted this transfer (and an approval names it): if it was not created (a
    // refusal, or a replay under a key already answered), both go.
    const view = await this.queue(caller, operation, request, idempotency, deadline).catch(
      async (error: unknown) => {
        await this.governor.releaseRefused(id, error);
        throw error;
      },
    );
    if (view.id !== id) await this.governor.release([id]);
    return view;
  }

  /**
   * The policies' decisions on queued transfers, one call per caller for the batch (before
   * anything is locked: a refusal leaves nothing behind, an unreachable policy service fails
   * them, closed). A block answers 403; a hold goes the held way; what they admit is returned.
   */
  private async admitted(queued: PendingTransfer[]): Promise<PendingTransfer[]> {
    // A keyed request answered before is answered again before any policy weighs it (a policy
    // must not refuse the retry of a transfer that was booked, nor count it twice): the batch's
    // keys looked up at once.
    const keyed = queued.flatMap((item) => (item.idempotency ? [item.idempotency] : []));
    const stored = await storedIdempotentResults(this.db, SCHEMA, keyed, transferAnswer);
    const items = queued.filter((item) => {
      const answer = item.idempotency && stored.get(item.idempotency);
      if (!answer) return true;
      if ('error' in answer) item.reject(answer.error);
      else item.resolve(answer.result);
      return false;
    });
    const admitted: PendingTransfer[] = [];
    // Each caller's decisions come from its next evaluation call, shared with the decisions its
    // other batches ask meanwhile.
    await Promise.all(
      items.map(async (item) => {
        let decision: PolicyDecision;
        try {
          decision = await this.governor.decisionOn(item.caller, item.origin, item.operation);
        } catch (error) {
          item.reject(error);
          return;
        }
        if (decision.decision === 'allow') admitted.push(item);
        else if (decision.decision === 'block') item.reject(blockedBy(decision.policyIds));
        else if (item.deadline < Date.now())
          // The caller has given up: nothing is held behind its back (as the group commit).
          item.reject(Errors.unavailable(this.steps.messages.notStarted, 'timeout'));
        else {
          const held = () =>
            this.held.hold(
              item.caller,
              item.id,
              decision.approvalId,
              item.request,
              item.idempotency,
            );
          (item.context ? runWithContext(item.context, held) : held()).then(
            item.resolve,
            item.reject,
          );
        }
      }),
    );
    // The batch's order stays the arrivals' order.
    return items.filter((item) => admitted.includes(item));
  }

  /**
   * The tenant whose policies govern: the caller's, or for an admin its senders' (400 when they
   * belong to several tenants: each tenant's policies govern what leaves its wallets).
   */
  private async tenantOf(caller: AuthContext, request: CreateTransferRequest): Promise<string> {
    if (!isAdmin(caller)) return caller.tenantId;
    const tenants = await walletTenants(
      this.db,
      request.requestedTransactions.map((leg) => leg.senderWalletId),
    );
    if (tenants.length > 1)
      throw Errors.badRequest(
        "A transfer's senders belong to one tenant; send one transfer per tenant.",
        'senders_span_tenants',
      );
    return tenants[0] ?? caller.tenantId;
  }

  /** A transfer into the group commit, its policies' decision first. */
  private queue(
    caller: AuthContext,
    operation: GovernedOperation,
    request: CreateTransferRequest,
    idempotency: IdempotencyKey | undefined,
    deadline: number,
  ): Promise<TransferView> {
    return new Promise((resolve, reject) => {
      const item: PendingTransfer = {
        id: operation.operationId,
        operation,
        origin: currentOrigin(),
        caller,
        request,
        idempotency,
        deadline,
        context: currentContext(),
        resolve,
        reject,
      };
      if (!idempotency) return this.batcher.submit(item);
      const key = keyOf(idempotency);
      // A twin of a transfer already queued or running waits for it the per-request way.
      if (this.keysInFlight.has(key)) {
        this.admitted([item])
          .then(([admitted]) => admitted && this.createOne(admitted).then(resolve, reject))
          .catch(reject);
        return;
      }
      this.keysInFlight.add(key);
      const release = () => this.keysInFlight.delete(key);
      item.resolve = (view) => {
        release();
        resolve(view);
      };
      item.reject = (error) => {
        release();
        reject(error);
      };
      this.batcher.submit(item);
    });
  }

  /** One transfer in its own transaction (and its own Idempotency-Key claim). */
  private createOne(item: PendingTransfer): Promise<TransferView> {
    return runIdempotent(
      this.db,
      SCHEMA,
      item.idempotency,
      transferAnswer,
      async (tx) => {
        const [outcome] = await this.apply(tx, [item]);
        if (!outcome) throw Errors.internal(new Error('no outcome'));
        if (!outcome.ok) throw outcome.error;
        return outcome.view;
      },
      { storeError: (error) => !SENDER_REFUSALS.has(error.code) },
    );
  }

  /**
   * Checks and applies transfers in the caller's transaction (the per-request way): the batch's
   * accounts locked, each transfer decided, all writes in one statement.
   */
  private async apply(tx: Transaction, items: PendingTransfer[]): Promise<Outcome[]> {
    let rows: unknown[] = [];
    for (const statement of lockPartiesStatements(legsOf(items)))
      rows = (await tx.execute(statement)).rows;
    const { outcomes, writes } = await this.decide(items, rows);
    if (writes) {
      try {
        await tx.execute(writes);
      } catch (error) {
        throw walletDeleted(error) ?? error;
      }
    }
    return outcomes;
  }

  /**
   * Decides each transfer in order against the locked balances the ones before it left (a
   * refused one is an outcome and writes nothing), and builds the writes of the accepted ones.
   */
  private async decide(
    items: PendingTransfer[],
    rows: unknown[],
  ): Promise<{ outcomes: Outcome[]; writes?: ReturnType<typeof writeTransfersStatement> }> {
    const parties = await partiesOf(this.catalog, rows);
    const now = new Date();
    const { outcomes, accepted, state } = decideTransfers(items, parties, now);
    if (accepted.length === 0) return { outcomes };
    // Each event carries its own request's id, not that of the request the batch ran under.
    const events = accepted.map(({ item, transfer, view }) => {
      const event = () =>
        outboxRecord({ name: EVENTS.transferCreated, tenantId: transfer.tenantId, data: view });
      return item.context ? runWithContext(item.context, event) : event();
    });
    return { outcomes, writes: writeTransfersStatement(accepted, state, now, events) };
  }
}
