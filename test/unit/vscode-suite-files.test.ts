import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesOfRun } from '../vscode/suite/run-order';

const SUITE = join(__dirname, '../vscode/suite');

describe('the real-VS-Code suite: every test file runs', () => {
  const files = readdirSync(SUITE).filter((f) => f.endsWith('.test.ts'));

  it('each test file exports one function that declares its tests (index.ts calls it)', () => {
    for (const file of files) {
      const exported = [...readFileSync(join(SUITE, file), 'utf8').matchAll(/^export function (\w+)/gm)].map(
        (m) => m[1],
      );
      assert.equal(exported.length, 1, `${file} exports ${exported.join(', ') || 'no function'}`);
    }
  });

  it('runs every trusted file, alphabetically, the walkthrough last; the untrusted, plain, WSL, SSH and MCP ones alone in theirs', () => {
    const trusted = filesOfRun(files, 'trusted');
    const alone = [
      'untrusted-workspace.test.ts',
      'plain-project.test.ts',
      'plain-project-python.test.ts',
      'wsl.test.ts',
      'ssh.test.ts',
      'mcp-servers.test.ts',
    ];
    assert.deepEqual([...trusted].sort(), files.filter((f) => !alone.includes(f)).sort());
    assert.equal(trusted.at(-1), 'walkthrough.test.ts');
    assert.deepEqual(filesOfRun(files, 'untrusted'), ['untrusted-workspace.test.ts']);
    assert.deepEqual(filesOfRun(files, 'plain'), ['plain-project.test.ts', 'plain-project-python.test.ts']);
    assert.deepEqual(filesOfRun(files, 'wsl'), ['wsl.test.ts']);
    assert.deepEqual(filesOfRun(files, 'ssh'), ['ssh.test.ts']);
    assert.deepEqual(filesOfRun(files, 'mcp'), ['mcp-servers.test.ts']);
    assert.deepEqual(filesOfRun(['b.test.ts', 'new.test.ts', 'a.test.ts'], 'trusted'), [
      'a.test.ts',
      'b.test.ts',
      'new.test.ts',
    ]);
  });
});
