import { join, resolve } from 'node:path';
import assert from 'node:assert/strict';
import { isReadOperation } from '../../src/api/catalogue/read-operations';
import { describeCall } from '../../src/runner/dry-run/dry-run-gateway';
import { notSentOutline } from '../../src/runner/dry-run/not-sent-outline';

describe('what is a read, by the interface’s names', () => {
  it('get_, find_, is_, has_ at the start of a name, help, and the exceptions', () => {
    for (const path of [
      'motion.gui.timeline.get_frequency',
      'motion.data.object.trajectory.find_trajectory',
      'motion.gui.selection.is_selected',
      'motion.x.has_y',
      'motion.gui.help',
      'motion.utilities.color.rgb',
      'motion.utilities.color.hsl',
    ])
      assert.equal(isReadOperation(path), true, path);
    for (const path of [
      'motion.gui.set_target_frame',
      'motion.x.forget_all',
      'motion.gui.message.add_message',
      'motion.x.rgb',
    ])
      assert.equal(isReadOperation(path), false, path);
  });
});

describe('a call as the Dry Run view and motion run --dry-run show it', () => {
  it('writes each argument as JSON, keys in order, a long one cut', () => {
    assert.equal(describeCall({ operation: 'motion.a.b', args: [] }), 'motion.a.b()');
    assert.equal(
      describeCall({ operation: 'm.o', args: [1, 'x', null, { b: 1, a: 2 }] }),
      'm.o(1, "x", null, {"a":2,"b":1})',
    );
    const forty = `"${'x'.repeat(38)}"`;
    assert.equal(
      describeCall({ operation: 'm.o', args: ['x'.repeat(38)] }),
      `m.o(${forty})`,
      'forty characters: whole',
    );
    assert.equal(describeCall({ operation: 'm.o', args: ['x'.repeat(39)] }), `m.o("${'x'.repeat(36)}…)`, 'longer: cut');
    assert.equal(describeCall({ operation: 'm.o', args: [Array.from({ length: 30 }, (_, i) => i)] }), 'm.o([…])');
    assert.equal(
      describeCall({ operation: 'm.o', args: [{ position: [1000.5, 500.25, 750.125], residual: 0.5 }] }),
      'm.o({…})',
    );
    assert.equal(describeCall({ operation: 'm.o', args: [undefined] }), 'm.o(null)');
  });
});

describe('the calls not sent, as a terminal shows them', () => {
  it('names each call’s file beside the script’s and its line; a caller without a line is left out', () => {
    const script = resolve('/home/me/tools/tool.py');
    assert.deepEqual(
      notSentOutline(
        [
          { operation: 'motion.gui.message.add_message', args: ['a'], caller: `${script}:14` },
          {
            operation: 'motion.gui.terminal.write',
            args: [],
            caller: `${resolve('/home/me/tools/helpers/menu.py')}:3`,
          },
          { operation: 'motion.gui.x.set_y', args: [], caller: 'tool.py' },
          { operation: 'motion.gui.x.set_z', args: [] },
        ],
        [
          { operation: 'motion.gui.x.get_y', args: [], caller: 'tool.py:20', mayDependOn: 'motion.gui.x.set_y()' },
          { operation: 'motion.gui.x.get_w', args: [] },
        ],
        script,
      ),
      [
        '4 calls the reference server does not model, not sent (the script got null; what they would do is not known):',
        '  would call motion.gui.message.add_message("a") — not sent (tool.py:14)',
        `  would call motion.gui.terminal.write() — not sent (${join('helpers', 'menu.py')}:3)`,
        '  would call motion.gui.x.set_y() — not sent',
        '  would call motion.gui.x.set_z() — not sent',
        'Read from the application after a call not sent, so possibly different when the script runs there:',
        '  motion.gui.x.get_y() (tool.py:20), after motion.gui.x.set_y()',
      ],
    );
    // Code with no file of its own (given to an assistant): each file by its name.
    assert.deepEqual(
      notSentOutline(
        [
          {
            operation: 'motion.gui.terminal.write',
            args: [],
            caller: `${resolve('/home/me/tools/helpers/menu.py')}:3`,
          },
        ],
        [],
        undefined,
      )[1],
      '  would call motion.gui.terminal.write() — not sent (menu.py:3)',
    );
    assert.deepEqual(
      notSentOutline([], [{ operation: 'motion.a.get_b', args: [], mayDependOn: 'x' }], undefined),
      [],
      'none not sent',
    );
    assert.equal(
      notSentOutline([{ operation: 'motion.a.set_b', args: [] }], [], undefined)[0],
      '1 call the reference server does not model, not sent (the script got null; what they would do is not known):',
    );
  });
});
