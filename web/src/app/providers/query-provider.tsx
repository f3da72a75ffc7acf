import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './query-client';

/**
 * The server-state cache of the signed-in pages. It lives as long as the layout that mounts it, so
 * signing out (which unmounts that layout) drops one learner's courses before another signs in, and
 * the library stays out of the first bundle: only the lazy layout loads it.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
