import { describe, expect, it } from 'vitest';
import type { ProviderState } from '../../shared/api/lens-api';
import { IMPLEMENTED_MODES } from '../../shared/context-contract';
import { modeChoices, providerAvailability } from '../../renderer/app/provider-mode';

// Text2Cypher usable, so only provider's availability decides here (chat-mode.test.ts covers text2cypher).
const chatOn = { usable: true, model: 'stub-chat' } as const;

const secrets = { can_store: false, note: 'browser mode keeps no secrets' };
const state = (value: ProviderState | null, extra: { loading?: boolean; error?: unknown } = {}) => ({
  value,
  loading: extra.loading ?? false,
  error: extra.error ?? null,
});
const disabled = (availability: ReturnType<typeof providerAvailability>) =>
  modeChoices(IMPLEMENTED_MODES, availability, chatOn)
    .filter((choice) => choice.disabled)
    .map((choice) => choice.mode);

describe('mode provider in the mode pickers', () => {
  it('is usable once an endpoint is configured, and then every mode is enabled', () => {
    const availability = providerAvailability(
      state({ endpoint: { url: 'http://127.0.0.1:9/context', has_token: false, source: 'saved' }, problem: null, secrets }),
    );
    expect(availability).toEqual({ usable: true, url: 'http://127.0.0.1:9/context' });
    expect(disabled(availability)).toEqual([]);
  });

  it('is listed but disabled, with the reason, when no endpoint is configured', () => {
    const availability = providerAvailability(state({ endpoint: null, problem: null, secrets }));
    expect(availability).toEqual({ usable: false, reason: 'provider_not_configured' });
    expect(disabled(availability)).toEqual(['provider']);
    expect(modeChoices(IMPLEMENTED_MODES, availability, chatOn).map((choice) => choice.mode)).toEqual([...IMPLEMENTED_MODES]);
  });

  it('carries the problem of a malformed setting as its reason', () => {
    const availability = providerAvailability(state({ endpoint: null, problem: 'LENS_PROVIDER_URL: not an http URL', secrets }));
    expect(availability).toEqual({ usable: false, reason: 'provider_misconfigured', problem: 'LENS_PROVIDER_URL: not an http URL' });
    expect(disabled(availability)).toEqual(['provider']);
  });

  it('is disabled while the setting is being read, and when it could not be read', () => {
    expect(providerAvailability(state(null, { loading: true }))).toEqual({ usable: false, reason: 'provider_checking' });
    expect(providerAvailability(state(null, { error: new Error('down') }))).toEqual({ usable: false, reason: 'provider_unreadable' });
  });
});
