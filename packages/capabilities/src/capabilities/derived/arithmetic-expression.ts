/**
 * A tiny, safe arithmetic language for derived relations: field paths, decimal numbers,
 * `+ - *`, unary minus and parentheses (`subtotal + tax_amount - discount`). Parsed by
 * recursive descent into a JSON tree (stored in the step config) and evaluated with
 * decimals; never `eval`.
 */
import { InvalidContractError, type JsonValue } from '@paxman/core';

/** An expression tree; plain JSON so it can live in a plan. */
export type ExpressionNode =
  | { readonly field: string }
  | { readonly number: string }
  | { readonly op: '+' | '-' | '*'; readonly left: ExpressionNode; readonly right: ExpressionNode }
  | { readonly negate: ExpressionNode }
  /** `sum(line_items[].amount)`: the sum of one member over the items of an array field. */
  | { readonly sum: string; readonly member: string };

const TOKEN = /\s*(?:([A-Za-z_][A-Za-z0-9_]*(?:\[\])?(?:\.[A-Za-z_][A-Za-z0-9_]*(?:\[\])?)*)|(\d+(?:\.\d+)?)|([-+*()]))/y;

type Token = { readonly kind: 'field' | 'number' | 'symbol'; readonly text: string };

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  const text = expression.trimEnd();
  let position = 0;
  while (position < text.length) {
    TOKEN.lastIndex = position;
    const match = TOKEN.exec(text);
    if (!match) throw invalid(expression, `unexpected character at ${position}`);
    position = TOKEN.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: 'field', text: match[1] });
    else if (match[2] !== undefined) tokens.push({ kind: 'number', text: match[2] });
    else tokens.push({ kind: 'symbol', text: match[3]! });
  }
  return tokens;
}

function invalid(expression: string, reason: string): InvalidContractError {
  return new InvalidContractError(`Derived expression ${JSON.stringify(expression)} is invalid: ${reason}.`, { code: 'INVALID_FIELD', context: { expression, reason } });
}

/**
 * Parses an expression. Throws `InvalidContractError` (`INVALID_FIELD`) when it is not
 * arithmetic over field paths.
 *
 * @example
 * parseExpression('subtotal + tax'); // { op: '+', left: { field: 'subtotal' }, right: { field: 'tax' } }
 */
export function parseExpression(expression: string): ExpressionNode {
  const tokens = tokenize(expression);
  if (tokens.length > 200) throw invalid(expression, 'too long');
  let position = 0;
  const peek = (): Token | undefined => tokens[position];
  const sum = (): ExpressionNode => {
    let node = product();
    while (peek()?.text === '+' || peek()?.text === '-') {
      const op = tokens[position++]!.text as '+' | '-';
      node = { op, left: node, right: product() };
    }
    return node;
  };
  const product = (): ExpressionNode => {
    let node = unary();
    while (peek()?.text === '*') {
      position += 1;
      node = { op: '*', left: node, right: unary() };
    }
    return node;
  };
  let depth = 0;
  const unary = (): ExpressionNode => {
    const token = tokens[position++];
    if (!token) throw invalid(expression, 'ends early');
    if (token.text === '-') return { negate: unary() };
    if (token.text === '(') {
      depth += 1;
      if (depth > 32) throw invalid(expression, 'nested too deeply');
      const inner = sum();
      if (tokens[position++]?.text !== ')') throw invalid(expression, 'unbalanced parentheses');
      depth -= 1;
      return inner;
    }
    if (token.kind === 'field' && token.text === 'sum' && tokens[position]?.text === '(') {
      const argument = tokens[position + 1];
      const match = argument?.kind === 'field' ? /^(.+)\[\]\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(argument.text) : null;
      if (!match || tokens[position + 2]?.text !== ')') throw invalid(expression, 'sum() takes one path of the form items[].member');
      position += 3;
      return { sum: match[1]!, member: match[2]! };
    }
    if (token.kind === 'field') return { field: token.text };
    if (token.kind === 'number') return { number: token.text };
    throw invalid(expression, `unexpected "${token.text}"`);
  };
  const tree = sum();
  if (position !== tokens.length) throw invalid(expression, `unexpected "${tokens[position]!.text}"`);
  return tree;
}

/** Field paths an expression refers to, in first-use order. */
export function expressionFields(node: ExpressionNode): string[] {
  const fields: string[] = [];
  const visit = (current: ExpressionNode): void => {
    if ('field' in current) {
      if (!fields.includes(current.field)) fields.push(current.field);
    } else if ('sum' in current) {
      if (!fields.includes(current.sum)) fields.push(current.sum);
    } else if ('op' in current) {
      visit(current.left);
      visit(current.right);
    } else if ('negate' in current) visit(current.negate);
  };
  visit(node);
  return fields;
}

/** Prints an expression tree back as text (for evidence `detail.relation`); parses back to the same tree. */
export function formatExpression(node: ExpressionNode): string {
  if ('field' in node) return node.field;
  if ('number' in node) return node.number;
  if ('sum' in node) return `sum(${node.sum}[].${node.member})`;
  if ('negate' in node) return `-${'field' in node.negate || 'number' in node.negate ? formatExpression(node.negate) : `(${formatExpression(node.negate)})`}`;
  // Left-associative: a left operand needs parentheses only when it binds looser (a sum
  // under "*"); a right operand whenever it is itself an operation of equal or looser binding.
  if (!('op' in node)) return '';
  const left = 'op' in node.left && node.op === '*' && node.left.op !== '*' ? `(${formatExpression(node.left)})` : formatExpression(node.left);
  const right = 'op' in node.right ? `(${formatExpression(node.right)})` : formatExpression(node.right);
  return `${left} ${node.op} ${right}`;
}

/** An expression tree as a JSON value for a step config. */
export function expressionToJson(node: ExpressionNode): JsonValue {
  return node as unknown as JsonValue;
}
