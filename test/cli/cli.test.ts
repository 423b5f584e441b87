import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../support/run-cli';
import { pyright } from '../support/pyright';
import { referenceServer } from '../support/reference-server';
import { scratchFolder } from '../support/scratch-folder';

describe('motion CLI (the built dist/motion.js)', function () {
  this.timeout(60_000);
  const app = referenceServer({ per: 'suite' });
  const cache = scratchFolder('motion-cli-cache-', { per: 'suite' });
  let env: Record<string, string>;
  before(() => (env = { MOTION_URL: app.server.url, MOTION_CACHE_DIR: cache.path }));

  describe('help and usage', () => {
    it('explains itself and each command', async () => {
      const top = await runCli(['--help']);
      assert.equal(top.code, 0);
      for (const command of ['call', 'tree', 'docs', 'stubs', 'run'])
        assert.match(top.stdout, new RegExp(`^  ${command}`, 'm'));
      for (const command of ['call', 'tree', 'docs', 'stubs', 'run']) {
        const help = await runCli([command, '--help']);
        assert.equal(help.code, 0, command);
        assert.match(help.stdout, new RegExp(`^Usage: motion ${command}`), command);
        assert.match(help.stdout, /--url URL/, `${command} lists the global options`);
      }
    });

    it('says its version, the extension’s, as a command-line tool does', async () => {
      const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
      for (const flag of ['--version', '-V']) {
        const run = await runCli([flag]);
        assert.deepEqual([run.code, run.stdout, run.stderr], [0, `motion ${version}\n`, ''], flag);
      }
      assert.match((await runCli(['--help'])).stdout, /motion --version prints its version/);
    });

    it('exits 2 on bad usage, saying what was wrong', async () => {
      const cases: [string[], RegExp][] = [
        [[], /Usage: motion <command>/],
        [['fly'], /unknown command "fly"/],
        // A name every object has is no command either.
        [['constructor'], /unknown command "constructor"/],
        [['call', 'gui/selection'], /call needs a module path and an operation/],
        [['call', 'gui/selection', 'get_selections', '--colour'], /Unknown option '--colour'/],
        [['tree', '--source', 'scene'], /--source must be one of project, measurement, data, got "scene"/],
        [['call', 'x', 'y', '--timeout', 'soon'], /--timeout must be a positive number/],
        [['call', 'x', 'y', '--url', 'ftp://host'], /--url must be an http:\/\/ URL/],
        [['stubs'], /stubs needs --out DIR/],
        [
          ['docs', 'motion.gui.selection.selct'],
          /no module or method motion\.gui\.selection\.selct in the documentation; did you mean/,
        ],
      ];
      for (const [args, message] of cases) {
        const run = await runCli(args, env);
        assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
        assert.match(run.stderr + run.stdout, message, args.join(' '));
      }
    });
  });

  describe('call', () => {
    it('prints the JSON result; words that are not JSON are strings', async () => {
      const run = await runCli(['call', 'settings/processing/skeleton', 'add_skeleton', 'project', 'FromCli'], env);
      assert.equal(run.code, 0, run.stderr);
      const id = JSON.parse(run.stdout);
      assert.equal(typeof id, 'number');
      const ids = await runCli(['call', 'motion.settings.processing.skeleton', 'get_skeleton_ids', '"project"'], env);
      assert.ok(JSON.parse(ids.stdout).includes(id));
      assert.match(ids.stdout, /^\[\n {2}\d+,/, 'pretty JSON for people');
      const compact = await runCli(
        ['call', 'settings/processing/skeleton', 'get_skeleton_ids', 'project', '--json'],
        env,
      );
      assert.match(compact.stdout, /^\[\d+(,\d+)*\]\n$/);
      const help = await runCli(['call', 'utilities/documentation', 'get_help_text', 'types'], env);
      assert.match(help.stdout, /^Type strings:\n/, 'strings print as they are');
      const markers = await runCli(['call', 'gui/selection', 'select', '[{"type": "trajectory", "id": 73}]'], env);
      assert.equal(markers.code, 0, markers.stderr);
      assert.equal(markers.stdout, 'null\n');
    });

    it('exits 1 with the code and message when the application refuses', async () => {
      const run = await runCli(
        ['call', 'settings/processing/skeleton', 'set_skeleton_scale', 'project', '1', '500'],
        env,
      );
      assert.equal(run.code, 1);
      assert.equal(run.stdout, '');
      assert.equal(
        run.stderr,
        'motion: motion.settings.processing.skeleton.set_skeleton_scale: invalid_argument (scale): scale 500 is outside the allowed range 0.01 to 100\n',
      );
      const json = await runCli(
        ['call', 'settings/processing/skeleton', 'get_skeleton_name', 'project', '--json', '--', '-1'],
        env,
      );
      assert.equal(json.code, 1);
      assert.equal(JSON.parse(json.stderr).error.code, 'not_found');
    });

    it('exits 3 when nothing is listening', async () => {
      const run = await runCli(['call', 'motion', 'get_version', '--url', 'http://127.0.0.1:9'], env);
      assert.equal(run.code, 3);
      assert.equal(
        run.stderr,
        'motion: nothing is listening on 127.0.0.1:9 — start the application, or the reference server (motion-server), or give its address with --url\n',
      );
    });
  });

  describe('tree', () => {
    it('prints every source as indented trees with ids', async () => {
      const run = await runCli(['tree'], env);
      assert.equal(run.code, 0, run.stderr);
      assert.match(
        run.stdout,
        /^Project settings\n {2}FullBody {2}\(skeleton 1, scale 1, 22 segments\)\n {4}Hips {2}\(id 2, global_optimization, 4 markers\)\n {6}Spine {2}\(id 3, solved with parent, 1 marker\)/,
      );
      assert.match(run.stdout, /\nMeasurement settings\n {2}Actor1 {2}\(skeleton \d+, scale 1\.05, 22 segments\)/);
      assert.match(run.stdout, /\nData \(read-only\)\n {2}Actor1/);
      assert.match(run.stdout, /^ {14}Head {2}\(id \d+, solved with parent, 4 markers, endpoint \[0, 0, 190\]\)$/m);
    });

    it('prints one source, or JSON', async () => {
      const data = await runCli(['tree', '--source', 'data'], env);
      assert.match(data.stdout, /^Data \(read-only\)\n/);
      assert.doesNotMatch(data.stdout, /Project settings/);
      const json = await runCli(['tree', '--source', 'data', '--json'], env);
      const parsed = JSON.parse(json.stdout);
      assert.equal(parsed.data[0].root.name, 'Hips');
      assert.equal(parsed.data[0].root.children.length, 3);
    });

    describe('on an application with nothing in it', () => {
      const empty = referenceServer({ empty: true });

      it('says so when a source has no skeletons', async () => {
        const run = await runCli(['tree', '--source', 'project', '--url', empty.server.url], env);
        assert.equal(run.stdout, 'Project settings: no skeletons\n');
      });
    });
  });

  describe('docs', () => {
    it('prints the package, a module, a method and a namespace as Markdown', async () => {
      const pkg = await runCli(['docs'], env);
      assert.match(pkg.stdout, /^## Package `motion`\n\n\| Module \| \|/);
      assert.equal(pkg.stderr, '', 'no note when the documentation is live');
      const module = await runCli(['docs', 'gui/selection'], env);
      assert.match(module.stdout, /^### motion\.gui\.selection\n/);
      assert.match(module.stdout, /motion\.gui\.selection\.deselect\(selections:/);
      const method = await runCli(['docs', 'motion.settings.processing.skeleton.set_skeleton_scale'], env);
      assert.match(
        method.stdout,
        /^```\nmotion\.settings\.processing\.skeleton\.set_skeleton_scale\(source: "project"\|"measurement", skeleton_id: integer, scale: float\)\n```/,
      );
      assert.match(method.stdout, /- `scale` `float` — New scale, 0\.01 to 100\.0\./);
      const namespace = await runCli(['docs', 'motion.data.object'], env);
      assert.match(namespace.stdout, /### motion\.data\.object\.skeleton/);
      assert.match(namespace.stdout, /### motion\.data\.object\.bone/);
      const json = await runCli(['docs', 'gui.selection.select', '--json'], env);
      assert.equal(JSON.parse(json.stdout).name, 'select');
    });

    it('says which documentation it uses when the application is away', async () => {
      const cached = await runCli(['docs', 'gui/selection/select', '--url', app.server.url], env);
      assert.equal(cached.code, 0);
      const away = await runCli(['docs', 'gui/selection/select', '--url', 'http://127.0.0.1:9'], env);
      assert.equal(away.code, 0);
      assert.equal(away.stderr, 'motion: documentation bundled with this version (no server answered)\n');
      assert.match(away.stdout, /motion\.gui\.selection\.select/);
    });
  });

  describe('stubs', () => {
    const scratch = scratchFolder('motion-pyright-', { per: 'suite' });

    it('writes a .pyi per module that pyright accepts for correct scripts and flags for wrong ones', async () => {
      const run = await runCli(['stubs', '--out', join(scratch.path, 'typings')], env);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /^wrote 51 stub files for 42 modules to /);
      for (const file of [
        'motion/__init__.pyi',
        'motion/_types.pyi',
        'motion/gui/selection.pyi',
        'motion/settings/processing/skeleton.pyi',
      ]) {
        assert.ok(existsSync(join(scratch.path, 'typings', file)), file);
      }
      assert.match(
        readFileSync(join(scratch.path, 'typings/motion/_types.pyi'), 'utf8'),
        /class Marker\(TypedDict\):\n {4}name: str\n {4}position: Vec3\n {4}weight: float/,
      );

      writeFileSync(
        join(scratch.path, 'pyrightconfig.json'),
        JSON.stringify({ stubPath: 'typings', pythonVersion: '3.11', reportMissingModuleSource: 'none' }),
      );
      writeFileSync(join(scratch.path, 'good.py'), GOOD_SCRIPT);
      writeFileSync(join(scratch.path, 'bad.py'), BAD_SCRIPT);
      const good = await pyright(scratch.path, 'good.py');
      assert.match(good.stdout, /0 errors, 0 warnings/, good.stdout);
      const bad = await pyright(scratch.path, 'bad.py');
      // A dict given for a structure is any mapping to pyright (one built before the call must
      // pass), so its keys and values are the editor's checks to judge, not pyright's.
      assert.match(bad.stdout, /4 errors/, bad.stdout);
      assert.match(
        bad.stdout,
        /bad\.py:3:\d+ - error: Argument of type "Literal\['scene'\]" cannot be assigned to parameter "source"/,
      );
      assert.match(bad.stdout, /bad\.py:7:\d+ - error: "no_such_operation" is not a known attribute/);
    });
  });
});

const GOOD_SCRIPT = `import motion
import motion.gui.selection as sel
from motion.settings.processing import skeleton
from motion.data.object import trajectory

skeleton_id: int = skeleton.add_skeleton("project", "Bob")
root = skeleton.get_skeleton_root_id("project", skeleton_id)
spine = skeleton.add_segment("project", root, "Spine")
skeleton.set_segment_markers("project", spine, [{"name": "T10", "position": [0.0, -100.0, 150.0], "weight": 1.0}])
for marker in skeleton.get_segment_markers("project", spine):
    print(marker["name"], marker["position"][2])
dofs = skeleton.get_segment_degrees_of_freedom("project", spine)
print(dofs["rotation_x"]["constraint"])
lasi = trajectory.find_trajectory("LASI")
if lasi is not None:
    sel.select([{"type": "trajectory", "id": lasi, "part_index": None}])
print(sel.get_selection_count(), motion.get_version(), motion.help())
print(motion.settings.processing.skeleton.get_skeleton_count("measurement"))
# As scripts are written: numbers that are ints, tuples, a structure built before the call.
skeleton.set_segment_endpoint("project", spine, [1000, 500, 750])
skeleton.set_segment_endpoint("project", spine, (0, 0, 0.5))
marker = {"name": "T12", "position": (0, -80, 120), "weight": 1}
skeleton.set_segment_markers("project", spine, [marker])
items = [{"type": "trajectory", "id": lasi, "part_index": None}] if lasi is not None else []
sel.select(items)
try:
    skeleton.set_skeleton_scale("project", skeleton_id, 0)
except motion.MotionError as refused:
    print(refused.code)
except RuntimeError as refused:
    print("refused:", refused)
`;

const BAD_SCRIPT = `from motion.settings.processing import skeleton
import motion.gui.selection as sel
skeleton.add_skeleton("scene", "Bob")
skeleton.set_skeleton_scale("project", "1", 2.0)
name: int = skeleton.get_skeleton_name("project", 1)
sel.select([{"type": "marker", "id": 1, "part_index": None}])
skeleton.no_such_operation()
`;
