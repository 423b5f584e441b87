/**
 * Descriptions, in our words, of the operations our catalogue does not write by hand: made from what
 * the interface's names say (`get_max_residual`: "Returns the maximum residual"), with the units and
 * ranges its pages state. The interface names its operations regularly, so a few patterns read all of them.
 */

export interface StatedFacts {
  unit?: string;
  range?: [number, number];
}

const WORDS: Readonly<Record<string, string>> = {
  min: 'minimum',
  max: 'maximum',
  id: 'identifier',
  ids: 'identifiers',
  _2d: '2D',
  _3d: '3D',
  _6d: '6DOF',
  '2d': '2D',
  '3d': '3D',
  '6d': '6DOF',
  aim: 'AIM',
  c3d: 'C3D',
  fbx: 'FBX',
  tsv: 'TSV',
  mat: 'MAT',
  sto: 'STO',
  trc: 'TRC',
  ip: 'IP',
  ptp: 'PTP',
  irig: 'IRIG',
  smpte: 'SMPTE',
  gui: 'GUI',
  cop: 'centre of pressure',
  x: 'X',
  y: 'Y',
  z: 'Z',
};

/** `max_auto_join_gap_length` → "maximum auto join gap length". */
export function spokenName(name: string): string {
  return name
    .split(/_(?=.)/)
    .filter(Boolean)
    .map((word) => WORDS[word.toLowerCase()] ?? word)
    .join(' ');
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function unitText(unit: string | undefined): string {
  return unit ? ` (in ${unit})` : '';
}

function rangeText(range: [number, number] | undefined): string {
  return range ? ` It must be from ${range[0]} to ${range[1]}, both included.` : '';
}

/** What an operation does, in one sentence, by the pattern of its name. */
export function describeOperation(name: string, returnsUnit?: string): string {
  const match = /^(get|set|is|has|add|delete|clear|find|insert|draw|show|send)_(.+)$/.exec(name);
  if (!match) return `${capital(spokenName(name))}.`;
  const [, verb, rest] = match;
  const what = spokenName(rest);
  switch (verb) {
    case 'get': {
      if (rest.endsWith('_count')) return `Returns the number of ${spokenName(rest.slice(0, -'_count'.length))}s.`;
      const use = /^use_(.+)$/.exec(rest);
      if (use) return `Returns whether ${spokenName(use[1])} is used.`;
      return `Returns the ${what}${unitText(returnsUnit)}.`;
    }
    case 'set': {
      const use = /^use_(.+)$/.exec(rest);
      if (use) return `Sets whether ${spokenName(use[1])} is used.`;
      return `Sets the ${what}.`;
    }
    case 'is':
    case 'has':
      return `Returns whether it ${verb} ${what}.`;
    case 'add':
      return `Adds a ${what}.`;
    case 'delete':
      return `Deletes ${rest.endsWith('s') ? 'the' : 'a'} ${what}.`;
    case 'clear':
      return `Removes every one of the ${what}.`;
    case 'find':
      return `Finds a ${what}; null when there is none.`;
    default:
      return `${capital(verb)}s ${/s$/.test(rest) ? 'the' : 'a'} ${what}.`;
  }
}

/** What a parameter is, with the unit and range the interface states. */
export function describeParameter(name: string, facts: StatedFacts): string {
  if (name === 'source')
    return 'Which settings: "project" for the project settings, "measurement" for the current measurement’s.';
  return `The ${spokenName(name)}${unitText(facts.unit)}.${rangeText(facts.range)}`;
}

/** What an operation returns, with the unit the interface states. */
export function describeReturn(name: string, unit: string | undefined): string {
  const match = /^(?:get|find)_(.+)$/.exec(name);
  if (!match) return `The result of ${name}.`;
  return `The ${spokenName(match[1])}${unitText(unit)}.`;
}
