/**
 * paxman — the facade: `normalize`, `replay`, `createPaxman` and the curated public
 * types. It wires the layers together and holds no pipeline logic of its own.
 */
export { PAXMAN_VERSION } from './version.js';
export { makeProfile, InputType, type InputProfile } from '@paxman/input-profile';
