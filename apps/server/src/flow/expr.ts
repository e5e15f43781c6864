/**
 * A small, safe evaluator for the JUEL subset Flowable-authored BPMN uses in conditions and assignee
 * expressions: `${pass}`, `${!pass}`, `${days > 3}`, `${a && (b || c)}`, `${x eq 'y'}`, `${empty list}`.
 *
 * Grammar (a tokenizer and a recursive-descent parser; nothing is ever handed to eval/new Function):
 *   expr     := ternary
 *   ternary  := or ('?' ternary ':' ternary)?
 *   or       := and (('||' | 'or') and)*
 *   and      := equality (('&&' | 'and') equality)*
 *   equality := relation (('==' | '!=' | 'eq' | 'ne') relation)*
 *   relation := additive (('<' | '>' | '<=' | '>=' | 'lt' | 'gt' | 'le' | 'ge') additive)*
 *   additive := multiply (('+' | '-') multiply)*
 *   multiply := unary (('*' | '/' | '%' | 'div' | 'mod') unary)*
 *   unary    := ('!' | 'not' | '-' | 'empty') unary | primary
 *   primary  := number | string | 'true' | 'false' | 'null' | path | '(' expr ')'
 *   path     := identifier ('.' identifier)*
 * Variables are read as own properties of plain objects only, so `constructor`, `__proto__` and the
 * like resolve to nothing. An unknown variable is an error (as in Flowable), not a silent false.
 */

export class ExpressionError extends Error {}

type Node =
  | { t: 'lit'; v: unknown }
  | { t: 'path'; names: string[] }
  | { t: 'un'; op: '!' | '-' | 'empty'; e: Node }
  | { t: 'bin'; op: string; l: Node; r: Node }
  | { t: 'cond'; c: Node; a: Node; b: Node };

type Token =
  | { k: 'num'; v: number }
  | { k: 'str'; v: string }
  | { k: 'id'; v: string }
  | { k: 'op'; v: string }
  | { k: 'end' };

