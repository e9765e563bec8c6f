/** @paxman/input-profile — `makeProfile`: the five-field profile of the raw input (seed 000). */
export { InputType, type InputProfile } from './input-profile.js';
