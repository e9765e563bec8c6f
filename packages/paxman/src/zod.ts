/**
 * `paxman/zod`: what a Zod contract needs from Paxman — `money()`, the schema for an amount
 * with its currency, and `contractToZod` to turn any adapted contract into a Zod schema.
 * A subpath of its own so that `paxman`'s main entry needs no `zod` (an optional peer).
 */
export { money, contractToZod, type MoneyOptions, type MoneySchema } from '@paxman/contract/zod';
