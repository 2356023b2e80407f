import type { CatalogAsset } from '@custody/contracts';
import { checkEmpty, walletAsset } from './wallets.rules';

const stamp = '2026-01-01T00:00:00.000Z';
const asset = (id: string, chain: CatalogAsset['chain']): CatalogAsset => ({
  id,
  name: id.toUpperCase(),
  symbol: id.toUpperCase(),
  createdAt: stamp,
  updatedAt: stamp,
  chain,
  network: 'mainnet',
  chainId: null,
  decimals: 8,
  contractAddress: null,
  buyEnabled: true,
  sellEnabled: true,
});

describe('walletAsset', () => {
  it('opens wallets on the chains the signing service derives keys for', () => {
    const eth = asset('eth', 'evm');
    expect(walletAsset('eth', eth)).toEqual({ asset: eth, chain: 'evm' });
    expect(walletAsset('qubic', asset('qubic', 'qubic')).chain).toBe('qubic');
  });

  it('refuses an asset the catalog does not have with 400 unknown_asset', () => {
    expect(() => walletAsset('doge', undefined)).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'unknown_asset',
        message: 'Unknown assetId doge.',
      }),
    );
  });

  it('refuses an asset of a chain without a signer with 400 unsupported_asset', () => {
    expect(() => walletAsset('btc', asset('btc', 'bitcoin'))).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'unsupported_asset',
        message: 'Wallets of BTC are not supported yet.',
      }),
    );
  });
});

describe('checkEmpty', () => {
  const notEmpty = expect.objectContaining({ status: 403, code: 'wallet_not_empty' });

  it('lets an empty wallet go, also with a scale SQL left (`0.0`), or one without an account', () => {
    expect(() => checkEmpty({ balance: '0', availableBalance: '0' })).not.toThrow();
    expect(() => checkEmpty({ balance: '0.0', availableBalance: '0' })).not.toThrow();
    expect(() => checkEmpty(undefined)).not.toThrow();
  });

  it('keeps a wallet with funds, to the smallest unit', () => {
    expect(() =>
      checkEmpty({ balance: '0.000000000000000001', availableBalance: '0.000000000000000001' }),
    ).toThrow(notEmpty);
  });

  it('keeps a wallet whose available balance is not its balance (an open hold)', () => {
    expect(() => checkEmpty({ balance: '0', availableBalance: '-0.5' })).toThrow(notEmpty);
  });
});
