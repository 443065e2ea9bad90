import path from 'node:path';
import { REPO_ROOT } from './test-env';

/** The folder of loader edge cases (test/fixtures/loader-edge-cases/README.md says what each file is for). */
export const EDGE_CASES = path.join(REPO_ROOT, 'test', 'fixtures', 'loader-edge-cases');

/** How reading EDGE_CASES leaves out its PNG named image.md: skipped as binary, with its codes. */
export const PNG_SKIPPED = {
  file: 'image.md',
  reason: 'binary',
  message: 'image.md: starts like a PNG image; skipped as binary.',
  message_code: 'demo_load:skip_binary',
  message_params: {
    file: 'image.md',
    why: [{ code: 'demo_load:binary_signature', params: { format: [{ code: 'demo_load:format_png', params: {} }] } }],
  },
} as const;
