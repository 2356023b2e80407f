import {
  assertDeliverableUrl,
  DnsLookupFailed,
  isPrivateAddress,
  resolveDeliverable,
} from './ssrf';

describe('SSRF protection', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '198.18.0.1',
    '198.19.255.254',
    '192.0.0.8',
  ])('treats %s as private', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each([
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '::7f00:1',
    '2001:db8::1',
    'ff02::1',
    '2002:7f00:1::1',
    '64:ff9b:1::a00:1',
    'fec0::1',
    '2002:a00:1::',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  ])('sees through the IPv6 spelling %s of a private address', (address) =>
    expect(isPrivateAddress(address)).toBe(true),
  );

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '198.20.0.1',
    '2606:4700:4700::1111',
    '::ffff:808:808',
    '2002:808:808::1',
  ])('treats %s as public', (address) => expect(isPrivateAddress(address)).toBe(false));

  it('refuses loopback and private hosts unless allowed, and non-http schemes always', async () => {
    await expect(assertDeliverableUrl('http://127.0.0.1:8080/hook', false)).rejects.toMatchObject({
      status: 400,
      code: 'url_not_allowed',
    });
    await expect(assertDeliverableUrl('http://localhost/hook', false)).rejects.toMatchObject({
      code: 'url_not_allowed',
    });
    await expect(assertDeliverableUrl('http://[::1]/hook', false)).rejects.toMatchObject({
      code: 'url_not_allowed',
    });
    await expect(assertDeliverableUrl('http://127.0.0.1:8080/hook', true)).resolves.toBeInstanceOf(
      URL,
    );
    await expect(assertDeliverableUrl('ftp://example.com/x', true)).rejects.toMatchObject({
      status: 400,
    });
    await expect(assertDeliverableUrl('https://8.8.8.8/hook', false)).resolves.toBeInstanceOf(URL);
    await expect(
      assertDeliverableUrl('http://[::ffff:127.0.0.1]/hook', false),
    ).rejects.toMatchObject({ code: 'url_not_allowed' });
    await expect(
      assertDeliverableUrl('http://no-such-host.invalid/hook', false),
    ).rejects.toBeInstanceOf(DnsLookupFailed);
  });

  it('pins the address it checked, resolved by the resolver it is given', async () => {
    const answers = [[{ address: '93.184.216.34', family: 4 as const }]];
    const target = await resolveDeliverable('https://hooks.example/x', false, async () =>
      answers.shift()!,
    );
    expect(target.pinned).toEqual({ address: '93.184.216.34', family: 4 });
    expect(target.url.hostname).toBe('hooks.example');
  });

  it('refuses a host with any private address among its answers, and keeps IPv4 first', async () => {
    await expect(
      resolveDeliverable('https://mixed.example/x', false, async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]),
    ).rejects.toMatchObject({ status: 400, code: 'url_not_allowed' });
    const both = await resolveDeliverable('https://dual.example/x', false, async () => [
      { address: '2606:4700:4700::1111', family: 6 },
      { address: '1.1.1.1', family: 4 },
    ]);
    expect(both.pinned).toEqual({ address: '1.1.1.1', family: 4 });
  });

  it('goes by name, unresolved, only where private URLs are allowed and no resolver is set', async () => {
    expect((await resolveDeliverable('http://localhost:9/x', true)).pinned).toBeUndefined();
    await expect(
      resolveDeliverable('http://nowhere.invalid/x', false, async () => {
        throw new Error('NXDOMAIN');
      }),
    ).rejects.toBeInstanceOf(DnsLookupFailed);
  });
});
