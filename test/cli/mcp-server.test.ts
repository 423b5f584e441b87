import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { FakeApplication } from '../support/fake-application';
import { commandLine, descendants } from '../support/processes';
import { answerText as text, connectToMotionMcp } from '../support/mcp-client';
import { scratchFolder } from '../support/scratch-folder';
import { waitFor } from '../support/wait-for';
import { startTestServer, type TestServer } from '../support/test-server';
import { changesAsked, startWholeInterface } from '../support/whole-interface-application';

describe('motion mcp: the assistant tools over the Model Context Protocol, with the SDK client', function () {
  this.timeout(120_000);
  // The server runs in the folder, and Windows removes no folder a process runs in: it stops first.
  const scratch = scratchFolder('motion-mcp-', { per: 'suite', stopFirst: () => client?.close() });
  let reference: TestServer;
  let application: FakeApplication;
  let client: Client;
  let mcp: number;
  before(async () => {
    reference = await startTestServer();
    application = await startWholeInterface(reference.url);
    ({ client, pid: mcp } = await connectToMotionMcp(
      ['--url', application.url, '--folder', scratch.path],
      scratch.path,
    ));
  });
  after(async () => {
    await application.close();
    await reference.close();
  });
  beforeEach(() => (application.requests.length = 0));

  it('lists the reading tools with their schemas, and not the changing one unless allowed', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      [
        'motion_search_documentation',
        'motion_read_application',
        'motion_check_script',
        'motion_dry_run_script',
        'motion_run_script_tests',
        'motion_take_snapshot',
      ],
    );
    for (const t of tools) {
      assert.equal(t.inputSchema.type, 'object', t.name);
      assert.ok(t.description && t.description.length > 80, t.name);
      assert.equal(t.annotations?.readOnlyHint, true, t.name);
      assert.equal(t.annotations?.openWorldHint, false, 'one application, at one URL');
      assert.equal(t.annotations?.title, t.title);
      // An assistant fills in only what it understands: each parameter says what it is.
      for (const [name, property] of Object.entries(t.inputSchema.properties ?? {}))
        assert.ok(((property as { description?: string }).description ?? '').length > 20, `${t.name}.${name}`);
    }
    const search = tools.find((t) => t.name === 'motion_search_documentation')!;
    assert.deepEqual(search.inputSchema.required, ['query']);
  });

  it('searches the documentation of the application it talks to, with signatures', async () => {
    const result = await client.callTool({
      name: 'motion_search_documentation',
      arguments: { query: 'skeleton scale' },
    });
    assert.equal(result.isError, undefined);
    const answer = text(result);
    assert.match(answer, /in the documentation live from http:\/\/127\.0\.0\.1:\d+/);
    assert.match(answer, /motion\.settings\.processing\.skeleton\.set_skeleton_scale\(source: /);
    // An operation of the application's whole interface, which the reference server does not model.
    const gaps = text(
      await client.callTool({ name: 'motion_search_documentation', arguments: { query: 'fill gaps' } }),
    );
    assert.match(gaps, /gap/i);
  });

  it('reads the application: skeletons by source, the selection', async () => {
    const answer = text(await client.callTool({ name: 'motion_read_application', arguments: {} }));
    assert.match(answer, /^Project settings: 2 skeletons$/m);
    assert.match(answer, /^Data \(read-only\): 1 skeleton$/m);
    // 68 segments in all: every tree is shown.
    assert.match(answer, /^ {2}FullBody {2}\(skeleton \d+, scale 1, 22 segments\)\n {4}Hips {2}\(id \d+, /m);
    assert.match(answer, /Selection: nothing selected/);
    assert.deepEqual(changesAsked(application.requests), []);
  });

  it('says what was wrong with bad arguments, and the tool is not run', async () => {
    const result = await client.callTool({ name: 'motion_search_documentation', arguments: { query: '', limit: 99 } });
    assert.equal(result.isError, true);
    assert.match(text(result), /query: Too small.*; limit: Too big/);
    const unknown = await client.callTool({ name: 'motion_frobnicate', arguments: {} });
    assert.equal(unknown.isError, true);
    assert.equal(
      text(unknown),
      'There is no tool "motion_frobnicate" here. The tools: motion_search_documentation, motion_read_application, motion_check_script, motion_dry_run_script, motion_run_script_tests, motion_take_snapshot.',
    );
    const noScript = await client.callTool({ name: 'motion_check_script', arguments: { code: 'x = 1' } });
    assert.match(text(noScript), /Give language \("python" or "lua"\) with code/);
    const stray = await client.callTool({ name: 'motion_read_application', arguments: { skeletons: 'FullBody' } });
    assert.match(
      text(stray),
      /^motion_read_application was called with arguments it cannot take: Unrecognized key: "skeletons"\. Its arguments: \{"source":/,
    );
    const atLimit = await client.callTool({
      name: 'motion_search_documentation',
      arguments: { query: 'get', limit: 30 },
    });
    assert.equal(atLimit.isError, undefined);
    assert.match(text(atLimit), /^30 results in the documentation/);
    assert.match(
      text(await client.callTool({ name: 'motion_search_documentation', arguments: { query: 'get' } })),
      /^8 results/,
    );
    const one = await client.callTool({ name: 'motion_search_documentation', arguments: { query: 'get', limit: 1 } });
    assert.match(text(one), /^1 result in the documentation/);
    assert.deepEqual((one.structuredContent as { hits: unknown[] }).hits.length, 1);
    const past = await client.callTool({ name: 'motion_search_documentation', arguments: { query: 'get', limit: 31 } });
    assert.match(text(past), /limit: Too big: expected number to be <=30/);
  });

  it('says what a dry run found: its changes counted, the script’s arguments, where it stopped', async () => {
    const two = await client.callTool({
      name: 'motion_dry_run_script',
      arguments: {
        code: 'import sys, motion\nsk = motion.settings.processing.skeleton\nb = sk.find_skeleton("project", sys.argv[1])\nsk.set_skeleton_scale("project", b, 2)\nsk.set_skeleton_name("project", b, sys.argv[2])\nraise RuntimeError("halfway")\n',
        language: 'python',
        args: ['FullBody', 'Body'],
      },
    });
    assert.equal(two.isError, undefined, 'the dry run was made: the script raising is its finding');
    const answer = text(two);
    assert.match(answer, /: 2 changes the script would make \(the application was not touched\)\.\n/);
    assert.match(answer, /scale: 1 → 2/);
    assert.match(answer, /name: "FullBody" → "Body"/);
    assert.match(
      answer,
      /\nThe script stopped with RuntimeError at line 6: halfway \(the changes above are those it made before\)\.\n/,
    );
    assert.equal((two.structuredContent as { ok: boolean }).ok, false);
    const none = await client.callTool({
      name: 'motion_dry_run_script',
      arguments: { code: 'print("idle")\n', language: 'lua' },
    });
    assert.match(
      text(none),
      /: no changes \(the application was not touched\)\.\nThe script finished\.\nIts output:\nidle\n$/,
    );
    assert.deepEqual((none.structuredContent as { changes: unknown[] }).changes, []);
  });

  it('checks a script as the editor does', async () => {
    writeFileSync(
      join(scratch.path, 'wrong.py'),
      'import motion\nmotion.settings.processing.skeleton.set_skeleton_scal("project", 1, 2)\n',
    );
    const result = await client.callTool({ name: 'motion_check_script', arguments: { path: 'wrong.py' } });
    const [head, line, ...rest] = text(result).split('\n');
    assert.match(
      head,
      /^1 problem \(1 error\) in wrong\.py; checked against the documentation live from http:\/\/127\.0\.0\.1:\d+ \(.*\)\.$/,
    );
    assert.match(line, /^2:37: error: .*set_skeleton_scal.* \[unknown-member\]$/);
    assert.deepEqual(rest, []);
    const data = result.structuredContent as { script: string; errors: number; problems: Record<string, unknown>[] };
    assert.equal(data.script, 'wrong.py');
    assert.equal(data.errors, 1);
    assert.deepEqual(
      data.problems.map(({ line, column, severity, code }) => ({ line, column, severity, code })),
      [{ line: 2, column: 37, severity: 'error', code: 'unknown-member' }],
    );
    writeFileSync(join(scratch.path, 'right.lua'), 'motion.gui.selection.clear_selections(nil)\n');
    const right = await client.callTool({ name: 'motion_check_script', arguments: { path: 'right.lua' } });
    assert.match(text(right), /^No problems in right\.lua; checked against the documentation live from [^\n]*\.$/);
    assert.deepEqual(right.structuredContent, { script: 'right.lua', errors: 0, problems: [] });
  });

  it('dry-runs a script: the diff and the calls not sent, and no change reaches the application', async () => {
    writeFileSync(
      join(scratch.path, 'tool.py'),
      [
        'import motion',
        'sk = motion.settings.processing.skeleton',
        'sk.set_skeleton_scale("project", sk.find_skeleton("project", "FullBody"), 2)',
        'motion.gui.message.add_message("Scaled", "FullBody by 2", "info")',
        'print("done")',
        '',
      ].join('\n'),
    );
    const result = await client.callTool({ name: 'motion_dry_run_script', arguments: { path: 'tool.py' } });
    const answer = text(result);
    assert.match(answer, /^Dry run [0-9a-f]{8} of tool\.py from the application at .* as it is now: 1 change/);
    assert.match(answer, /scale: 1 → 2/);
    assert.match(
      answer,
      /would call motion\.gui\.message\.add_message\("Scaled", "FullBody by 2", "info"\) — not sent \(tool\.py:4\)/,
    );
    assert.match(answer, /Its output:\ndone\n/);
    assert.doesNotMatch(answer, /motion_apply_script/, 'applying is not offered where it is off');
    assert.deepEqual(changesAsked(application.requests), []);
    const scale = await reference.ok('settings.processing.skeleton', 'get_skeleton_scale', [
      'project',
      await reference.ok('settings.processing.skeleton', 'find_skeleton', ['project', 'FullBody']),
    ]);
    assert.equal(scale, 1);
  });

  it('stops a script that never ends at its deadline, saying so', async () => {
    const result = await client.callTool({
      name: 'motion_dry_run_script',
      arguments: { code: 'while True:\n    pass\n', language: 'python', deadlineSeconds: 2 },
    });
    assert.equal(result.isError, true);
    assert.match(text(result), /did not finish within 2 s.*not touched/);
  });

  it('takes a snapshot, and dry-runs from it', async () => {
    const taken = await client.callTool({ name: 'motion_take_snapshot', arguments: { output: 'stage.motion.json' } });
    assert.match(
      text(taken),
      // The application documents no more than the interface we bundle: its documentation need not be kept.
      /^Wrote stage\.motion\.json: 4 skeletons \(2 project, 1 measurement, 1 data\), 68 segments, .*, from version [\d.]+ at http:\/\/127\.0\.0\.1:\d+\. Give it as snapshot/,
    );
    assert.match(readFileSync(join(scratch.path, 'stage.motion.json'), 'utf8'), /"format": "motion-server-state"/);
    const again = await client.callTool({ name: 'motion_take_snapshot', arguments: { output: 'stage.motion.json' } });
    assert.match(text(again), /^stage\.motion\.json exists: give overwrite: true to replace it, or another output\.$/);
    const named = await client.callTool({ name: 'motion_take_snapshot', arguments: { output: 'stage.motion' } });
    assert.match(text(named), /output: a snapshot file ends with \.json/);
    writeFileSync(join(scratch.path, 'reads.py'), 'import motion\nprint(motion.gui.timeline.get_frequency())\n');
    const recorded = await client.callTool({
      name: 'motion_take_snapshot',
      arguments: { output: 'stage.motion.json', record: 'reads.py', overwrite: true },
    });
    assert.match(text(recorded), /keeping the application's documentation and 1 answer to the reads of reads\.py\./);
    assert.deepEqual(recorded.structuredContent, { file: 'stage.motion.json', answers: 1, documentation: true });
    writeFileSync(join(scratch.path, 'fails.py'), 'raise RuntimeError("no")\n');
    const failed = await client.callTool({
      name: 'motion_take_snapshot',
      arguments: { output: 'other.motion.json', record: 'fails.py' },
    });
    assert.match(text(failed), /^Nothing was written: fails\.py stopped with an error \(RuntimeError: no\)/);
    assert.equal(existsSync(join(scratch.path, 'other.motion.json')), false);
    const run = await client.callTool({
      name: 'motion_dry_run_script',
      arguments: {
        code: 'local sk = motion.settings.processing.skeleton\nsk.set_skeleton_name("project", sk.find_skeleton("project", "FullBody"), "Body")\n',
        language: 'lua',
        snapshot: 'stage.motion.json',
      },
    });
    assert.match(text(run), /from the snapshot stage\.motion\.json: 1 change/);
  });

  it('runs the script tests, each against an application of its own, the first failure in full', async () => {
    writeFileSync(
      join(scratch.path, 'scale_spec.lua'),
      [
        'local sk = motion.settings.processing.skeleton',
        'describe("scale", function()',
        '  it("doubles", function()',
        '    local body = sk.find_skeleton("project", "FullBody")',
        '    sk.set_skeleton_scale("project", body, 2)',
        '    assert.equal(2, sk.get_skeleton_scale("project", body))',
        '  end)',
        '  it("is wrong", function()',
        '    assert.equal(3, sk.get_skeleton_scale("project", sk.find_skeleton("project", "FullBody")))',
        '  end)',
        'end)',
        '',
      ].join('\n'),
    );
    const result = await client.callTool({ name: 'motion_run_script_tests', arguments: { paths: ['scale_spec.lua'] } });
    const answer = text(result);
    assert.match(
      answer,
      /^2 tests: 1 passed, 1 failed \(each against an application of its own; the application was not touched\)\./,
    );
    assert.match(answer, /^✓ .*doubles passed$/m);
    assert.match(answer, /^✗ .*is wrong failed\n {4}.*\(scale_spec\.lua:9\)\n {4}expected 3, got 1$/m);
    assert.match(answer, /\nThe first failure in full \(.*is wrong\):\n/);
    const data = result.structuredContent as { results: Record<string, unknown>[] };
    assert.deepEqual(
      data.results.map(({ outcome, line, expected, actual }) => ({ outcome, line, expected, actual })),
      [
        { outcome: 'passed', line: null, expected: null, actual: null },
        { outcome: 'failed', line: 9, expected: '3', actual: '1' },
      ],
    );
    assert.equal(data.results[0].message, null);
    assert.equal(typeof data.results[1].message, 'string');
    assert.deepEqual(changesAsked(application.requests), []);
    mkdirSync(join(scratch.path, 'empty'));
    const empty = await client.callTool({ name: 'motion_run_script_tests', arguments: { paths: ['empty'] } });
    assert.match(
      text(empty),
      /^No tests found in empty: tests are test_\*\.py files \(pytest\) and \*_spec\.lua files\.$/,
    );
    const none = await client.callTool({ name: 'motion_run_script_tests', arguments: { paths: ['nothing_here'] } });
    assert.match(text(none), /^The tests could not be run: nothing_here does not exist\.$/);
  });

  it('stops a dry run the assistant cancels: its script and private server end', async () => {
    const cancel = new AbortController();
    const call = client.callTool(
      { name: 'motion_dry_run_script', arguments: { code: 'while True:\n    pass\n', language: 'python' } },
      undefined,
      { signal: cancel.signal },
    );
    await waitFor(() => descendants(mcp).some((pid) => /python/.test(commandLine(pid))), 'the script running');
    cancel.abort();
    await assert.rejects(call, /abort/i);
    await waitFor(() => descendants(mcp).length === 0, 'the script and the private server ended', 10_000);
  });

  it('says who it is, and how to use its tools', () => {
    assert.deepEqual(
      { ...client.getServerVersion(), version: undefined },
      {
        name: 'motion',
        title: 'Motion Scripting',
        version: undefined,
      },
    );
    assert.match(client.getServerVersion()!.version, /^\d+\.\d+\.\d+/);
    assert.match(
      client.getInstructions()!,
      /^Tools for scripting a motion-capture application through its package "motion" \(Python and Lua\)\.\nSearch the documentation before writing a motion\.\* call/,
    );
  });

  it('serves the documentation as resources, a page per module', async () => {
    const { resources } = await client.listResources();
    assert.deepEqual(resources[0], {
      uri: 'motion-docs:/motion.md',
      name: 'motion',
      title: 'The "motion" package: its modules',
      mimeType: 'text/markdown',
    });
    const selection = resources.find((r) => r.uri === 'motion-docs:/motion.gui.selection.md');
    assert.ok(selection);
    assert.deepEqual(
      { ...selection, title: undefined },
      {
        uri: 'motion-docs:/motion.gui.selection.md',
        name: 'motion.gui.selection',
        title: undefined,
        description: 'The module motion.gui.selection: every operation with its signature',
        mimeType: 'text/markdown',
      },
    );
    const whole = (await client.readResource({ uri: 'motion-docs:/motion.md' })).contents[0];
    assert.ok('text' in whole);
    assert.match(whole.text, /^## Package `motion`\n\n\| Module \| \|\n\|---\|---\|\n\| `motion\.[^\n]*\|\n/);
    assert.match(whole.text, /\| `motion\.gui\.selection` \|/);
    assert.match(whole.text, /\| `motion\.settings\.processing\.skeleton` \|/);
    assert.match(whole.text, /\n\n### motion\n[^]*\nmotion\.get_version\(\)/, 'and the root module’s operations');
    const elsewhere = await client.readResource({ uri: 'file:///motion.md' }).then(
      () => '',
      (e: Error) => e.message,
    );
    assert.match(
      elsewhere,
      /No documentation page file:\/\/\/motion\.md: list the resources for the pages there are \(motion-docs:\/motion\.md lists the modules\)/,
    );
    const page = await client.readResource({ uri: selection.uri });
    const [content] = page.contents;
    assert.ok('text' in content);
    assert.equal(content.mimeType, 'text/markdown');
    assert.match(content.text, /^### motion\.gui\.selection\n/);
    assert.match(content.text, /```\nmotion\.gui\.selection\.set_selections\(/);
    const missing = await client.readResource({ uri: 'motion-docs:/motion.nowhere.md' }).catch((e: Error) => e);
    assert.ok(missing instanceof Error);
    assert.match(missing.message, /No documentation page motion-docs:\/motion\.nowhere\.md/);
  });
});
