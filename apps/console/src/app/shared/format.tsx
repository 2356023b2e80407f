import { Code, Loader, Text } from '@mantine/core';

const local = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A date in the viewer's zone; its UTC form on hover (and for screen readers, as dateTime). */
export function When({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <Text span>—</Text>;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <Text span>{iso}</Text>;
  return (
    <time dateTime={iso} title={`${date.toISOString().replace('T', ' ').replace('Z', ' UTC')}`}>
      {local.format(date)}
    </time>
  );
}

/** An amount exactly as the API wrote it: a decimal string, never through a float. */
export function Amount({
  value,
  unit,
}: {
  value: string | null | undefined;
  unit?: string | null;
}) {
  if (value === null || value === undefined) return <Text span>—</Text>;
  return (
    <Text span ff="monospace" data-amount={value}>
      {value}
      {unit ? ` ${unit}` : ''}
    </Text>
  );
}

/** An identifier, in full and copyable by selection. */
export function Id({ value }: { value: string | null | undefined }) {
  return value ? <Code>{value}</Code> : <Text span>—</Text>;
}

/** A spinner that says what it is: a status region named "Loading". */
export function Loading() {
  return <Loader role="status" aria-label="Loading" />;
}

/**
 * Wei (per gas) in gwei, as operators read fees: the API's decimal string with its point moved,
 * never through a float; the exact wei on hover.
 */
export function Gwei({ wei }: { wei: string }) {
  const digits = wei.replace(/^0+(?=\d)/, '').padStart(10, '0');
  const fraction = digits.slice(-9).replace(/0+$/, '');
  const gwei = fraction ? `${digits.slice(0, -9)}.${fraction}` : digits.slice(0, -9);
  return (
    <Text span ff="monospace" data-wei={wei} title={`${wei} wei`}>
      {gwei} gwei
    </Text>
  );
}
