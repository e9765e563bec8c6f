/** @paxman/input-profile — see README.md. */
export {};
