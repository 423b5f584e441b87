import assert from 'node:assert/strict';
import { switchQuestion, whatASwitchResets } from '../../src/extension/connection/switch-resets';

describe('what a move from the embedded server to the application resets', () => {
  it('nothing held: nothing to ask', () => {
    assert.deepEqual(whatASwitchResets({ sessions: [], debugSessions: [], recording: false }), []);
  });

  it('names each thing that holds state, sessions by language', () => {
    assert.deepEqual(
      whatASwitchResets({ sessions: ['lua', 'python'], debugSessions: ['Motion: Debug run.py'], recording: true }),
      [
        'the Lua session (its variables are cleared)',
        'the Python session (its variables are cleared)',
        'the debug session “Motion: Debug run.py” (it stops)',
        'the recording under way (it stops, and its script opens)',
      ],
    );
  });

  it('the question names the address, the version and each reset', () => {
    const one = switchQuestion('http://127.0.0.1:7979', '2024.2', ['a']);
    assert.equal(
      one,
      'The application now answers at http://127.0.0.1:7979 (2024.2). Move to it from the embedded server? That resets a.',
    );
    assert.match(switchQuestion('u', 'v', ['a', 'b']), /resets a and b\.$/);
    assert.match(switchQuestion('u', 'v', ['a', 'b', 'c']), /resets a, b and c\.$/);
  });
});
