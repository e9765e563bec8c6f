/**
 * Scoring of ARRAY fields, apart from the scalar scores (`../shared/eval/README.md`, "ARRAY
 * fields"): predicted items are paired one to one with expected items, order ignored; a
 * pair needs at least one equal key member (STRING members and members whose name holds
 * `amount`, `total` or `price`), and pairs with more equal members are taken first. From
 * the pairs: item precision and recall, exact items, per-member precision and recall (an
 * unpaired item counts its members as wrong or missing), count accuracy, exact documents,
 * and the calibration of the array's confidence against "exact document". Pure functions.
 */
import { valuesEqual } from './compare.mjs';
import { readClaim } from './score.mjs';

/** The item shape of each ARRAY field of a Dict DSL contract: `{ scalar: type }` or `{ members: { name: type } }`. */
export function arrayShapesOf(contract) {
  const shapes = {};
  for (const field of contract.fields ?? []) {
    if (field.type !== 'ARRAY') continue;
    if (Array.isArray(field.fields) && field.fields.length > 0) shapes[field.name] = { members: Object.fromEntries(field.fields.map((member) => [member.name, member.type])) };
    else shapes[field.name] = { scalar: field.items?.type ?? 'STRING' };
  }
  return shapes;
}

const SCALAR_MEMBER = '(item)';

/** A member takes part in pairing when it is a STRING or names an amount, a total or a price. */
function isKeyMember(name, type) {
  return name === SCALAR_MEMBER || type === 'STRING' || /amount|total|price/i.test(name);
}

/** The scored members of one expected item: `[{ name, type, expected }]` (null members are not scored). */
function expectedMembers(shape, item) {
  if (shape.scalar !== undefined) return [{ name: SCALAR_MEMBER, type: shape.scalar, expected: item }];
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return [];
  return Object.entries(item)
    .filter(([name, value]) => shape.members[name] !== undefined && value !== null && value !== undefined)
    .map(([name, expected]) => ({ name, type: shape.members[name], expected }));
}

function predictedMember(shape, item, name) {
  if (shape.scalar !== undefined) return item;
  return item !== null && typeof item === 'object' && !Array.isArray(item) ? (item[name] ?? null) : null;
}

/** Members a predicted item states (for counting an unpaired prediction's members as wrong). */
function statedMembers(shape, item) {
  if (shape.scalar !== undefined) return item === null || item === undefined ? [] : [SCALAR_MEMBER];
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return [];
  return Object.keys(item).filter((name) => shape.members[name] !== undefined && item[name] !== null && item[name] !== undefined);
}

/**
 * Pairs predicted with expected items, one to one: among the pairs with an equal key member,
 * the ones with most equal members first, ties by expected then predicted position.
 */
export function pairItems(shape, predicted, expected) {
  const options = [];
  expected.forEach((expectedItem, expectedIndex) => {
    const members = expectedMembers(shape, expectedItem);
    predicted.forEach((predictedItem, predictedIndex) => {
      let equal = 0;
      let keyEqual = false;
      for (const member of members) {
        if (!valuesEqual(member.type, predictedMember(shape, predictedItem, member.name), member.expected)) continue;
        equal += 1;
        keyEqual ||= isKeyMember(member.name, member.type);
      }
      if (keyEqual) options.push({ expectedIndex, predictedIndex, equal });
    });
  });
  options.sort((left, right) => right.equal - left.equal || left.expectedIndex - right.expectedIndex || left.predictedIndex - right.predictedIndex);
  const usedExpected = new Set();
  const usedPredicted = new Set();
  const pairs = [];
  for (const option of options) {
    if (usedExpected.has(option.expectedIndex) || usedPredicted.has(option.predictedIndex)) continue;
    usedExpected.add(option.expectedIndex);
    usedPredicted.add(option.predictedIndex);
    pairs.push(option);
  }
  return pairs.sort((left, right) => left.expectedIndex - right.expectedIndex);
}

