/** The Paxman version, recorded in every artifact and checked on replay (same major). */
export const PAXMAN_VERSION = '0.1.0';