const WORD_OPS: Record<string, string> = {
  and: '&&',
  or: '||',
  not: '!',
  eq: '==',
  ne: '!=',
  lt: '<',
  gt: '>',
  le: '<=',
  ge: '>=',
  div: '/',
  mod: '%',
  empty: 'empty',
};
const SYMBOLS = [
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '(',
  ')',
  '?',
  ':',
  '.',
];

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(src.slice(i))!;
      out.push({ k: 'num', v: Number(m[0]) });
      i += m[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) j++;
        s += src[j];
        j++;
      }
      if (j >= src.length) throw new ExpressionError('字符串缺少结束引号');
      out.push({ k: 'str', v: s });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_$\u4e00-\u9fa5]/.test(c)) {
      const m = /^[A-Za-z_$\u4e00-\u9fa5][A-Za-z0-9_$\u4e00-\u9fa5]*/.exec(src.slice(i))!;
      const word = m[0];
      if (Object.hasOwn(WORD_OPS, word)) out.push({ k: 'op', v: WORD_OPS[word]! });
      else out.push({ k: 'id', v: word });
      i += word.length;
      continue;
    }
    const sym = SYMBOLS.find((s) => src.startsWith(s, i));
    if (!sym) throw new ExpressionError(`无法识别的字符: ${c}`);
    out.push({ k: 'op', v: sym });
    i += sym.length;
  }
  out.push({ k: 'end' });
  return out;
}

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.pos]!;
  }
  private isOp(...ops: string[]): string | undefined {
    const t = this.peek();
    return t.k === 'op' && ops.includes(t.v) ? t.v : undefined;
  }
  private expect(op: string) {
    if (!this.isOp(op)) throw new ExpressionError(`缺少 ${op}`);
    this.pos++;
  }

  parseAll(): Node {
    const n = this.ternary();
    if (this.peek().k !== 'end') throw new ExpressionError('表达式末尾有多余内容');
    return n;
  }
  private ternary(): Node {
    const c = this.binary(0);
    if (this.isOp('?')) {
      this.pos++;
      const a = this.ternary();
      this.expect(':');
      const b = this.ternary();
      return { t: 'cond', c, a, b };
    }
    return c;
  }
  private static readonly LEVELS = [
    ['||'],
    ['&&'],
    ['==', '!='],
    ['<', '>', '<=', '>='],
    ['+', '-'],
    ['*', '/', '%'],
  ];
  private binary(level: number): Node {
    if (level >= Parser.LEVELS.length) return this.unary();
    let l = this.binary(level + 1);
    for (let op = this.isOp(...Parser.LEVELS[level]!); op; op = this.isOp(...Parser.LEVELS[level]!)) {
      this.pos++;
      l = { t: 'bin', op, l, r: this.binary(level + 1) };
    }
    return l;
  }
  private unary(): Node {
    const op = this.isOp('!', '-', 'empty');
    if (op) {
      this.pos++;
      return { t: 'un', op: op as '!' | '-' | 'empty', e: this.unary() };
    }
    return this.primary();
  }
  private primary(): Node {
    const t = this.peek();
    if (t.k === 'num' || t.k === 'str') {
      this.pos++;
      return { t: 'lit', v: t.v };
    }
    if (t.k === 'id') {
      this.pos++;
      if (t.v === 'true' || t.v === 'false') return { t: 'lit', v: t.v === 'true' };
      if (t.v === 'null') return { t: 'lit', v: null };
      const names = [t.v];
      while (this.isOp('.')) {
        this.pos++;
        const n = this.peek();
        if (n.k !== 'id') throw new ExpressionError('属性名格式不正确');
        if (this.tokens[this.pos + 1]?.k === 'op' && (this.tokens[this.pos + 1] as { v: string }).v === '(')
          throw new ExpressionError('不支持方法调用');
        names.push(n.v);
        this.pos++;
      }
      if (this.isOp('(')) throw new ExpressionError('不支持方法调用');
      return { t: 'path', names };
    }
    if (this.isOp('(')) {
      this.pos++;
      const e = this.ternary();
      this.expect(')');
      return e;
    }
    throw new ExpressionError(t.k === 'end' ? '表达式不完整' : '表达式格式不正确');
  }
}

export type Variables = Record<string, unknown>;

/** A parsed expression: `${...}` / `#{...}` parts and literal text. */
export interface Compiled {
  source: string;
  parts: (string | Node)[];
}

/** Parses a value that is an expression (`${...}`) or literal text with embedded expressions. */
export function compileExpression(source: string): Compiled {
  const parts: (string | Node)[] = [];
  let i = 0;
  while (i < source.length) {
    const start = source.slice(i).search(/[$#]\{/);
    if (start < 0) {
      parts.push(source.slice(i));
      break;
    }
    if (start > 0) parts.push(source.slice(i, i + start));
    const open = i + start + 2;
    // Find the closing brace outside string literals.
    let j = open;
    let quote: string | undefined;
    for (; j < source.length; j++) {
      const c = source[j]!;
      if (quote) {
        if (c === '\\') j++;
        else if (c === quote) quote = undefined;
      } else if (c === "'" || c === '"') quote = c;
      else if (c === '}') break;
    }
    if (j >= source.length) throw new ExpressionError('表达式缺少结束的 }');
    parts.push(new Parser(tokenize(source.slice(open, j))).parseAll());
    i = j + 1;
  }
  return { source, parts };
}

function lookup(vars: Variables, names: string[]): unknown {
  let cur: unknown = vars;
  for (let k = 0; k < names.length; k++) {
    const name = names[k]!;
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur) || !Object.hasOwn(cur, name)) {
      if (k === 0) throw new ExpressionError(`表达式引用了未定义的变量: ${name}`);
      return null;
    }
    cur = (cur as Record<string, unknown>)[name];
  }
  return cur;
}

const toNumber = (v: unknown): number => {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null || v === undefined || v === '') return 0;
  const n = Number(v);
  if (Number.isNaN(n)) throw new ExpressionError(`无法把 ${String(v)} 转换为数字`);
  return n;
};
const toBool = (v: unknown): boolean => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return v === 'true';
  if (v === null || v === undefined) return false;
  throw new ExpressionError(`无法把 ${String(v)} 转换为布尔值`);
};
const isNumeric = (v: unknown) =>
  typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)));

