import assert from 'node:assert/strict';
import {
  keptItems,
  outputData,
  readMotionbook,
  writeMotionbook,
  type Motionbook,
} from '../../src/extension/notebooks/motionbook-format';

describe('the .motionbook file', () => {
  const book: Motionbook = {
    cells: [
      { kind: 'markdown', source: '# Title' },
      {
        kind: 'code',
        language: 'python',
        source: 'print("hi")',
        outputs: [{ items: [{ mime: 'application/vnd.code.notebook.stdout', text: 'hi\n' }] }],
        execution: { order: 3, milliseconds: 12, ok: true },
      },
      { kind: 'code', language: 'lua', source: 'print(1)' },
    ],
  };

  it('reads back what it wrote, cells, outputs and how each ran', () => {
    const text = writeMotionbook(book);
    assert.match(text, /^\{\n {2}"motionbook": 1,\n {2}"cells": \[/);
    assert.ok(text.endsWith('}\n'));
    assert.deepEqual(readMotionbook(text), book);
  });

  it('opens an empty file as one Python cell', () => {
    assert.deepEqual(readMotionbook('  \n'), { cells: [{ kind: 'code', language: 'python', source: '' }] });
  });

  it('refuses a file it cannot read, naming what is wrong and where', () => {
    assert.throws(() => readMotionbook('{'), /this \.motionbook file is not JSON/);
    assert.throws(() => readMotionbook('{"motionbook": 1}'), /has no "cells" list/);
    assert.throws(
      () => readMotionbook('{"motionbook": 2, "cells": []}'),
      /is of format 2; this version .* reads format 1/,
    );
    assert.throws(() => readMotionbook('{"cells": []}'), /is of format undefined/);
    const cells = (cell: unknown) => JSON.stringify({ motionbook: 1, cells: [{ kind: 'markdown', source: '' }, cell] });
    assert.throws(() => readMotionbook(cells(null)), /cell 2 is not an object/);
    assert.throws(
      () => readMotionbook(cells({ kind: 'raw', source: '' })),
      /cell 2: "kind" must be "markdown" or "code"/,
    );
    assert.throws(() => readMotionbook(cells({ kind: 'code', source: 1 })), /cell 2: "source" must be text/);
    assert.throws(
      () => readMotionbook(cells({ kind: 'code', language: 'r', source: '' })),
      /cell 2: "language" must be "python" or "lua"/,
    );
  });

  it('keeps only outputs it can read', () => {
    const text = JSON.stringify({
      motionbook: 1,
      cells: [{ kind: 'code', language: 'lua', source: '', outputs: [{ items: [{ mime: 'x' }] }, { items: [] }] }],
    });
    assert.deepEqual(readMotionbook(text).cells[0].outputs, [{ items: [] }]);
  });

  it('keeps what a run shows, a figure in base64, and gives it back as it was', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    const items = [
      { mime: 'text/html', data: new TextEncoder().encode('<table></table>') },
      { mime: 'image/png', data: png },
      { mime: 'application/vnd.code.notebook.stdout', data: new TextEncoder().encode('é\n') },
      { mime: 'application/x-editor-private', data: new TextEncoder().encode('x') },
    ];
    const kept = keptItems(items);
    assert.deepEqual(kept, [
      { mime: 'text/html', text: '<table></table>' },
      { mime: 'image/png', text: 'iVBORwD/' },
      { mime: 'application/vnd.code.notebook.stdout', text: 'é\n' },
    ]);
    assert.deepEqual(
      outputData(kept).map((i) => [i.mime, [...i.data]]),
      items.slice(0, 3).map((i) => [i.mime, [...i.data]]),
    );
  });
});
