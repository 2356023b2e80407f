import type { Api } from './api';
import { fund, newUser, openWallet } from './world';

/** A tenant with one user and a funded ETH wallet. */
export interface Tenant {
  id: string;
  token: string;
  user: string;
  wallet: string;
}

/**
 * The tenants, members and policies the approval specs set up, over HTTP (the gateway and the
 * admin token once the stack is up).
 */
export function approvalsWorld(gateway: () => Api, admin: () => string) {
  async function newTenant(name: string, balance: string): Promise<Tenant> {
    const api = gateway();
    const client = await api.newClient(admin(), name);
    const user = await newUser(api, client.token);
    const wallet = await openWallet(api, client.token, user, 'eth');
    await fund(api, admin(), wallet, balance);
    return { id: client.id, token: client.token, user, wallet };
  }

  /** A member of the tenant (its own login), with these scopes or none (all), of a person. */
  async function member(tenantId: string, scopes?: string[][], personId?: string) {
    const api = gateway();
    const email = `member-${Math.random().toString(36).slice(2)}@e2e.test`;
    const created = await api.post('/v1/clients', {
      token: admin(),
      body: {
        name: 'Member',
        email,
        password: 'a-long-member-password',
        tenantId,
        ...(scopes ? { scopes } : {}),
        ...(personId ? { personId } : {}),
      },
    });
    expect(created.status).toBe(201);
    const login = await api.login(email, 'a-long-member-password');
    return { id: created.body.id as string, token: login.access_token };
  }

  async function policy(token: string, body: Record<string, unknown>): Promise<string> {
    const created = await gateway().post('/v1/policies', { token, body });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  function decide(token: string, approvalId: string, decision = 'approve') {
    return gateway().post(`/v1/approvals/${approvalId}/decisions`, {
      token,
      body: { decision, reason: 'checked' },
    });
  }

  async function wallet(t: Pick<Tenant, 'token' | 'user'>, walletId: string) {
    return (await gateway().get(`/v1/users/${t.user}/wallets/${walletId}`, { token: t.token }))
      .body as { balance: string; availableBalance: string };
  }

  return { newTenant, member, policy, decide, wallet };
}
