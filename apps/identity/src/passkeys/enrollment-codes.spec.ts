import { decodeJwt } from 'jose';
import { IDENTITY_RPC, type TokenRequest } from '@custody/contracts';
import * as clientsRepo from '../clients/clients.repository';
import { admin, BOOTSTRAP, createIdentityHarness, type IdentityHarness } from '../test-harness';
import { EnrollmentCodes } from './enrollment-codes';

// The one-time enrollment code (the bootstrap admin's): single use, expiring, and a login that
// may only enroll a passkey; over RPC as the gateway calls identity, on a real database.

let h: IdentityHarness;
let codes: EnrollmentCodes;
const credentials = { id: BOOTSTRAP.apiClientId, secret: BOOTSTRAP.apiClientSecret };

const grant = (username: string, code: string): TokenRequest => ({
  grant_type: 'urn:custody:enrollment-code',
  username,
  code,
});

async function newAdmin(): Promise<{ id: string; email: string }> {
  const email = `enroll-${Math.random().toString(36).slice(2)}@identity.test`;
  const created = await h.call(
    IDENTITY_RPC.createClient,
    { name: 'Enrolling admin', email, password: 'a-long-admin-password', audience: ['admin'] },
    admin,
  );
  return { id: created.id, email };
}

beforeAll(async () => {
  h = await createIdentityHarness();
  codes = new EnrollmentCodes(h.service.deps.db);
});

afterAll(async () => {
  await h?.close();
});

describe('enrollment codes', () => {
  it('bootstrap made the first admin its code already: never a second one', async () => {
    const first = await clientsRepo.findClientByEmail(h.service.deps.db, BOOTSTRAP.email);
    expect(first).toBeDefined();
    await expect(codes.issueOnce(first?.id ?? '')).resolves.toBeUndefined();
  });

  it('signs in once, for enrollment only; the same code again is refused', async () => {
    const client = await newAdmin();
    const code = await codes.issueOnce(client.id);
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const tokens = await h.gateway.call('identity', IDENTITY_RPC.issueToken, {
      credentials,
      request: grant(client.email, code ?? ''),
    });
    expect(decodeJwt(tokens.access_token)).toMatchObject({ sub: client.id, enr: true });
    await expect(
      h.gateway.call('identity', IDENTITY_RPC.issueToken, {
        credentials,
        request: grant(client.email, code ?? ''),
      }),
    ).rejects.toMatchObject({ status: 401, code: 'invalid_grant' });
  });

  it("refuses an expired code, another client's code, and a wrong one", async () => {
    const late = await newAdmin();
    const expired = await codes.issueOnce(late.id, new Date(Date.now() - 25 * 3600_000));
    const other = await newAdmin();
    const code = await codes.issueOnce(other.id);
    for (const request of [
      grant(late.email, expired ?? ''),
      grant(late.email, code ?? ''),
      grant(other.email, 'not-the-code'),
    ])
      await expect(
        h.gateway.call('identity', IDENTITY_RPC.issueToken, { credentials, request }),
      ).rejects.toMatchObject({ status: 401, code: 'invalid_grant' });
    // The right one still works after those.
    await expect(
      h.gateway.call('identity', IDENTITY_RPC.issueToken, {
        credentials,
        request: grant(other.email, code ?? ''),
      }),
    ).resolves.toMatchObject({ client: { id: other.id } });
  });
});
