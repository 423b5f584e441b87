import { Code, RESERVED_WORDS } from './script-literals';

/** A variable of the script that holds an object's identifier; a segment's knows its skeleton's key. */
interface Known {
  variable: string;
  skeleton?: string;
}

/**
 * The variables of one recorded action: each object looked up once (two calls naming it at the same
 * time share the look-up), each variable named after its object and never used for two. No `vscode` import.
 */
export class ScriptNames {
  private readonly used: Set<string>;
  private readonly looking = new Map<string, Promise<Known | undefined>>();
  private readonly known = new Map<string, Known>();

  constructor(taken: readonly string[]) {
    this.used = new Set([...RESERVED_WORDS, ...taken]);
  }

  /** The key of an object: what it is, where (a skeleton's source), and its identifier. */
  static key(named: string, source: string | undefined, id: number): string {
    return `${named} ${source ?? ''} ${id}`;
  }

  /** The variable of an object, made by `lookUp` the first time; the identifier itself where it could not be. */
  async variableFor(key: string, id: number, lookUp: () => Promise<Known | undefined>): Promise<Code | number> {
    const known = this.known.get(key);
    if (known) return new Code(known.variable);
    let looking = this.looking.get(key);
    if (!looking) {
      looking = lookUp();
      this.looking.set(key, looking);
      const found = await looking;
      if (found && this.looking.get(key) === looking) this.known.set(key, found);
    }
    const found = await looking;
    return found ? new Code(found.variable) : id;
  }

  know(key: string, known: Known): void {
    this.known.set(key, known);
    this.looking.set(key, Promise.resolve(known));
  }

  /** A variable named after an object ("LeftFoot": left_foot), that no other object of the action has. */
  fresh(name: string, named: string): string {
    let base = name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '');
    if (base === '') base = named;
    else if (/^[0-9]/.test(base)) base = `${named}_${base}`;
    else if (RESERVED_WORDS.has(base)) base = `${base}_${named}`;
    let variable = base;
    for (let n = 2; this.used.has(variable); n++) variable = `${base}_${n}`;
    this.used.add(variable);
    return variable;
  }

  /** The skeleton key of the segment a variable holds. */
  skeletonOf(variable: string): string | undefined {
    return [...this.known.values()].find((k) => k.variable === variable)?.skeleton;
  }

  forget(key: string): void {
    this.known.delete(key);
    this.looking.delete(key);
  }

  /** A skeleton and every segment of it. */
  forgetSkeleton(key: string): void {
    this.forget(key);
    for (const [other, known] of this.known) if (known.skeleton === key) this.forget(other);
  }

  /** The segments of a deleted segment's skeleton (its descendants are gone too; which they are is not known). */
  forgetSegmentsBeside(key: string): void {
    const skeleton = this.known.get(key)?.skeleton;
    if (!skeleton) return this.forgetAll('segment', key.split(' ')[1]);
    this.forget(key);
    for (const [other, known] of this.known) if (known.skeleton === skeleton) this.forget(other);
  }

  /** Every object of a kind (in a source). */
  forgetAll(named: string, source: string | undefined): void {
    const prefix = `${named} ${source ?? ''} `;
    for (const key of [...this.looking.keys(), ...this.known.keys()]) if (key.startsWith(prefix)) this.forget(key);
  }
}
