import { useState } from 'react';
import type { LensClient } from '../../../shared/api/lens-client';
import type { ProfileCheck, ProfileState } from '../../../shared/settings-state';

/** What loading or forgetting a profile did, as a message key of the Settings screen. */
export type ProfileOutcome = 'profile_loaded' | 'profile_forgotten';

/**
 * The profile file being chosen, checked and loaded: `choose` reads the picked file and checks it
 * (valid, and the graph's mismatches); `load` keeps it (or forgets the kept one with null) and hands
 * the new state to `onChanged`. Nothing is loaded that was not checked first.
 */
export function useProfileFile(client: LensClient, onChanged: (state: ProfileState) => void) {
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [check, setCheck] = useState<ProfileCheck | null>(null);
  const [busy, setBusy] = useState<'checking' | 'saving' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<ProfileOutcome | null>(null);

  const choose = async (picked: File | undefined) => {
    setCheck(null);
    setDone(null);
    setError(null);
    if (!picked) return setFile(null);
    setBusy('checking');
    try {
      const content = await picked.text();
      setFile({ name: picked.name, content });
      setCheck(await client['profile.validate']({ content, file_name: picked.name }));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };
  const load = async (content: string | null, outcome: ProfileOutcome) => {
    setBusy('saving');
    setError(null);
    try {
      onChanged(await client['profile.load']({ content, ...(file && content !== null ? { file_name: file.name } : {}) }));
      setDone(outcome);
      setFile(null);
      setCheck(null);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };
  return { file, check, busy, error, done, choose, load };
}
