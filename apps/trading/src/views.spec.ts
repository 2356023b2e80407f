import type { AssetRow, RateRow } from './schema';
import { rateView } from './views';

const at = new Date('2024-05-01T12:00:00.000Z');
const asset: AssetRow = {
  id: 'eth-sepolia',
  name: 'Ether',
  symbol: 'ETH',
  chain: 'evm',
  network: 'sepolia',
  chainId: '11155111',
  decimals: 18,
  contractAddress: null,
  buyEnabled: true,
  sellEnabled: true,
  coingeckoId: 'ethereum',
  exchangeSymbol: null,
  createdAt: at,
  updatedAt: at,
};
const rate: RateRow = {
  id: '01900000-0000-7000-8000-000000000001',
  assetId: asset.id,
  fiatPrice: '2500.123456789012345678',
  fiatCurrency: 'EUR',
  type: 'fixed',
  side: null,
  createdAt: at,
  updatedAt: at,
};

describe('rate view', () => {
  it('is fresh up to the maximum age inclusive, stale one millisecond after', () => {
    const maxAgeMs = 60_000;
    expect(rateView(rate, asset, maxAgeMs, at.getTime()).stale).toBe(false);
    expect(rateView(rate, asset, maxAgeMs, at.getTime() + maxAgeMs).stale).toBe(false);
    expect(rateView(rate, asset, maxAgeMs, at.getTime() + maxAgeMs + 1).stale).toBe(true);
  });

  it('shows the price as a JSON number and names the asset, side only when there is one', () => {
    expect(rateView(rate, asset, 60_000, at.getTime())).toEqual({
      id: rate.id,
      createdAt: '2024-05-01T12:00:00.000Z',
      updatedAt: '2024-05-01T12:00:00.000Z',
      asset: {
        id: 'eth-sepolia',
        createdAt: '2024-05-01T12:00:00.000Z',
        updatedAt: '2024-05-01T12:00:00.000Z',
        name: 'Ether',
        symbol: 'ETH',
      },
      // The nearest double: digits beyond it are lost here (purchases use the stored string).
      fiatPrice: 2500.1234567890124,
      fiatCurrency: 'EUR',
      type: 'fixed',
      stale: false,
    });
    expect(rateView({ ...rate, side: 'buy' }, asset, 60_000, at.getTime()).side).toBe('buy');
  });
});
