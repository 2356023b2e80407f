import { Code, Table } from '@mantine/core';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Every field of a record as the API returned it, in a two-column table. */
export function RecordTable({ caption, record }: { caption: string; record: object }) {
  return (
    <Table withTableBorder variant="vertical" layout="fixed">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Tbody>
        {Object.entries(record).map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th scope="row" w={240}>
              {key}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {typeof value === 'object' && value !== null ? (
                <Code block tabIndex={0}>
                  {JSON.stringify(value, null, 2)}
                </Code>
              ) : (
                show(value)
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
