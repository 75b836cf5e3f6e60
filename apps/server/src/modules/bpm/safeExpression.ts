/**
 * `${...}` expressions of BPMN models (conditions, assignees, collections, completion conditions)
 * evaluated without running JavaScript: bpmn-engine's own script conditions run in `node:vm`, which is
 * not a sandbox. The language is JUEL's small core: literals, variable paths (`a.b.c`), comparisons
 * (`== != < <= > >=` and `eq ne lt le gt ge`), `&& || !` (`and or not`), arithmetic and parentheses.
 * There are no calls, no indexing and no access to anything but the variables given.
 */

type Node =
  | { kind: 'literal'; value: unknown }
  | { kind: 'path'; names: string[] }
  | { kind: 'not' | 'negate'; operand: Node }
  | { kind: 'binary'; operator: string; left: Node; right: Node };

export class ExpressionError extends Error {}

const wordOperators: Record<string, string> = { and: '&&', or: '||', not: '!', eq: '==', ne: '!=', lt: '<', le: '<=', gt: '>', ge: '>=' };
const symbols = ['===', '!==', '==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '+', '-', '*', '/', '%', '(', ')'];
const precedence: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '===': 3,
  '!==': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  '%': 6,
};

type Token = { type: 'number' | 'string' | 'name' | 'symbol'; text: string; value?: unknown };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const rest = source.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) {
      at += space[0].length;
      continue;
    }
    const number = /^\d+(\.\d+)?/.exec(rest);
    if (number) {
      tokens.push({ type: 'number', text: number[0], value: Number(number[0]) });
      at += number[0].length;
      continue;
    }
    const quote = rest[0];
    if (quote === "'" || quote === '"') {
      const end = rest.indexOf(quote, 1);
      if (end < 0) throw new ExpressionError('unterminated string');
      tokens.push({ type: 'string', text: rest.slice(0, end + 1), value: rest.slice(1, end) });
      at += end + 1;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(rest);
    if (name) {
      const word = Object.hasOwn(wordOperators, name[0]) ? wordOperators[name[0]] : undefined;
      tokens.push(word ? { type: 'symbol', text: word } : { type: 'name', text: name[0] });
      at += name[0].length;
      continue;
    }
    const symbol = symbols.find((candidate) => rest.startsWith(candidate));
    if (!symbol) throw new ExpressionError(`unexpected "${rest[0]}"`);
    tokens.push({ type: 'symbol', text: symbol });
    at += symbol.length;
  }
  return tokens;
}

/** Precedence climbing over the tokens; throws ExpressionError on anything outside the language. */
/** Bounds on an expression's nesting and length: parsing and evaluating recurse, a deep one would overflow the stack. */
const maxNesting = 50;
const maxTokens = 1000;

function parse(source: string): Node {
  const tokens = tokenize(source);
  if (tokens.length > maxTokens) throw new ExpressionError('too long');
  let position = 0;
  let depth = 0;
  const peek = () => tokens[position];
  const primary = (): Node => {
    depth++;
    try {
      return nested();
    } finally {
      depth--;
    }
  };
  const nested = (): Node => {
    if (depth > maxNesting) throw new ExpressionError('nested too deeply');
    const token = tokens[position++];
    if (!token) throw new ExpressionError('unexpected end');
    if (token.type === 'number' || token.type === 'string') return { kind: 'literal', value: token.value };
    if (token.type === 'name') {
      if (token.text === 'true' || token.text === 'false') return { kind: 'literal', value: token.text === 'true' };
      if (token.text === 'null') return { kind: 'literal', value: null };
      if (peek()?.text === '(') throw new ExpressionError('calls are not allowed');
      return { kind: 'path', names: token.text.split('.') };
    }
    if (token.text === '!') return { kind: 'not', operand: primary() };
    if (token.text === '-') return { kind: 'negate', operand: primary() };
    if (token.text === '(') {
      const inner = binary(0);
      if (tokens[position++]?.text !== ')') throw new ExpressionError('missing )');
      return inner;
    }
    throw new ExpressionError(`unexpected "${token.text}"`);
  };
  const binary = (minimum: number): Node => {
    let left = primary();
    for (;;) {
      const operator = peek();
      const level = operator?.type === 'symbol' ? precedence[operator.text] : undefined;
      if (!operator || level === undefined || level <= minimum) return left;
      position++;
      left = { kind: 'binary', operator: operator.text, left, right: binary(level) };
    }
  };
  const tree = binary(0);
  if (position < tokens.length) throw new ExpressionError(`unexpected "${tokens[position]?.text}"`);
  return tree;
}

/** A variable's value by its path; only own properties, so no prototype (`constructor`, `__proto__`) is reachable. */
export type Lookup = (names: string[]) => unknown;

export function pathIn(root: unknown, names: string[]): unknown {
  let value = root;
  for (const name of names) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, name)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

function evaluateNode(node: Node, lookup: Lookup): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'path':
      return lookup(node.names);
    case 'not':
      return !evaluateNode(node.operand, lookup);
    case 'negate':
      return -Number(evaluateNode(node.operand, lookup));
    case 'binary': {
      if (node.operator === '&&') return Boolean(evaluateNode(node.left, lookup)) && Boolean(evaluateNode(node.right, lookup));
      if (node.operator === '||') return Boolean(evaluateNode(node.left, lookup)) || Boolean(evaluateNode(node.right, lookup));
      const left = evaluateNode(node.left, lookup) as number;
      const right = evaluateNode(node.right, lookup) as number;
      switch (node.operator) {
        // JUEL compares loosely: a number sent as text in a form still equals the number.
        case '==':
        case '===':
          // biome-ignore lint/suspicious/noDoubleEquals: JUEL's == coerces, as Camunda users expect.
          return left == right;
        case '!=':
        case '!==':
          // biome-ignore lint/suspicious/noDoubleEquals: as above.
          return left != right;
        case '<':
          return left < right;
        case '<=':
          return left <= right;
        case '>':
          return left > right;
        case '>=':
          return left >= right;
        case '+':
          return typeof left === 'string' || typeof right === 'string' ? `${left}${right}` : Number(left) + Number(right);
        case '-':
          return Number(left) - Number(right);
        case '*':
          return Number(left) * Number(right);
        case '/':
          return Number(left) / Number(right);
        default:
          return Number(left) % Number(right);
      }
    }
  }
}

const whole = /^\$\{([^}]*)\}$/;
const embedded = /\$\{([^}]*)\}/g;

/** Every `${...}` in a text, parsed; throws ExpressionError naming the first that is outside the language. */
export function checkExpressions(text: string): void {
  for (const match of text.matchAll(embedded)) parse(match[1] as string);
}

export const isExpression = (text: unknown): boolean => typeof text === 'string' && whole.test(text);
export const hasExpression = (text: unknown): boolean => typeof text === 'string' && /\$\{[^}]*\}/.test(text);

/** A whole `${...}` answers its value; text with expressions inside answers the text with them filled in. */
export function resolveTemplate(text: string, lookup: Lookup): unknown {
  const alone = whole.exec(text);
  if (alone) return evaluateNode(parse(alone[1] as string), lookup);
  return text.replace(embedded, (_, body: string) => {
    const value = evaluateNode(parse(body), lookup);
    return value === undefined || value === null ? '' : String(value);
  });
}
