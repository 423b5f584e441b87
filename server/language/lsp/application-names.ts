import { findOperation } from '../../../src/api/catalogue';
import type { MotionClient } from '../../../src/api/client/motion-client';
import type { KnownValue, LiveNames, NamesQuery } from '../service/live-names';

interface Entry {
  names: readonly string[] | undefined;
  /** When the last fetch settled (performance.now()); 0 before. */
  at: number;
  loading: boolean;
}

/** A list longer than this is not fetched: a name's absence from it would take too many reads to tell. */
const MAX_NAMES = 2_000;
/** Queries remembered at once (scripts name a few sources and skeletons; typing makes new ones). */
const MAX_ENTRIES = 200;

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
    const key = JSON.stringify(query);
    const entry = this.entries.get(key);
    if (!entry || (!entry.loading && performance.now() - entry.at > (this.options.freshForMs ?? 3_000)))
      this.load(key, query, entry);
    return entry?.names;
  }

  /** Forgets every answer (another application, or its state is known to have changed). */
  clear(): void {
    this.entries.clear();
  }

  private load(key: string, query: NamesQuery, previous: Entry | undefined): void {
    const entry: Entry = { names: previous?.names, at: previous?.at ?? 0, loading: true };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    void this.fetch(query)
      .catch(() => undefined) // not connected, or the query names nothing the application has: no answer
      .then((names) => {
        entry.loading = false;
        entry.at = performance.now();
        const changed = JSON.stringify(names) !== JSON.stringify(entry.names);
        entry.names = names;
        if (changed) this.options.onChange();
      });
  }

  private async fetch(query: NamesQuery): Promise<string[] | undefined> {
    const client = this.options.client();
    const list = findOperation(query.module, query.names.ids);
    const describe = findOperation(query.module, query.names.name);
    if (!list || !describe) return undefined;
    const scope = new Map<string, unknown>();
    for (const [parameter, known] of Object.entries(query.scope))
      scope.set(parameter, await this.evaluate(client, known));
    const argumentsOf = (names: string[]) => names.map((name) => scope.get(name));
    const listArgs = argumentsOf(list.parameters.map((p) => p.name));
    const describeArgs = argumentsOf(describe.parameters.slice(0, -1).map((p) => p.name));
    // A scope the script leaves open (a variable) or that names nothing now (find_skeleton gave null).
    if ([...listArgs, ...describeArgs].some((a) => a === undefined || a === null)) return undefined;
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
