import { describe, expect, it } from 'vitest';
import { TraceStore } from '../../../electron/trace-store/trace-store';
import { traceStorePath } from '../../../electron/trace-store/trace-store-location';
import { useSettingsDoor } from '../../support/settings-door';

describe('UI preferences: language and theme are each saved on their own', () => {
  const { door, home } = useSettingsDoor();

  it('keeps Korean when the theme is changed afterwards, also after a restart', async () => {
    const call = door();
    await call('settings.set', { language: 'ko' });
    expect(await call('settings.set', { theme: 'dark' })).toEqual({ ok: true, value: { language: 'ko', theme: 'dark' } });
    const restarted = door();
    expect(await restarted('settings.get', {})).toEqual({ ok: true, value: { language: 'ko', theme: 'dark' } });
  });

  it('keeps the theme when the language is changed afterwards', async () => {
    const call = door();
    await call('settings.set', { theme: 'dark' });
    await call('settings.set', { language: 'ko' });
    await call('settings.set', { language: 'en' });
    expect(await call('settings.get', {})).toEqual({ ok: true, value: { language: 'en', theme: 'dark' } });
  });

  it('a second window changing the theme does not put back the language it loaded with', async () => {
    // Two windows on one store (the desktop app and a browser-mode tab): both read English first.
    const first = door();
    const second = door();
    await first('settings.get', {});
    await second('settings.get', {});
    await first('settings.set', { language: 'ko' });
    await second('settings.set', { theme: 'dark' });
    expect(await door()('settings.get', {})).toEqual({ ok: true, value: { language: 'ko', theme: 'dark' } });
  });

  it('reads the preferences a store saved before they were split (both under the key ui)', async () => {
    const store = TraceStore.open(traceStorePath(home()));
    store.setSetting('ui', { language: 'ko', theme: 'dark' });
    store.close();
    const call = door();
    expect(await call('settings.get', {})).toEqual({ ok: true, value: { language: 'ko', theme: 'dark' } });
    expect(await call('settings.set', { theme: 'light' })).toEqual({ ok: true, value: { language: 'ko', theme: 'light' } });
  });

  it('answers the defaults (English, light) before anything was saved', async () => {
    expect(await door()('settings.get', {})).toEqual({ ok: true, value: { language: 'en', theme: 'light' } });
  });
});
