/** @paxman/artifact — see README.md. */
export {};
