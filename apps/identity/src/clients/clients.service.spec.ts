import { v7 as uuidv7 } from 'uuid';
import { type AuthContext, IDENTITY_RPC } from '@custody/contracts';
import {
  admin,
  ALL,
  BOOTSTRAP,
  createIdentityHarness,
  type IdentityHarness,
  tenantOf,
} from '../test-harness';
import { ClientsService } from './clients.service';

// Reading clients against a real PostgreSQL (through identity's RPC, and the approvers the policy
// service asks for on the service's own database): admins read every client, a client itself.

let h: IdentityHarness;

const call: IdentityHarness['call'] = (method, params, auth) => h.call(method, params, auth);

beforeAll(async () => {
  h = await createIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('clients', () => {
  const general = tenantOf(uuidv7());
  const adminOnly = { status: 403, code: 'forbidden' };

  it('answers 403 to a general caller, who may read only itself (404 for others)', async () => {
    const input = { name: 'X', email: 'x@clients.test', password: 'x-password-123' };
    await expect(call(IDENTITY_RPC.createClient, input, general)).rejects.toMatchObject(adminOnly);
    await expect(call(IDENTITY_RPC.listClients, { list: ALL }, general)).rejects.toMatchObject(
      adminOnly,
    );
    const self = await call(
      IDENTITY_RPC.createClient,
      { name: 'Self', email: 'self@clients.test', password: 'self-password-1' },
      admin,
    );
    const asSelf = tenantOf(self.id);
    expect(await call(IDENTITY_RPC.getClient, { id: self.id }, asSelf)).toEqual(self);
    // Another client exists (the bootstrap admin), yet reads as missing rather than forbidden.
    const [other] = (await call(IDENTITY_RPC.listClients, { list: ALL }, admin)).items.filter(
      (c) => c.email === BOOTSTRAP.email,
    );
    expect(other).toBeDefined();
    await expect(
      call(IDENTITY_RPC.getClient, { id: other?.id ?? '' }, asSelf),
    ).rejects.toMatchObject({ status: 404, message: 'The client was not found.' });
    await expect(
      call(IDENTITY_RPC.updateClient, { id: self.id, patch: { name: 'Mine' } }, asSelf),
    ).rejects.toMatchObject(adminOnly);
    await expect(call(IDENTITY_RPC.deleteClient, { id: self.id }, asSelf)).rejects.toMatchObject(
      adminOnly,
    );
  });

  it("names who may decide on the caller's approvals: its tenant's deciders, or the admins", async () => {
    const create = (name: string, fields: { tenantId?: string; scopes?: string[][] } = {}) =>
      call(
        IDENTITY_RPC.createClient,
        { name, email: `${name}@approvers.test`, password: `${name}-password-1`, ...fields },
        admin,
      );
    const tenant = await create('tenant');
    const anything = await create('anything', { tenantId: tenant.id });
    const decider = await create('decider', {
      tenantId: tenant.id,
      scopes: [['approvals', 'decide']],
    });
    const reader = await create('reader', { tenantId: tenant.id, scopes: [['users', 'read']] });
    const stranger = await create('stranger');
    const clients = new ClientsService(h.service.deps.db);

    const asTenant: AuthContext = {
      clientId: decider.id,
      tenantId: tenant.id,
      audience: 'general',
    };
    const { clientIds } = await clients.approvers(asTenant);
    expect([...clientIds].sort()).toEqual([tenant.id, anything.id, decider.id].sort());
    expect(clientIds).not.toContain(reader.id);
    expect(clientIds).not.toContain(stranger.id);

    const admins = await clients.approvers(admin);
    const [bootstrapAdmin] = (
      await call(IDENTITY_RPC.listClients, { list: ALL }, admin)
    ).items.filter((c) => c.email === BOOTSTRAP.email);
    expect(admins.clientIds).toContain(bootstrapAdmin!.id);
    expect(admins.clientIds).not.toContain(tenant.id);
  });
});
