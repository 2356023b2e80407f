import { v7 as uuidv7 } from 'uuid';
import { type GovernedOperation, LEDGER_RPC, SIGNATURE_RPC } from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  blockThirteen,
  client,
  createLedgerHarness,
  leg,
  type LedgerHarness,
  type WalletRef,
} from '../test-harness';

// What wallet-ledger asks the policy service to release when an operation is not created after
// all, through its RPC against a real PostgreSQL: never a signature whose decision may have come
// signed (the policy service refuses that release, and would audit it as an attack), the others
// as before. docs/decisions/signing-decisions.md, "Releases".

let h: LedgerHarness;
let alice: WalletRef;
let bob: WalletRef;
/** The operations the policy stand-in was asked about, in order. */
const asked: GovernedOperation[] = [];

const lastAsked = () => asked[asked.length - 1]?.operationId;

beforeAll(async () => {
  h = await createLedgerHarness();
  alice = await h.newWallet();
  bob = await h.newWallet();
  await h.fund(alice.walletId, '1');
}, 60_000);

afterEach(() => {
  h.policy.decide = blockThirteen;
});

afterAll(async () => {
  await h?.close();
});

const message = () =>
  h.call(SIGNATURE_RPC.sign, { ...alice, kind: 'message', payload: { message: 'hello' } }, client);

describe('an evaluation lost on its way', () => {
  beforeEach(() => {
    h.policy.decide = (operation) => {
      asked.push(operation);
      throw Errors.unavailable('The policy stand-in lost its answer.', 'service_unavailable');
    };
  });

  it("releases a transfer's operation: nothing it may have counted or held stays", async () => {
    await expect(
      h.call(
        LEDGER_RPC.createTransfer,
        { requestedTransactions: [leg(alice, bob, '0.1')] },
        client,
      ),
    ).rejects.toMatchObject({ status: 503 });
    expect(h.policy.released).toContain(lastAsked());
  });

  it("releases no signature's: the answer lost may have carried its signed decision", async () => {
    await expect(message()).rejects.toMatchObject({ status: 503 });
    expect(lastAsked()).toBeDefined();
    expect(h.policy.released).not.toContain(lastAsked());
  });
});

describe('a signature allowed at once', () => {
  it('is not released when signing it fails: the count stays', async () => {
    h.policy.decide = (operation) => {
      asked.push(operation);
      return { decision: 'allow', signed: `decision-of-${uuidv7()}` };
    };
    await expect(message()).rejects.toMatchObject({ status: 403, code: 'decision_refused' });
    expect(lastAsked()).toBeDefined();
    expect(h.policy.released).not.toContain(lastAsked());
  });
});
