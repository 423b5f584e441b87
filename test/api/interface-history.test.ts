import assert from 'node:assert/strict';
import { compareVersions, readChangelog } from '../../src/api/catalogue/changelog';
import { historyNote, HISTORY, lifetimeOf, presentIn } from '../../src/api/catalogue/interface-history';

/** A changelog as the vendor writes it: a table, newest version first, one change a row, its rows' own phrasing. */
const CHANGELOG = `# Changelog

| **Version** | **Changes** |
| ------ | ------ |
| 2026.2 | Added qtm.file.export_c3d method. | 
|  | Changed qtm.gui.get_menu_item to return null for non-existing text/command/submenu. | 
| 2026.1 | Removed qtm.utilities.math module. | 
|  | Removed qtm.gui.timeline.set_measured_range method. | 
| 2025.2 | Renamed qtm.processing.apply_glove method. | 
|  | Added qtm.processing module. | 
| 2025.1 | Added qtm.file module. | 
| 2024.10 | Fixed qtm.gui._3d.draw_mesh incorrectly scaling meshes. | 
| 2024.1 | Changed qtm.data.series.*.get_sample_range to return null if there are no samples. | 
| 2023.3 | - | 
| 2023.2 | Initial release. | 
`;

describe('the application’s interface history, read from its public changelog', () => {
  const history = readChangelog(CHANGELOG);

  it('reads each row into a fact about our package, the versions oldest first', () => {
    assert.deepEqual(history.versions, [
      '2023.2',
      '2023.3',
      '2024.1',
      '2024.10',
      '2025.1',
      '2025.2',
      '2026.1',
      '2026.2',
    ]);
    assert.equal(history.initial, '2023.2');
    assert.deepEqual(history.changes[0], {
      version: '2024.1',
      kind: 'changed',
      path: 'motion.data.series.*.get_sample_range',
      detail: 'to return null if there are no samples',
    });
    assert.deepEqual(
      history.changes.map((c) => `${c.version} ${c.kind} ${c.path}${c.of ? ` (${c.of})` : ''}`),
      [
        '2024.1 changed motion.data.series.*.get_sample_range',
        '2024.10 fixed motion.gui._3d.draw_mesh',
        '2025.1 added motion.file (module)',
        '2025.2 renamed motion.processing.apply_glove (operation)',
        '2025.2 added motion.processing (module)',
        '2026.1 removed motion.utilities.math (module)',
        '2026.1 removed motion.gui.timeline.set_measured_range (operation)',
        '2026.2 added motion.file.export_c3d (operation)',
        '2026.2 changed motion.gui.get_menu_item',
      ],
    );
  });

  it('stops at a row it does not know, naming it, rather than pass a change over', () => {
    const withRow = (row: string) => CHANGELOG.replace('| 2023.3 | - |', `| 2023.3 | ${row} |`);
    assert.throws(
      () => readChangelog(withRow('Deprecated qtm.gui.foo method.')),
      /line 14: a change this reader does not know: "Deprecated qtm\.gui\.foo method\."/,
    );
    assert.throws(
      () => readChangelog(withRow('Added other.gui.foo method.')),
      /"other\.gui\.foo" is not of the package qtm/,
    );
    assert.throws(() => readChangelog(CHANGELOG.replace('| 2025.1 |', '| next |')), /"next" is not a version/);
    assert.throws(() => readChangelog(CHANGELOG.replace('Initial release.', '-')), /no "Initial release\." row/);
  });

  it('orders versions part by part, as numbers', () => {
    assert.ok(compareVersions('2024.2', '2024.10') < 0);
    assert.ok(compareVersions('2025.1', '2024.10') > 0);
    assert.equal(compareVersions('2025.1', '2025.1'), 0);
  });

  it('knows each path’s lifetime: added, gone (removed or renamed away), changed; an operation goes with its module', () => {
    assert.deepEqual(lifetimeOf('motion.file.export_c3d', history), { added: '2026.2', changes: [] });
    assert.deepEqual(lifetimeOf('motion.file.save', history), { added: '2025.1', changes: [] }, 'since its module');
    assert.deepEqual(lifetimeOf('motion.utilities.math.cross', history), {
      gone: '2026.1',
      goneBy: 'removed',
      changes: [],
    });
    assert.deepEqual(lifetimeOf('motion.processing.apply_glove', history), {
      added: '2025.2',
      gone: '2025.2',
      goneBy: 'renamed',
      changes: [],
    });
    assert.deepEqual(
      lifetimeOf('motion.data.series._3d.get_sample_range', history).changes.map((c) => c.version),
      ['2024.1'],
    );
    assert.deepEqual(lifetimeOf('motion.settings.processing.skeleton.get_skeleton_name', history), { changes: [] });
  });

  it('knows a path only while every module it is in is there: it comes with the latest, and goes with the first to go', () => {
    // The real history: motion.settings.processing came in 2024.1, and with it its skeleton module's operations.
    assert.deepEqual(lifetimeOf('motion.settings.processing.skeleton.get_skeleton_name'), {
      added: '2024.1',
      changes: [],
    });
    assert.equal(presentIn('motion.settings.processing.skeleton.get_skeleton_name', '2023.3'), false);
    // An operation added after its module's parent keeps its own version.
    assert.equal(lifetimeOf('motion.settings.processing.skeleton.get_settings').added, '2025.2');
    // The operations of a removed module's own modules go with it.
    assert.equal(lifetimeOf('motion.utilities.math.vector.cross', history).gone, '2026.1');
    assert.equal(lifetimeOf('motion.utilities.documentation.get_package_name').gone, undefined);
  });

  it('puts a path’s history in a line, for hovers', () => {
    assert.equal(historyNote('motion.file.export_c3d', history), 'Since 2026.2.');
    assert.equal(historyNote('motion.gui.timeline.set_measured_range', history), 'Removed in 2026.1.');
    assert.equal(historyNote('motion.file', history), 'Since 2025.1.');
    assert.equal(
      historyNote('motion.data.series._3d.get_sample_range', history),
      'Changed in 2024.1: to return null if there are no samples.',
    );
    assert.equal(historyNote('motion.gui._3d.draw_mesh', history), 'Fixed in 2024.10: incorrectly scaling meshes.');
    assert.equal(historyNote('motion.settings.processing.skeleton.get_skeleton_name', history), undefined);
  });

  it('says whether a version has a path', () => {
    assert.equal(presentIn('motion.file.export_c3d', '2026.1', history), false);
    assert.equal(presentIn('motion.file.export_c3d', '2026.2', history), true);
    assert.equal(presentIn('motion.gui.timeline.set_measured_range', '2025.2', history), true);
    assert.equal(presentIn('motion.gui.timeline.set_measured_range', '2026.1', history), false);
    assert.equal(presentIn('motion.settings.processing.skeleton.get_skeleton_name', '2023.2', history), true);
  });

  it('holds the facts of the real changelog, as the issue’s examples name them', () => {
    const said = (version: string, kind: string, path: string) =>
      HISTORY.changes.some((c) => c.version === version && c.kind === kind && c.path === path);
    assert.deepEqual(HISTORY.versions, [
      '2023.2',
      '2023.3',
      '2024.1',
      '2024.2',
      '2024.3',
      '2025.1',
      '2025.2',
      '2026.1',
      '2026.2',
    ]);
    assert.ok(said('2024.1', 'added', 'motion.data.object.bone'));
    assert.ok(said('2024.1', 'added', 'motion.settings.processing'));
    for (const module of ['motion.gui.dialog', 'motion.data.object.analog', 'motion.file'])
      assert.ok(said('2025.1', 'added', module), module);
    assert.ok(said('2025.2', 'added', 'motion.processing'));
    assert.ok(said('2025.2', 'removed', 'motion.settings.processing.get_store_realtime'));
    assert.ok(said('2025.2', 'removed', 'motion.settings.processing.set_store_realtime'));
    assert.ok(said('2026.1', 'removed', 'motion.utilities.math'));
    assert.ok(said('2026.1', 'removed', 'motion.gui.timeline.set_measured_range'));
    assert.ok(said('2026.1', 'removed', 'motion.settings.processing._6d.load_bodies'));
    assert.ok(said('2026.2', 'added', 'motion.gui.set_menu_item'));
    for (const format of ['c3d', 'mat', 'json', 'fbx', 'trc', 'sto', 'tsv'])
      assert.ok(said('2026.2', 'added', `motion.file.export_${format}`), format);
    assert.equal(presentIn('motion.file.export_c3d', '2025.2'), false, 'the issue’s 2 a.m. failure');
    for (const change of HISTORY.changes) assert.ok(HISTORY.versions.includes(change.version), change.path);
  });
});
