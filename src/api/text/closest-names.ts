/** Levenshtein distance, for "did you mean" suggestions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** The candidates closest to a misspelt name (at most a few edits away), best first. */
export function closestNames(name: string, candidates: readonly string[], limit = 3): string[] {
  const allowed = Math.max(2, Math.floor(name.length / 8));
  const scored = candidates.map((c) => ({ c, d: editDistance(c, name) })).filter((x) => x.d <= allowed);
  if (scored.length === 0) return [];
  const best = Math.min(...scored.map((x) => x.d));
  return scored
    .filter((x) => x.d === best)
    .slice(0, limit)
    .map((x) => x.c);
}
