import { catalogueDocumentation } from './catalogue-documentation';
import { methodMarkdown, moduleMarkdown, packageMarkdown } from './markdown';

/**
 * docs/interface.md: the interface the reference server serves, every module and operation in the
 * catalogue's own words, after how a call is made and what its types mean. Written by
 * `npm run generate`; a test holds the checked-in page to it.
 */
export function interfacePage(): string {
  const documentation = catalogueDocumentation();
  return [
    '# The scripting interface',
    '',
    '<!-- Written by `npm run generate` from the catalogue (src/api/catalogue); do not edit. -->',
    '',
    'The package `motion` as the reference server serves it: its modules, each operation with its',
    'parameters, their types and what it returns. The application may have more (the editor reads',
    'its own documentation); docs/design.md holds the rules this page leaves open.',
    '',
    '## Calling an operation',
    '',
    '- Python: `motion.settings.processing.skeleton.get_skeleton_count("project")`, or',
    '  `from motion.settings.processing import skeleton`. Lua: the same dotted path on the global',
    '  `motion` table. A refused call raises `motion.MotionError` (a `RuntimeError`) in Python, an',
    '  error that reads `<operation>: <message>` in Lua.',
    '- Over HTTP: `POST /api/scripting/motion/<module path with slashes>/<operation>/` with a JSON',
    '  array of the positional arguments; the answer is the JSON value, or an error',
    '  (docs/design.md §3).',
    '- Trailing parameters whose type ends in `?` may be left out: they are then null.',
    '',
    '## Types',
    '',
    '| type | a value |',
    '|---|---|',
    '| `integer`, `float`, `string`, `bool` | a number (whole, for integer), text, true or false |',
    '| `vec3f` | `[x, y, z]`, millimetres |',
    '| `mat4x4f` | four rows of four numbers, row-major, translation in millimetres in the last column |',
    '| `T?` | a T, or null |',
    '| `[T]` | a list of T |',
    '| `"a"\\|"b"` | one of the strings |',
    '| `{"name": T, …}` | a structure with those fields (a field of a `?` type may be left out) |',
    '| `{K: V}` | a map from keys of K (a string, an integer, one of an enumeration) to V |',
    '',
    packageMarkdown(documentation),
    '',
    ...documentation.modules.flatMap((module) => [
      moduleMarkdown(module),
      '',
      ...module.methods.flatMap((method) => [methodMarkdown(module.path, method), '']),
    ]),
  ].join('\n');
}
