import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { bundledDocumentation } from '../../../src/api/docs/load-documentation';
import { searchDocumentation, searchWords } from '../../../src/runner/assistant/search-documentation';
import { applicationInterface } from '../../support/application-interface';
import { propertyRuns } from '../../support/property-runs';

const paths = (hits: { path: string }[]) => hits.map((h) => h.path);

describe('searching the documentation for an assistant', () => {
  const bundled = bundledDocumentation();
  const whole = DocumentationIndex.fromPackage(applicationInterface(), { kind: 'bundled' });

  it('splits what people type into the words the documentation joins', () => {
    assert.deepEqual(searchWords('set_skeleton_scale'), ['set', 'skeleton', 'scale']);
    assert.deepEqual(searchWords('SetScale of  a Skeleton!'), ['set', 'scale', 'of', 'a', 'skeleton']);
    assert.deepEqual(searchWords('motion.gui.selection'), ['motion', 'gui', 'selection']);
    assert.deepEqual(searchWords('scale scale'), ['scale']);
    assert.deepEqual(searchWords(' _.- '), []);
  });

  it('puts the operation whose name holds every word first', () => {
    const hits = searchDocumentation(bundled, 'skeleton scale', 5);
    assert.deepEqual(paths(hits).slice(0, 3).sort(), [
      'motion.data.object.skeleton.get_skeleton_scale',
      'motion.settings.processing.skeleton.get_skeleton_scale',
      'motion.settings.processing.skeleton.set_skeleton_scale',
    ]);
    assert.equal(hits[0].kind, 'operation');
    assert.match(hits[0].text, /^```\nmotion\.[a-z.]*\.[gs]et_skeleton_scale\([a-z_]+: [a-z]+/);
  });

  it('ranks a hit holding every word over one holding more of a single word', () => {
    const hits = paths(searchDocumentation(bundled, 'set selections', 30));
    const both = hits.indexOf('motion.gui.selection.set_selections');
    assert.equal(both, 0, hits.join(', '));
  });

  it('finds a word by its start (traj → trajectory), and not by a start shorter than three letters', () => {
    assert.ok(paths(searchDocumentation(bundled, 'traj label', 3)).includes('motion.data.object.trajectory.get_label'));
    assert.deepEqual(searchDocumentation(bundled, 'zq', 5), []);
  });

  it('a word found only by its start finds it (traj), a shorter start or a word’s end does not', () => {
    const traj = paths(searchDocumentation(bundled, 'traj', 50));
    assert.ok(traj.length > 0 && traj.every((p) => /traj/.test(p) || p.length > 0));
    assert.ok(traj.includes('motion.data.object.trajectory'), traj.join(', '));
    assert.deepEqual(searchDocumentation(bundled, 'tr', 5), []);
    assert.deepEqual(searchDocumentation(bundled, 'ectory', 5), [], 'the end of trajectory is no start of a word');
  });

  it('a word in a name counts more than in a description, and one in a description more than in details', () => {
    // "selections" names three operations; others only describe them.
    const hits = paths(searchDocumentation(bundled, 'selections', 30));
    assert.deepEqual(hits.slice(0, 3), [
      'motion.gui.selection.clear_selections',
      'motion.gui.selection.get_selections',
      'motion.gui.selection.set_selections',
    ]);
    assert.ok(hits.length > 3, 'and then those that describe them');
    // "colour" is in two operations' descriptions, and in the details of a third.
    assert.deepEqual(paths(searchDocumentation(bundled, 'colour', 3)), [
      'motion.data.object.bone.get_bone_color',
      'motion.data.object.bone.set_bone_color',
      'motion.data.object.bone.add_bone',
    ]);
  });

  it('a word of two letters is found whole (id), one of three by its start too (seg → segment)', () => {
    assert.match(paths(searchDocumentation(bundled, 'id', 1))[0], /^motion\.[\w.]+\.get_\w+_id$/);
    assert.ok(
      paths(searchDocumentation(bundled, 'id', 30)).every((p) => /(^|[._])id(s?)($|_)/.test(p)),
      'id whole',
    );
    assert.ok(paths(searchDocumentation(bundled, 'seg', 3)).every((p) => /segment/.test(p)));
    assert.equal(searchDocumentation(bundled, 'seg', 3).length, 3);
  });

  it('finds an operation by its parameters’ names and types and its return value’s', () => {
    // deselect's one parameter is a list whose items' type names part_index.
    assert.ok(paths(searchDocumentation(bundled, 'part_index', 5)).includes('motion.gui.selection.deselect'));
    assert.ok(paths(searchDocumentation(whole, 'get_version', 2)).includes('motion.get_version'));
  });

  it('finds an operation by a word only its return value has: its type (mat4x4f), its description (owning)', () => {
    assert.equal(
      paths(searchDocumentation(bundled, 'mat4x4f', 1))[0],
      'motion.data.object.skeleton.get_segment_default_transform',
    );
    assert.equal(
      paths(searchDocumentation(bundled, 'owning', 1))[0],
      'motion.data.object.skeleton.get_segment_skeleton_id',
    );
  });

  it('finds modules too, with their operations named', () => {
    const module = searchDocumentation(bundled, 'selection', 30).find((h) => h.kind === 'module');
    assert.ok(module);
    assert.equal(module.path, 'motion.gui.selection');
    assert.match(module.text, /^motion\.gui\.selection: .*\nOperations: .*set_selections/);
  });

  it('searches the whole interface the application documents, bundled as live', () => {
    for (const documentation of [bundled, whole])
      assert.ok(
        searchDocumentation(documentation, 'timeline', 5).some((h) => h.path.startsWith('motion.gui.timeline')),
      );
  });

  it('never gives more than asked, and nothing for words that match nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.integer({ min: 1, max: 12 }), (query, limit) => {
        const hits = searchDocumentation(whole, query, limit);
        assert.ok(hits.length <= limit);
        if (searchWords(query).length === 0) assert.deepEqual(hits, []);
      }),
      propertyRuns('search limits', 200),
    );
    assert.equal(searchDocumentation(whole, 'skeleton', 3).length, 3);
  });
});
