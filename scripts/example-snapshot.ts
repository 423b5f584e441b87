// npm run generate:example-snapshot: records examples/tests/gap_filler.motion.json, the snapshot the
// gap filler's example tests replay. It is recorded as a user records one (motion snapshot --record),
// against a test application with the application's whole interface (test/fixtures/application-interface)
// whose selection holds two trajectories, each with a short gap and a long one. Needs `npm run build`.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MotionClient } from '../src/api/client/motion-client';
import { takeSnapshot } from '../src/runner/dry-run/record-snapshot';
import { startTestServer } from '../test/support/test-server';
import { startWholeInterface } from '../test/support/whole-interface-application';
import { readFileSync } from 'node:fs';

async function main() {
  const reference = await startTestServer();
  const application = await startWholeInterface(reference.url, {
    'motion.data.series._3d.get_gap_ranges': [
      { start: 120, end: 124 },
      { start: 300, end: 339 },
    ],
  });
  const client = new MotionClient({ url: application.url });
  try {
    const [first, second] = await client.data.object.trajectory.get_trajectory_ids();
    await client.gui.selection.set_selections([
      { type: 'trajectory', id: first, part_index: null },
      { type: 'trajectory', id: second, part_index: null },
    ]);
    const script = resolve(__dirname, '../examples/gap_filler.py');
    const taken = await takeSnapshot({
      application: client,
      record: {
        name: 'gap_filler.py',
        serverScript: resolve(__dirname, '../dist/motion-server.js'),
        script: { path: script, code: readFileSync(script, 'utf8') },
        onOutput: (_stream, text) => process.stderr.write(text),
      },
    });
    const target = resolve(__dirname, '../examples/tests/gap_filler.motion.json');
    writeFileSync(target, taken.text);
    console.log(`wrote ${target}: trajectories ${first} and ${second} selected, ${taken.answers.length} answers`);
  } finally {
    await client.close();
    await application.close();
    await reference.close();
  }
}

void main();
