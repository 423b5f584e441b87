/**
 * A text written with `|` where the cursor is, as css-languageservice's tests write them
 * (`'motion.gui.|'`): the text without the bar, and the cursor's offset (0 when there is no bar).
 */
export function cursorAt(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  return offset < 0
    ? { text: marked, offset: 0 }
    : { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}
