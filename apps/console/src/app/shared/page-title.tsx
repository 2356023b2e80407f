import { Title } from '@mantine/core';

/** A page's heading (one h1 per page). */
export function PageTitle({ children }: { children: string }) {
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
