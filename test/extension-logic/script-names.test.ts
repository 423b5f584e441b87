import assert from 'node:assert/strict';
import { ScriptNames } from '../../src/extension/recording/script-names';

/** A look-up the test answers when it likes, counting how often it was asked. */
function lookUps() {
  let asked = 0;
  const waiting: ((variable: string | undefined) => void)[] = [];
  return {
    get asked() {
      return asked;
    },
    lookUp: (skeleton?: string) => () => {
      asked++;
      return new Promise<{ variable: string; skeleton?: string } | undefined>((resolve) =>
        waiting.push((variable) => resolve(variable === undefined ? undefined : { variable, skeleton })),
      );
    },
    answer: (variable: string | undefined) => waiting.shift()!(variable),
  };
}

const text = async (names: ScriptNames, key: string, id: number, lookUp: () => Promise<never>) =>
  String(((await names.variableFor(key, id, lookUp)) as { text?: string }).text ?? 'identifier');

describe('the variables of a recorded action', () => {
  it('are named after their object in either language, each its own', () => {
    const names = new ScriptNames(['skeletons']);
    const cases: [string, string, string][] = [
      ['LeftFoot', 'segment', 'left_foot'],
      ['HTMLParser', 'segment', 'html_parser'],
      ['LFHD', 'trajectory', 'lfhd'],
      ['Segment 12', 'segment', 'segment_12'],
      ['a--b', 'segment', 'a_b'],
      ['  Hips!!', 'segment', 'hips'],
      ['***', 'skeleton', 'skeleton'],
      ['', 'bone', 'bone'],
      ['3rdFinger', 'segment', 'segment_3rd_finger'],
      ['end', 'segment', 'end_segment'],
      ['class', 'skeleton', 'class_skeleton'],
      ['Skeletons', 'skeleton', 'skeletons_2'],
      ['LeftFoot', 'segment', 'left_foot_2'],
      ['left foot', 'segment', 'left_foot_3'],
    ];
    for (const [name, named, variable] of cases) assert.equal(names.fresh(name, named), variable, name);
  });

  it('looks an object up once, though two calls ask for it at the same time', async () => {
    const names = new ScriptNames([]);
    const l = lookUps();
    const first = names.variableFor('skeleton project 1', 1, l.lookUp());
    const second = names.variableFor('skeleton project 1', 1, l.lookUp());
    await new Promise((resolve) => setImmediate(resolve));
    l.answer('full_body');
    assert.deepEqual(
      (await Promise.all([first, second])).map((c) => (c as { text: string }).text),
      ['full_body', 'full_body'],
    );
    assert.equal(await text(names, 'skeleton project 1', 1, l.lookUp() as never), 'full_body');
    assert.equal(l.asked, 1);
  });

  it('writes an object that could not be named as its identifier, and tries again for the next call', async () => {
    const names = new ScriptNames([]);
    const l = lookUps();
    const first = names.variableFor('trajectory  7', 7, l.lookUp());
    l.answer(undefined);
    assert.equal(await first, 7);
    const again = names.variableFor('trajectory  7', 7, l.lookUp());
    assert.equal(l.asked, 1, 'the failed look-up is the answer while the action lasts');
    assert.equal(await again, 7);
  });

  it('forgets an object whose look-up was still under way: the next call looks it up again', async () => {
    const names = new ScriptNames([]);
    const l = lookUps();
    const pending = names.variableFor('skeleton project 1', 1, l.lookUp());
    await new Promise((resolve) => setImmediate(resolve));
    names.forget('skeleton project 1');
    l.answer('full_body');
    await pending;
    const next = names.variableFor('skeleton project 1', 1, l.lookUp());
    assert.equal(l.asked, 2);
    l.answer('another');
    assert.equal(((await next) as { text: string }).text, 'another');
  });

  it('forgets a skeleton with its segments, a deleted segment with those of its skeleton, a kind in one source', async () => {
    const names = new ScriptNames([]);
    const know = (key: string, variable: string, skeleton?: string) => names.know(key, { variable, skeleton });
    know('skeleton project 1', 'full_body');
    know('segment project 10', 'hips', 'skeleton project 1');
    know('segment project 11', 'spine', 'skeleton project 1');
    know('skeleton project 2', 'other');
    know('segment project 20', 'root', 'skeleton project 2');
    know('skeleton measurement 1', 'measured');
    /** Which of the keys still have their variable: a forgotten one is looked up again. */
    const kept = async (...keys: string[]) => {
      const found: string[] = [];
      for (const key of keys) {
        let asked = false;
        await names.variableFor(key, 0, async () => {
          asked = true;
          return undefined;
        });
        if (!asked) found.push(key);
      }
      return found;
    };
    assert.equal(names.skeletonOf('spine'), 'skeleton project 1');
    assert.equal(names.skeletonOf('full_body'), undefined);
    names.forgetSegmentsBeside('segment project 10');
    assert.deepEqual(await kept('skeleton project 1', 'segment project 11', 'segment project 20'), [
      'skeleton project 1',
      'segment project 20',
    ]);
    names.forgetSkeleton('skeleton project 2');
    assert.deepEqual(await kept('segment project 20', 'skeleton project 1', 'skeleton measurement 1'), [
      'skeleton project 1',
      'skeleton measurement 1',
    ]);
    // A segment the action never placed in its skeleton: every segment of its source goes.
    know('segment project 30', 'a');
    know('segment measurement 31', 'b');
    names.forgetSegmentsBeside('segment project 99');
    assert.deepEqual(await kept('segment project 30', 'segment measurement 31'), ['segment measurement 31']);
    names.forgetAll('skeleton', 'project');
    assert.deepEqual(await kept('skeleton project 1', 'skeleton measurement 1'), ['skeleton measurement 1']);
    know('bone  5', 'bone_a_b');
    names.forgetAll('bone', undefined);
    assert.deepEqual(await kept('bone  5'), []);
  });
});
