/** The 3D view's page: a toolbar, the canvas, a legend. No `vscode` import (the bench serves the same page). */
interface ViewPage {
  /** The bundled script, as the webview may load it. */
  scriptUri: string;
  /** The webview's own origin for local resources (`webview.cspSource`). */
  cspSource: string;
  nonce: string;
}

/** A script nonce: 128 random bits. */
export function makeNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

export function viewHtml({ scriptUri, cspSource, nonce }: ViewPage): string {
  // Only the bundled script with this nonce runs; styles are this page's own; nothing remote loads.
  const csp = [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Skeletons in 3D</title>
<style nonce="${nonce}">
  html, body { margin: 0; padding: 0; height: 100%; overflow: hidden; }
  body { display: flex; flex-direction: column; color: var(--vscode-foreground); font: var(--vscode-font-size) var(--vscode-font-family); }
  #toolbar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; padding: 6px 8px; border-bottom: 1px solid var(--vscode-panel-border, transparent); }
  #toolbar .group { display: flex; }
  button { color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); border: 1px solid var(--vscode-button-border, transparent); padding: 3px 9px; cursor: pointer; font: inherit; }
  button:hover:not(:disabled) { background: var(--vscode-button-secondaryHoverBackground); }
  button[aria-pressed="true"] { color: var(--vscode-button-foreground); background: var(--vscode-button-background); font-weight: 600; }
  /* A tick says "on" in every theme: colour alone can read as disabled. */
  button[aria-pressed="true"]::before { content: "✓ "; }
  button:disabled { opacity: 0.5; cursor: default; }
  button:focus-visible, input:focus-visible { outline: 1px solid var(--vscode-focusBorder); }
  #toolbar .spacer { flex: 1; }
  #grid-size { opacity: 0.7; }
  #main { position: relative; flex: 1; min-height: 0; }
  #viewport { position: absolute; inset: 0; }
  #viewport canvas { display: block; }
  .labels { position: absolute; inset: 0; pointer-events: none; }
  .label { font-size: 11px; padding: 0 3px; margin-top: -14px; color: var(--vscode-editor-foreground); background: color-mix(in srgb, var(--vscode-editor-background) 70%, transparent); border-radius: 2px; white-space: nowrap; }
  .label.segment { font-weight: bold; }
  .warning { color: var(--vscode-editorWarning-foreground, #cca700); }
  #legend { position: absolute; left: 8px; bottom: 8px; max-height: 40%; overflow: auto; padding: 4px 8px; background: color-mix(in srgb, var(--vscode-editor-background) 85%, transparent); border-radius: 3px; pointer-events: auto; }
  #legend:empty { display: none; }
  #key { position: absolute; right: 8px; top: 8px; padding: 4px 8px; background: color-mix(in srgb, var(--vscode-editor-background) 85%, transparent); border-radius: 3px; }
  #key summary { cursor: pointer; }
  #key div { display: flex; align-items: center; gap: 6px; white-space: nowrap; }
  .swatch { display: inline-block; flex: none; }
  .swatch.dot { width: 9px; height: 9px; border-radius: 50%; }
  .swatch.line { width: 14px; height: 3px; }
  #tooltip { position: fixed; z-index: 2; white-space: pre; padding: 3px 6px; color: var(--vscode-editorHoverWidget-foreground); background: var(--vscode-editorHoverWidget-background); border: 1px solid var(--vscode-editorHoverWidget-border); pointer-events: none; }
  #notice { position: absolute; top: 40%; width: 100%; text-align: center; }
  #timeline { display: flex; gap: 8px; align-items: center; padding: 4px 8px; border-top: 1px solid var(--vscode-panel-border, transparent); }
  #timeline input[type=range] { flex: 1; }
  #drawing { position: absolute; inset: 0; pointer-events: none; overflow: hidden; }
  #drawing .drawing-text { position: absolute; white-space: pre; }
  #drawing .drawing-note { position: absolute; right: 8px; bottom: 8px; opacity: 0.8; }
  [hidden] { display: none !important; }
</style>
</head>
<body>
<div id="toolbar" role="toolbar" aria-label="3D view">
  <div class="group" role="group" aria-label="Pose">
    <button id="pose-calibrated" aria-pressed="true" title="The calibrated pose: each segment's transform">Calibrated pose</button>
    <button id="pose-default" aria-pressed="false" title="The default pose: each segment's default transform (e.g. a T-pose)">Default pose</button>
  </div>
  <button id="fit" title="Fit the skeletons to the view (F)">Fit</button>
  <div class="group" role="group" aria-label="View from">
    <button id="front" title="View from the front, along +Y (1)">Front</button>
    <button id="side" title="View from the side, along −X (3)">Side</button>
    <button id="top" title="View from the top, down −Z (7)">Top</button>
  </div>
  <label title="Show every marker's name (up to 300)"><input type="checkbox" id="labels"> Marker names</label>
  <span class="spacer"></span>
  <span id="grid-size"></span>
  <button id="select-markers" disabled title="Select the markers of the highlighted segment in the application">Select in Application</button>
</div>
<div id="main">
  <div id="viewport"></div>
  <div id="legend" aria-live="polite"></div>
  <div id="drawing" aria-label="What the scripts draw"></div>
  <details id="key" open><summary>Colours</summary></details>
  <div id="notice" hidden>Loading…</div>
</div>
<div id="timeline" role="group" aria-label="The measurement's frames" hidden>
  <button id="play" aria-pressed="false" title="Play the measurement at its own pace">Play</button>
  <input type="range" id="frame" min="0" max="0" value="0" aria-label="Frame" title="The frame shown">
  <span id="frame-label" aria-live="polite"></span>
</div>
<div id="tooltip" role="tooltip" hidden></div>
<script nonce="${nonce}" src="${scriptUri}"></script>
</body>
</html>`;
}
