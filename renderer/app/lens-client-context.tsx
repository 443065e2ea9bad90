import { createContext, useContext, type ReactNode } from 'react';
import type { LensClient } from '../../shared/api/lens-client';

const Context = createContext<LensClient | null>(null);

/** Gives every screen the API client of the door the page was loaded through. */
export function LensClientProvider({ client, children }: { client: LensClient; children: ReactNode }) {
  return <Context.Provider value={client}>{children}</Context.Provider>;
}

/** The API client; screens never know whether it speaks IPC or HTTP. */
export function useLensClient(): LensClient {
  const client = useContext(Context);
  if (!client) throw new Error('useLensClient is used outside LensClientProvider');
  return client;
}
