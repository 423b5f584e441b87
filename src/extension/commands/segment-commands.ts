import * as vscode from 'vscode';
import type { CommandTable } from './command-table';
import { describePlace, type ExplorerItem } from '../skeletons-view/explorer-data';
import { undoSegmentFields } from '../history/undo-steps';
import { reportDone } from './history-commands';
import { prompts, type ScriptedAnswers } from '../prompts';
import { planSegmentApply } from '../segment-editor/apply-plan';
import { applySegmentFields, formatSegmentFields, readSegmentDocument } from '../segment-editor/segment-document';
import { describeFieldChange } from '../../api/state/field-change-text';
import type { MotionContext } from '../motion-context';
import { parseSegmentUri, SEGMENT_SCHEME, segmentUri } from '../segment-editor/segment-file-system';
import { PREVIEW_SCHEME } from '../segment-editor/segment-previews';
import { skeletonReader } from '../../api/skeletons/skeleton-loader';

/** How long a look at a segment's names may take before another may start. */
const LOOK_LIMIT_MS = 10_000;
/** Applies a segment document to the application: checks it, shows a diff, asks, applies all or nothing, records undo. */
async function applySegment(ctx: MotionContext, given?: vscode.Uri, answers?: ScriptedAnswers) {
  const { segments: files, segmentPreviews: previews, connection } = ctx.parts;
  const client = () => connection.client();
  // Renamed in the application since the document was opened: it follows, and the question says so.
  const { uri } = await followApplicationNames(ctx, given ?? activeSegment());
  const renamed = files.renamedSince(uri);
  const { source, id, skeleton, segment } = parseSegmentUri(uri);
  if (source === 'data')
    throw new Error('the skeletons of the current data are read-only: edit the project or measurement settings');
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const text = document?.getText() ?? files.draftText(uri);
  if (text === undefined) throw new Error(`no edit of ${segment} to apply`);
  const plan = await planSegmentApply(client(), source, id, text, files.baseText(uri));
  if (plan.changes.length === 0) {
    void vscode.window.showInformationMessage(
      `Motion: nothing to apply — ${segment} in the application already matches the document.`,
    );
    return { changed: false, fields: [] as string[] };
  }
  const ask = prompts(answers);
  if (plan.changedSince.length > 0) {
    const since = plan.changedSince.map((c) => c.field).join(', ');
    const answer = await ask.decide(
      `"${segment}" was changed in the application since you opened it (${since}).`,
      ['Review and Overwrite…'],
      `Applying your edit would overwrite those changes:\n${plan.changedSince.map(describeFieldChange).join('\n')}\n\nCancel, then Discard Draft to start again from the application's definition.`,
    );
    if (!answer) return { changed: false, fields: [] as string[], changedSince: plan.changedSince.map((c) => c.field) };
  }
  const lines = plan.changes.map(describeFieldChange);
  const left = previews.put(`${segment} (in the application)`, plan.currentText);
  const right = previews.put(
    `${segment} (after applying)`,
    formatSegmentFields({ ...(JSON.parse(plan.currentText) as Record<string, unknown>), ...plan.wanted }),
  );
  await vscode.commands.executeCommand('vscode.diff', left, right, `${segment}: the application ↔ after applying`, {
    preview: true,
  });
  const count = `${plan.changes.length} change${plan.changes.length === 1 ? '' : 's'}`;
  const answer = await ask.decide(
    `Apply ${count} to "${segment}" in the ${source} settings?`,
    ['Apply'],
    `${renamed.length > 0 ? `Renamed in the application since you opened it: ${renamed.join('; ')}.\n\n` : ''}${lines.join('\n')}\n\nUndo Last Change sets them back.`,
  );
  await closeTabs(
    (input) => input instanceof vscode.TabInputTextDiff && input.modified.toString() === right.toString(),
  );
  if (answer !== 'Apply') return { changed: false, fields: [] as string[], shown: lines, renamed };

  previews.applying = true;
  try {
    const changes = await applySegmentFields(client(), source, id, plan.wanted);
    const renamed = changes.find((c) => c.field === 'name');
    const name = renamed ? String(renamed.after) : segment;
    ctx.parts.changes.record({
      description: `Edit segment "${name}" (${changes.map((c) => c.field).join(', ')})`,
      where: describePlace(source, skeleton, name),
      undo: undoSegmentFields(source, id, name, changes),
    });
    if (document?.isDirty) await document.save();
    const now = await readSegmentDocument(client(), source, id);
    files.applied(uri, now);
    if (document) await shows(document, now, text);
    if (renamed) await followRename(uri, segmentUri(source, skeleton, name, id));
    ctx.changedApplication();
    reportDone(`applied ${count} to "${name}" in the ${source} settings (${changes.map((c) => c.field).join(', ')}).`);
    return { changed: true, fields: changes.map((c) => c.field), shown: lines, renamed };
  } finally {
    previews.applying = false;
  }
}

