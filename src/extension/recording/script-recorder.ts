import { findOperation } from '../../api/catalogue';
import type { MotionClient, WriteCall } from '../../api/client/motion-client';
import { LookupLines } from './lookup-lines';
import { Code, literal, type RecordedLanguage } from './script-literals';
import { ScriptNames } from './script-names';

/** One thing the user did, and the calls that made it. */
interface RecordedAction {
  comment: string;
  lines: string[];
}

/** The modules a recording calls, by the short name the script gives them (the rest are written out in full). */
const MODULE_NAMES: Record<string, string> = {
  'motion.settings.processing.skeleton': 'skeletons',
  'motion.data.object.trajectory': 'trajectories',
  'motion.data.object.bone': 'bones',
  'motion.gui.selection': 'selection',
};

/** What an identifier parameter of a write names. */
type Named = 'skeleton' | 'segment' | 'trajectory' | 'bone';
const IDENTIFIERS: Record<string, Named> = {
  skeleton_id: 'skeleton',
  segment_id: 'segment',
  parent_id: 'segment',
  trajectory_id_1: 'trajectory',
  trajectory_id_2: 'trajectory',
  bone_id: 'bone',
};

/** What writes return the identifier of, which the script keeps in a variable. */
const MAKES: Record<string, Named> = { add_skeleton: 'skeleton', add_segment: 'segment', add_bone: 'bone' };

/**
 * Writes the changes made from VS Code as the `motion.*` calls that make them, in Python or Lua: the
 * objects a call names looked up by name (`find_segment`) just before it, as the application names
 * them then, values as literals, one line per call and a comment per user action. Each action's
 * variables are its own (a Lua `do … end` block), so that an action can be cut out or run alone.
 * No `vscode` import.
 */
export class ScriptRecorder {
  private readonly actions: RecordedAction[] = [];
  private pending: string[] = [];
  private names: ScriptNames;
  private readonly modules = new Set<string>();

  constructor(
    readonly language: RecordedLanguage,
    private readonly from: string,
    private readonly started = new Date(),
  ) {
    this.names = new ScriptNames(Object.values(MODULE_NAMES));
  }

  /** How many user actions the recording holds. */
  get actionCount(): number {
    return this.actions.length;
  }

  /**
   * Around a write (the client's hook): names its objects as the application has them now, makes it,
   * and writes it down if the application took it. The user's edit never waits on a failed look-up:
   * an object the application cannot name is written as its identifier, with a comment.
   */
  async write(client: MotionClient, call: WriteCall, send: () => Promise<unknown>): Promise<unknown> {
    const operation = findOperation(call.module, call.operation);
    const source = typeof call.args[0] === 'string' ? call.args[0] : undefined;
    const lookups = LookupLines.ofCall();
    const argumentsWritten = await Promise.all(
      call.args.map((value, i) => {
        const parameter = operation?.parameters[i]?.name ?? '';
        if (parameter === 'selections') return this.selectionItems(client, value, lookups);
        const named = IDENTIFIERS[parameter];
        return named && typeof value === 'number' ? this.objectCode(client, named, source, value, lookups) : value;
      }),
    );
    await this.forgetReplaced(client, call);
    const result = await send();
    const text = `${this.moduleCode(call.module)}.${call.operation}(${argumentsWritten.map((a) => literal(this.language, a)).join(', ')})`;
    const made = MAKES[call.operation];
    const kept = made && typeof result === 'number' ? this.keepMade(made, source, result, call, argumentsWritten) : '';
    this.pending.push(...lookups.inOrder(), kept ? this.assign(kept, text) : text);
    this.forgetRemoved(call, source);
    return result;
  }

  /**
   * Ends a user action: the calls made since are written under its comment. An action that made no
   * call this recording saw (a script run's changes) is said, as the recording cannot make them.
   */
  action(comment: string, madeChanges = false): void {
    const lines = this.pending;
    this.pending = [];
    this.names = new ScriptNames(Object.values(MODULE_NAMES));
    if (lines.length === 0 && !madeChanges) return;
    if (lines.length === 0)
      lines.push(
        `${this.commentMark} Not recorded: the change was made by a script run, not by calls from VS Code; run that script here.`,
      );
    this.actions.push({ comment, lines });
  }

  /** The recording as a script: a header, the modules it calls, then each action under its comment. */
  text(): string {
    const c = this.commentMark;
    const python = this.language === 'python';
    const when = this.started.toISOString().slice(0, 16).replace('T', ' ');
    const out = [
      `${c} Recorded with Motion Scripting on ${when} UTC, from ${this.from}.`,
      `${c} Run against the application as it was then, it makes the same changes again.`,
    ];
    if (python) out.push('import motion');
    const modules = [...this.modules].sort();
    if (modules.length > 0) out.push('');
    for (const module of modules) out.push(`${python ? '' : 'local '}${MODULE_NAMES[module]} = ${module}`);
    for (const action of this.actions) {
      out.push('', `${c} ${action.comment}`);
      if (python) out.push(...action.lines);
      else out.push('do', ...action.lines.map((line) => `  ${line}`), 'end');
    }
    return `${out.join('\n')}\n`;
  }

  private get commentMark(): string {
    return this.language === 'python' ? '#' : '--';
  }

  private moduleCode(module: string): string {
    if (!MODULE_NAMES[module]) return module;
    this.modules.add(module);
    return MODULE_NAMES[module];
  }

  /** `x = …` in Python, `local x = …` in Lua (the first time in an action; a variable is never assigned twice). */
  private assign(variable: string, code: string): string {
    return `${this.language === 'lua' ? 'local ' : ''}${variable} = ${code}`;
  }

