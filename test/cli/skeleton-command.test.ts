import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeState } from '../../src/api/state/state-document';
import { runCli } from '../support/run-cli';
import { serverAndFolderEach } from '../support/server-and-folder';

const SDK_SHAPED = join(__dirname, '../fixtures/sdk-shaped-skeletons.xml');

describe('motion skeleton export|import (the built CLI, against the real server)', function () {
  this.timeout(60_000);
  const fixture = serverAndFolderEach('motion-skeleton-');
  const names = (source: 'project' | 'measurement') => fixture.server.model.skeletons(source).map((s) => s.name);
  const state = () => encodeState(fixture.server.model.snapshot());

  it('exports every skeleton of a source to XML, and imports them into the other source', async () => {
    const file = join(fixture.dir, 'project.xml');
    const out = await runCli(['skeleton', 'export', '--source', 'project', '--out', file], fixture.env);
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stderr, `exported FullBody, Wand to ${file}\n`);
    assert.match(readFileSync(file, 'utf8'), /<Skeleton Name="FullBody">[\s\S]*<Skeleton Name="Wand">/);
    const imported = await runCli(['skeleton', 'import', file, '--target', 'measurement'], fixture.env);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /^imported FullBody \(skeleton \d+\) into the measurement settings\nimported Wand/);
    assert.deepEqual(names('measurement'), ['Actor1', 'FullBody', 'Wand']);
  });

  it('exports one named skeleton as JSON to stdout, and refuses JSON for several', async () => {
    const one = await runCli(
      ['skeleton', 'export', '--source', 'data', '--name', 'Actor1', '--format', 'json'],
      fixture.env,
    );
    assert.equal(one.code, 0, one.stderr);
    const doc = JSON.parse(one.stdout);
    assert.equal(doc.format, 'motion-skeleton');
    assert.equal(doc.root.name, 'Hips');
    const several = await runCli(['skeleton', 'export', '--source', 'project', '--format', 'json'], fixture.env);
    assert.equal(several.code, 2);
    assert.match(several.stderr, /a JSON skeleton document holds one skeleton and the project settings have 2/);
    const unknown = await runCli(['skeleton', 'export', '--source', 'project', '--name', 'Nobody'], fixture.env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /the project settings have no skeleton named "Nobody"/);
  });

  it('imports the SDK-shaped sample with its warnings, and replaces an existing name only with --replace', async () => {
    const first = await runCli(['skeleton', 'import', SDK_SHAPED, '--target', 'project'], fixture.env);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stderr.split('\n').filter((l) => l.startsWith('warning: ')).length, 7);
    assert.deepEqual(names('project'), ['FullBody', 'Wand', 'Crane', 'Hook']);
    const before = state();
    const again = await runCli(['skeleton', 'import', SDK_SHAPED, '--target', 'project'], fixture.env);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already have "Crane", "Hook"; nothing was imported \(--replace replaces them\)/);
    assert.equal(state(), before, 'nothing changed');
    const replaced = await runCli(['skeleton', 'import', SDK_SHAPED, '--target', 'project', '--replace'], fixture.env);
    assert.equal(replaced.code, 0, replaced.stderr);
    assert.match(replaced.stdout, /into the project settings, replacing the one of that name\n/);
    assert.deepEqual(names('project'), ['FullBody', 'Wand', 'Crane', 'Hook']);
  });

  it('refuses a malformed file naming the element, and changes nothing', async () => {
    const file = join(fixture.dir, 'bad.xml');
    writeFileSync(file, readFileSync(SDK_SHAPED, 'utf8').replace('<Segment Name="Boom">', '<Segment>'));
    const before = state();
    const run = await runCli(['skeleton', 'import', file, '--target', 'project'], fixture.env);
    assert.equal(run.code, 1);
    assert.equal(
      run.stderr,
      `motion: ${file} cannot be imported: QTM_Settings/Skeletons/Skeleton[@Name="Crane"]/Segments/Segment[@Name="Base"]/Segment: it has no Name\n`,
    );
    assert.equal(state(), before);
    const json = join(fixture.dir, 'bad.json');
    writeFileSync(json, '{"format": "something else"}');
    const refused = await runCli(['skeleton', 'import', json, '--target', 'project'], fixture.env);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /bad\.json cannot be imported: not a skeleton definition/);
    const usage = await runCli(['skeleton', 'import', SDK_SHAPED, '--target', 'data'], fixture.env);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--target must be project or measurement \(the current data is read-only\)/);
  });

  it('leaves nothing behind when the application refuses a skeleton halfway through a file', async () => {
    const file = join(fixture.dir, 'scaled.xml');
    // The second skeleton's scale is outside 0.01..100: the first was already built, aside.
    writeFileSync(file, readFileSync(SDK_SHAPED, 'utf8').replace('<Scale>1.000000</Scale>', '<Scale>500</Scale>'));
    const before = state();
    const run = await runCli(['skeleton', 'import', file, '--target', 'project'], fixture.env);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /scale 500 is outside/);
    assert.deepEqual(names('project'), ['FullBody', 'Wand']);
    assert.equal(
      JSON.stringify(JSON.parse(state()).state.skeletons),
      JSON.stringify(JSON.parse(before).state.skeletons),
    );
  });
});