/** The segment editor's documents, decorations and draft state: the ✎ on drafts, the quiet auto-save. */
export function startSegmentEditor(ctx: MotionContext): void {
  const { segments: files, segmentPreviews: previews } = ctx.parts;
  const showDraftState = () => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    void vscode.commands.executeCommand(
      'setContext',
      'motion.segmentHasDraft',
      uri?.scheme === SEGMENT_SCHEME && files.hasDraft(uri),
    );
  };
  const decorations = new vscode.EventEmitter<vscode.Uri>();
  // The application has no change events: names are looked at again when the Skeletons view is
  // refreshed, when the window gets focus back, and when a segment document comes to the front.
  // One look at a time per segment (whatever its name): a look asked for while one is under way
  // is made after it, at the name that one left (two renames seen by two looks chain, never cross).
  const following = new Map<string, { again: boolean }>();
  const follow = (uri: vscode.Uri) => {
    if (uri.scheme !== SEGMENT_SCHEME) return;
    const { source, id } = parseSegmentUri(uri);
    const segment = `${source}:${id}`;
    const under = following.get(segment);
    if (under) return void (under.again = true);
    const look = { again: false };
    following.set(segment, look);
    const run = (at: vscode.Uri): Promise<void> =>
      followApplicationNames(ctx, at).then(
        ({ uri: now }) => (look.again ? ((look.again = false), run(now)) : undefined),
        () => undefined,
      );
    // A look that never ends (a tab VS Code will not close, a dialog nobody answers) must not
    // stop every later one: past LOOK_LIMIT_MS the segment is looked at afresh when asked.
    let limit: NodeJS.Timeout | undefined;
    const stuck = new Promise<void>((resolve) => {
      limit = setTimeout(() => {
        ctx.parts.log.warn(`a look at ${uri.path}'s names in the application took over ${LOOK_LIMIT_MS / 1000} s`);
        resolve();
      }, LOOK_LIMIT_MS);
    });
    void Promise.race([run(uri), stuck]).finally(() => {
      clearTimeout(limit);
      if (following.get(segment) === look) following.delete(segment);
    });
  };
  const openSegments = () =>
    vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .map((tab) => tab.input)
      .filter((input): input is vscode.TabInputText => input instanceof vscode.TabInputText)
      .map((input) => input.uri)
      .filter((uri) => uri.scheme === SEGMENT_SCHEME);
  ctx.own(
    ctx.parts.explorer.onDidChangeTreeData(() => openSegments().forEach(follow)),
    vscode.window.onDidChangeWindowState((state) => state.focused && openSegments().forEach(follow)),
    vscode.window.onDidChangeActiveTextEditor((editor) => editor && follow(editor.document.uri)),
  );
  ctx.own(
    decorations,
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, previews),
    vscode.window.registerFileDecorationProvider({
      onDidChangeFileDecorations: decorations.event,
      provideFileDecoration: (uri) =>
        uri.scheme === SEGMENT_SCHEME && files.hasDraft(uri)
          ? new vscode.FileDecoration(
              '✎',
              'Draft: saved in VS Code, not applied to the application',
              new vscode.ThemeColor('gitDecoration.modifiedResourceForeground'),
            )
          : undefined,
    }),
    files.onDidChangeDraft((uri) => (decorations.fire(uri), showDraftState())),
    vscode.window.onDidChangeActiveTextEditor(showDraftState),
    vscode.workspace.onDidCloseTextDocument((document) => files.forget(document.uri)),
    // A save by hand says where the edit went; auto-saves stay quiet.
    vscode.workspace.onWillSaveTextDocument((event) => {
      if (
        event.document.uri.scheme !== SEGMENT_SCHEME ||
        event.reason !== vscode.TextDocumentSaveReason.Manual ||
        previews.applying
      )
        return;
      const uri = event.document.uri;
      void vscode.window
        .showInformationMessage(
          `Motion: ${parseSegmentUri(uri).segment} is saved as a draft in VS Code; the application is unchanged.`,
          'Review and Apply…',
        )
        .then((choice) => {
          if (choice) void vscode.commands.executeCommand('motion.applySegment', uri);
        });
    }),
  );
}

/** Open segment documents, apply them to the application (preview, confirmation, undo), and discard drafts. */
export const segmentCommands: CommandTable = {
  'motion.editSegment': (ctx) => async (item?: ExplorerItem) => {
    if (item?.kind !== 'segment') throw new Error('choose a segment in the Skeletons view');
    const uri = segmentUri(item.source, item.skeletonName, item.node.name, item.node.id);
    // Opened by its names now: renames noted before are not this opening's to report.
    ctx.parts.segments.openedAfresh(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, 'json');
    return vscode.window.showTextDocument(document);
  },
  'motion.applySegment': (ctx) => (uri?: vscode.Uri, answers?: ScriptedAnswers) => applySegment(ctx, uri, answers),
  'motion.discardSegmentDraft': (ctx) => async (given?: vscode.Uri, answers?: ScriptedAnswers) => {
    const uri = given ?? activeSegment();
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!ctx.parts.segments.hasDraft(uri) && !document?.isDirty) return { changed: false };
    if (
      (await prompts(answers).decide(
        `Discard your edit of "${parseSegmentUri(uri).segment}"?`,
        ['Discard'],
        'The document shows the application’s definition again.',
      )) !== 'Discard'
    )
      return { changed: false };
    const discarded = document?.getText();
    ctx.parts.segments.discard(uri);
    if (document?.isDirty) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    if (document)
      await shows(document, Buffer.from(await ctx.parts.segments.readFile(uri)).toString('utf8'), discarded);
    return { changed: true };
  },
};

