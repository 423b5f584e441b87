// npm run mutation:survivors [FILE-PART...]: each mutant that survived the last mutation run (its
// JSON report, .stryker-tmp/report/mutation.json), with where it is, what it changed, and the tests
// that ran it (none: no test reaches that line), so that a survivor's neighbourhood is found at once.
// With arguments, only the files whose path contains one of them. Killed mutants keep the tests that
// killed them in the same report (`killedBy`).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column: number } };
  status: string;
  killedBy?: string[];
  coveredBy?: string[];
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
  testFiles?: Record<string, { tests: { id: string; name: string }[] }>;
}

const report = JSON.parse(readFileSync(resolve(__dirname, '../.stryker-tmp/report/mutation.json'), 'utf8')) as Report;
const names = new Map<string, string>();
for (const [file, { tests }] of Object.entries(report.testFiles ?? {}))
  for (const test of tests) names.set(test.id, file ? `${file}: ${test.name}` : test.name);
const wanted = process.argv.slice(2);
let shown = 0;
for (const [file, { mutants }] of Object.entries(report.files)) {
  if (wanted.length > 0 && !wanted.some((part) => file.includes(part))) continue;
  for (const mutant of mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')) {
    shown++;
    const { line, column } = mutant.location.start;
    const change = mutant.replacement === undefined ? '' : ` → ${JSON.stringify(mutant.replacement).slice(0, 80)}`;
    console.log(`${file}:${line}:${column} ${mutant.mutatorName}${change} (${mutant.status})`);
    const ran = (mutant.coveredBy ?? []).map((id) => names.get(id) ?? id);
    for (const test of ran.slice(0, 8)) console.log(`    ran by ${test}`);
    if (ran.length > 8) console.log(`    … and ${ran.length - 8} more tests`);
    if (ran.length === 0) console.log('    ran by no test');
  }
}
console.log(`${shown} survivor${shown === 1 ? '' : 's'}`);
