import assert from 'node:assert/strict';
import { PythonSession } from '../../src/runner/python-session';
import type { DisplayItem } from '../../src/runner/script-session';
import { referenceServer } from '../support/reference-server';

/** Debian's interpreter, which has matplotlib (scripts/install-debian-packages.sh installs it). */
const DEBIAN_PYTHON = '/usr/bin/python3';

describe('rich runs (notebook cells) in a Python session', function () {
  this.timeout(60_000);
  const app = referenceServer({ per: 'suite' });
  let session: PythonSession;
  let events: ({ stream: string; text: string } | { display: DisplayItem[] })[];
  const start = (interpreter?: string) => {
    events = [];
    session = new PythonSession({
      serverUrl: app.server.url,
      interpreter,
      // Output as a person reads it: a stream's text in order, however the pipe chunked it (a
      // loaded machine delivered "reading" and its line end apart).
      onOutput: (stream, text) => {
        const last = events.at(-1);
        if (last && 'stream' in last && last.stream === stream) last.text += text;
        else events.push({ stream, text });
      },
      onDisplay: (items) => events.push({ display: items }),
    });
  };
  afterEach(() => session.dispose());

  it('shows a list of records as a table (and its repr), after what the cell printed', async () => {
    start();
    const result = await session.run(
      [
        'import motion',
        'sk = motion.settings.processing.skeleton',
        'body = sk.find_skeleton("project", "FullBody")',
        'print("reading")',
        '[{"name": sk.get_segment_name("project", s), "solver": sk.get_segment_solver("project", s)} for s in sk.get_segment_ids("project", body)[:2]] + [{"name": "<b>", "extra": 1.5}]',
      ].join('\n'),
      { filename: 'book, cell 1', rich: true },
    );
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.deepEqual(events[0], { stream: 'stdout', text: 'reading\n' });
    const display = events.at(-1) as { display: DisplayItem[] };
    assert.deepEqual(
      display.display.map((i) => i.mime),
      ['text/html', 'text/plain'],
    );
    assert.equal(
      display.display[0].data,
      '<table><thead><tr><th>name</th><th>solver</th><th>extra</th></tr></thead><tbody>' +
        '<tr><td>Hips</td><td>global_optimization</td><td></td></tr>' +
        '<tr><td>Spine</td><td>None</td><td></td></tr>' +
        '<tr><td>&lt;b&gt;</td><td></td><td>1.5</td></tr></tbody></table>',
    );
    assert.match(display.display[1].data, /^\[\{'name': 'Hips', 'solver': 'global_optimization'\}, /);
    assert.equal(events.length, 2, 'the value is not printed as well');
  });

  it('cuts a table past 500 rows, saying how many more; one of 500 whole', async () => {
    start();
    const table = async (rows: number) => {
      events = [];
      await session.run(`[{"frame": i} for i in range(${rows})]`, { filename: `cell ${rows}`, rich: true });
      const html = (events.at(-1) as { display: DisplayItem[] }).display[0].data;
      return {
        rows: html.match(/<tr><td>\d+<\/td><\/tr>/g)?.length ?? 0,
        more: /<td colspan="1">([^<]*)<\/td>/.exec(html)?.[1],
      };
    };
    assert.deepEqual(await table(499), { rows: 499, more: undefined });
    assert.deepEqual(await table(500), { rows: 500, more: undefined }, 'at the limit: whole');
    assert.deepEqual(await table(501), { rows: 500, more: '… 1 more row' }, 'one past it');
    assert.deepEqual(await table(1200), { rows: 500, more: '… 700 more rows' });
  });

  it('gives any other value as its repr, and nothing but output to a run that is not rich', async () => {
    start();
    await session.run('21 * 2', { filename: 'cell', rich: true });
    await session.run('21 * 3', { filename: 'selection' });
    assert.deepEqual(events, [{ display: [{ mime: 'text/plain', data: '42' }] }, { stream: 'stdout', text: '63\n' }]);
  });

  it('asks for skeletons in 3D from motion_notebook.show_skeleton, in a cell only', async () => {
    start();
    await session.run('import motion_notebook\nmotion_notebook.show_skeleton("project", "FullBody")', {
      filename: 'cell',
      rich: true,
    });
    await session.run('motion_notebook.show_skeleton()', { filename: 'selection' });
    const bad = await session.run('motion_notebook.show_skeleton("stage")', { filename: 'cell', rich: true });
    assert.deepEqual(events.slice(0, 2), [
      {
        display: [
          {
            mime: 'application/vnd.motion.skeleton-request+json',
            data: '{"source": "project", "skeleton": "FullBody"}',
          },
        ],
      },
      {
        stream: 'stdout',
        text: 'show_skeleton draws in a notebook cell; here, Motion: Show Skeleton in 3D shows one.\n',
      },
    ]);
    assert.match(bad.error?.message ?? '', /source must be one of project, measurement, data, not 'stage'/);
  });

  it('shows the figures matplotlib drew as PNG images, plt.show() or not, then closes them', async () => {
    start(DEBIAN_PYTHON);
    const result = await session.run(
      [
        'import matplotlib.pyplot as plt',
        'plt.plot([0, 1, 2], [2, 0, 1])',
        'plt.show()',
        'plt.figure()',
        'plt.bar(["a", "b"], [1, 2])',
        'print(len(plt.get_fignums()), "open")',
      ].join('\n'),
      { filename: 'cell', rich: true },
    );
    assert.equal(result.ok, true, JSON.stringify(events));
    const images = events.flatMap((e) => ('display' in e ? e.display : [])).filter((i) => i.mime === 'image/png');
    assert.equal(images.length, 2, JSON.stringify(events.map((e) => ('display' in e ? 'display' : e.text))));
    for (const image of images)
      assert.deepEqual([...Buffer.from(image.data, 'base64').subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG');
    const printed = () => events.flatMap((e) => ('text' in e ? [e.text] : [])).join('');
    assert.equal(printed(), '1 open\n', 'plt.show() showed the first figure and closed it');
    await session.run('print(len(__import__("matplotlib.pyplot").pyplot.get_fignums()))', { filename: 'cell' });
    assert.equal(printed(), '1 open\n0\n', 'every figure closed once shown');
  });
});
