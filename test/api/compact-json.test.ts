import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compactJson } from '../../src/api/text/compact-json';
import { propertyRuns } from '../support/property-runs';

describe('compact JSON for segment documents and skeleton files', () => {
  it('writes a matrix as four rows and a vec3f on one line', () => {
    const transform = [
      [1, 0, 0, 10.5],
      [0, 1, 0, -2],
      [0, 0, 1, 950],
      [0, 0, 0, 1],
    ];
    assert.equal(
      compactJson({ transform, endpoint: [0, 120.5, 0] }),
      [
        '{',
        '  "transform": [',
        '    [1, 0, 0, 10.5],',
        '    [0, 1, 0, -2],',
        '    [0, 0, 1, 950],',
        '    [0, 0, 0, 1]',
        '  ],',
        '  "endpoint": [0, 120.5, 0]',
        '}',
      ].join('\n'),
    );
  });

  it('writes a small flat object on one line, a long one a field a line, and empty ones as {} and []', () => {
    assert.equal(
      compactJson({ constraint: { lower_bound: -45, upper_bound: 45 }, couplings: [], goal: null, extra: {} }),
      '{\n  "constraint": {"lower_bound": -45, "upper_bound": 45},\n  "couplings": [],\n  "goal": null,\n  "extra": {}\n}',
    );
    const long = { name: 'a marker name long enough', other: 'and another long string value' };
    assert.equal(
      compactJson([long]),
      `[\n  {\n    "name": "a marker name long enough",\n    "other": "and another long string value"\n  }\n]`,
    );
  });

  it('a marker: its position on one line inside the object', () => {
    assert.equal(
      compactJson([{ name: 'LSHO', position: [10, 20, 30], weight: 1 }]),
      '[\n  {\n    "name": "LSHO",\n    "position": [10, 20, 30],\n    "weight": 1\n  }\n]',
    );
  });

  it('leaves out undefined fields, as JSON.stringify does', () => {
    assert.equal(compactJson({ a: 1, b: undefined }), '{"a": 1}');
  });

  it('reads back as the value it wrote, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        assert.deepEqual(JSON.parse(compactJson(value)), JSON.parse(JSON.stringify(value)));
      }),
      propertyRuns('compact JSON round trip', 300),
    );
  });
});
