import { isPrimitiveName, type StructField, type TypeNode } from './type-tree';

/**
 * Parses a documentation type string into a TypeNode.
 *
 * Grammar (docs/interface.md, Types):
 *   types   := type (',' type)*                -- two or more: the values a call returns at once
 *   type    := union '?'?                      -- `?` makes the whole union nullable
 *   union   := primary ('|' primary)*          -- only string literals may be joined by `|`
 *   primary := name | string | '[' type ']' | '{' entries? '}' | '(' type ')'
 *   name    := integer | float | string | bool | function | vecN(f|i) | matNxM(f|i)
 *   entries := entry (',' entry)*
 *   entry   := string ':' type                 -- a structure field
 *            | type ':' type                   -- a map (the only entry), key an enumeration, string or integer
 * A `{...}` with one entry whose key is a single string literal is a structure with one field;
 * a key that is a union of literals or a named type makes a map.
 */
export function parseType(source: string): TypeNode {
  return new TypeParser(source).parseAll();
}

/**
 * parseType for a type string an application wrote: one that cannot be read is `any` (any value
 * fits it), nullable when it ends in `?`, so that a valid call is never an error for a type the
 * grammar does not know, and an optional parameter stays optional.
 */
export function parseTypeOrAny(source: string): TypeNode {
  try {
    return parseType(source);
  } catch (error) {
    if (!(error instanceof TypeSyntaxError)) throw error;
    const any: TypeNode = { kind: 'any', source };
    return source.trim().endsWith('?') ? { kind: 'nullable', inner: any } : any;
  }
}

export class TypeSyntaxError extends Error {
  constructor(
    message: string,
    readonly source: string,
    readonly offset: number,
  ) {
    super(`${message} at column ${offset + 1} of type ${JSON.stringify(source)}`);
    this.name = 'TypeSyntaxError';
  }
}

const cache = new Map<string, TypeNode>();

/** parseType with memoisation: catalogue types are parsed once per process. */
export function parseTypeCached(source: string): TypeNode {
  let node = cache.get(source);
  if (!node) {
    node = parseType(source);
    cache.set(source, node);
  }
  return node;
}

class TypeParser {
  private pos = 0;

  constructor(private readonly src: string) {}

  parseAll(): TypeNode {
    const items = [this.type()];
    this.skipSpace();
    while (this.peek() === ',') {
      this.pos++;
      items.push(this.type());
      this.skipSpace();
    }
    if (this.pos < this.src.length) this.fail(`unexpected ${JSON.stringify(this.src[this.pos])}`);
    return items.length === 1 ? items[0] : { kind: 'tuple', items };
  }

  private type(): TypeNode {
    const union = this.union();
    this.skipSpace();
    if (this.peek() === '?') {
      this.pos++;
      return { kind: 'nullable', inner: union };
    }
    return union;
  }

  private union(): TypeNode {
    const start = this.pos;
    const first = this.primary();
    this.skipSpace();
    if (this.peek() !== '|') return first;
    const values = [this.literalOf(first, start)];
    while (this.peek() === '|') {
      this.pos++;
      this.skipSpace();
      const at = this.pos;
      values.push(this.literalOf(this.primary(), at));
      this.skipSpace();
    }
    const seen = new Set<string>();
    for (const v of values) {
      if (seen.has(v)) this.fail(`duplicate enumeration value ${JSON.stringify(v)}`, start);
      seen.add(v);
    }
    return { kind: 'enum', values };
  }

  private literalOf(node: TypeNode, at: number): string {
    if (node.kind !== 'enum' || node.values.length !== 1) this.fail('only string literals can be joined with "|"', at);
    return node.values[0];
  }

  private primary(): TypeNode {
    this.skipSpace();
    const c = this.peek();
    if (c === '"') return { kind: 'enum', values: [this.string()] };
    if (c === '[') {
      this.pos++;
      const element = this.type();
      this.expect(']');
      return { kind: 'array', element };
    }
    if (c === '(') {
      this.pos++;
      const inner = this.type();
      this.expect(')');
      return inner;
    }
    if (c === '{') return this.braces();
    if (c !== undefined && /[a-z_]/i.test(c)) {
      const start = this.pos;
      while (this.pos < this.src.length && /[a-z0-9_]/i.test(this.src[this.pos])) this.pos++;
      const name = this.src.slice(start, this.pos);
      if (!isPrimitiveName(name)) this.fail(`unknown type name ${JSON.stringify(name)}`, start);
      return { kind: 'primitive', name };
    }
    return this.fail(c === undefined ? 'unexpected end' : `unexpected ${JSON.stringify(c)}`);
  }

  private braces(): TypeNode {
    this.expect('{');
    this.skipSpace();
    if (this.peek() === '}') {
      this.pos++;
      return { kind: 'struct', fields: [] };
    }
    const keyStart = this.pos;
    const key = this.union();
    this.expect(':');
    const value = this.type();
    this.skipSpace();
    const singleLiteral = key.kind === 'enum' && key.values.length === 1;
    if (!singleLiteral) {
      if (key.kind !== 'enum' && !(key.kind === 'primitive' && (key.name === 'string' || key.name === 'integer'))) {
        this.fail('a map key must be string, integer or an enumeration', keyStart);
      }
      this.expect('}');
      return { kind: 'map', key, value };
    }
    const fields: StructField[] = [{ name: (key as { values: string[] }).values[0], type: value }];
    while (this.peek() === ',') {
      this.pos++;
      this.skipSpace();
      const at = this.pos;
      const name = this.string();
      if (fields.some((f) => f.name === name)) this.fail(`duplicate field ${JSON.stringify(name)}`, at);
      this.expect(':');
      fields.push({ name, type: this.type() });
      this.skipSpace();
    }
    this.expect('}');
    return { kind: 'struct', fields };
  }

  private string(): string {
    this.skipSpace();
    const start = this.pos;
    if (this.peek() !== '"') this.fail('expected a string literal');
    this.pos++;
    while (this.pos < this.src.length && this.src[this.pos] !== '"') {
      if (this.src[this.pos] === '\\') this.pos++;
      this.pos++;
    }
    if (this.pos >= this.src.length) this.fail('unterminated string literal', start);
    this.pos++;
    return JSON.parse(this.src.slice(start, this.pos)) as string;
  }

  private expect(ch: string): void {
    this.skipSpace();
    if (this.peek() !== ch) this.fail(`expected ${JSON.stringify(ch)}`);
    this.pos++;
  }

  private peek(): string | undefined {
    return this.src[this.pos];
  }

  private skipSpace(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos])) this.pos++;
  }

  private fail(message: string, at = this.pos): never {
    throw new TypeSyntaxError(message, this.src, at);
  }
}
