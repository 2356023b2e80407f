import {
  accessOf,
  forwardsOf,
  IDENTITY_RPC,
  ISSUER_RPC,
  LEDGER_RPC,
  type MethodAccess,
  NOTIFIER_RPC,
  POLICY_RPC,
  RPC_ACCESS,
  RPC_METHODS,
  type ServiceName,
  SERVICES,
  servicesCalledBy,
  SIGNATURE_RPC,
  SIGNING_RPC,
  TRADING_RPC,
  WALLET_RPC,
} from './index';

/** Every method each service's contract names (its method constants), ping included. */
const CONTRACT_METHODS: Record<ServiceName, string[]> = {
  identity: Object.values(IDENTITY_RPC),
  'wallet-ledger': [
    ...Object.values(WALLET_RPC),
    ...Object.values(SIGNATURE_RPC),
    ...Object.values(LEDGER_RPC),
  ],
  trading: Object.values(TRADING_RPC),
  signing: Object.values(SIGNING_RPC),
  issuer: Object.values(ISSUER_RPC),
  notifier: Object.values(NOTIFIER_RPC),
  policy: Object.values(POLICY_RPC),
};

/** The methods of a contract that no declaration names (what this spec fails on). */
function undeclared(methods: Record<ServiceName, string[]>): string[] {
  return SERVICES.flatMap((service) =>
    [...methods[service], RPC_METHODS.common.ping]
      .filter((method) => accessOf(service, method) === undefined)
      .map((method) => `${service} ${method}`),
  );
}

const declarations = () =>
  SERVICES.flatMap((service) =>
    Object.entries<MethodAccess>(RPC_ACCESS[service]).map(([method, access]) => ({
      service,
      method,
      access,
    })),
  );

describe('RPC access declarations', () => {
  it('name the callers of every method of every contract, and no other method', () => {
    expect(undeclared(CONTRACT_METHODS)).toEqual([]);
    for (const service of SERVICES)
      expect(Object.keys(RPC_ACCESS[service]).sort()).toEqual(
        [...CONTRACT_METHODS[service], RPC_METHODS.common.ping].sort(),
      );
  });

  it('fail on a method that a contract gains without a declaration', () => {
    const grown = { ...CONTRACT_METHODS, signing: [...CONTRACT_METHODS.signing, 'sign.anything'] };
    expect(undeclared(grown)).toEqual(['signing sign.anything']);
  });

  it('name at least one caller for each method, and take auth contexts only where a request brings them', () => {
    for (const { service, method, access } of declarations()) {
      expect([service, method, access.callers.length > 0]).toEqual([service, method, true]);
      if (access.auth === 'gateway')
        expect([service, method, access.callers]).toEqual([service, method, ['gateway']]);
    }
  });

  it('forward only to methods that name the forwarder and take forwarded auth contexts', () => {
    for (const { service, method, access } of declarations())
      for (const target of access.forwards ?? []) {
        const declared = accessOf(target.service, target.method);
        expect([service, method, target, declared?.auth]).toEqual([
          service,
          method,
          target,
          'forwarded',
        ]);
        expect(declared?.callers).toContain(service);
      }
  });

  it('take a forwarded auth context only where some request forwards it', () => {
    const targets = new Set(
      declarations().flatMap(({ access }) =>
        (access.forwards ?? []).map((t) => `${t.service} ${t.method}`),
      ),
    );
    for (const { service, method, access } of declarations())
      if (access.auth === 'forwarded')
        expect([`${service} ${method}`, targets.has(`${service} ${method}`)]).toEqual([
          `${service} ${method}`,
          true,
        ]);
  });

  it('let only the gateway check credentials, and only the apps that own the keys sign', () => {
    expect(RPC_ACCESS.identity[IDENTITY_RPC.issueToken].callers).toEqual(['gateway']);
    expect(RPC_ACCESS.identity[IDENTITY_RPC.createClient].callers).toEqual(['gateway']);
    expect(RPC_ACCESS.identity[IDENTITY_RPC.createApiClient].callers).toEqual(['gateway']);
    expect(RPC_ACCESS['wallet-ledger'][LEDGER_RPC.updateIncome].callers).toEqual(['gateway']);
    for (const method of Object.values(SIGNING_RPC))
      expect(RPC_ACCESS.signing[method]).toMatchObject({ auth: 'none' });
    expect(servicesCalledBy('notifier')).toEqual([]);
  });

  it('attest every forward a request may lead to, through every hop', () => {
    expect(forwardsOf('wallet-ledger', LEDGER_RPC.createTransfer)).toEqual([
      { from: 'wallet-ledger', to: 'policy', method: POLICY_RPC.evaluate },
      { from: 'policy', to: 'trading', method: TRADING_RPC.getAsset },
      { from: 'policy', to: 'identity', method: IDENTITY_RPC.isWhitelisted },
    ]);
    expect(forwardsOf('notifier', NOTIFIER_RPC.listEvents)).toEqual([]);
    expect(accessOf('identity', 'toString')).toBeUndefined();
  });
});
