import assert from 'node:assert/strict';
import { BoundedText } from '../../src/runner/bounded-text';

describe('a bounded transcript', () => {
  it('keeps the newest text within its limit, and what was written since a mark', () => {
    const text = new BoundedText(100);
    text.append('x'.repeat(150));
    const mark = text.mark();
    for (let i = 0; i < 1000; i++) text.append(`line ${i}\n`);
    assert.ok(String(text).length <= 200, `${String(text).length} kept`);
    assert.ok(String(text).endsWith('line 999\n'));
    assert.equal(text.since(text.mark() - 9), 'line 999\n');
    assert.equal(text.since(mark), String(text), 'a mark older than what is kept gives all that is kept');
  });

  it('keeps everything up to twice its limit, then trims back to the limit', () => {
    const text = new BoundedText(100);
    text.append('x'.repeat(150));
    assert.equal(String(text).length, 150);
    text.append('y'.repeat(50));
    assert.equal(String(text).length, 200, 'exactly twice the limit is kept');
    text.append('z');
    assert.equal(String(text), `${'x'.repeat(49)}${'y'.repeat(50)}z`);
    assert.equal(text.mark(), 201);
  });

  it('takes a very large output without failing (600 MB once threw "Invalid string length")', () => {
    const text = new BoundedText();
    const chunk = 'y'.repeat(1024 * 1024);
    for (let i = 0; i < 600; i++) text.append(chunk);
    assert.equal(text.mark(), 600 * 1024 * 1024);
    assert.ok(String(text).length <= 2 * 1024 * 1024);
    assert.ok(String(text).length >= 1024 * 1024, 'a megabyte is kept by default');
  });

  it('forgets everything on clear, and marks taken before it still count from the start', () => {
    const text = new BoundedText(100);
    text.append('before');
    const early = text.mark();
    text.clear();
    assert.equal(String(text), '');
    assert.equal(text.mark(), 6, 'positions go on');
    text.append('after');
    assert.equal(text.since(early), 'after');
    assert.equal(text.since(text.mark() - 2), 'er');
  });
});
