import * as os from 'node:os';
import * as vscode from 'vscode';
import { activeFolder } from '../workspace/active-folder';
import type { CommandTable } from './command-table';
import type { MotionContext } from '../motion-context';
import { undoAddedSkeleton, undoAll } from '../history/undo-steps';
import { reportDone } from './history-commands';
import { prompts, type ScriptedAnswers } from '../prompts';
import { resolveNameClash } from '../skeletons-view/edit-operations';
import { describePlace, type ExplorerItem } from '../skeletons-view/explorer-data';
import {
  exportSkeleton,
  importSkeletons,
  type Progress,
  type SkeletonDefinitionDocument,
} from '../../api/skeletons/skeleton-definition';
import { readSkeletonFile, skeletonFileFormat, writeSkeletonFile } from '../../api/skeletons/skeleton-files';
import { skeletonReader } from '../../api/skeletons/skeleton-loader';
import type { SkeletonSourceName } from '../../api/skeletons/skeleton-model';

type Target = 'project' | 'measurement';

/** Long work shows progress in a notification and can be cancelled. */
function withProgress<T>(title: string, work: (progress: Progress) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    (progress, token) => {
      let last = 0;
      return work({
        report: (done, total) => {
          const percent = Math.round((done / total) * 100);
          progress.report({ increment: percent - last, message: `${done} of ${total} segments` });
          last = percent;
        },
        cancelled: () => token.isCancellationRequested,
      });
    },
  );
}

/** Where Export proposes to write: the active file's workspace folder, else the first, else the home folder. */
function exportFolder(): vscode.Uri {
  return activeFolder() ?? vscode.Uri.file(os.homedir());
}

/**
 * Creates skeletons from definitions in `target`, all or nothing, asking first about each name the
 * settings already have; recorded as one change for undo.
 */
async function create(
  ctx: MotionContext,
  verb: 'Copy' | 'Import',
  docs: readonly SkeletonDefinitionDocument[],
  target: Target,
  answers?: ScriptedAnswers,
) {
  const client = ctx.parts.connection.client();
  const named: SkeletonDefinitionDocument[] = [];
  const replaced: (SkeletonDefinitionDocument | undefined)[] = [];
  for (const doc of docs) {
    const place = await resolveNameClash(client, prompts(answers), target, doc.name);
    if (!place) return undefined;
    if (named.some((d) => d.name === place.name)) throw new Error(`two skeletons would be named "${place.name}"`);
    named.push({ ...doc, name: place.name });
    replaced.push(place.replaced);
  }
  const what = named.length === 1 ? named[0].name : `${named.length} skeletons`;
  const ids = await withProgress(
    `${verb === 'Copy' ? 'Copying' : 'Importing'} ${what} into the ${target} settings`,
    (p) => importSkeletons(client, target, named, p),
  );
  const replacing = replaced.some(Boolean);
  ctx.parts.changes.record({
    description:
      named.length === 1
        ? `${verb} skeleton "${named[0].name}"${replacing ? ' (replacing the one of that name)' : ''}`
        : `${verb} skeletons ${named.map((d) => `"${d.name}"`).join(', ')}${replacing ? ' (replacing those of the same names)' : ''}`,
    where: describePlace(target),
    undo: undoAll(named.map((d, i) => undoAddedSkeleton(target, ids[i], d.name, replaced[i]))),
  });
  ctx.changedApplication();
  reportDone(
    `${verb === 'Copy' ? 'copied' : 'imported'} ${named.map((d) => `"${d.name}"`).join(', ')} into the ${target} settings${replacing ? ', replacing the skeleton of that name' : ''}.`,
  );
  return { changed: true, id: ids[0], ids, target, name: named[0].name };
}

const FILTERS = { 'Skeleton file (application XML)': ['xml'], 'Skeleton definition (JSON)': ['json'] };