/**
 * Scores the ARRAY fields of one case. A missing key in `expected` is not scored; null or
 * `[]` means the document has no items. A prediction that is not a list counts as no items.
 * @returns {{ field, expectedItems, predictedItems, pairs, exactItems, members: { [name]: { tp, fp, fn } }, countRight, exactDocument, confidence, predicted }[]}
 */
export function scoreArrays({ artifact, expected, shapes }) {
  const results = [];
  for (const [field, shape] of Object.entries(shapes)) {
    if (!(field in expected)) continue;
    const expectedItems = Array.isArray(expected[field]) ? expected[field] : [];
    const claim = artifact ? readClaim(artifact, field) : { resolved: false, value: null, confidence: null };
    const predictedItems = claim.resolved && Array.isArray(claim.value) ? claim.value : [];
    const pairs = pairItems(shape, predictedItems, expectedItems);
    const members = {};
    const tally = (name) => (members[name] ??= { tp: 0, fp: 0, fn: 0 });
    let exactItems = 0;
    const pairedPredicted = new Set(pairs.map((pair) => pair.predictedIndex));
    const pairedExpected = new Set(pairs.map((pair) => pair.expectedIndex));
    for (const pair of pairs) {
      const predictedItem = predictedItems[pair.predictedIndex];
      let exact = true;
      for (const member of expectedMembers(shape, expectedItems[pair.expectedIndex])) {
        const value = predictedMember(shape, predictedItem, member.name);
        if (valuesEqual(member.type, value, member.expected)) tally(member.name).tp += 1;
        else {
          exact = false;
          if (value === null || value === undefined) tally(member.name).fn += 1;
          else tally(member.name).fp += 1;
        }
      }
      if (exact) exactItems += 1;
    }
    predictedItems.forEach((item, index) => {
      if (!pairedPredicted.has(index)) for (const name of statedMembers(shape, item)) tally(name).fp += 1;
    });
    expectedItems.forEach((item, index) => {
      if (!pairedExpected.has(index)) for (const member of expectedMembers(shape, item)) tally(member.name).fn += 1;
    });
    results.push({
      field,
      expectedItems: expectedItems.length,
      predictedItems: predictedItems.length,
      pairs: pairs.length,
      exactItems,
      members,
      countRight: predictedItems.length === expectedItems.length,
      exactDocument: exactItems === expectedItems.length && predictedItems.length === expectedItems.length,
      confidence: claim.resolved ? claim.confidence : null,
      predicted: claim.resolved,
    });
  }
  return results;
}

const ratio = (numerator, denominator) => (denominator === 0 ? 0 : numerator / denominator);

/** Totals of one array field over the cases of a corpus (`scores` from `scoreArrays`). */
export function summarizeArrays(scores) {
  const fields = [...new Set(scores.map((score) => score.field))].sort();
  return fields.map((field) => {
    const own = scores.filter((score) => score.field === field);
    const sum = (key) => own.reduce((total, score) => total + score[key], 0);
    const expectedItems = sum('expectedItems');
    const predictedItems = sum('predictedItems');
    const pairs = sum('pairs');
    const exactItems = sum('exactItems');
    const memberNames = [...new Set(own.flatMap((score) => Object.keys(score.members)))].sort();
    const members = memberNames.map((name) => {
      const tp = own.reduce((total, score) => total + (score.members[name]?.tp ?? 0), 0);
      const fp = own.reduce((total, score) => total + (score.members[name]?.fp ?? 0), 0);
      const fn = own.reduce((total, score) => total + (score.members[name]?.fn ?? 0), 0);
      return { name, tp, fp, fn, precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) };
    });
    const withConfidence = own.filter((score) => score.predicted && typeof score.confidence === 'number');
    return {
      field,
      cases: own.length,
      expectedItems,
      predictedItems,
      pairs,
      exactItems,
      precision: ratio(pairs, predictedItems),
      recall: ratio(pairs, expectedItems),
      exactness: ratio(exactItems, pairs),
      countAccuracy: ratio(own.filter((score) => score.countRight).length, own.length),
      exactDocuments: own.filter((score) => score.exactDocument).length,
      members,
      calibration: withConfidence.map((score) => ({ confidence: score.confidence, right: score.exactDocument })),
    };
  });
}
