/**
 * npm run bench:targets — the cost of checking a script against a range of application releases
 * (issue 65's bound: no more than 10% over today's check). The 10,000-line script of bench:ls is
 * checked whole, in-process, as the analysis worker checks it: today's check (no targets) beside the
 * same script naming `2024.1..2026.2` (every call fits: the quiet case) and `2023.2..2026.2` (its
 * skeleton calls lack in 2023.x: a warning at each). Each round opens the script afresh, so
 * nothing cached is reused; the conditions take turns, and the medians are compared.
 */
import { createMotionLanguageService } from '../server/language/service/language-service';
import { loadScriptParsers } from '../server/language/service/script-parsers';
import { bundledDocumentation } from '../src/api/docs/load-documentation';
import { tenThousandLineScript } from './ten-thousand-lines';

const ROUNDS = 21;
const BOUND = 1.1;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const documentation = bundledDocumentation();
  const service = createMotionLanguageService({
    parsers: await loadScriptParsers(),
    documentation: () => documentation,
  });
  const script = tenThousandLineScript();
  const conditions = [
    { name: "today's check (no targets)", text: script },
    { name: 'targets 2024.1..2026.2 (all fit)', text: `# motion: targets 2024.1..2026.2\n${script}` },
    { name: 'targets 2023.2..2026.2 (warnings)', text: `# motion: targets 2023.2..2026.2\n${script}` },
  ];
  const times = conditions.map(() => [] as number[]);
  const found = conditions.map(() => 0);
  let opened = 0;
  for (let round = 0; round < ROUNDS + 2; round++) {
    for (let c = 0; c < conditions.length; c++) {
      const i = (c + round) % conditions.length; // each condition first in turn
      const uri = `file:///bench/script-${opened++}.py`;
      const started = performance.now();
      service.documents.open(uri, 'python', 1, conditions[i].text);
      const diagnostics = service.diagnose(uri);
      const ms = performance.now() - started;
      service.documents.close(uri);
      if (round >= 2) times[i].push(ms); // the first rounds warm the code up
      found[i] = diagnostics.length;
    }
  }
  const base = median(times[0]);
  console.log(`checking the 10,000-line script whole, opened afresh each round (${ROUNDS} rounds, medians)`);
  for (let i = 0; i < conditions.length; i++) {
    const m = median(times[i]);
    const ratio = m / base;
    const verdict =
      i === 0 ? 'the peer' : `ratio ${ratio.toFixed(3)}, bound ≤ ${BOUND}: ${ratio <= BOUND ? 'met' : 'NOT met'}`;
    console.log(
      `  ${conditions[i].name.padEnd(36)} ${m.toFixed(1).padStart(7)} ms   ${String(found[i]).padStart(5)} diagnostics   ${verdict}`,
    );
  }
}

void main();