/** Writes definitions to a file chosen by the user (XML, or JSON for one skeleton), and offers to open it. */
async function writeDefinitions(
  ctx: MotionContext,
  source: SkeletonSourceName,
  ids: number[],
  suggested: string,
  uri: vscode.Uri | undefined,
) {
  const target =
    uri ??
    (await vscode.window.showSaveDialog({
      defaultUri: vscode.Uri.joinPath(exportFolder(), suggested),
      filters: ids.length === 1 ? FILTERS : { 'Skeleton file (application XML)': ['xml'] },
      saveLabel: 'Export',
    }));
  if (!target) return undefined;
  const client = ctx.parts.connection.client();
  const docs = await Promise.all(ids.map((id) => exportSkeleton(client, source, id)));
  const text = writeSkeletonFile(docs, skeletonFileFormat(target.path));
  await vscode.workspace.fs.writeFile(target, Buffer.from(text));
  const file = target.path.split('/').pop();
  if (!uri) {
    void vscode.window
      .showInformationMessage(
        `Motion: exported ${docs.map((d) => d.name).join(', ')} to ${file}.`,
        'Open',
        'Reveal in Explorer',
      )
      .then((choice) => {
        if (choice === 'Open') void vscode.window.showTextDocument(target);
        if (choice === 'Reveal in Explorer') void vscode.commands.executeCommand('revealInExplorer', target);
      });
  }
  return { uri: target, names: docs.map((d) => d.name) };
}

/** Copy to the other settings, export to a file, import from a file. Arguments may answer the questions (automation, tests). */
export const transferCommands: CommandTable = {
  'motion.copySkeleton': (ctx) => async (item?: ExplorerItem, options?: { target?: Target } & ScriptedAnswers) => {
    if (item?.kind !== 'skeleton') throw new Error('choose a skeleton in the Skeletons view');
    const other: Target[] =
      item.skeleton.source === 'project'
        ? ['measurement']
        : item.skeleton.source === 'measurement'
          ? ['project']
          : ['project', 'measurement'];
    const target =
      options?.target ??
      (other.length === 1
        ? other[0]
        : ((await vscode.window.showQuickPick(other, { placeHolder: `Copy ${item.skeleton.name} to…` })) as
            Target | undefined));
    if (!target) return undefined;
    return create(
      ctx,
      'Copy',
      [await exportSkeleton(ctx.parts.connection.client(), item.skeleton.source, item.skeleton.id)],
      target,
      options,
    );
  },
  'motion.exportSkeleton': (ctx) => async (item?: ExplorerItem, options?: { uri?: vscode.Uri }) => {
    if (item?.kind !== 'skeleton') throw new Error('choose a skeleton in the Skeletons view');
    return writeDefinitions(ctx, item.skeleton.source, [item.skeleton.id], `${item.skeleton.name}.xml`, options?.uri);
  },
  'motion.exportSkeletons': (ctx) => async (item?: ExplorerItem, options?: { uri?: vscode.Uri }) => {
    if (item?.kind !== 'source') throw new Error('choose a source (Project settings, …) in the Skeletons view');
    const ids = await skeletonReader(ctx.parts.connection.client(), item.source)<number[]>('get_skeleton_ids');
    if (ids.length === 0) throw new Error(`${describePlace(item.source)} has no skeletons to export`);
    return writeDefinitions(ctx, item.source, ids, `${item.source}-skeletons.xml`, options?.uri);
  },
  'motion.importSkeleton': (ctx) => async (item?: ExplorerItem, options?: { uri?: vscode.Uri } & ScriptedAnswers) => {
    if (item?.kind !== 'source' || item.source === 'data')
      throw new Error('choose Project settings or Measurement settings in the Skeletons view');
    const uri =
      options?.uri ??
      (
        await vscode.window.showOpenDialog({
          defaultUri: exportFolder(),
          canSelectMany: false,
          filters: { 'Skeleton files': ['xml', 'json'], ...FILTERS },
          openLabel: 'Import',
        })
      )?.[0];
    if (!uri) return undefined;
    const text = Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
    let read: ReturnType<typeof readSkeletonFile>;
    try {
      read = readSkeletonFile(text, skeletonFileFormat(uri.path, text));
    } catch (error) {
      throw new Error(`${uri.path.split('/').pop()} cannot be imported: ${(error as Error).message}`, { cause: error });
    }
    const { docs, warnings } = read;
    if (warnings.length > 0) {
      const shown = warnings.slice(0, 8).map((w) => `• ${w}`);
      if (warnings.length > 8) shown.push(`… and ${warnings.length - 8} more`);
      const answer = await prompts(options).decide(
        `${uri.path.split('/').pop()} holds what the application's skeletons cannot: ${warnings.length} ${warnings.length === 1 ? 'change' : 'changes'} on import.`,
        ['Import'],
        shown.join('\n'),
      );
      if (answer !== 'Import') return undefined;
    }
    return create(ctx, 'Import', docs, item.source, options);
  },
};
