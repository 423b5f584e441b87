import assert from 'node:assert/strict';
import { LookupLines } from '../../src/extension/recording/lookup-lines';

describe('the look-up lines of a recorded call', () => {
  it('keeps the order the call named its objects in, whatever order their lines come in', () => {
    const call = LookupLines.ofCall();
    const [first, second, third] = ['trajectory:1', 'trajectory:2', 'trajectory:3'].map((key) => call.of(key));
    third.add('c = find("C")');
    first.add('a = find("A")');
    second.add('b = find("B")');
    assert.deepEqual(call.inOrder(), ['a = find("A")', 'b = find("B")', 'c = find("C")']);
  });

  it('writes the objects an object is found by before it, and an object two are found by once, at its first place', () => {
    const call = LookupLines.ofCall();
    const segment = call.of('segment:project:7');
    const parent = call.of('segment:project:3');
    // The parent's look-up answers first and finds the skeleton; the segment's then finds it known.
    const skeletonOfParent = parent.of('skeleton:project:1');
    const skeletonOfSegment = segment.of('skeleton:project:1');
    skeletonOfParent.add('full_body = find_skeleton("FullBody")');
    parent.add('hips = find_segment(full_body, "Hips")');
    segment.add('spine = find_segment(full_body, "Spine")');
    assert.equal(skeletonOfSegment.inOrder().length, 1, 'one place holds the lines of both');
    assert.deepEqual(call.inOrder(), [
      'full_body = find_skeleton("FullBody")',
      'spine = find_segment(full_body, "Spine")',
      'hips = find_segment(full_body, "Hips")',
    ]);
  });

  it('gives nothing for a call that names nothing to look up, or objects already known', () => {
    const call = LookupLines.ofCall();
    assert.deepEqual(call.inOrder(), []);
    call.of('skeleton:project:1');
    assert.deepEqual(call.inOrder(), []);
  });
});
