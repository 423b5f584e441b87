/**
 * Writes the facts of the application's published scripting interface (module paths, operation
 * names, parameter names and types, return types, the ranges and units its pages state), read from
 * the Markdown module pages of its public documentation (a checkout of its scripting repository's
 * docs, one `qtm.<module>.md` page per module), with our package name, twice:
 * - src/api/catalogue/interface-facts.json, the facts alone, from which the whole interface's
 *   documentation is made in our words (whole-interface.ts);
 * - test/fixtures/application-interface/interface.json, the documentation an application of that
 *   version serves, with generated descriptions: what the tests' stand-in application answers.
 * Run by hand when the application publishes a new version:
 *   npx tsx scripts/application-interface.ts <folder of the module pages>
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const pages = process.argv[2];
if (!pages) throw new Error('usage: tsx scripts/application-interface.ts <folder of the qtm.*.md module pages>');

const spoken = (name: string) => name.replace(/_/g, ' ');

interface ParameterFacts {
  name: string;
  type: string;
  unit?: string;
  range?: [number, number];
}

/** What a page's sentence states as fact: a unit ("(in millimeters)") and a range ("Must be within the [2, 5] range"). */
function statedFacts(sentence: string): { unit?: string; range?: [number, number] } {
  const unit = /\(in ((?:local coordinates(?: and| with translation in))? ?[a-z]+)\)/.exec(sentence)?.[1];
  const range = /(?:Must be within|in) the \[(-?[\d.]+), (-?[\d.]+)\] range/.exec(sentence);
  return {
    ...(unit && !unit.startsWith('which') ? { unit: unit.replace(/^local coordinates.* /, '') } : {}),
    ...(range ? { range: [Number(range[1]), Number(range[2])] as [number, number] } : {}),
  };
}

const facts: {
  module: string;
  name: string;
  parameters: ParameterFacts[];
  returns: { type: string; unit?: string } | null;
}[] = [];
const modules = readdirSync(pages)
  .filter((name) => /^qtm(\..+)?\.md$/.test(name))
  .sort()
  .map((name) => {
    const path = `motion${name.slice('qtm'.length, -'.md'.length)}`;
    const methods = readFileSync(join(pages, name), 'utf8')
      .split('\n## ')
      .slice(1)
      .flatMap((block) => {
        const [title, ...lines] = block.split('\n');
        const operation = title.trim();
        if (!/^[a-z_0-9]+$/.test(operation)) return [];
        const parameters: { name: string; type: string; description: string }[] = [];
        const parameterFacts: ParameterFacts[] = [];
        let returns: { type: string; description: string } | null = null;
        let returnUnit: string | undefined;
        let section = '';
        for (const [i, line] of lines.entries()) {
          if (line.startsWith('---')) break;
          if (line.startsWith('**Parameters**') || line.startsWith('**Returns**')) {
            section = line;
            continue;
          }
          const parameter = /^`(\w+)` `(.*)`<br\/>\s*$/.exec(line);
          if (section.startsWith('**Parameters**') && parameter) {
            parameters.push({ name: parameter[1], type: parameter[2], description: `The ${spoken(parameter[1])}.` });
            parameterFacts.push({
              name: parameter[1],
              type: parameter[2],
              // A callback's sentence is of its own argument's unit, not of the function.
              ...(parameter[2].startsWith('function') ? {} : statedFacts(lines[i + 1] ?? '')),
            });
          }
          const result = /^`([^`]+)`([^\r]*)/.exec(line);
          if (section.startsWith('**Returns**') && result && !returns) {
            returns = { type: result[1], description: 'What the operation returns.' };
            returnUnit = statedFacts(result[2]).unit;
          }
        }
        facts.push({
          module: path,
          name: operation,
          parameters: parameterFacts,
          returns: returns ? { type: returns.type, ...(returnUnit ? { unit: returnUnit } : {}) } : null,
        });
        const brief = spoken(operation);
        return [
          {
            name: operation,
            brief: `${brief[0].toUpperCase()}${brief.slice(1)}.`,
            details: '',
            parameters,
            return_value: returns,
          },
        ];
      });
    return { path, brief: `The ${path} module.`, details: '', methods };
  });

const out = resolve(__dirname, '../test/fixtures/application-interface/interface.json');
writeFileSync(out, `${JSON.stringify({ name: 'motion', modules }, null, 1)}\n`);
console.log(`${modules.length} modules, ${modules.reduce((n, m) => n + m.methods.length, 0)} operations → ${out}`);
const factsOut = resolve(__dirname, '../src/api/catalogue/interface-facts.json');
const byModule = modules.map((m) => ({
  path: m.path,
  operations: facts.filter((f) => f.module === m.path).map(({ module: _module, ...operation }) => operation),
}));
writeFileSync(factsOut, `${JSON.stringify({ modules: byModule })}\n`);
console.log(`the facts → ${factsOut}`);
