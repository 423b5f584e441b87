// npm run generate: writes the files derived from the catalogue that must be checked in.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateApiTypes } from '../src/api/codegen/generate-api-types';
import { interfacePage } from '../src/api/docs/interface-page';

for (const [file, text] of [
  ['../src/api/client/motion-api.generated.ts', generateApiTypes()],
  ['../docs/interface.md', interfacePage()],
]) {
  const target = resolve(__dirname, file);
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
