import * as vscode from 'vscode';
import { drawingAt } from '../../api/gui/reference-host';
import { oneAtATime } from './one-at-a-time';
import type { MotionClient } from '../../api/client/motion-client';
import { describeFailure } from '../failure-text';
import type { Pose } from '../../api/skeletons/skeleton-geometry';
import type { ExplorerItem } from '../skeletons-view/explorer-data';
import { revealSegment, segmentItem } from '../skeletons-view/reveal-segment';
import type { SkeletonExplorer } from '../skeletons-view/skeleton-explorer';
import { describeSelection } from '../../api/state/selection-names';
import type { SelectionView } from '../selection/selection-view';
import { makeNonce, viewHtml } from './view-html';
import type { FromView, SceneReport, SegmentRef, ToView } from '../../protocol/skeleton-view';
import { sendViewScene, viewKey, type ViewTarget } from './view-scene';
import { readViewMeasurement } from './view-measurement';

/** What to do when a segment clicked in the view is gone from the application. */
const REFRESH = 'refresh the view';

/** What the 3D views follow: the application, the Skeletons view (its refreshes and selection), the Selection view. */
interface ViewDeps {
  extensionUri: vscode.Uri;
  client: () => MotionClient;
  explorer: SkeletonExplorer;
  explorerTree: vscode.TreeView<ExplorerItem>;
  selection: SelectionView;
}

/** Reloads wait this long for more changes (an import refreshes the tree many times). */
const RELOAD_DELAY_MS = 100;

/** The open 3D views, one per source or skeleton shown; they follow edits, Refresh and both views' selections. */
export class SkeletonViews implements vscode.Disposable {
  private readonly panels = new Map<string, SkeletonPanel>();
  private readonly subscriptions: vscode.Disposable[];
  /** The view that was shown last (tests and automation read it). */
  last: SkeletonPanel | undefined;
  private readonly shown = new vscode.EventEmitter<SkeletonPanel>();
  /** A view was opened or brought forward. */
  readonly onDidShow = this.shown.event;

  constructor(private readonly deps: ViewDeps) {
    this.subscriptions = [
      deps.explorer.onDidChangeTreeData((item) => {
        if (item === undefined) for (const panel of this.panels.values()) panel.reloadSoon();
      }),
      deps.selection.onDidChangeTreeData(() => {
        for (const panel of this.panels.values()) void panel.sendSelection();
      }),
      deps.explorerTree.onDidChangeSelection(({ selection }) => {
        for (const panel of this.panels.values()) panel.highlightFromTree(selection[0]);
      }),
    ];
  }

  /**
   * Opens (or brings forward, with its new scene) a view of a state that is not the application's:
   * a dry run's. It shows the messages given, and follows neither the application nor the trees.
   */
  showFixed(key: string, target: ViewTarget, messages: readonly ToView[]): SkeletonPanel {
    let panel = this.panels.get(key);
    if (panel) {
      panel.reveal();
      panel.showScene(messages);
    } else {
      panel = new SkeletonPanel(
        target,
        this.deps,
        () => {
          this.panels.delete(key);
          if (this.last === panel) this.last = undefined;
        },
        messages,
      );
      this.panels.set(key, panel);
    }
    this.last = panel;
    this.shown.fire(panel);
    return panel;
  }

  /** The view opened with this key, if it is open. */
  isOpen(key: string): SkeletonPanel | undefined {
    return this.panels.get(key);
  }

  /** Closes the view opened with this key, if it is open. */
  close(key: string): void {
    this.panels.get(key)?.dispose();
  }

  /** Opens (or brings forward) the view of a target, with a segment highlighted. */
  show(target: ViewTarget, highlight: SegmentRef | null = null): SkeletonPanel {
    const key = viewKey(target);
    let panel = this.panels.get(key);
    if (panel) panel.reveal();
    else {
      panel = new SkeletonPanel(target, this.deps, () => {
        this.panels.delete(key);
        if (this.last === panel) this.last = undefined;
      });
      this.panels.set(key, panel);
    }
    if (highlight) panel.highlight(highlight);
    this.last = panel;
    this.shown.fire(panel);
    return panel;
  }

  dispose(): void {
    for (const panel of [...this.panels.values()]) panel.dispose();
    for (const s of this.subscriptions) s.dispose();
    this.shown.dispose();
  }
}

