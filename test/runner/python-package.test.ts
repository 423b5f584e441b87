import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolve } from 'node:path';
import { WHOLE_INTERFACE, operationRequiredCount } from '../../src/api/catalogue';
import { referenceServer } from '../support/reference-server';

// The Python package keeps its own copy of the rule for optional arguments (it is stdlib-only and
// reads the application's documentation at import); this proves the copy agrees with the TypeScript one.
describe('the Python motion package agrees with the TypeScript rules', () => {
  const app = referenceServer({ per: 'suite' });

  it('counts the required arguments of every documented operation as the whole interface’s catalogue does', async () => {
    const script = [
      'import json, motion',
      'doc = motion._call("motion.utilities.documentation", "get_package_documentation", [])',
      'print(json.dumps({f"{m[\'path\']}.{o[\'name\']}": motion._required_count(o["parameters"]) for m in doc["modules"] for o in m["methods"]}))',
    ].join('\n');
    const { stdout: printed } = await promisify(execFile)(process.env.MOTION_TEST_PYTHON ?? 'python3', ['-c', script], {
      env: { ...process.env, PYTHONPATH: resolve(__dirname, '../../dist/python'), MOTION_URL: app.server.url },
      encoding: 'utf8',
    });
    const python = JSON.parse(printed) as Record<string, number>;
    const typescript = Object.fromEntries(
      WHOLE_INTERFACE.flatMap((m) => m.operations.map((op) => [`${m.path}.${op.name}`, operationRequiredCount(op)])),
    );
    assert.deepEqual(python, typescript);
    assert.ok(
      Object.entries(typescript).some(
        ([path, count]) =>
          count <
          WHOLE_INTERFACE.flatMap((m) => m.operations).find((op) => path.endsWith(`.${op.name}`))!.parameters.length,
      ),
      'some operations have optional arguments, so the rule is exercised',
    );
  });

  it('reaches every documented operation by its dotted path, as the bundled whole interface lists them', async () => {
    const script = [
      'import functools, json, motion',
      'doc = motion._call("motion.utilities.documentation", "get_package_documentation", [])',
      'def reach(path):',
      '    return functools.reduce(getattr, path.split(".")[1:], motion)',
      'print(json.dumps(sorted(f"{m[\'path\']}.{o[\'name\']}" for m in doc["modules"] for o in m["methods"] if callable(reach(f"{m[\'path\']}.{o[\'name\']}")))))',
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.env.MOTION_TEST_PYTHON ?? 'python3', ['-c', script], {
      env: { ...process.env, PYTHONPATH: resolve(__dirname, '../../dist/python'), MOTION_URL: app.server.url },
      encoding: 'utf8',
    });
    const typescript = WHOLE_INTERFACE.flatMap((m) => m.operations.map((op) => `${m.path}.${op.name}`)).sort();
    assert.deepEqual(JSON.parse(stdout), typescript);
  });
});
