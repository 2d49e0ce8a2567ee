import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../../api';
import { RenderTimeContext } from '../../lib/use-now';
import { Registration } from './register-page';
import type { RegisterIslandProps } from './register-reads';

/**
 * /register served as an island: the wizard with a query client of its own, holding the reads the
 * server rendered it from. Moving on from it (the confirmation, a team page, home) is a page load.
 */
export function RegisterIsland({ reads, renderedAt }: RegisterIslandProps) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    for (const [key, data] of reads) client.setQueryData(key, data);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <RenderTimeContext value={renderedAt}>
        <Registration />
      </RenderTimeContext>
    </QueryClientProvider>
  );
}
