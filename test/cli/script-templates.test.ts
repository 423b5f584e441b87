import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SCRIPT_TEMPLATES } from '../../src/extension/templates/script-templates';
import { runCli } from '../support/run-cli';
import { diagnostics } from '../support/script-fixture';
import { scratchFolder } from '../support/scratch-folder';
import { referenceServer } from '../support/reference-server';

/** A snippet's body as the editor inserts it when every placeholder keeps its default (the first choice); plain tab stops stay. */
function expand(body: string[]): string {
  return body
    .join('\n')
    .replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1');
}

describe('New Script templates and snippets: they check clean and run against the real server', function () {
  this.timeout(60_000);
  const app = referenceServer({ per: 'suite' });
  const scratch = scratchFolder('motion-templates-', { per: 'suite' });

  const expected: Record<string, RegExp> = {
    'python-skeleton-tool': /^FullBody \(scale 1\)\n {2}Hips \(4 markers\)\n {4}Spine \(1 markers\)\n/,
    'python-selection-tool': /^selected \d+ trajectories of Head\n$/,
    'python-batch': /^FullBody: \d+ segments without markers \[.*\]\nWand: /,
    'lua-skeleton-tool': /^FullBody \(scale 1\)\n {2}Hips \(4 markers\)\n {4}Spine \(1 markers\)\n/,
    'lua-selection-tool': /^selected \d+ trajectories of Head\n$/,
    'lua-batch': /^FullBody: \d+ segments without markers .*\nWand: /,
  };

  for (const template of SCRIPT_TEMPLATES) {
    it(`${template.label}: no diagnostics, and it runs`, async () => {
      assert.deepEqual(await diagnostics(template.languageId, template.text), []);
      const file = join(scratch.path, `${template.id}.${template.languageId === 'python' ? 'py' : 'lua'}`);
      writeFileSync(file, template.text);
      const run = await runCli(['run', file], app.env);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, expected[template.id]);
    });
  }

  for (const languageId of ['python', 'lua'] as const) {
    it(`the ${languageId} snippets check clean once their placeholders are filled`, async () => {
      const snippets = JSON.parse(
        readFileSync(resolve(__dirname, `../../snippets/${languageId}.json`), 'utf8'),
      ) as Record<string, { prefix: string; body: string[] }>;
      assert.ok(Object.keys(snippets).length >= 3);
      for (const [name, snippet] of Object.entries(snippets)) {
        assert.match(snippet.prefix, /^motion-/, name);
        const text = expand(snippet.body).replace(/\$1/g, 'project').replace(/\$0/g, '');
        const prelude = languageId === 'python' ? 'skeleton_id = 1\n' : 'local skeleton_id = 1\n';
        assert.deepEqual(await diagnostics(languageId, prelude + text), [], `${name}:\n${text}`);
      }
    });
  }
});
