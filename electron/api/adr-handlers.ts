import { adrHistory, exportAdrMarks, listAdrsNow, markAdr, unmarkAdr, type AdrServices } from '../adr/adr-marking';
import { markActor } from '../adr/mark-actor';
import type { ServiceHub } from '../services/service-hub';
import type { LensHandlers } from './api-dispatch';

/** The stale-ADR operations of the handler table. */
export function adrHandlers(hub: ServiceHub): Pick<LensHandlers, 'adr.list' | 'adr.mark' | 'adr.unmark' | 'adr.history' | 'adr.export'> {
  const services = (): AdrServices => {
    const opened = hub.services();
    return {
      gateway: opened.gateway,
      profile: opened.deps.profile,
      store: opened.store,
      actor: () => markActor(hub.environment()),
      now: () => new Date(),
    };
  };
  return {
    'adr.list': async (input) => listAdrsNow(services(), input),
    'adr.mark': async (input) => markAdr(services(), input),
    'adr.unmark': async (input) => unmarkAdr(services(), input),
    'adr.history': async (input) => adrHistory(services(), input),
    'adr.export': async ({ format }) => exportAdrMarks(services(), format),
  };
}
