import { z } from 'zod';
import { AccessPolicy, defaultAccessPolicy } from './acl/access-policy';
import { codedError } from './coded-error';
import { storeError } from './errors/store-error-messages';
import { issueProblem } from './errors/zod-problem';
import { DEFAULT_SCHEMA_PROFILE, SchemaProfile } from './schema-profile';

/**
 * A graph's profile as a user supplies it (JSON): where the graph keeps things, and the access
 * policy over those properties. Without an access policy, the default rule over the profile's
 * property names applies.
 */
export const LensProfile = z
  .object({
    schema: SchemaProfile,
    access_policy: AccessPolicy.optional(),
  })
  .strict();
export type LensProfile = z.infer<typeof LensProfile>;

/** A profile with its access policy filled in. */
export interface ResolvedProfile {
  readonly schema: SchemaProfile;
  readonly accessPolicy: AccessPolicy;
}

/** The default profile: the demo graph's schema and DESIGN.md's default access rule. */
export const DEFAULT_PROFILE: ResolvedProfile = {
  schema: DEFAULT_SCHEMA_PROFILE,
  accessPolicy: defaultAccessPolicy(DEFAULT_SCHEMA_PROFILE),
};

/** Validates a profile; every problem is named with its path so the user can fix the JSON. */
export function parseLensProfile(input: unknown, source: string): ResolvedProfile {
  const parsed = LensProfile.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => {
      const field = issue.path.join('.') || '(root)';
      const problem = [issueProblem(issue)];
      // A name the profile gives that is no plain identifier is quoted, so the user sees which value is meant.
      return issue.code === 'invalid_format' && typeof issue.input === 'string'
        ? storeError('profile_problem_value', { field, value: issue.input, problem })
        : storeError('profile_problem', { field, problem });
    });
    throw codedError('invalid_input', storeError('profile_invalid', { source, problems }), { hint: storeError('profile_invalid_hint') });
  }
  return { schema: parsed.data.schema, accessPolicy: parsed.data.access_policy ?? defaultAccessPolicy(parsed.data.schema) };
}
