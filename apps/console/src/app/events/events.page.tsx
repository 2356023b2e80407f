import { Code } from '@mantine/core';
import { useState } from 'react';
import type { ListItem, V1Paths } from '@custody/sdk';
import { Filters } from '../shared/filters';
import { Id, When } from '../shared/format';
import { fetchPage, type Query } from '../shared/lists';
import { PageTitle } from '../shared/page-title';
import { PagedTable } from '../shared/paged-table';
import { useClient } from '../shared/use-api';

type FeedEvent = ListItem<V1Paths, '/events'>;

/**
 * The event feed (`GET /v1/events`): every event of the tenant (an admin's: every tenant's) in
 * the order they happened, oldest kept first, page after page along the feed's cursor. The last
 * page's Next stays: the feed gives its cursor back to poll, and new events come after it.
 */
export function EventsPage() {
  const client = useClient();
  const [filters, setFilters] = useState<Query>({});
  return (
    <>
      <PageTitle>Events</PageTitle>
      <Filters
        label="Event filters"
        onApply={setFilters}
        fields={[{ name: 'types', label: 'Types (comma-separated)' }]}
      />
      <PagedTable<FeedEvent>
        caption="Events, oldest first"
        queryKey={['events', filters]}
        load={(page) => fetchPage(client, '/events', {}, { ...filters, ...page })}
        rowKey={(e) => e.id}
        pageSizes={[50, 100]}
        columns={[
          { header: 'When', cell: (e) => <When iso={e.createdAt} /> },
          { header: 'Event', cell: (e) => e.event },
          {
            header: 'Data',
            cell: (e) => (
              <Code block tabIndex={0} mah={160}>
                {JSON.stringify(e.data, null, 2)}
              </Code>
            ),
          },
          { header: 'Id', cell: (e) => <Id value={e.id} /> },
        ]}
      />
    </>
  );
}
