// npm run generate: writes the files derived from the catalogue that must be checked in.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateApiTypes } from '../src/api/codegen/generate-api-types';
import { interfacePage } from '../src/api/docs/interface-page';
import { languageModelToolContributions } from '../src/extension/assistant/tool-contributions';
import { packageListFile } from '../server/language/service/package-list-file';

for (const [file, text] of [
  ['../src/api/client/motion-api.generated.ts', generateApiTypes()],
  ['../docs/interface.md', interfacePage()],
  ['../src/extension/workspace/package-list.generated.json', packageListFile()],
]) {
  const target = resolve(__dirname, file);
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}

// package.json's language-model tools, from the assistant tools' table.
const manifest = resolve(__dirname, '../package.json');
const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { contributes: Record<string, unknown> };
pkg.contributes.languageModelTools = languageModelToolContributions();
writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`wrote ${manifest} (languageModelTools)`);
