import { LIMITS_TEXT } from '../catalogue/limits';
import type { MethodDocumentation, ModuleDocumentation, PackageDocumentation } from './documentation-shapes';
import { methodSignature } from './signature';

/**
 * Plain-text help as the application's `help()` prints it in a scripting console: each module's
 * `help` operation and the topics of `get_help_text`. Generated from documentation, never written twice.
 */
export function moduleHelpText(module: ModuleDocumentation): string {
  const width = Math.max(...module.methods.map((m) => m.name.length));
  const lines = [
    `Module ${module.path}`,
    '',
    module.brief,
    '',
    ...wrap(module.details),
    '',
    'Methods:',
    ...module.methods.map((m) => `  ${m.name.padEnd(width)}  ${m.brief}`),
    '',
    `Call help("<method>") on the module for one method.`,
  ];
  return lines.join('\n');
}

export function methodHelpText(modulePath: string, method: MethodDocumentation): string {
  const lines = [`${modulePath}.${methodSignature(method)}`, '', method.brief];
  if (method.details) lines.push('', ...wrap(method.details));
  if (method.parameters.length > 0) {
    lines.push('', 'Parameters:');
    for (const p of method.parameters) lines.push(`  ${p.name} (${p.type}): ${p.description}`);
  }
  lines.push(
    '',
    method.return_value
      ? `Returns (${method.return_value.type}): ${method.return_value.description}`
      : 'Returns nothing.',
  );
  return lines.join('\n');
}

export type HelpTopic = 'overview' | 'modules' | 'types' | 'signatures' | 'changelog';

/** The topics help(topic) knows, described. */
const HELP_TOPICS: readonly [HelpTopic, string][] = [
  ['overview', 'what the package is and how to call it'],
  ['modules', 'every module with a one-line description'],
  ['types', 'how to read the type strings in signatures'],
  ['signatures', 'every method of every module'],
  ['changelog', 'what changed in each version'],
];

export function helpTopicText(
  pkg: PackageDocumentation,
  topic: HelpTopic | null,
  version: string,
  changelog: readonly string[],
): string {
  switch (topic) {
    case null:
      return [
        `${version}: the "${pkg.name}" scripting package.`,
        '',
        'help(topic) prints one of these topics:',
        '',
        // A table, as the application gives it: its own example scripts build their Help menu by
        // skipping the line naming the columns and taking the quoted first cell of every other row.
        '| Topic | Description |',
        ...HELP_TOPICS.map(([topic, description]) => `| "${topic}" | ${description} |`),
        '',
        'help(module) or module.help("method") prints the documentation of a module or a method.',
      ].join('\n');
    case 'overview':
      return [
        `The "${pkg.name}" package is the scripting interface of the motion-capture application.`,
        '',
        'Its operations are grouped in modules, e.g. motion.settings.processing.skeleton.add_skeleton("project", "Bob").',
        'The same operations are callable in-process (Python, Lua) and over HTTP: POST a JSON array of the',
        'positional arguments to /api/scripting/motion/<module path>/<operation>/ with Content-Type application/json;',
        'the response is the JSON result (null when the operation returns nothing).',
        '',
        'Lengths are in millimetres. Transforms are 4x4 row-major matrices [[r00,r01,r02,tx],...,[0,0,0,1]] in the',
        'coordinates of the parent segment.',
        '',
        `Modules: ${pkg.modules.map((m) => m.path).join(', ')}.`,
      ].join('\n');
    case 'modules': {
      const width = Math.max(...pkg.modules.map((m) => m.path.length));
      return ['Modules:', ...pkg.modules.map((m) => `  ${m.path.padEnd(width)}  ${m.brief}`)].join('\n');
    }
    case 'types':
      return [
        'Type strings:',
        '  integer, float, string, bool   JSON integer, number, string, true/false',
        '  vec3f                          [x, y, z], three numbers, millimetres',
        '  mat4x4f                        four rows of four numbers, row-major, translation in millimetres',
        '  T?                             a T or null; a trailing T? parameter may be left out',
        '  [T]                            an array of T',
        '  "a"|"b"                        one of these strings',
        '  {"field": T, ...}              an object with these fields',
        '  {K: V}                         an object whose keys are K and values V',
        '',
        'Limits (beyond them a call is refused with invalid_argument):',
        ...LIMITS_TEXT.map((line) => `  ${line}`),
      ].join('\n');
    case 'signatures':
      return pkg.modules
        .flatMap((m) => [`${m.path}:`, ...m.methods.map((method) => `  ${methodSignature(method)}`), ''])
        .join('\n')
        .trimEnd();
    case 'changelog':
      return ['Changelog:', ...changelog.map((line) => `  ${line}`)].join('\n');
  }
}

/** Wraps prose at about 100 columns for console display. */
function wrap(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}
