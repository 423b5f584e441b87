import assert from 'node:assert/strict';
import { MotionClient } from '../../src/api/client/motion-client';
import { MotionError } from '../../src/api/client/motion-error';
import { CATALOGUE, WHOLE_INTERFACE } from '../../src/api/catalogue';
import { catalogueAsOf } from '../../src/api/catalogue/catalogue-as-of';
import { runServerToExit, startChildServer, type ChildServer } from '../support/child-server';

/** The reference server answering as another release of the application (motion-server --as-version). */
describe('the reference server, answering as an earlier or later release', function () {
  this.timeout(30_000);
  let server: ChildServer | undefined;
  let client: MotionClient | undefined;
  afterEach(async () => {
    await client?.close();
    server?.child.kill();
    await server?.exited;
    server = client = undefined;
  });

  async function answeringAs(version: string) {
    server = await startChildServer(['--as-version', version]);
    client = new MotionClient({ url: server.url });
    return client;
  }

  it('as 2023.3: its get_version, and without the bones and skeleton settings 2024.1 brought', async () => {
    const app = await answeringAs('2023.3');
    assert.deepEqual(await app.call('motion', 'get_version', []), { major: 2023, minor: 3, build: 0 });
    const pkg = (await app.call('motion.utilities.documentation', 'get_package_documentation', [])) as {
      modules: { path: string }[];
    };
    const paths = pkg.modules.map((m) => m.path);
    assert.ok(!paths.includes('motion.data.object.bone'), paths.join(', '));
    assert.ok(!paths.includes('motion.settings.processing.skeleton'));
    for (const kept of [
      'motion',
      'motion.data.object.skeleton',
      'motion.gui.selection',
      'motion.utilities.documentation',
    ])
      assert.ok(paths.includes(kept), kept);
    // A call of what it lacks is refused as the application refuses an operation it does not have.
    await assert.rejects(app.call('motion.data.object.bone', 'get_bone_count', []), MotionError);
  });

  it('as 2026.2: the whole interface', async () => {
    const app = await answeringAs('2026.2');
    assert.deepEqual(await app.call('motion', 'get_version', []), { major: 2026, minor: 2, build: 0 });
    assert.equal(typeof (await app.call('motion.data.object.bone', 'get_bone_count', [])), 'number');
    const pkg = (await app.call('motion.utilities.documentation', 'get_package_documentation', [])) as {
      modules: unknown[];
    };
    assert.equal(pkg.modules.length, catalogueAsOf('2026.2', WHOLE_INTERFACE).length);
    const paths = (pkg.modules as { path: string }[]).map((m) => m.path);
    assert.ok(paths.includes('motion.file') && paths.includes('motion.gui.timeline'));
    assert.ok(!paths.includes('motion.utilities.math'), 'gone in 2026.1, by the changelog');
  });

  it('refuses a release its history does not know, naming those it does', async () => {
    const { code, output } = await runServerToExit(['--as-version', '2027.1']);
    assert.equal(code, 2);
    assert.match(output, /"2027\.1" is not a version the interface's history knows \(2023\.2, .*, 2026\.2\)/);
  });

  it('keeps each operation of a module it has only where that release has it', () => {
    const asOf = (version: string) =>
      catalogueAsOf(version, CATALOGUE).flatMap((m) => m.operations.map((op) => `${m.path}.${op.name}`));
    assert.equal(asOf('2026.2').length, CATALOGUE.flatMap((m) => m.operations).length);
    assert.ok(asOf('2024.1').includes('motion.data.object.bone.add_bone'));
    assert.ok(!asOf('2023.2').some((path) => path.startsWith('motion.data.object.bone.')));
  });
});
