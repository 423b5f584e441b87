// npm run generate: writes the files derived from the catalogue that must be checked in.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateApiTypes } from '../src/api/codegen/generate-api-types';

const target = resolve(__dirname, '../src/api/client/motion-api.generated.ts');
writeFileSync(target, generateApiTypes());
console.log(`wrote ${target}`);
