import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { cliAssistantContext } from '../../../src/cli/mcp/cli-assistant-context';
import { ASSISTANT_TOOLS, inputJsonSchema, invokeTool } from '../../../src/runner/assistant/assistant-tools';
import { startFakeApplication, type FakeApplication } from '../../support/fake-application';
import { referenceServer } from '../../support/reference-server';
import { scratchFolder } from '../../support/scratch-folder';

const SERVER_SCRIPT = resolve(__dirname, '../../../dist/motion-server.js');
const byName = (name: string) => ASSISTANT_TOOLS.find((t) => t.name === name)!;

describe('a tool called as an assistant calls it: arguments checked, every failure an answer', function () {
  this.timeout(30_000);
  const app = referenceServer({ per: 'suite' });
  const scratch = scratchFolder('motion-invoke-tool-', { per: 'suite' });
  const contextAt = (url: string, allowApply = false) => ({
    ...cliAssistantContext({ url, timeoutMs: 2000, json: false }, { folder: scratch.path, allowApply }),
    serverScript: SERVER_SCRIPT,
  });
  const invoke = async (url: string, name: string, input: unknown) => {
    const context = contextAt(url);
    try {
      return await invokeTool(byName(name), input, context);
    } finally {
      await context.close();
    }
  };

  it('every tool has a title and a codicon for the editors that list it', () => {
    for (const t of ASSISTANT_TOOLS) {
      assert.match(t.title, /^[A-Z][\w-]+( [\w-]+)+$/, t.name);
      assert.match(t.icon, /^\$\([a-z-]+\)$/, t.name);
    }
    assert.equal(new Set(ASSISTANT_TOOLS.map((t) => t.icon)).size, ASSISTANT_TOOLS.length, 'each its own');
  });

  it('every parameter says what it is: an assistant fills in only what it understands', () => {
    for (const t of ASSISTANT_TOOLS)
      for (const [name, property] of Object.entries(inputJsonSchema(t).properties as object))
        assert.ok(((property as { description?: string }).description ?? '').length > 20, `${t.name}.${name}`);
  });

  it('which tools run the user’s code (refused in Restricted Mode), and the one that changes the application', () => {
    const names = (pick: (t: (typeof ASSISTANT_TOOLS)[number]) => boolean) =>
      ASSISTANT_TOOLS.filter(pick).map((t) => t.name);
    assert.deepEqual(
      names((t) => t.runsCode),
      ['motion_dry_run_script', 'motion_run_script_tests', 'motion_take_snapshot', 'motion_apply_script'],
    );
    assert.deepEqual(
      names((t) => t.changesApplication),
      ['motion_apply_script'],
    );
  });

  it('search: counts its results, one or more, and with none names the modules there are', async () => {
    const one = await invoke(app.server.url, 'motion_search_documentation', { query: 'skeleton scale', limit: 1 });
    assert.match(
      one.text,
      /^1 result in the documentation live from http:\/\/127\.0\.0\.1:\d+ \([^)]+\), best first:\n\n```\nmotion\./,
    );
    assert.deepEqual(Object.keys((one.data?.hits as object[])[0]), ['kind', 'path', 'brief']);
    const three = await invoke(app.server.url, 'motion_search_documentation', { query: 'skeleton', limit: 3 });
    assert.match(three.text, /^3 results in /);
    for (const hit of three.data?.hits as { path: string }[]) assert.ok(three.text.includes(hit.path), hit.path);
    assert.equal((three.data?.hits as object[]).length, 3);
    const none = await invoke(app.server.url, 'motion_search_documentation', { query: 'zebra crossing' });
    assert.match(
      none.text,
      /^Nothing in the documentation live from .* matches "zebra crossing"\. Its modules: motion, motion\.settings\.processing\.skeleton, motion\.data\.object\.skeleton, .*, motion\.gui\.timeline, .*, motion\.utilities\.math\. Search with other words, or a module's name\.$/,
    );
    assert.deepEqual(none.data, { hits: [] });
    assert.equal(none.failed, undefined, 'finding nothing is an answer, not a failure');
  });

  it('arguments it cannot take: each problem named by its field, with the arguments it takes; nothing run', async () => {
    const bad = await invoke(app.server.url, 'motion_search_documentation', { query: '', limit: 31, page: 2 });
    assert.equal(bad.failed, true);
    assert.match(
      bad.text,
      /^motion_search_documentation was called with arguments it cannot take: query: Too small: .*; limit: Too big: .*<=30; Unrecognized key: "page"\. Its arguments: \{"query":\{"type":"string","minLength":1,"description":"Words to look for: .*\}\}\.$/,
    );
    const nothing = await invoke(app.server.url, 'motion_search_documentation', undefined);
    assert.match(nothing.text, /cannot take: query: Invalid input: expected string, received undefined\. /);
    const nested = await invoke(app.server.url, 'motion_dry_run_script', {
      code: 'x',
      language: 'python',
      args: ['a', 2],
    });
    assert.match(nested.text, /cannot take: args\.1: Invalid input: expected string, received number\. /);
    const apply = await invoke(app.server.url, 'motion_apply_script', {});
    assert.match(apply.text, /^motion_apply_script was called with arguments it cannot take: dryRunId: /);
  });

  it('applying where it is off says how the user allows it', async () => {
    const off = await invoke(app.server.url, 'motion_apply_script', { dryRunId: 'feedbeef' });
    assert.deepEqual(off, {
      text: 'Applying scripts is off here: the user starts motion mcp with --allow-apply to allow it. Show the user the dry run instead; they can apply it themselves.',
      failed: true,
    });
  });

  it('an application away, or refusing: what happened, and what the user can do', async () => {
    const away = await invoke('http://127.0.0.1:9', 'motion_read_application', {});
    assert.equal(away.failed, true);
    assert.match(
      away.text,
      /127\.0\.0\.1:9.*\. Is the application running there\? The user can start it, or point Motion at it \(the motion\.serverUrl setting, or motion mcp --url\)\.$/,
    );
    let refusing: FakeApplication | undefined;
    try {
      refusing = await startFakeApplication((path, _body, _req, res) =>
        res.writeHead(400, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            error: {
              code: 'invalid_argument',
              message: 'no source "project" here',
              operation: `motion.${path.split('/').slice(4, -1).join('.')}`,
            },
          }),
        ),
      );
      const refused = await invoke(refusing.url, 'motion_read_application', {});
      assert.equal(refused.failed, true);
      assert.match(
        refused.text,
        /^The application refused motion\.settings\.processing\.skeleton\.get_skeleton_ids: no source "project" here \(invalid_argument\)\.$/,
      );
    } finally {
      await refusing?.close();
    }
  });
});