/** One webview panel: sends it scenes, highlights and the selection; acts on what the user does in it. */
export class SkeletonPanel implements vscode.Disposable {
  private readonly panel: vscode.WebviewPanel;
  private loading: AbortController | undefined;
  private reloadTimer: NodeJS.Timeout | undefined;
  private highlighted: SegmentRef | null = null;
  /** The pose the view shows (it says so when ready): read first. */
  private pose: Pose = 'calibrated';
  private readonly reports: ((report: SceneReport) => void)[] = [];
  private disposed = false;
  /** Settles once the webview has said it is ready and been sent its scene; messages sent before are lost. */
  private ready!: Promise<void>;
  private markReady!: () => void;
  private readonly revealed = new vscode.EventEmitter<ExplorerItem>();
  /** A segment clicked in the view was revealed in the Skeletons view. */
  readonly onDidReveal = this.revealed.event;
  private readonly loaded = new vscode.EventEmitter<void>();
  /** A scene (or its failure) was sent to the view. */
  readonly onDidLoad = this.loaded.event;

  constructor(
    readonly target: ViewTarget,
    private readonly deps: ViewDeps,
    private readonly closed: () => void,
    /** A fixed scene (a dry run's): sent as it is instead of reading the application, which it does not follow. */
    private fixed?: readonly ToView[],
  ) {
    const bundle = vscode.Uri.joinPath(deps.extensionUri, 'dist', 'webview');
    this.panel = vscode.window.createWebviewPanel(
      'motion.skeleton3d',
      'Skeletons in 3D',
      { viewColumn: vscode.ViewColumn.Active },
      { enableScripts: true, localResourceRoots: [bundle] },
    );
    this.panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'skeleton-3d.svg');
    const webview = this.panel.webview;
    webview.html = viewHtml({
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(bundle, 'skeleton-view.js')).toString(),
      cspSource: webview.cspSource,
      nonce: makeNonce(),
    });
    this.expectReady();
    webview.onDidReceiveMessage((message: FromView) => void this.received(message));
    // A hidden webview is not kept: it is made again when shown, and says so with another 'ready'.
    this.panel.onDidChangeViewState(() => {
      if (!this.panel.visible) this.expectReady();
    });
    this.panel.onDidDispose(() => this.dispose());
  }

  reveal(): void {
    this.panel.reveal();
  }

  /** Shows another fixed scene (a newer dry run's) in this view of a fixed scene. */
  showScene(messages: readonly ToView[]): void {
    this.fixed = messages;
    void this.reload();
  }

  private expectReady(): void {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
  }

  /** Highlights a segment in the view (when it shows that segment's skeleton). */
  highlight(segment: SegmentRef | null): void {
    this.highlighted = segment;
    this.post({ type: 'highlight', segment });
  }

  /** The Skeletons view selected an item: its segment is highlighted here if this view shows it. */
  highlightFromTree(item: ExplorerItem | undefined): void {
    if (this.fixed) return; // the tree shows the application; this view, another state
    if (item?.kind !== 'segment' || item.source !== this.target.source) return;
    if (this.target.skeletonIds && !this.target.skeletonIds.includes(item.skeletonId)) return;
    this.highlight({ skeletonId: item.skeletonId, segmentId: item.node.id });
  }

  /** Reloads after changes settle: edits through the extension and Refresh. */
  reloadSoon(): void {
    if (this.fixed) return;
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => void this.reload(), RELOAD_DELAY_MS);
  }

  /** Reads the target's skeletons again and sends them as they come; the view keeps its camera. */
  async reload(): Promise<void> {
    this.loading?.abort();
    const loading = (this.loading = new AbortController());
    if (this.fixed) {
      this.panel.title = this.fixed.flatMap((m) => (m.type === 'outline' ? [m.outline.title] : []))[0] ?? 'Dry run';
      for (const message of this.fixed) this.post(message);
      this.loaded.fire();
      return;
    }
    try {
      await sendViewScene(
        this.deps.client(),
        this.target,
        (message) => {
          if (loading.signal.aborted) return;
          if (message.type === 'outline') this.panel.title = message.outline.title;
          this.post(message);
        },
        { pose: this.pose, signal: loading.signal },
      );
    } catch (error) {
      if (loading.signal.aborted) return;
      this.post({ type: 'failed', message: `Could not load the skeletons: ${describeFailure(error)}` });
    }
    if (this.target.source !== 'data' && !loading.signal.aborted) void this.drawAt(0);
    // The current data's view shows the open measurement's markers too, over its skeletons.
    if (this.target.source === 'data' && !loading.signal.aborted) {
      try {
        const measurement = await readViewMeasurement(this.deps.client(), loading.signal);
        if (!loading.signal.aborted) this.post({ type: 'measurement', measurement });
        // A measurement shown says its time as it shows a frame; without one, the drawing is at 0 s.
        if (!measurement) void this.drawAt(0);
      } catch (error) {
        if (!loading.signal.aborted)
          this.post({ type: 'failed', message: `Could not load the measurement: ${describeFailure(error)}` });
      }
    }
    this.loaded.fire();
  }

  /**
   * Sends what the scripts' draw function draws at `time` (the reference server's, which answers
   * it; an application draws in its own view): nothing for a dry run's fixed scene.
   */
  private readonly drawAt = oneAtATime(async (time: number) => {
    if (this.fixed || this.disposed) return;
    const client = this.deps.client();
    try {
      const shapes = await drawingAt(client.url, time);
      if (shapes) this.post({ type: 'drawing', shapes });
    } catch (error) {
      this.post({ type: 'drawing', shapes: [], error: `The draw function: ${describeFailure(error)}` });
    }
  });

  /** Does in the view what moving its frame slider does. */
  showFrame(frame: number): void {
    this.post({ type: 'frame', frame });
  }

  /** The application's selected trajectories, by label: markers of that name are highlighted. */
  async sendSelection(): Promise<void> {
    if (this.fixed) return; // its scene carries the selection it shows
    try {
      const rows = await describeSelection(this.deps.client());
      this.post({ type: 'selection', markers: rows.filter((r) => r.item.type === 'trajectory').map((r) => r.label) });
    } catch {
      this.post({ type: 'selection', markers: [] }); // not connected: nothing is selected
    }
  }

  /** What the view has drawn, with its picture. */
  report(timeoutMs = 10_000): Promise<SceneReport> {
    // A hidden webview is not running (it is made again, from its saved state, when shown).
    if (!this.panel.visible) return Promise.reject(new Error('the 3D view is hidden'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the 3D view did not answer')), timeoutMs);
      void this.ready.then(() => {
        this.reports.push((report) => {
          clearTimeout(timer);
          resolve(report);
        });
        this.post({ type: 'report' });
      });
    });
  }

  /** Does in the view what its pose buttons do. */
  showPose(pose: Pose): void {
    this.post({ type: 'pose', pose });
  }

  /** Does in the view what a click on a segment's origin does. */
  click(skeleton: string, segment: string): void {
    this.post({ type: 'click', skeleton, segment });
  }

  private async received(message: FromView): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.pose = message.pose;
        await this.reload();
        if (this.highlighted) this.post({ type: 'highlight', segment: this.highlighted });
        await this.sendSelection();
        this.markReady();
        return;
      case 'pose':
        this.pose = message.pose;
        return;
      case 'report':
        this.reports.shift()?.(message.report);
        return;
      case 'time':
        void this.drawAt(message.time);
        return;
      case 'reveal':
      case 'selectMarkers':
        if (this.fixed) return; // a dry run's segment is not in the application to reveal or select
        try {
          this.highlighted = message.segment;
          const where = { source: this.target.source, ...message.segment };
          if (message.type === 'selectMarkers') {
            const item = await segmentItem(this.deps.explorer.data, where, REFRESH);
            await vscode.commands.executeCommand('motion.selectMarkers', item);
            return;
          }
          this.revealed.fire(await revealSegment(this.deps.explorer.data, this.deps.explorerTree, where, REFRESH));
        } catch (error) {
          void vscode.window.showErrorMessage(`Motion: could not find the segment: ${describeFailure(error)}`);
        }
        return;
    }
  }

  private post(message: ToView): void {
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.reloadTimer);
    this.loading?.abort();
    this.revealed.dispose();
    this.loaded.dispose();
    this.panel.dispose();
    this.closed();
  }
}
