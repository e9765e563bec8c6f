/**
 * The artifact format version. It is recorded in every artifact and covered by the
 * replay hash; `replay` refuses an artifact whose format has a different major version,
 * because it could not be read (or hashed) the same way.
 */

/** Bumped (major) whenever the artifact JSON or its hash composition changes incompatibly. */
export const ARTIFACT_VERSION = '2.0.0';
