import assert from 'node:assert/strict';
import type { MotionClient } from '../../../src/api/client/motion-client';
import { readApplication } from '../../../src/runner/assistant/read-application';
import { boundedLines, outputTail, ToolRefusal } from '../../../src/runner/assistant/tool-answer';
import { referenceServer } from '../../support/reference-server';

/** `count` skeletons of `segments` segments each (the root and its children), in the project settings of an empty server. */
async function stage(client: MotionClient, count: number, segments: number): Promise<void> {
  const sk = client.settings.processing.skeleton;
  for (let s = 0; s < count; s++) {
    const id = await sk.add_skeleton('project', `Actor${s + 1}`);
    const root = await sk.get_skeleton_root_id('project', id);
    for (let j = 1; j < segments; j++) await sk.add_segment('project', root, `Segment${j}`);
  }
}

describe('reading the application for an assistant', () => {
  describe('the demo', () => {
    const app = referenceServer({ per: 'suite' });

    it('shows every tree while they are small, then the selection, with the selection’s names', async () => {
      await app.client.gui.selection.set_selections([
        {
          type: 'trajectory',
          id: (await app.client.data.object.trajectory.find_trajectory('LFHD'))!,
          part_index: null,
        },
      ]);
      const { text, data } = await readApplication(app.client, {});
      assert.match(text, /^The application at http:\/\/127\.0\.0\.1:\d+ \([^)]+\)\.\nProject settings: 2 skeletons\n/);
      assert.match(text, /^ {6}Spine {2}\(id \d+, solved with parent, 1 marker\)$/m);
      assert.match(text, /^Measurement settings: 1 skeleton$/m);
      assert.match(text, /\nSelection: 1 selected\n {2}LFHD {2}\(trajectory · id \d+ · whole trajectory\)$/);
      assert.doesNotMatch(text, /summarised/);
      assert.equal((data?.selection as unknown[]).length, 1);
      await app.client.gui.selection.clear_selections(null);
    });

    it('more than 50 selected: the first 50 shown, all of them as data, each with its name', async () => {
      // Bones enough: trajectories and bones are not selected together.
      const bone = app.client.data.object.bone;
      const trajectories = await app.client.data.object.trajectory.get_trajectory_ids();
      for (let i = 1; (await bone.get_bone_ids()).length < 60; i++)
        if ((await bone.find_bone(trajectories[0], trajectories[i])) === null)
          await bone.add_bone(trajectories[0], trajectories[i]);
      const items = (await bone.get_bone_ids()).map((id) => ({ type: 'bone' as const, id, part_index: null }));
      await app.client.gui.selection.set_selections(items);
      try {
        const { text, data } = await readApplication(app.client, {});
        assert.match(text, new RegExp(`\\nSelection: ${items.length} selected\\n`));
        assert.match(
          text,
          new RegExp(`\\n… ${items.length - 50} more lines not shown; the rest of the selection is not shown$`),
        );
        const selection = data?.selection as { type: string; id: number; label: string }[];
        assert.equal(selection.length, items.length);
        assert.deepEqual(Object.keys(selection[0]).sort(), ['id', 'label', 'part_index', 'type']);
        assert.equal(typeof selection.at(-1)!.label, 'string');
      } finally {
        await app.client.gui.selection.clear_selections(null);
      }
    });

    it('one source, and one skeleton by name', async () => {
      const { text } = await readApplication(app.client, { source: 'measurement' });
      assert.doesNotMatch(text, /Project settings/);
      const one = await readApplication(app.client, { skeleton: 'FullBody' });
      assert.match(one.text, /^Project settings:\n {2}FullBody {2}\(skeleton \d+, scale 1, 22 segments\)\n {4}Hips/m);
      assert.doesNotMatch(one.text, /Selection/);
    });

    it('refuses a skeleton it does not have, naming the near ones and those there are', async () => {
      await assert.rejects(
        readApplication(app.client, { skeleton: 'Fullbody' }),
        (error: Error) =>
          error instanceof ToolRefusal &&
          /^No skeleton "Fullbody" in project settings, measurement settings, data \(read-only\)\. Did you mean "FullBody"/.test(
            error.message,
          ) &&
          /Skeletons there: "FullBody", /.test(error.message),
      );
      await assert.rejects(
        readApplication(app.client, { skeleton: 'Zed', source: 'data' }),
        /Skeletons there: "[^"]+"\.$/,
      );
    });
  });

  describe('a stage at the limit of whole trees, and past it', () => {
    const app = referenceServer({ empty: true });

    it('past 200 lines: one skeleton’s tree, and the summary of a large stage, say how to ask for less', async () => {
      await stage(app.client, 1, 210);
      const one = await readApplication(app.client, { skeleton: 'Actor1' });
      assert.match(one.text, /\n… \d+ more lines? not shown; the tree is cut here$/);
      for (let s = 0; s < 200; s++) await app.client.settings.processing.skeleton.add_skeleton('measurement', `M${s}`);
      const all = await readApplication(app.client, {});
      assert.match(all.text, /\n… \d+ more lines? not shown; ask for one source or one skeleton$/);
      assert.equal(all.text.split('\n').length, 201);
    });

    it('an empty application: no skeletons in each source, nothing selected, and no skeleton to name', async () => {
      const { text, data } = await readApplication(app.client, {});
      assert.match(
        text,
        /\nProject settings: no skeletons\nMeasurement settings: no skeletons\nData \(read-only\): no skeletons\nSelection: nothing selected$/,
      );
      assert.deepEqual(data?.sources, { project: [], measurement: [], data: [] });
      assert.deepEqual(data?.selection, []);
      await assert.rejects(
        readApplication(app.client, { skeleton: 'Bob' }),
        /^ToolRefusal: No skeleton "Bob" in project settings, measurement settings, data \(read-only\)\. Skeletons there: none\.$/,
      );
    });

    it('says what it read as data too: each skeleton with its segment count, one skeleton’s summary', async () => {
      await stage(app.client, 1, 3);
      const { data } = await readApplication(app.client, { source: 'project' });
      assert.deepEqual(data?.sources, {
        project: [{ source: 'project', id: 1, name: 'Actor1', scale: 1, rootId: 2, segments: 3 }],
      });
      const one = await readApplication(app.client, { skeleton: 'Actor1' });
      assert.deepEqual(one.data, {
        url: app.server.url,
        version: one.data?.version,
        skeletons: [{ source: 'project', id: 1, name: 'Actor1', scale: 1, rootId: 2 }],
      });
      await assert.rejects(
        readApplication(app.client, { skeleton: 'Zzzzzzzz' }),
        /^ToolRefusal: No skeleton "Zzzzzzzz" in [^.]*\. Skeletons there: "Actor1"\.$/,
        'no near name: no question',
      );
    });

    it('150 segments in all: every tree', async () => {
      await stage(app.client, 3, 50);
      const { text } = await readApplication(app.client, {});
      assert.match(text, /^ {6}Segment49 {2}\(/m);
      assert.doesNotMatch(text, /summarised/);
    });

    it('151 segments: one line per skeleton, and how to ask for one', async () => {
      await stage(app.client, 3, 50);
      await app.client.settings.processing.skeleton.add_skeleton('project', 'Extra');
      const { text } = await readApplication(app.client, {});
      assert.match(text, /^ {2}Actor1 {2}\(skeleton \d+, scale 1, 50 segments\)\n {2}Actor2 /m);
      assert.doesNotMatch(text, /Segment1/);
      assert.match(
        text,
        /\(151 segments in all: the trees are summarised\. Ask with skeleton: "<name>" for one skeleton's segments\.\)/,
      );
    });
  });
});

