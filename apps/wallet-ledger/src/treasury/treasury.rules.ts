import { AppError } from '@custody/errors';
import { compare, sub } from '@custody/money';

/**
 * What the house may owe (docs/decisions/purchases.md, "What the house may owe"), with no I/O:
 * the treasury may go negative (the house sells crypto it sources later), never below
 * −`maxShort`. A sale (the treasury grows) is never refused; no bound (null) refuses nothing.
 */
export function assertTreasuryCovers(
  treasuryBalance: string,
  outgoing: string,
  maxShort: string | null,
): void {
  if (maxShort === null) return;
  const after = sub(treasuryBalance, outgoing);
  if (compare(after, `-${maxShort}`) < 0 && compare(after, treasuryBalance) < 0)
    throw new AppError(
      409,
      'treasury_insufficient',
      'The house may not owe more of this asset: the purchase would take its treasury past the limit an admin set.',
      { details: { treasuryBalance, maxShort } },
    );
}