/**
 * Waits until an open document shows `text` (VS Code reloads it after the file system says it
 * changed), so that the next edit does not race the reload. Gives up quietly after a few seconds.
 */
async function shows(document: vscode.TextDocument, text: string, appliedFrom?: string): Promise<void> {
  if (document.getText() === text || document.isClosed) return;
  await new Promise<void>((resolve) => {
    const done = () => (clearTimeout(timer), listener.dispose(), resolve());
    const timer = setTimeout(done, 2_000);
    const listener = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === document && document.getText() === text) done();
    });
  });
  // VS Code did not read it again (a file change event lost to a save in flight, seen under load):
  // the document is given the applied definition and saved, which is no draft (it is the base);
  // only when nothing was typed in it since the apply began.
  if (document.getText() === text || document.isClosed || document.getText() !== appliedFrom) return;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), text);
  if (await vscode.workspace.applyEdit(edit)) await document.save();
}

function activeSegment(): vscode.Uri {
  const uri = vscode.window.activeTextEditor?.document.uri;
  if (uri?.scheme !== SEGMENT_SCHEME)
    throw new Error('open a segment with Edit Segment Definition in the Skeletons view first');
  return uri;
}

/** Closes the open tabs whose input matches; a tab that closed meanwhile is no error. */
async function closeTabs(match: (input: unknown) => boolean): Promise<void> {
  for (const tab of vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((t) => match(t.input))) {
    await Promise.resolve(vscode.window.tabGroups.close(tab, true)).catch(() => undefined);
  }
}

/**
 * A segment document opened under names the application no longer has (its skeleton or itself
 * renamed there since): the tab and the breadcrumb follow, its draft and unsaved edits with it
 * (kept by the segment's id). The URI it is under now, and what was renamed, in a person's words.
 */
async function followApplicationNames(
  ctx: MotionContext,
  uri: vscode.Uri,
): Promise<{ uri: vscode.Uri; renamed: string[] }> {
  const { source, id, skeleton, segment } = parseSegmentUri(uri);
  const read = skeletonReader(ctx.parts.connection.client(), source);
  let now: { skeleton: string; segment: string };
  try {
    const [skeletonName, segmentName] = await Promise.all([
      read<number>('get_segment_skeleton_id', id).then((skeletonId) => read<string>('get_skeleton_name', skeletonId)),
      read<string>('get_segment_name', id),
    ]);
    now = { skeleton: skeletonName, segment: segmentName };
  } catch {
    return { uri, renamed: [] }; // gone, or the application away: what applying it says
  }
  const renamed = [
    ...(now.skeleton !== skeleton ? [`the skeleton “${skeleton}” is now “${now.skeleton}”`] : []),
    ...(now.segment !== segment ? [`the segment “${segment}” is now “${now.segment}”`] : []),
  ];
  const to = segmentUri(source, now.skeleton, now.segment, id);
  // The same path (a name the path cannot tell from another): nothing to follow.
  if (renamed.length === 0 || to.toString() === uri.toString()) return { uri, renamed: [] };
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  // Unsaved edits go with it: saved as the draft (never to the application), which the new name
  // finds; kept as the draft directly should the save not take (the old tab closes either way).
  if (document?.isDirty && !(await document.save()))
    await ctx.parts.segments.writeFile(uri, Buffer.from(document.getText()));
  ctx.parts.segments.noteRenamed(
    uri,
    renamed,
    now.segment !== segment ? { from: segment, to: now.segment } : undefined,
  );
  await followRename(uri, to, { preserveFocus: vscode.window.activeTextEditor?.document !== document });
  return { uri: to, renamed };
}

/** The tab follows a renamed segment: open it under its new name where the old one was, and close the old. */
async function followRename(from: vscode.Uri, to: vscode.Uri, { preserveFocus = false } = {}): Promise<void> {
  const isOld = (input: unknown) => input instanceof vscode.TabInputText && input.uri.toString() === from.toString();
  const old = vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => isOld(tab.input));
  const document = await vscode.workspace.openTextDocument(to);
  await vscode.languages.setTextDocumentLanguage(document, 'json');
  await vscode.window.showTextDocument(document, { viewColumn: old?.group.viewColumn, preview: false, preserveFocus });
  await closeTabs(isOld);
}
