import assert from 'node:assert/strict';
import { DoneMarkers } from '../../src/runner/python/done-markers';

const TOKEN = '0123456789abcdef0123456789abcdef';
const marker = (run: number, token = TOKEN) => `\x00motion-done:${token}:${run}\x00\n`;

/** Feeds chunks; gives all output passed on and the runs found done, in order. */
function feed(chunks: string[], token = TOKEN): { output: string; done: number[]; outputs: string[] } {
  const markers = new DoneMarkers(token);
  const outputs: string[] = [];
  const done: number[] = [];
  for (const chunk of chunks) {
    const taken = markers.take(chunk);
    outputs.push(taken.output);
    done.push(...taken.done);
  }
  return { output: outputs.join(''), done, outputs };
}

describe('a Python session’s end-of-run markers', () => {
  it('takes the markers out of the output and names their runs', () => {
    assert.deepEqual(feed([`hello\n${marker(1)}`]), { output: 'hello\n', done: [1], outputs: ['hello\n'] });
    assert.deepEqual(feed([`a${marker(2)}b${marker(3)}c`]).done, [2, 3]);
    assert.equal(feed([`a${marker(2)}b${marker(3)}c`]).output, 'abc');
  });

  it('finds a marker cut by a chunk boundary anywhere, holding back no more than may be one', () => {
    const text = `out\x00put ${marker(17)}after`;
    for (let cut = 0; cut <= text.length; cut++)
      for (let second = cut; second <= text.length; second += 7) {
        const got = feed([text.slice(0, cut), text.slice(cut, second), text.slice(second)]);
        assert.deepEqual(
          { output: got.output, done: got.done },
          { output: 'out\x00put after', done: [17] },
          `cut at ${cut} and ${second}`,
        );
      }
    // Before the marker's start arrives, everything before it is passed on at once.
    const { outputs } = feed(['out\x00put ', marker(17).slice(0, 5), marker(17).slice(5)]);
    assert.deepEqual(outputs, ['out\x00put ', '', '']);
  });

  it('passes on NUL bytes and text that only looks like a marker (another token, no number, no end)', () => {
    const other = marker(4, 'f'.repeat(32));
    assert.deepEqual(feed([`x${other}y`]), { output: `x${other}y`, done: [], outputs: [`x${other}y`] });
    const noNumber = `\x00motion-done:${TOKEN}:\x00\n`;
    assert.equal(feed([noNumber]).output, noNumber);
    assert.deepEqual(feed(['\x00\x00a\x00']).outputs, ['\x00\x00a']);
    // A NUL at the very end may start a marker: held until the next chunk says it does not.
    assert.deepEqual(feed(['a\x00', 'b']).outputs, ['a', '\x00b']);
    // The start of the marker followed by something else is output, as soon as that is seen.
    const start = `\x00motion-done:${TOKEN}:12`;
    assert.deepEqual(feed([start, 'x']).outputs, ['', `${start}x`]);
    assert.deepEqual(feed([`${start}\x00`, '!']).outputs, ['', `${start}\x00!`]);
  });

  it('holds back only a tail, however large the output (a megabyte of NULs passes at once: a scan from each would not end)', () => {
    const large = `${'\x00'.repeat(1_000_000)}tail`;
    assert.deepEqual(feed([large]).outputs, [large]);
    const withMarkerStart = `${'y'.repeat(1_000_000)}\x00motion-`;
    assert.equal(feed([withMarkerStart]).outputs[0], 'y'.repeat(1_000_000));
  });
});
