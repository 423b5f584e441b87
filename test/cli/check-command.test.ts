import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchFolder } from '../support/scratch-folder';
import { referenceServer } from '../support/reference-server';
import { runCli } from '../support/run-cli';

describe('motion check', function () {
  this.timeout(30_000);
  const app = referenceServer({ per: 'suite' });
  const scratch = scratchFolder('motion-check-');
  const write = (name: string, text: string) => {
    mkdirSync(join(scratch.path, name, '..'), { recursive: true });
    writeFileSync(join(scratch.path, name), text);
  };
  beforeEach(() => {
    write(
      'tools/scale.py',
      [
        'import motion',
        'motion.animation.get_curves()',
        'motion.settings.processing.skeleton.set_skeleton_scale("project", 1, 500)',
        '',
      ].join('\n'),
    );
    write('tools/add.lua', 'motion.settings.processing.skeleton.add_skeleton("elsewhere", "X")\n');
    write('clean.py', 'import motion\nprint(motion.settings.processing.skeleton.get_skeleton_count("project"))\n');
    write('node_modules/pkg/bad.py', 'import motion\nmotion.nothing()\n');
    write('.hidden/bad.lua', 'motion.nothing()\n');
    write('notes.txt', 'not a script');
  });

  const check = (args: string[]) =>
    runCli(['check', ...args.map((a) => (a.startsWith('-') ? a : join(scratch.path, a)))], app.env);

  it('prints each problem like a compiler, in both languages, and exits 1 on errors', async () => {
    const run = await runCli(['check'], app.env, undefined, scratch.path);
    assert.equal(run.code, 1, run.stderr);
    // Paths as the platform writes them, as a compiler prints them: tools\\add.lua on Windows.
    assert.deepEqual(run.stdout.trimEnd().split('\n'), [
      `${join('tools', 'add.lua')}:1:50: error: source: expected one of "project", "measurement", got string "elsewhere" [type]`,
      `${join('tools', 'scale.py')}:2:8: error: motion has no module or method "animation" [unknown-member]`,
      `${join('tools', 'scale.py')}:3:70: error: scale 500 is outside 0.01 to 100.0 [range]`,
    ]);
    assert.match(
      run.stderr,
      /^motion check: 3 files, 3 problems \(3 errors\); documentation live from http:\/\/127\.0\.0\.1:\d+ \(0\.1\.0\)\n$/,
    );
  });

  it('exits 0 when the scripts are clean', async () => {
    const run = await check(['clean.py']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^motion check: 1 file, 0 problems \(0 errors\)/);
  });

  it('writes SARIF 2.1.0 for code scanning: rules, levels, files relative to the checked folder, 1-based regions', async () => {
    const sarif = join(scratch.path, 'motion.sarif');
    const run = await runCli(['check', 'tools', '--sarif', sarif], app.env, undefined, scratch.path);
    assert.equal(run.code, 1, run.stderr);
    const log = JSON.parse(readFileSync(sarif, 'utf8'));
    assert.equal(log.version, '2.1.0');
    const [only] = log.runs;
    assert.equal(only.tool.driver.name, 'motion check');
    assert.deepEqual(
      only.tool.driver.rules.map((r: { id: string }) => r.id),
      ['range', 'type', 'unknown-member'],
    );
    assert.equal(only.tool.driver.rules[0].shortDescription.text, "A number outside the parameter's documented range");
    assert.deepEqual(only.results[1], {
      ruleId: 'unknown-member',
      ruleIndex: 2,
      level: 'error',
      message: { text: 'motion has no module or method "animation"' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'tools/scale.py', uriBaseId: '%SRCROOT%' },
            region: { startLine: 2, startColumn: 8, endLine: 2, endColumn: 17 },
          },
        },
      ],
    });
  });

  it('gives the problems as JSON with --json', async () => {
    const run = await check(['tools/scale.py', '--json']);
    const report = JSON.parse(run.stdout);
    assert.equal(report.files, 1);
    assert.equal(report.errors, 2);
    assert.deepEqual(report.problems[0].range, { start: { line: 1, character: 7 }, end: { line: 1, character: 16 } });
  });

  it('checks against the bundled documentation when the application is away, and says so', async () => {
    const run = await runCli(['check', join(scratch.path, 'clean.py'), '--url', 'http://127.0.0.1:9'], {
      MOTION_CACHE_DIR: scratch.path,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /documentation bundled/);
  });

  it('refuses what it cannot check', async () => {
    for (const [args, message] of [
      [['notes.txt'], /notes\.txt is not a Python \(\.py\) or Lua \(\.lua\) script/],
      [['missing.py'], /no such file or directory: .*missing\.py/],
    ] as const) {
      const run = await check([...args]);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, message);
    }
  });

  it('warns at a call that one of a script’s target versions lacks, exiting 0 (a warning), with its rule in SARIF', async () => {
    write('targets/old_pc.py', '# motion: targets >=2023.2\nimport motion\nmotion.data.object.bone.get_bone_count()\n');
    const sarif = join(scratch.path, 'targets.sarif');
    const run = await runCli(
      ['check', join('targets', 'old_pc.py'), '--sarif', sarif],
      app.env,
      undefined,
      scratch.path,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout,
      `${join('targets', 'old_pc.py')}:3:25: warning: motion.data.object.bone.get_bone_count: added in 2024.1; this script targets 2023.2 and later [target-versions]\n`,
    );
    const [only] = JSON.parse(readFileSync(sarif, 'utf8')).runs;
    assert.deepEqual(
      [only.results[0].level, only.results[0].ruleId, only.tool.driver.rules[0].shortDescription.text],
      [
        'warning',
        'target-versions',
        "A call that one of the script's target versions lacks, or targets that cannot be read",
      ],
    );
  });

  it('--target checks every script against the versions named, failing (exit 1) at a call one of them lacks; SARIF too', async () => {
    write('lab/bones.py', 'import motion\nmotion.data.object.bone.get_bone_count()\n');
    write('lab/newer.py', '# motion: targets >=2024.1\nimport motion\nmotion.data.object.bone.get_bone_count()\n');
    write('lab/docs.py', 'import motion\nmotion.utilities.documentation.get_package_name()\n');
    const sarif = join(scratch.path, 'lab.sarif');
    const run = await runCli(
      ['check', 'lab', '--target', '2023.3..2026.2', '--sarif', sarif],
      app.env,
      undefined,
      scratch.path,
    );
    assert.equal(run.code, 1, run.stderr);
    // The script that says it runs on 2024.1 and later holds to its own word; the others to the range.
    assert.equal(
      run.stdout,
      `${join('lab', 'bones.py')}:2:25: error: motion.data.object.bone.get_bone_count: added in 2024.1; this script targets 2023.3 to 2026.2 [target-versions]\n`,
    );
    assert.match(run.stderr, /3 files, 1 problem \(1 error\); documentation .*; targets 2023\.3 to 2026\.2\n$/);
    const [only] = JSON.parse(readFileSync(sarif, 'utf8')).runs;
    assert.deepEqual(
      only.results.map((r: { level: string; ruleId: string }) => [r.level, r.ruleId]),
      [['error', 'target-versions']],
    );
    const fits = await runCli(['check', 'lab', '--target', '>=2024.1'], app.env, undefined, scratch.path);
    assert.deepEqual([fits.code, fits.stdout], [0, '']);
  });

  it('refuses --target versions it cannot read, as bad usage', async () => {
    for (const [target, message] of [
      ['latest', /--target: "latest" is not a version: write a version \(2025\.1\)/],
      ['2026.1..2025.1', /--target: "2026\.1\.\.2025\.1" ends before it starts/],
      ['>2026.2', /--target: ">2026\.2" names none of the versions the history knows/],
    ] as const) {
      const run = await runCli(['check', 'clean.py', '--target', target], app.env, undefined, scratch.path);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, message);
      assert.equal(run.stdout, '');
    }
  });
});
