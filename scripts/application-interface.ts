/**
 * Writes test/fixtures/application-interface/interface.json: the facts of the application's
 * published scripting interface (module paths, operation names, parameter names and types, return
 * types), read from the Markdown module pages of its public documentation (a checkout of its
 * scripting repository's docs, one `qtm.<module>.md` page per module), with our package name and
 * generated descriptions. Run by hand when the application publishes a new version:
 *   npx tsx scripts/application-interface.ts <folder of the module pages>
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const pages = process.argv[2];
if (!pages) throw new Error('usage: tsx scripts/application-interface.ts <folder of the qtm.*.md module pages>');

const spoken = (name: string) => name.replace(/_/g, ' ');
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
        let returns: { type: string; description: string } | null = null;
        let section = '';
        for (const line of lines) {
          if (line.startsWith('---')) break;
          if (line.startsWith('**Parameters**') || line.startsWith('**Returns**')) {
            section = line;
            continue;
          }
          const parameter = /^`(\w+)` `(.*)`<br\/>\s*$/.exec(line);
          if (section.startsWith('**Parameters**') && parameter)
            parameters.push({ name: parameter[1], type: parameter[2], description: `The ${spoken(parameter[1])}.` });
          const result = /^`([^`]+)`/.exec(line);
          if (section.startsWith('**Returns**') && result && !returns)
            returns = { type: result[1], description: 'What the operation returns.' };
        }
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
