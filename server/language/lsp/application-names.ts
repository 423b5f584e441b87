import { findOperation } from '../../../src/api/catalogue';
import type { MotionClient } from '../../../src/api/client/motion-client';
import type { KnownValue, LiveNames, NamesQuery } from '../service/live-names';

interface Entry {
  /** A list of names, or one object's name. */
  value: unknown;
  /** When the last fetch settled (performance.now()); 0 before. */
  at: number;
  loading: boolean;
}

/** A list longer than this is not fetched: a name's absence from it would take too many reads to tell. */
const MAX_NAMES = 2_000;
/** Queries remembered at once (scripts name a few sources and skeletons; typing makes new ones). */
const MAX_ENTRIES = 200;

/**
 * An operation's arguments from a scope's values, by parameter name; undefined when the script
 * leaves one open (a variable) or it names nothing now (find_skeleton gave null).
 */
function argumentsFrom(scope: Map<string, unknown>, parameters: { name: string }[]): unknown[] | undefined {
  const args = parameters.map((p) => scope.get(p.name));
  return args.some((a) => a === undefined || a === null) ? undefined : args;
}

/**
 * The names the connected application has now, fetched behind the requests that ask: an answer
 * comes from what was fetched last (undefined the first time, or when the application did not
 * answer), and a stale one starts a new fetch. `onChange` is told when a fetch changed an answer,
 * so diagnostics can be published again.
 */
export class ApplicationNames implements LiveNames {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly options: {
      client: () => MotionClient;
      onChange: () => void;
      /** How long fetched names are used without asking again (default 3 s). */
      freshForMs?: number;
    },
  ) {}

  names(query: NamesQuery): readonly string[] | undefined {
    return this.cached(JSON.stringify(query), () => this.fetch(query)) as readonly string[] | undefined;
  }

  nameOf(query: NamesQuery, id: number): string | null | undefined {
    return this.cached(JSON.stringify({ query, id }), () => this.fetchName(query, id)) as string | null | undefined;
  }

  /** Forgets every answer (another application, or its state is known to have changed). */
  clear(): void {
    this.entries.clear();
  }

  /** What was fetched last under `key` (undefined the first time); a stale answer starts a new fetch. */
  private cached(key: string, fetch: () => Promise<unknown>): unknown {
    const entry = this.entries.get(key);
    if (!entry || (!entry.loading && performance.now() - entry.at > (this.options.freshForMs ?? 3_000)))
      this.load(key, fetch, entry);
    return entry?.value;
  }

  private load(key: string, fetch: () => Promise<unknown>, previous: Entry | undefined): void {
    const entry: Entry = { value: previous?.value, at: previous?.at ?? 0, loading: true };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    void fetch()
      .catch(() => undefined) // not connected, or the query names nothing the application has: no answer
      .then((value) => {
        entry.loading = false;
        entry.at = performance.now();
        // The same names keep the same list: what was judged of it (live-names.ts) stays judged.
        if (JSON.stringify(value) === JSON.stringify(entry.value)) return;
        entry.value = value;
        this.options.onChange();
      });
  }

  /** The query's scope as values now: literals as they are, reads as the application answers them. */
  private async valuesOf(client: MotionClient, query: NamesQuery): Promise<Map<string, unknown>> {
    const scope = new Map<string, unknown>();
    for (const [parameter, known] of Object.entries(query.scope))
      scope.set(parameter, await this.evaluate(client, known));
    return scope;
  }

  /** One object's name, asked of the application. */
  private async fetchName(query: NamesQuery, id: number): Promise<string | null | undefined> {
    const client = this.options.client();
    const describe = findOperation(query.module, query.names.name);
    if (!describe) return undefined;
    const args = argumentsFrom(await this.valuesOf(client, query), describe.parameters.slice(0, -1));
    if (!args) return undefined;
    const name = await client.call(query.module, describe.name, [...args, id], { effect: 'read' });
    return typeof name === 'string' ? name : null;
  }

  private async fetch(query: NamesQuery): Promise<string[] | undefined> {
    const client = this.options.client();
    const list = findOperation(query.module, query.names.ids);
    const describe = findOperation(query.module, query.names.name);
    if (!list || !describe) return undefined;
    const scope = await this.valuesOf(client, query);
    const listArgs = argumentsFrom(scope, list.parameters);
    const describeArgs = argumentsFrom(scope, describe.parameters.slice(0, -1));
    if (!listArgs || !describeArgs) return undefined;
    const ids = await client.call(query.module, list.name, listArgs, { effect: 'read' });
    if (!Array.isArray(ids) || ids.length > MAX_NAMES) return undefined;
    const names = await Promise.all(
      ids.map((id) => client.call(query.module, describe.name, [...describeArgs, id], { effect: 'read' })),
    );
    return names.filter((n): n is string => typeof n === 'string');
  }

  /** A known value's value now: a literal as it is, a read as the application answers it. */
  private async evaluate(client: MotionClient, known: KnownValue): Promise<unknown> {
    if ('literal' in known) return known.literal;
    const args: unknown[] = [];
    for (const arg of known.read.args) args.push(await this.evaluate(client, arg));
    return client.call(known.read.module, known.read.operation, args, { effect: 'read' });
  }
}
