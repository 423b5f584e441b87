/**
 * npx tsx scripts/interface-history.ts <changelog.md> — the application's interface history as
 * facts (src/api/catalogue/interface-history.json), from the vendor's public scripting changelog
 * (docs/changelog.md of its scripting repository, given as a file: these machines reach no web).
 * Run it again when a new version's changelog is out; a row it does not know stops it, named.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readChangelog } from '../src/api/catalogue/changelog';

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx scripts/interface-history.ts <the vendor changelog.md>');
  process.exit(2);
}
const history = readChangelog(readFileSync(file, 'utf8'));
const out = join(__dirname, '../src/api/catalogue/interface-history.json');
const facts = {
  source:
    "the application vendor's public scripting changelog (docs/changelog.md of its scripting repository), read by scripts/interface-history.ts",
  ...history,
};
writeFileSync(out, `${JSON.stringify(facts, null, 2)}\n`);
console.log(
  `${out}: ${history.changes.length} changes over ${history.versions.length} versions (${history.versions[0]}–${history.versions.at(-1)})`,
);
