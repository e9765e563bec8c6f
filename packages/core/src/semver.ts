/**
 * Semver for capability versions (`MAJOR.MINOR.PATCH[-pre][+build]`): validation and a
 * total order. The capability registry uses it to find the latest version of an id and
 * the planner to pick it, independent of registration order.
 */
import { compareStrings } from './evidence.js';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** True for a valid semantic version string. */
export function isSemver(version: unknown): version is string {
  return typeof version === 'string' && SEMVER.test(version);
}

/**
 * Total order on version strings: semver precedence for valid versions (a pre-release
 * sorts before its release), valid before invalid, and code-unit order as the last tie
 * break so the order is total and deterministic.
 * @example compareVersions('1.10.0', '1.9.2') // > 0
 */
export function compareVersions(left: string, right: string): number {
  const leftMatch = SEMVER.exec(left);
  const rightMatch = SEMVER.exec(right);
  if (leftMatch && !rightMatch) return 1;
  if (!leftMatch && rightMatch) return -1;
  if (leftMatch && rightMatch) {
    for (let index = 1; index <= 3; index += 1) {
      const difference = Number(leftMatch[index]) - Number(rightMatch[index]);
      if (difference !== 0) return difference;
    }
    const leftPre = leftMatch[4];
    const rightPre = rightMatch[4];
    if (leftPre === undefined && rightPre !== undefined) return 1;
    if (leftPre !== undefined && rightPre === undefined) return -1;
    if (leftPre !== undefined && rightPre !== undefined && leftPre !== rightPre) return comparePreRelease(leftPre, rightPre);
  }
  return compareStrings(left, right);
}

function comparePreRelease(left: string, right: string): number {
  const leftParts = left.split('.');
  const rightParts = right.split('.');
  for (let index = 0; index < Math.max(leftParts.length, rightParts.length); index += 1) {
    const leftPart = leftParts[index];
    const rightPart = rightParts[index];
    if (leftPart === undefined) return -1;
    if (rightPart === undefined) return 1;
    const leftNumeric = /^\d+$/.test(leftPart);
    const rightNumeric = /^\d+$/.test(rightPart);
    if (leftNumeric && rightNumeric) {
      const difference = Number(leftPart) - Number(rightPart);
      if (difference !== 0) return difference;
    } else if (leftNumeric !== rightNumeric) {
      return leftNumeric ? -1 : 1;
    } else {
      const order = compareStrings(leftPart, rightPart);
      if (order !== 0) return order;
    }
  }
  return 0;
}
