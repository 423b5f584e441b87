import type { ViewColours } from './view-colours';

/** One entry of the key: a colour of the drawing (or of the axes), drawn as a dot or a line, and what it means. */
interface KeyEntry {
  colour: keyof ViewColours | 'x' | 'y' | 'z';
  shape: 'dot' | 'line';
  meaning: string;
}

/** What each colour of the drawing means, in the order a person meets them (skeleton-drawing.ts paints them). */
export const COLOUR_KEY: readonly KeyEntry[] = [
  { colour: 'joint', shape: 'dot', meaning: 'Segment origin' },
  { colour: 'bone', shape: 'line', meaning: 'Bone, to a child or the endpoint' },
  { colour: 'marker', shape: 'dot', meaning: 'Marker' },
  { colour: 'highlight', shape: 'line', meaning: 'Highlighted segment' },
  { colour: 'selected', shape: 'dot', meaning: 'Marker selected in the application' },
  { colour: 'warning', shape: 'line', meaning: 'Problem in the definition (hover it)' },
  { colour: 'x', shape: 'line', meaning: 'Root and rigid body axes: x, y, z' },
];

/** What a dry run's colours mean (the view shows a state after a script, not the application). */
export const CHANGE_KEY: readonly KeyEntry[] = [
  { colour: 'added', shape: 'dot', meaning: 'Added by the script' },
  { colour: 'moved', shape: 'dot', meaning: 'Moved by the script' },
  { colour: 'changed', shape: 'dot', meaning: 'Changed in place (markers, degrees of freedom…)' },
  { colour: 'removed', shape: 'dot', meaning: 'Removed by the script (where it was)' },
  { colour: 'unchanged', shape: 'line', meaning: 'Unchanged' },
  { colour: 'highlight', shape: 'line', meaning: 'Highlighted segment' },
  { colour: 'warning', shape: 'line', meaning: 'Problem in the definition (hover it)' },
];

/** The axes' colours (x red, y green, z blue), as skeleton-drawing.ts writes them. */
const AXIS = { x: 'rgb(230, 0, 0)', y: 'rgb(0, 230, 0)', z: 'rgb(0, 0, 230)' };

/** The key's rows, each a swatch in the colour the theme gives (set through the CSSOM: the CSP allows no inline styles). */
export function colourKeyRows(colours: ViewColours, key: readonly KeyEntry[] = COLOUR_KEY): HTMLElement[] {
  return key.map(({ colour, shape, meaning }) => {
    const row = document.createElement('div');
    const swatches = colour === 'x' ? (['x', 'y', 'z'] as const) : [colour];
    for (const c of swatches) {
      const swatch = document.createElement('span');
      swatch.className = `swatch ${shape}`;
      swatch.style.backgroundColor = c === 'x' || c === 'y' || c === 'z' ? AXIS[c] : colours[c].getStyle();
      row.append(swatch);
    }
    row.append(meaning);
    return row;
  });
}
