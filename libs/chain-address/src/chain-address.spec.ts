import { isValidAddress } from './index';

describe('isValidAddress', () => {
  it('accepts EVM addresses in lower case or with a correct checksum', async () => {
    expect(await isValidAddress('evm', '0x000000000000000000000000000000000000beef')).toBe(true);
    expect(await isValidAddress('evm', '0x000000000000000000000000000000000000bEEF')).toBe(true);
  });

  it('rejects malformed EVM addresses and wrong checksums', async () => {
    expect(await isValidAddress('evm', '0x1234')).toBe(false);
    expect(await isValidAddress('evm', '0x00000000000000000000000000000000000c0FFE')).toBe(false);
    expect(await isValidAddress('evm', 'A'.repeat(60))).toBe(false);
  });

  it('checks Qubic identities with their checksum', async () => {
    expect(
      await isValidAddress('qubic', 'BZBQFLLBNCXEMGLOBHUVFTLUPLVCPQUASSILFABOFFBCADQSSUPNWLZBQEXK'),
    ).toBe(true);
    expect(await isValidAddress('qubic', 'B'.repeat(60))).toBe(false);
    expect(await isValidAddress('qubic', '0x000000000000000000000000000000000000beef')).toBe(false);
  });

  it('knows no other chain yet', async () => {
    expect(await isValidAddress('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(
      false,
    );
  });
});
