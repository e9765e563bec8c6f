/** @paxman/inference — see README.md. */
export {};
