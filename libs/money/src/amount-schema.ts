import { z } from 'zod';
import { AMOUNT_PATTERN, canonical, decimalPlaces, isZero } from './decimal';

/**
 * Request schema for an amount: a JSON string in plain decimal notation, rendered canonically.
 * `maxDecimals` is the asset's precision when the schema knows it; services check again against
 * the asset they load.
 */
export function amountSchema(options: { allowZero?: boolean; maxDecimals?: number } = {}) {
  return z
    .string()
    .max(80, 'At most 80 characters')
    .regex(AMOUNT_PATTERN, 'Must be a decimal number in plain notation, e.g. "12.5"')
    .transform((value) => canonical(value))
    .refine((value) => options.allowZero || !isZero(value), 'Must be greater than zero')
    .refine(
      (value) => options.maxDecimals === undefined || decimalPlaces(value) <= options.maxDecimals,
      `Has more decimal places than allowed`,
    )
    .meta({ description: 'Decimal amount as a string', example: '12.5' });
}
