/**
 * The invoice relations `derived` knows without being told, found by recognising the
 * contract's fields through their names, labels and the business lexicon:
 * total = subtotal + tax (+ shipping − discount), subtotal = total − tax (…),
 * tax = total − subtotal (…), and subtotal = sum of line amounts when the contract has one
 * array of line items with an amount member (used when total or tax is not a field). A relation is offered only when every field it needs is a
 * top-level MONEY or DECIMAL field of the contract, and each role maps to one field.
 */
import type { CanonicalContract, CanonicalField } from '@paxman/contract';
import { defaultLexicon, labelsForField, type Lexicon } from '@paxman/values';

/** A built-in relation for one field, as an expression over the contract's paths. */
export interface BuiltInRelation {
  readonly name: string;
  readonly expression: string;
  /** Operands taken as zero when unresolved (a discount or shipping line the document does not print). */
  readonly optionalFields: readonly string[];
}

type Role = 'total' | 'subtotal' | 'tax' | 'discount' | 'shipping';
const ROLES: readonly Role[] = ['total', 'subtotal', 'tax', 'discount', 'shipping'];

function roleOf(field: CanonicalField, lexicon: Lexicon): Role | null {
  if (field.type !== 'MONEY' && field.type !== 'DECIMAL') return null;
  if (field.path.includes('[]') || field.path.includes('.')) return null;
  const concepts = labelsForField(field, lexicon).concepts;
  const roles = ROLES.filter((role) => concepts.includes(role));
  return roles.length === 1 ? roles[0]! : null;
}

/** `items[].amount` when the contract has exactly one array of objects with one line-amount member. */
function lineAmounts(contract: CanonicalContract, lexicon: Lexicon): string | null {
  const found: string[] = [];
  for (const field of contract.fields) {
    if (field.type !== 'ARRAY' || field.itemType !== 'OBJECT') continue;
    const amounts = field.fields.filter((member) => (member.type === 'MONEY' || member.type === 'DECIMAL') && labelsForField(member, lexicon).concepts.includes('line-amount'));
    if (amounts.length === 1) found.push(`${field.path}[].${amounts[0]!.name}`);
  }
  return found.length === 1 ? found[0]! : null;
}

/** The built-in relation that computes `field` from other fields of `contract`, or null. */
export function builtInRelation(field: CanonicalField, contract: CanonicalContract, lexicon: Lexicon = defaultLexicon()): BuiltInRelation | null {
  const role = roleOf(field, lexicon);
  if (role === null || role === 'discount' || role === 'shipping') return null;
  const byRole = new Map<Role, string[]>();
  for (const other of contract.fields) {
    const otherRole = roleOf(other, lexicon);
    if (otherRole === null) continue;
    byRole.set(otherRole, [...(byRole.get(otherRole) ?? []), other.path]);
  }
  const single = (wanted: Role): string | null => {
    const paths = byRole.get(wanted) ?? [];
    return paths.length === 1 ? paths[0]! : null;
  };
  if ((byRole.get(role) ?? []).length !== 1) return null;
  const total = single('total');
  const subtotal = single('subtotal');
  const tax = single('tax');
  const discount = single('discount');
  const shipping = single('shipping');
  const extras = `${shipping ? ` + ${shipping}` : ''}${discount ? ` - ${discount}` : ''}`;
  const optionalFields = [shipping, discount].filter((path): path is string => path !== null);
  const inverseExtras = `${shipping ? ` - ${shipping}` : ''}${discount ? ` + ${discount}` : ''}`;
  if (role === 'total' && subtotal && tax) return { name: 'total = subtotal + tax (+ shipping − discount)', expression: `${subtotal} + ${tax}${extras}`, optionalFields };
  if (role === 'subtotal' && total && tax) return { name: 'subtotal = total − tax (− shipping + discount)', expression: `${total} - ${tax}${inverseExtras}`, optionalFields };
  if (role === 'subtotal' && lineAmounts(contract, lexicon)) return { name: 'subtotal = sum of line amounts', expression: `sum(${lineAmounts(contract, lexicon)})`, optionalFields: [] };
  if (role === 'tax' && total && subtotal) return { name: 'tax = total − subtotal (− shipping + discount)', expression: `${total} - ${subtotal}${inverseExtras}`, optionalFields };
  return null;
}
