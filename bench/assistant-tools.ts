/**
 * npm run bench:assistant — how long an assistant waits for each reading tool of `motion mcp` on
 * the 20 × 100 × 4 stage (the SDK's client over stdio, as an assistant calls it), against the same
 * work done in-process by our own modules (the floor the protocol adds to); same stage, same run.
 * Prints both medians and the ratio for each tool.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { MotionClient } from '../src/api/client/motion-client';
import { loadDocumentation } from '../src/api/docs/load-documentation';
import { readApplication } from '../src/runner/assistant/read-application';
import { searchDocumentation } from '../src/runner/assistant/search-documentation';
import { createMotionLanguageService } from '../server/language/service/language-service';
import { loadScriptParsers } from '../server/language/service/script-parsers';
import { startChildServer } from '../test/support/child-server';
import { populateStage, SEGMENTS, SKELETONS, MARKERS } from './stage';
import { median } from './timed-reads';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const CLI = resolve(__dirname, '../dist/motion.js');

/** A 200-line tool of the kind people write: lookups, loops, calls, some of them wrong. */
function script(): string {
  const lines = ['import motion', 'sk = motion.settings.processing.skeleton', ''];
  for (let i = 0; i < 40; i++)
    lines.push(
      `body${i} = sk.find_skeleton("project", "Actor${(i % SKELETONS) + 1}")`,
      `for segment in sk.get_segment_ids("project", body${i}):`,
      `    markers = sk.get_segment_markers("project", segment)`,
      `    sk.set_segment_markers("project", segment, markers[:${i % 4}])`,
      `sk.set_skeleton_scal("project", body${i}, 1.0${i})`,
    );
  return `${lines.join('\n')}\n`;
}

async function timeEach(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm: the first call loads what later calls reuse
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function main(): Promise<void> {
  const server = await startChildServer(['--empty', '--log-level', 'warn']);
  const application = new MotionClient({ url: server.url });
  await populateStage(application);
  const dir = mkdtempSync(join(tmpdir(), 'motion-bench-assistant-'));
  writeFileSync(join(dir, 'tool.py'), script());
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--url', server.url, '--folder', dir] }),
  );
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
  };
  const documentation = await loadDocumentation(application);
  const service = createMotionLanguageService({
    parsers: await loadScriptParsers(),
    documentation: () => documentation,
  });
  const text = script();
  const rows: [string, number, number][] = [
    [
      'search the documentation ("skeleton scale")',
      await timeEach(() => call('motion_search_documentation', { query: 'skeleton scale' })),
      await timeEach(async () => searchDocumentation(await loadDocumentation(application), 'skeleton scale', 8)),
    ],
    [
      'read the application (the overview)',
      await timeEach(() => call('motion_read_application', {})),
      await timeEach(() => readApplication(application, {})),
    ],
    [
      'read one skeleton ("Actor7")',
      await timeEach(() => call('motion_read_application', { skeleton: 'Actor7' })),
      await timeEach(() => readApplication(application, { skeleton: 'Actor7' })),
    ],
    [
      'check a 200-line script',
      await timeEach(() => call('motion_check_script', { path: 'tool.py' })),
      await timeEach(async () => service.checkText('file:///tool.py', 'python', text)),
    ],
  ];
  await client.close();
  await application.close();
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
  console.log(`The reading tools of motion mcp on ${SKELETONS} skeletons × ${SEGMENTS} segments × ${MARKERS} markers`);
  console.log(`median of ${RUNS} calls each; peer: the same work in-process, without the protocol`);
  for (const [what, mcp, direct] of rows)
    console.log(
      `  ${what.padEnd(46)} motion mcp ${mcp.toFixed(1).padStart(7)} ms   in-process ${direct.toFixed(1).padStart(7)} ms   ratio ${(mcp / direct).toFixed(2)}×`,
    );
}

void main();
