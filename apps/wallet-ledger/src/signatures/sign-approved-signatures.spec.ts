import { SIGNATURE_RPC } from '@custody/contracts';
import { Errors } from '@custody/errors';
import { withTransaction } from '@custody/persistence';
import { testLogger, waitFor } from '@custody/testing';
import { SignaturePayloads, type SigningChain } from './payloads';
import { SettleSignatureApproval } from './settle-signature-approval';
import { SignApprovedSignatures } from './sign-approved-signatures';
import { SignatureRecords } from './signature-records';
import { MoveWithdrawal } from '../withdrawals/move-withdrawal';
import { HoldSignedTransaction } from '../withdrawals/hold-signed-transaction';
import { client, createLedgerHarness, type LedgerHarness, type WalletRef } from '../test-harness';

// Replicas signing one approved held message (SignApprovedSignatures), wallet-ledger on a real
// PostgreSQL and RabbitMQ with the policy and signing services as stand-ins over real RPC. Each
// stand-in can hold a call until the test answers it: its caller paused mid-signing, past its
// claim, while another replica claimed the item. Only the latest claim records anything.

let h: LedgerHarness;
let records: SignatureRecords;
let payloads: SignaturePayloads;
let wallet: WalletRef;

/** A call the test answers: released with `value`, or refused with `error`. */
type Held<T> = { release: (value: T) => void; refuse: (error: Error) => void };
const asked: Held<string>[] = [];
const signing: Held<string>[] = [];

function hold<T>(queue: Held<T>[]): Promise<T> {
  return new Promise<T>((resolve, reject) => queue.push({ release: resolve, refuse: reject }));
}

/** Until the stand-in holds a call in `queue`; answers the oldest. */
async function next<T>(queue: Held<T>[], what: string): Promise<Held<T>> {
  await waitFor(async () => queue.length > 0, { what });
  return queue.shift()!;
}

// A message's payload asks nothing of the chain: the adapter's port, never called here.
const noChain: SigningChain = {
  network: () => undefined,
  count: async () => undefined,
  booksBehind: async () => {
    throw new Error('a message asks nothing of the chain');
  },
};

/** Another replica of wallet-ledger's signer of approved signatures. */
const replica = () =>
  new SignApprovedSignatures(h.service.deps.db, h.service.deps.rpc, h.catalog, payloads, records, {
    claimMs: 60_000,
    logger: testLogger(),
    canMove: () => true,
  });

const itemOf = async (id: string) =>
  (
    await h.service.deps.pool.query<{
      status: string;
      failure_reason: string | null;
      result: { signature?: string };
    }>('SELECT status, failure_reason, result FROM ledger.signed_items WHERE id = $1', [id])
  ).rows[0];

/** The claim another replica held lapses (its process paused past it). */
const lapse = (id: string) =>
  h.service.deps.pool.query(
    `UPDATE ledger.signed_items SET claimed_until = now() - interval '1 second' WHERE id = $1`,
    [id],
  );

/**
 * Until the service's own replica has ended the run it was paused in: it runs one at a time,
 * so its asking about a message approved after is the proof. That one is refused (it ends failed).
 */
async function serviceRunEnded(): Promise<void> {
  await approvedMessage();
  (await next(asked, 'the service’s replica asking about the next message')).refuse(
    Errors.forbidden('The test decides nothing more.', 'decision_refused'),
  );
}

/** A message held for approval, then approved as the policy service's event says. */
async function approvedMessage(): Promise<string> {
  const approvalId = crypto.randomUUID();
  h.policy.decide = () => ({ decision: 'require_approval', policyIds: ['p-hold'], approvalId });
  const { id } = await h.call(
    SIGNATURE_RPC.sign,
    { ...wallet, kind: 'message', payload: { message: `hello ${approvalId}` } },
    client,
  );
  expect(await itemOf(id)).toMatchObject({ status: 'pending_approval' });
  await withTransaction(h.service.deps.db, (tx) =>
    new SettleSignatureApproval(records).settleApproval(tx, {
      operationId: id,
      id: approvalId,
      status: 'approved',
    }),
  );
  return id;
}

