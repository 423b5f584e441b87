import { Color } from 'three';

/** The view's colours, from the VS Code theme (its CSS variables), so that it reads in light and dark themes. */
export interface ViewColours {
  background: Color;
  grid: Color;
  bone: Color;
  joint: Color;
  marker: Color;
  highlight: Color;
  selected: Color;
  warning: Color;
  /** A dry run's changes (segment-change kinds), as the Source Control view colours files; unchanged is dimmed. */
  added: Color;
  removed: Color;
  moved: Color;
  changed: Color;
  unchanged: Color;
}

export function themeColours(): ViewColours {
  const style = getComputedStyle(document.body);
  const read = (name: string, fallback: string) => new Color(style.getPropertyValue(name).trim() || fallback);
  const background = read('--vscode-editor-background', '#1e1e1e');
  const dark = background.r + background.g + background.b < 1.5;
  return {
    background,
    grid: read('--vscode-editorIndentGuide-background1', dark ? '#404040' : '#d0d0d0'),
    bone: read('--vscode-charts-blue', '#3794ff'),
    joint: read('--vscode-editor-foreground', dark ? '#d4d4d4' : '#333333'),
    marker: read('--vscode-charts-green', '#89d185'),
    highlight: read('--vscode-charts-yellow', '#cca700'),
    selected: read('--vscode-charts-purple', '#b180d7'),
    warning: read('--vscode-charts-red', '#f14c4c'),
    added: read('--vscode-gitDecoration-addedResourceForeground', '#81b88b'),
    removed: read('--vscode-gitDecoration-deletedResourceForeground', '#c74e39'),
    moved: read('--vscode-charts-orange', '#d18616'),
    changed: read('--vscode-charts-blue', '#3794ff'),
    // Between the background and the text: there, but out of the way of what changed.
    unchanged: background.clone().lerp(read('--vscode-editor-foreground', dark ? '#d4d4d4' : '#333333'), 0.3),
  };
}
