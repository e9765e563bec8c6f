/** The planner's version, recorded in every plan; replay checks it. */

/** Bumped when the same inputs could produce a different plan. */
export const PLANNER_VERSION = '1.0.0';