  /** The variable of an object, looked up by its name first if the action has none for it yet. */
  private objectCode(
    client: MotionClient,
    named: Named,
    source: string | undefined,
    id: number,
    lookups: LookupLines,
  ): Promise<Code | number> {
    const key = ScriptNames.key(named, source, id);
    const mine = lookups.of(key);
    return this.names.variableFor(key, id, async () => {
      const found = await this.lookUp(client, named, source, id, mine).catch(() => undefined);
      if (!found) {
        mine.add(
          `${this.commentMark} ${named} ${id} could not be named, so it is written as its identifier, which another application may give another object.`,
        );
        return undefined;
      }
      const variable = this.names.fresh(found.name, named);
      mine.add(this.assign(variable, found.code));
      return { variable, skeleton: found.skeleton };
    });
  }

  /** How the script finds an object by name: the name it has now, and the call that finds it. */
  private async lookUp(
    client: MotionClient,
    named: Named,
    source: string | undefined,
    id: number,
    lookups: LookupLines,
  ): Promise<{ name: string; code: string; skeleton?: string } | undefined> {
    const lit = (value: unknown) => literal(this.language, value);
    if (named === 'skeleton' && source) {
      const name = await client.settings.processing.skeleton.get_skeleton_name(source as 'project', id);
      const module = this.moduleCode('motion.settings.processing.skeleton');
      return { name, code: `${module}.find_skeleton(${lit(source)}, ${lit(name)})` };
    }
    if (named === 'segment' && source) {
      const api = client.settings.processing.skeleton;
      const [skeletonId, name] = await Promise.all([
        api.get_segment_skeleton_id(source as 'project', id),
        api.get_segment_name(source as 'project', id),
      ]);
      const skeleton = await this.objectCode(client, 'skeleton', source, skeletonId, lookups);
      const module = this.moduleCode('motion.settings.processing.skeleton');
      return {
        name,
        code: `${module}.find_segment(${lit(source)}, ${lit(skeleton)}, ${lit(name)})`,
        skeleton: ScriptNames.key('skeleton', source, skeletonId),
      };
    }
    if (named === 'trajectory') {
      const label = await client.data.object.trajectory.get_label(id);
      if (label === null) return undefined; // an unidentified trajectory has no name to find it by
      return {
        name: label,
        code: `${this.moduleCode('motion.data.object.trajectory')}.find_trajectory(${lit(label)})`,
      };
    }
    if (named === 'bone') {
      const ends = await client.data.object.bone.get_bone_trajectory_ids(id);
      const labels = await Promise.all(ends.map((end) => client.data.object.trajectory.get_label(end)));
      const [from, to] = await Promise.all(
        ends.map((end) => this.objectCode(client, 'trajectory', undefined, end, lookups)),
      );
      return {
        name: `bone ${labels.map((l, i) => l ?? String(ends[i])).join(' ')}`,
        code: `${this.moduleCode('motion.data.object.bone')}.find_bone(${lit(from)}, ${lit(to)})`,
      };
    }
    return undefined;
  }

  /** A selection's items with their trajectories and bones looked up by name. */
  private async selectionItems(client: MotionClient, value: unknown, lookups: LookupLines): Promise<unknown> {
    if (!Array.isArray(value)) return value;
    return Promise.all(
      value.map(async (item: unknown) => {
        const { type, id } = (item ?? {}) as { type?: unknown; id?: unknown };
        if ((type !== 'trajectory' && type !== 'bone') || typeof id !== 'number') return item;
        return { ...(item as object), id: await this.objectCode(client, type, undefined, id, lookups) };
      }),
    );
  }

  /** The variable that keeps what a write made (add_segment's new segment), named after it. */
  private keepMade(made: Named, source: string | undefined, id: number, call: WriteCall, args: unknown[]): string {
    const name = made === 'bone' ? 'bone' : String(call.args.at(-1));
    const parent = made === 'segment' ? args[1] : undefined;
    const skeleton = parent instanceof Code ? this.names.skeletonOf(parent.text) : undefined;
    const variable = this.names.fresh(name, made);
    this.names.know(ScriptNames.key(made, source, id), { variable, skeleton });
    return variable;
  }

  /**
   * A skeleton added or renamed to a name another skeleton has replaces that one (the interface's
   * rule): the variables of the one replaced are forgotten before the call, while it can be asked for.
   */
  private async forgetReplaced(client: MotionClient, call: WriteCall): Promise<void> {
    if (call.module !== 'motion.settings.processing.skeleton') return;
    if (call.operation !== 'add_skeleton' && call.operation !== 'set_skeleton_name') return;
    const source = call.args[0] as 'project';
    const name = call.args.at(-1);
    if (typeof name !== 'string') return;
    const replaced = await client.settings.processing.skeleton.find_skeleton(source, name).catch(() => null);
    const renamed = call.operation === 'set_skeleton_name' ? call.args[1] : undefined;
    if (replaced !== null && replaced !== renamed)
      this.names.forgetSkeleton(ScriptNames.key('skeleton', source, replaced));
  }

  /** After a delete, the variables of what it removed are forgotten: a later call looks them up again. */
  private forgetRemoved(call: WriteCall, source: string | undefined): void {
    const id = call.args[1];
    switch (call.operation) {
      case 'delete_skeleton':
        this.names.forgetSkeleton(ScriptNames.key('skeleton', source, id as number));
        return;
      case 'delete_segment':
        this.names.forgetSegmentsBeside(ScriptNames.key('segment', source, id as number));
        return;
      case 'clear_skeletons':
        this.names.forgetAll('skeleton', source);
        this.names.forgetAll('segment', source);
        return;
      case 'delete_bone':
        this.names.forget(ScriptNames.key('bone', undefined, call.args[0] as number));
        return;
      case 'clear_bones':
        this.names.forgetAll('bone', undefined);
        return;
    }
  }
}
