import * as os from 'node:os';
import * as vscode from 'vscode';
import type { CommandTable } from '../commands/command-table';
import type { MotionContext } from '../motion-context';
import { undoAddedSkeleton } from '../history/undo-steps';
import { prompts, type ScriptedAnswers } from '../prompts';
import { resolveNameClash } from './edit-operations';
import { describePlace, type ExplorerItem } from './explorer-data';
import {
  checkSkeletonDefinition,
  exportSkeleton,
  importSkeleton,
  type Progress,
  type SkeletonDefinitionDocument,
} from '../../api/skeletons/skeleton-definition';

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

/** Where Export proposes to write: the first workspace folder, else the home folder. */
function exportFolder(): vscode.Uri {
  return vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
}

/** Creates a skeleton from a definition in `target`, asking first where its name is taken; recorded for undo. */
async function create(
  ctx: MotionContext,
  verb: 'Copy' | 'Import',
  doc: SkeletonDefinitionDocument,
  target: Target,
  answers?: ScriptedAnswers,
) {
  const client = ctx.parts.connection.client();
  const place = await resolveNameClash(client, prompts(answers), target, doc.name);
  if (!place) return undefined;
  const named = { ...doc, name: place.name };
  const id = await withProgress(
    `${verb === 'Copy' ? 'Copying' : 'Importing'} ${named.name} into the ${target} settings`,
    (p) => importSkeleton(client, target, named, p),
  );
  ctx.parts.changes.record({
    description: `${verb} skeleton "${named.name}"${place.replaced ? ' (replacing the one of that name)' : ''}`,
    where: describePlace(target),
    undo: undoAddedSkeleton(target, id, named.name, place.replaced),
  });
  ctx.changedApplication();
  return { changed: true, id, target, name: named.name };
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
      await exportSkeleton(ctx.parts.connection.client(), item.skeleton.source, item.skeleton.id),
      target,
      options,
    );
  },
  'motion.exportSkeleton': (ctx) => async (item?: ExplorerItem, options?: { uri?: vscode.Uri }) => {
    if (item?.kind !== 'skeleton') throw new Error('choose a skeleton in the Skeletons view');
    const uri =
      options?.uri ??
      (await vscode.window.showSaveDialog({
        defaultUri: vscode.Uri.joinPath(exportFolder(), `${item.skeleton.name}.skeleton.json`),
        filters: { 'Skeleton definition': ['json'] },
        saveLabel: 'Export',
      }));
    if (!uri) return undefined;
    const doc = await exportSkeleton(ctx.parts.connection.client(), item.skeleton.source, item.skeleton.id);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(`${JSON.stringify(doc, null, 2)}\n`));
    const file = uri.path.split('/').pop();
    if (!options?.uri) {
      void vscode.window
        .showInformationMessage(`Motion: exported ${item.skeleton.name} to ${file}.`, 'Open', 'Reveal in Explorer')
        .then((choice) => {
          if (choice === 'Open') void vscode.window.showTextDocument(uri);
          if (choice === 'Reveal in Explorer') void vscode.commands.executeCommand('revealInExplorer', uri);
        });
    }
    return { uri };
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
          filters: { 'Skeleton definition': ['json'] },
          openLabel: 'Import',
        })
      )?.[0];
    if (!uri) return undefined;
    let doc;
    try {
      doc = checkSkeletonDefinition(JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8')));
    } catch (error) {
      throw new Error(`${uri.path.split('/').pop()} cannot be imported: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return create(ctx, 'Import', doc, item.source, options);
  },
};
