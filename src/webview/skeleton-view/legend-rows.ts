/** The legend's lines (legendLines) as the page shows them: a row each, a warning in the warning colour. */
export function legendRows(lines: readonly { text: string; warning: boolean }[]): HTMLElement[] {
  return lines.map(({ text, warning }) => {
    const line = document.createElement('div');
    line.textContent = text;
    if (warning) line.className = 'warning';
    return line;
  });
}
