import { isLensError, type LensError } from '../../shared/lens-error';

/** The LensError `run` throws; fails the test when it throws something else or nothing. */
export function errorOf(run: () => unknown): LensError {
  try {
    run();
  } catch (error) {
    if (isLensError(error)) return error;
    throw error;
  }
  throw new Error('expected a LensError, but nothing was thrown');
}

/** The LensError `promise` rejects with; fails the test when it rejects with something else or resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<LensError> {
  try {
    await promise;
  } catch (error) {
    if (isLensError(error)) return error;
    throw error;
  }
  throw new Error('expected a LensError, but the call succeeded');
}