beforeAll(async () => {
  h = await createLedgerHarness();
  records = new SignatureRecords(new HoldSignedTransaction(new MoveWithdrawal(h.catalog)));
  payloads = new SignaturePayloads(h.service.deps.rpc, h.catalog, noChain, h.service.deps.config);
  h.policy.authorize = async () => ({ decision: await hold(asked) });
  h.signing.signMessage = async ({ ownerId }) => ({
    signature: await hold(signing),
    address: `0x${ownerId.replace(/-/g, '').padEnd(40, '0').slice(0, 40)}`,
  });
  wallet = await h.newWallet();
}, 60_000);

afterAll(async () => {
  for (const call of asked.splice(0)) call.refuse(new Error('the test ended'));
  for (const call of signing.splice(0)) call.refuse(new Error('the test ended'));
  await h?.close();
});

describe('an approved held signature signed by replicas', () => {
  it('is ended by no refusal a replica paused past its claim meets: the latest claim signs it', async () => {
    const id = await approvedMessage();
    // The service's own replica claims it first and asks for the decision: paused there.
    const first = await next(asked, 'the service’s replica asking for the decision');
    await lapse(id);
    const paused = replica().run();
    const pausedAsk = await next(asked, 'a second replica asking for the decision');
    await lapse(id);
    const latest = replica().run();
    const latestAsk = await next(asked, 'the latest replica asking for the decision');

    // The paused replica's answer comes now, a refusal (the decision was used meanwhile).
    pausedAsk.refuse(Errors.forbidden('The decision was used.', 'decision_used'));
    expect(await paused).toBe(1);
    expect(await itemOf(id)).toMatchObject({ status: 'approved', failure_reason: null });

    latestAsk.release('decision-latest');
    (await next(signing, 'the latest replica’s signature asked')).release('0xlatest');
    expect(await latest).toBe(1);
    expect(await itemOf(id)).toMatchObject({
      status: 'sent',
      failure_reason: null,
      result: { signature: '0xlatest' },
    });

    // The first replica wakes: its signature is asked, and recorded nowhere.
    first.release('decision-first');
    (await next(signing, 'the first replica’s signature asked')).release('0xfirst');
    await serviceRunEnded();
    expect(await itemOf(id)).toMatchObject({ status: 'sent', result: { signature: '0xlatest' } });
  });

  it('is recorded by its latest claim alone: a replica that signed past its claim records nothing', async () => {
    const id = await approvedMessage();
    const first = await next(asked, 'the service’s replica asking for the decision');
    await lapse(id);
    // A second replica has its decision and signature, and is paused before it records them.
    const paused = replica().run();
    (await next(asked, 'a second replica asking for the decision')).release('decision-paused');
    const pausedSignature = await next(signing, 'the second replica’s signature asked');
    await lapse(id);
    const latest = replica().run();
    const latestAsk = await next(asked, 'the latest replica asking for the decision');

    // The paused one records now: the item is another's claim, so nothing is written.
    pausedSignature.release('0xpaused');
    expect(await paused).toBe(1);
    const untouched = await itemOf(id);
    expect(untouched).toMatchObject({ status: 'approved', failure_reason: null });
    expect(untouched?.result).toEqual({});

    latestAsk.release('decision-latest');
    (await next(signing, 'the latest replica’s signature asked')).release('0xlatest');
    expect(await latest).toBe(1);
    expect(await itemOf(id)).toMatchObject({ status: 'sent', result: { signature: '0xlatest' } });
    // The first replica's refusal, met last, ends nothing either.
    first.refuse(Errors.forbidden('The decision was used.', 'decision_used'));
    await serviceRunEnded();
    expect(await itemOf(id)).toMatchObject({ status: 'sent', result: { signature: '0xlatest' } });
  });
});
