import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustodyClient } from '@custody/sdk';
import { useSession } from '../session/session';

/** The signed-in client of the API. */
export function useClient(): CustodyClient {
  return useSession().client;
}

/** A change through the API that refreshes every list and record once it is done. */
export function useChange<A, R>(run: (client: CustodyClient, args: A) => Promise<R>) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => run(client, args),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