describe('an answer’s bounds', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

  it('keeps lines up to the limit, and says how many more and how to ask past it', () => {
    assert.deepEqual(boundedLines(lines(3), 3, 'ask'), lines(3));
    assert.deepEqual(boundedLines(lines(4), 3, 'ask for them'), [...lines(3), '… 1 more line not shown; ask for them']);
    assert.deepEqual(boundedLines(lines(5), 3, 'x').at(-1), '… 2 more lines not shown; x');
    assert.deepEqual(boundedLines([], 0, 'x'), []);
  });

  it('keeps the end of a long output, from a line’s start, saying how much came before', () => {
    assert.equal(outputTail('short', 10), 'short');
    assert.equal(outputTail('0123456789', 10), '0123456789');
    assert.equal(
      outputTail('first line\nsecond\nthird', 12),
      '[… the first 18 characters of the output are not shown]\nthird',
    );
    // The first line break more than 200 characters after the cut: cut where the limit falls.
    const far = `${'a'.repeat(100)}${'b'.repeat(250)}\n${'c'.repeat(50)}`;
    assert.equal(outputTail(far, 301), `[… the first 100 characters of the output are not shown]\n${far.slice(100)}`);
    // One 200 characters after it: from there.
    const near = `${'a'.repeat(100)}${'b'.repeat(200)}\n${'c'.repeat(50)}`;
    assert.equal(outputTail(near, 251), `[… the first 301 characters of the output are not shown]\n${'c'.repeat(50)}`);
    // No line break near the cut: cut where the limit falls.
    const long = 'x'.repeat(1000);
    assert.equal(outputTail(long, 10), `[… the first 990 characters of the output are not shown]\n${'x'.repeat(10)}`);
  });
});
