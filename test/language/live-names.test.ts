import assert from 'node:assert/strict';
import { cursorAt } from '../support/cursor-marker';
import type { CompletionList, Position } from 'vscode-languageserver-types';
import { MotionClient } from '../../src/api/client/motion-client';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import { ApplicationNames } from '../../server/language/lsp/application-names';
import { liveNameDiagnostics, type LiveNames } from '../../server/language/service/live-names';
import {
  createMotionLanguageService,
  type MotionLanguageService,
} from '../../server/language/service/language-service';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { hintText } from '../support/script-fixture';
import { waitFor } from '../support/wait-for';
import { referenceServer } from '../support/reference-server';

const PY_HEAD = 'from motion.settings.processing import skeleton as sk\nimport motion.data.object.trajectory as traj\n';
const LUA_HEAD = 'local sk = motion.settings.processing.skeleton\n';

/**
 * Names of the demo state of the real reference server, through ApplicationNames: the first answer
 * is "not known yet", and the names arrive behind it.
 */
describe('live names of the connected application in strings', function () {
  this.timeout(20_000);
  const app = referenceServer({ per: 'suite' });
  let names: ApplicationNames;
  let service: MotionLanguageService;
  let changed: () => void = () => undefined;
  let count = 0;

  before(async () => {
    names = new ApplicationNames({ client: () => app.client, onChange: () => changed(), freshForMs: 60_000 });
    service = createMotionLanguageService({
      parsers: await loadScriptParsers(),
      documentation: bundledDocumentation,
      liveNames: names,
    });
  });

  function open(languageId: 'python' | 'lua', marked: string): { uri: string; position: Position } {
    const { text, offset } = cursorAt(marked);
    const uri = `file:///live/${count++}.${languageId === 'python' ? 'py' : 'lua'}`;
    const document = service.documents.open(uri, languageId, 1, text);
    return { uri, position: document.text.positionAt(offset) };
  }

  /** Completion once the names were fetched: the first answer is incomplete and empty. */
  async function completion(languageId: 'python' | 'lua', marked: string): Promise<CompletionList> {
    const { uri, position } = open(languageId, marked);
    const first = service.complete(uri, position);
    if (!first.isIncomplete) return first;
    assert.deepEqual(first.items, [], 'nothing is offered before the names arrived');
    await new Promise<void>((resolve) => (changed = resolve));
    return service.complete(uri, position);
  }

  const labels = async (languageId: 'python' | 'lua', marked: string) =>
    (await completion(languageId, marked)).items.map((i) => i.label);

  it('offers the skeletons of the source the call names', async () => {
    const list = await completion('python', `${PY_HEAD}sk.find_skeleton("project", "|")\n`);
    assert.deepEqual(
      list.items.map((i) => [i.label, i.detail]),
      [
        ['FullBody', 'skeleton in the project settings'],
        ['Wand', 'skeleton in the project settings'],
      ],
    );
    assert.equal(list.isIncomplete, false);
    assert.deepEqual(await labels('python', `${PY_HEAD}sk.find_skeleton(source="measurement", name="|")\n`), [
      'Actor1',
    ]);
    assert.deepEqual(await labels('python', `import motion\nmotion.data.object.skeleton.find_skeleton("|")\n`), [
      'Actor1',
    ]);
  });

  it('replaces what was typed of the name, in a string still being typed', async () => {
    const list = await completion('python', `${PY_HEAD}sk.find_skeleton("project", "Fu|`);
    const item = list.items.find((i) => i.label === 'FullBody');
    assert.deepEqual(item?.textEdit, {
      range: { start: { line: 2, character: 29 }, end: { line: 2, character: 31 } },
      newText: 'FullBody',
    });
  });

  it('offers the segments of a skeleton given by id, by find_skeleton, or by a variable assigned from one', async () => {
    const segments = await labels(
      'python',
      `${PY_HEAD}sk.find_segment("project", sk.find_skeleton("project", "Wand"), "|")\n`,
    );
    assert.deepEqual(segments, ['Handle', 'Tip']);
    const wand = await app.client.settings.processing.skeleton.find_skeleton('project', 'Wand');
    assert.deepEqual(await labels('python', `${PY_HEAD}sk.find_segment("project", ${wand}, "|")\n`), segments);
    const viaVariable = `${PY_HEAD}w = sk.find_skeleton("project", "Wand")\nsk.find_segment("project", w, "|")\n`;
    assert.deepEqual(await labels('python', viaVariable), segments);
    const lua = `${LUA_HEAD}local w = sk.find_skeleton("project", "Wand")\nlocal s = sk.find_segment("project", w, "|")\n`;
    assert.deepEqual(await labels('lua', lua), segments);
    const later = `${viaVariable.replace(/\n$/, '')}\nw = sk.find_skeleton("project", "FullBody")\n`;
    assert.deepEqual(await labels('python', later), segments, 'what w holds at the call, not after it');
    const full = await labels(
      'python',
      `${PY_HEAD}sk.find_segment("project", sk.find_skeleton("project", "FullBody"), "|")\n`,
    );
    assert.ok(full.includes('Head') || full.length > segments.length, 'another skeleton, other segments');
  });

  it('offers nothing where the skeleton is not known before the script runs', async () => {
    const { uri, position } = open('python', `${PY_HEAD}def f(w):\n    sk.find_segment("project", w, "|")\n`);
    assert.deepEqual(service.complete(uri, position).items, []);
  });

  it('offers the trajectory labels of the data', async () => {
    const found = await labels('python', `${PY_HEAD}traj.find_trajectory("|")\n`);
    const ids = await app.client.data.object.trajectory.get_trajectory_ids();
    const given = await Promise.all(ids.map((id) => app.client.data.object.trajectory.get_label(id)));
    assert.ok(given.includes(null), 'the data has unidentified trajectories');
    assert.deepEqual(
      [...found].sort(),
      given.filter((l) => l !== null).sort(),
      'every label, and nothing for the unidentified',
    );
  });

  it('writes the name the application has behind an identifier written as a number, once it answered, as an inlay hint', async () => {
    const sk = app.client.settings.processing.skeleton;
    const body = (await sk.find_skeleton('project', 'FullBody'))!;
    const hips = (await sk.find_segment('project', body, 'Hips'))!;
    const [trajectory] = await app.client.data.object.trajectory.get_trajectory_ids();
    const label = await app.client.data.object.trajectory.get_label(trajectory);
    const text = `${PY_HEAD}sk.get_segment_name("project", ${hips})\nsk.set_skeleton_scale("project", ${body}, 2)\ntraj.get_part(${trajectory}, 0)\nsk.get_segment_name("project", 99999)\nsk.get_segment_name("project", ${hips}, 7)\n`;
    const { uri } = open('python', text);
    const settings = { parameterNames: 'none' as const, variableTypes: false, identifierNames: true };
    const range = { start: { line: 0, character: 0 }, end: { line: 7, character: 0 } };
    const hints = () =>
      service
        .inlayHints(uri, range, settings)
        .map((h) => `${h.position.line}:${h.position.character} ${hintText(h.label)}`);
    assert.deepEqual(hints(), [], 'none before the application answered');
    await waitFor(() => hints().length === 4, 'the names to arrive');
    // Each right after the number it names.
    const lines = text.split('\n');
    const after = (line: number, written: string) => `${line}:${lines[line].indexOf(written) + written.length}`;
    assert.deepEqual(hints(), [
      `${after(2, `, ${hips}`)} Hips`,
      `${after(3, `, ${body}`)} FullBody`,
      `${after(4, `(${trajectory}`)} ${label}`,
      // An argument too many, written as a number: no parameter, no name.
      `${after(6, `, ${hips}`)} Hips`,
    ]);
    const lua = open('lua', `${LUA_HEAD}print(sk.get_segment_name("project", ${hips}))\n`);
    const luaHints = () => service.inlayHints(lua.uri, range, settings).map((h) => hintText(h.label));
    await waitFor(() => luaHints().length === 1, 'the name in Lua');
    assert.deepEqual(luaHints(), ['Hips']);
  });

  it('tells, as information, of a name the application does not have, with the closest as a fix', async () => {
    const text = `${PY_HEAD}a = sk.find_skeleton("project", "FullBdy")\nb = sk.find_skeleton("project", "Wand")\nc = sk.find_segment("measurement", sk.find_skeleton("measurement", "Actor1"), "Hed")\nd = sk.find_skeleton("project", "Nothing like it")\ne = sk.find_segment("project", sk.get_skeleton_id("project", 0), "Hed")\nf = traj.find_trajectory("LFHDX")\n`;
    const { uri } = open('python', text);
    const check = () => service.liveNameDiagnostics(uri, service.nameReferences(uri));
    check(); // starts the fetches
    await waitFor(() => check().length === 5, 'the names of the project and measurement settings, and of the data');
    const diagnostics = check();
    assert.deepEqual(
      diagnostics.map((d) => [d.range.start.line, d.range.start.character, d.severity, d.message]),
      [
        [2, 33, 3, 'no skeleton named "FullBdy" in the project settings; did you mean "FullBody"?'],
        [4, 79, 3, 'no segment named "Hed" in skeleton "Actor1" of the measurement settings; did you mean "Head"?'],
        [5, 33, 3, 'no skeleton named "Nothing like it" in the project settings'],
        [
          6,
          66,
          3,
          'no segment named "Hed" in skeleton get_skeleton_id("project", 0) of the project settings; did you mean "Head"?',
        ],
        [7, 26, 3, 'no trajectory labelled "LFHDX" in the data; did you mean "LFHD"?'],
      ],
    );
    assert.ok(diagnostics.every((d) => d.code === 'unknown-name' && d.source === 'motion'));
    const [fix] = service.codeActions(uri, diagnostics);
    assert.deepEqual(fix.edit?.changes?.[uri], [{ range: diagnostics[0].range, newText: 'FullBody' }]);
  });

  it('judges a skeleton’s name and a segment’s name looked up in one loop each against its own list', async () => {
    // Item 10 of issue 79: the two look-ups share a source and a scope; taken for one, a segment's
    // name would be judged against the skeletons (or the other way round) and every line would be wrong.
    const python = `${PY_HEAD}for take in range(3):\n    body = sk.find_skeleton("project", "FullBody")\n    head = sk.find_segment("project", body, "Head")\n    wrong_skeleton = sk.find_skeleton("project", "Head")\n    wrong_segment = sk.find_segment("project", body, "FullBody")\n    body = sk.find_skeleton("project", "Wand")\n    tip = sk.find_segment("project", body, "Head")\n`;
    const lua = `${LUA_HEAD}for take = 1, 3 do\n  local body = sk.find_skeleton("project", "FullBody")\n  local head = sk.find_segment("project", body, "Head")\n  local wrong_skeleton = sk.find_skeleton("project", "Head")\n  local wrong_segment = sk.find_segment("project", sk.find_skeleton("project", "FullBody"), "FullBody")\nend\n`;
    const judged = async (languageId: 'python' | 'lua', text: string, expected: number) => {
      const { uri } = open(languageId, text);
      const check = () => service.liveNameDiagnostics(uri, service.nameReferences(uri));
      check();
      await waitFor(() => check().length === expected, `the ${languageId} script's names judged`);
      return check().map((d) => [
        d.range.start.line,
        (typeof d.message === 'string' ? d.message : d.message.value).replace(/;.*/, ''),
      ]);
    };
    assert.deepEqual(await judged('python', python, 3), [
      [5, 'no skeleton named "Head" in the project settings'],
      [6, 'no segment named "FullBody" in skeleton "FullBody" of the project settings'],
      [8, 'no segment named "Head" in skeleton "Wand" of the project settings'],
    ]);
    // The skeleton unknown before the script runs (the loop's name): its segments are not judged,
    // and the skeletons' list, asked with the same source, is not taken for theirs.
    const loopSkeleton = `${PY_HEAD}for name in ["FullBody", "Wand"]:\n    body = sk.find_skeleton("project", name)\n    head = sk.find_segment("project", body, "Hed")\n    other = sk.find_skeleton("project", "Wnd")\n    again = sk.find_segment("project", body, "Wand")\n`;
    assert.deepEqual(await judged('python', loopSkeleton, 1), [[5, 'no skeleton named "Wnd" in the project settings']]);
    assert.deepEqual(await judged('lua', lua, 2), [
      [4, 'no skeleton named "Head" in the project settings'],
      [5, 'no segment named "FullBody" in skeleton "FullBody" of the project settings'],
    ]);
  });

  it('keeps the list it had when a fetch finds the same names again (what was judged of them stays judged)', async () => {
    let fetches = 0;
    const counting = new MotionClient({
      url: app.server.url,
      onRequest: ({ operation }) => void (operation.endsWith('.get_skeleton_ids') && fetches++),
    });
    let arrived: () => void = () => undefined;
    const always = new ApplicationNames({ client: () => counting, onChange: () => arrived(), freshForMs: 0 });
    const { uri } = open('python', `${PY_HEAD}sk.find_skeleton("project", "FullBdy")\n`);
    const [{ query }] = service.nameReferences(uri);
    await new Promise<void>((resolve) => {
      arrived = resolve;
      always.names(query);
    });
    const first = always.names(query); // stale at once: this asks again
    assert.deepEqual(first, ['FullBody', 'Wand']);
    // A third fetch starts only once the second has settled.
    await waitFor(() => (always.names(query), fetches >= 3), 'the second fetch settled');
    assert.equal(always.names(query), first, 'the same list, not an equal one');
    await counting.close();
  });

  it('looks up each query once per check, however many strings ask it, also across the worker boundary', async () => {
    const text = `${PY_HEAD}a = sk.find_skeleton("project", "FullBdy")\nb = sk.find_skeleton("project", "Wand")\nc = sk.find_skeleton(source="project", name="Wnd")\nd = sk.find_skeleton("measurement", "Actor1")\n`;
    const { uri } = open('python', text);
    // The analysis worker sends the references to the thread that judges them: a structured clone.
    const references = structuredClone(service.nameReferences(uri));
    assert.equal(references.length, 4);
    assert.equal(references[0].query, references[2].query, 'equal queries, one object');
    assert.notEqual(references[0].query, references[3].query);
    let asked = 0;
    const counting: LiveNames = {
      names: (query) => (asked++, names.names(query)),
      nameOf: (query, id) => names.nameOf(query, id),
    };
    const document = service.documents.get(uri)!;
    const judged = () => liveNameDiagnostics(document, references, counting).map((d) => d.message);
    await waitFor(() => judged().length === 2, 'the names of the project and measurement settings');
    asked = 0;
    assert.deepEqual(judged(), [
      'no skeleton named "FullBdy" in the project settings; did you mean "FullBody"?',
      'no skeleton named "Wnd" in the project settings; did you mean "Wand"?',
    ]);
    assert.equal(asked, 2, 'one look-up for the project settings, one for the measurement settings');
  });

  it('says nothing, and offers nothing, while no application answers', async () => {
    const away = new MotionClient({ url: 'http://127.0.0.1:9' });
    const offline = new ApplicationNames({ client: () => away, onChange: () => changed() });
    const alone = createMotionLanguageService({
      parsers: await loadScriptParsers(),
      documentation: bundledDocumentation,
      liveNames: offline,
    });
    const uri = 'file:///offline.py';
    alone.documents.open(uri, 'python', 1, `${PY_HEAD}sk.find_skeleton("project", "FullBdy")\n`);
    alone.liveNameDiagnostics(uri, alone.nameReferences(uri)); // starts a fetch that fails
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(alone.liveNameDiagnostics(uri, alone.nameReferences(uri)), []);
    assert.deepEqual(alone.complete(uri, { line: 2, character: 30 }).items, []);
    await away.close();
  });
});
