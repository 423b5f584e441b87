import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateApiTypes } from '../../src/api/codegen/generate-api-types';
import { CATALOGUE } from '../../src/api/catalogue';
import { interfacePage } from '../../src/api/docs/interface-page';
import { typeScriptType } from '../../src/api/codegen/typescript-types';
import { parseType } from '../../src/api/types/parse-type';
import { SELECTION_ITEM } from '../../src/api/catalogue/type-strings';
import { packageListFile } from '../../server/language/service/package-list-file';

describe('code generated from the catalogue', () => {
  it('the checked-in typed API matches the catalogue (run `npm run generate` when it does not)', () => {
    const file = readFileSync(join(__dirname, '../../src/api/client/motion-api.generated.ts'), 'utf8');
    assert.equal(file, generateApiTypes());
  });

  it('the checked-in docs/interface.md holds every module and operation of the catalogue (run `npm run generate` when it does not)', () => {
    const page = readFileSync(join(__dirname, '../../docs/interface.md'), 'utf8');
    assert.equal(page, interfacePage());
    for (const module of CATALOGUE)
      for (const op of module.operations)
        assert.ok(page.includes(`${module.path}.${op.name}(`), `${module.path}.${op.name}`);
  });

  it('the checked-in package list (the first list after `motion.`) is the bundled documentation’s (run `npm run generate` when it is not)', () => {
    const file = readFileSync(join(__dirname, '../../src/extension/workspace/package-list.generated.json'), 'utf8');
    assert.equal(file, packageListFile());
  });

  it('maps type strings to TypeScript for inputs and outputs', () => {
    assert.equal(
      typeScriptType(parseType('"none"|"global_optimization"?'), 'output'),
      '"none" | "global_optimization" | null',
    );
    assert.equal(
      typeScriptType(parseType(SELECTION_ITEM), 'input'),
      '{ "type": "trajectory" | "bone"; "id": number; "part_index"?: number | null }',
    );
    assert.equal(
      typeScriptType(parseType(SELECTION_ITEM), 'output'),
      '{ "type": "trajectory" | "bone"; "id": number; "part_index": number | null }',
    );
    assert.equal(typeScriptType(parseType('[integer?]'), 'output'), '(number | null)[]');
    assert.equal(typeScriptType(parseType('{"a"|"b": float}'), 'input'), 'Partial<Record<"a" | "b", number>>');
  });
});
