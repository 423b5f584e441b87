import assert from 'node:assert/strict';
import { isScripted } from '../../src/extension/scripted-answers';

describe('scripted answers to a command’s questions', () => {
  it('are told apart from the arguments VS Code passes to commands run from menus', () => {
    assert.equal(isScripted({ groupId: 1, editorIndex: 0 }), false, 'an editor title button’s argument asks the user');
    assert.equal(isScripted([{ kind: 'segment' }]), false, 'a tree view’s selection asks the user');
    assert.equal(isScripted(undefined), false);
    assert.equal(isScripted({ confirm: false }), true);
    assert.equal(isScripted({ decisions: [] }), true);
    assert.equal(isScripted({ inputs: ['Bob'] }), true);
  });
});
