import * as vscode from 'vscode';
import type { MotionClient } from '../../api/client/motion-client';
import { describeFailure } from './edit-operations';
import type { ExplorerItem } from './explorer-data';
import { checkSkeletonDefinition, copySkeleton, exportSkeleton, importSkeleton, type Progress } from './skeleton-definition';
import type { SkeletonExplorer } from './skeleton-explorer';

type Target = 'project' | 'measurement';

/** Long work shows progress in a notification and can be cancelled. */
function withProgress<T>(title: string, work: (progress: Progress) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    let last = 0;
    return work({
      report: (done, total) => {
        const percent = Math.round((done / total) * 100);
        progress.report({ increment: percent - last, message: `${done} of ${total} segments` });
        last = percent;
      },
      cancelled: () => token.isCancellationRequested,
    });
  });
}

/** Copy to the other settings, export to a file, import from a file. Arguments may answer the questions (automation, tests). */
export function registerTransferCommands(client: () => MotionClient, explorer: SkeletonExplorer): vscode.Disposable[] {
  const guarded = <A extends unknown[], R>(run: (...args: A) => Promise<R | undefined>) =>
    async (...args: A) => {
      try {
        return await run(...args);
      } catch (error) {
        const message = `Motion: ${describeFailure(error)}`;
        void vscode.window.showErrorMessage(message);
        return { error: message };
      }
    };
  return [
    vscode.commands.registerCommand(
      'motion.copySkeleton',
      guarded(async (item?: ExplorerItem, options?: { target?: Target }) => {
        if (item?.kind !== 'skeleton') throw new Error('choose a skeleton in the Skeletons view');
        const other: Target[] = item.skeleton.source === 'project' ? ['measurement'] : item.skeleton.source === 'measurement' ? ['project'] : ['project', 'measurement'];
        const target = options?.target ?? (other.length === 1 ? other[0] : (await vscode.window.showQuickPick(other, { placeHolder: `Copy ${item.skeleton.name} to…` })) as Target | undefined);
        if (!target) return undefined;
        const exists = (await client().settings.processing.skeleton.find_skeleton(target, item.skeleton.name)) !== null;
        if (exists && !options?.target) {
          const answer = await vscode.window.showWarningMessage(`The ${target} settings have a skeleton named "${item.skeleton.name}". Replace it?`, { modal: true }, 'Replace');
          if (answer !== 'Replace') return undefined;
        }
        const id = await withProgress(`Copying ${item.skeleton.name} to the ${target} settings`, (p) => copySkeleton(client(), item.skeleton.source, item.skeleton.id, target, p));
        explorer.refresh();
        return { id, target };
      }),
    ),
    vscode.commands.registerCommand(
      'motion.exportSkeleton',
      guarded(async (item?: ExplorerItem, options?: { uri?: vscode.Uri }) => {
        if (item?.kind !== 'skeleton') throw new Error('choose a skeleton in the Skeletons view');
        const uri = options?.uri ?? (await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.file(`${item.skeleton.name}.skeleton.json`), filters: { 'Skeleton definition': ['json'] } }));
        if (!uri) return undefined;
        const doc = await exportSkeleton(client(), item.skeleton.source, item.skeleton.id);
        await vscode.workspace.fs.writeFile(uri, Buffer.from(`${JSON.stringify(doc, null, 2)}\n`));
        return { uri };
      }),
    ),
    vscode.commands.registerCommand(
      'motion.importSkeleton',
      guarded(async (item?: ExplorerItem, options?: { uri?: vscode.Uri }) => {
        if (item?.kind !== 'source' || item.source === 'data') throw new Error('choose Project settings or Measurement settings in the Skeletons view');
        const target = item.source;
        const uri = options?.uri ?? (await vscode.window.showOpenDialog({ canSelectMany: false, filters: { 'Skeleton definition': ['json'] } }))?.[0];
        if (!uri) return undefined;
        let doc;
        try {
          doc = checkSkeletonDefinition(JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8')));
        } catch (error) {
          throw new Error(`${uri.path.split('/').pop()} cannot be imported: ${(error as Error).message}`);
        }
        const id = await withProgress(`Importing ${doc.name} into the ${target} settings`, (p) => importSkeleton(client(), target, doc, p));
        explorer.refresh();
        return { id };
      }),
    ),
  ];
}
