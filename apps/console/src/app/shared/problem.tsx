import { Alert, List } from '@mantine/core';
import { CustodyError } from '@custody/sdk';

/** An API error as its problem says: the message, the stable code and any field errors. */
export function ProblemAlert({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const custody = error instanceof CustodyError ? error : undefined;
  return (
    <Alert color="red" title={title ?? 'The request failed'} role="alert">
      {custody ? `${custody.message} (${custody.code})` : String(error)}
      {custody && custody.errors.length > 0 && (
        <List size="sm">
          {custody.errors.map((e) => (
            <List.Item key={`${e.path}:${e.message}`}>
              {e.path}: {e.message}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