function equals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (typeof a === 'boolean' || typeof b === 'boolean') return toBool(a) === toBool(b);
  if ((typeof a === 'number' || typeof b === 'number') && isNumeric(a) && isNumeric(b))
    return toNumber(a) === toNumber(b);
  return String(a) === String(b);
}

function compare(op: string, a: unknown, b: unknown): boolean {
  const numeric = isNumeric(a) && isNumeric(b) && (typeof a === 'number' || typeof b === 'number');
  const x = numeric ? toNumber(a) : typeof a === 'string' ? a : toNumber(a);
  const y = numeric ? toNumber(b) : typeof b === 'string' ? b : toNumber(b);
  if (op === '<') return x < y;
  if (op === '>') return x > y;
  if (op === '<=') return x <= y;
  return x >= y;
}

function evalNode(n: Node, vars: Variables): unknown {
  switch (n.t) {
    case 'lit':
      return n.v;
    case 'path':
      return lookup(vars, n.names);
    case 'un': {
      if (n.op === 'empty') {
        let v: unknown;
        try {
          v = evalNode(n.e, vars);
        } catch (e) {
          if (e instanceof ExpressionError && n.e.t === 'path') return true;
          throw e;
        }
        if (v === null || v === undefined || v === '') return true;
        if (Array.isArray(v)) return v.length === 0;
        if (typeof v === 'object') return Object.keys(v).length === 0;
        return false;
      }
      const v = evalNode(n.e, vars);
      return n.op === '!' ? !toBool(v) : -toNumber(v);
    }
    case 'cond':
      return toBool(evalNode(n.c, vars)) ? evalNode(n.a, vars) : evalNode(n.b, vars);
    case 'bin': {
      if (n.op === '&&') return toBool(evalNode(n.l, vars)) && toBool(evalNode(n.r, vars));
      if (n.op === '||') return toBool(evalNode(n.l, vars)) || toBool(evalNode(n.r, vars));
      const a = evalNode(n.l, vars);
      const b = evalNode(n.r, vars);
      switch (n.op) {
        case '==':
          return equals(a, b);
        case '!=':
          return !equals(a, b);
        case '<':
        case '>':
        case '<=':
        case '>=':
          return compare(n.op, a, b);
        case '+':
          if (typeof a === 'string' || typeof b === 'string') {
            if (isNumeric(a) && isNumeric(b)) return toNumber(a) + toNumber(b);
            return `${String(a ?? '')}${String(b ?? '')}`;
          }
          return toNumber(a) + toNumber(b);
        case '-':
          return toNumber(a) - toNumber(b);
        case '*':
          return toNumber(a) * toNumber(b);
        case '/': {
          const d = toNumber(b);
          if (d === 0) throw new ExpressionError('除数不能为0');
          return toNumber(a) / d;
        }
        case '%': {
          const d = toNumber(b);
          if (d === 0) throw new ExpressionError('除数不能为0');
          return toNumber(a) % d;
        }
      }
    }
  }
  throw new ExpressionError('表达式格式不正确');
}

/** Evaluates a compiled value: a lone `${expr}` yields the expression's value, mixed text a string. */
export function evaluate(c: Compiled, vars: Variables): unknown {
  if (c.parts.length === 1 && typeof c.parts[0] !== 'string') return evalNode(c.parts[0]!, vars);
  return c.parts.map((p) => (typeof p === 'string' ? p : String(evalNode(p, vars) ?? ''))).join('');
}

/** Evaluates a condition; the result must be a boolean (or 'true'/'false'). */
export function evaluateCondition(c: Compiled, vars: Variables): boolean {
  return toBool(evaluate(c, vars));
}

/** Convenience for one-off use (tests, tools). */
export const evalExpression = (source: string, vars: Variables): unknown =>
  evaluate(compileExpression(source), vars);
