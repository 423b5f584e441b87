import { parseTargets } from '../api/catalogue/target-versions';
import { UsageError } from './cli-context';

/** The application releases an option names (`--target`, `--version`), or the usage error naming what is wrong with them. */
export function versionsOption(flag: string, text: string) {
  try {
    return parseTargets(text);
  } catch (error) {
    throw new UsageError(`${flag}: ${(error as Error).message}`);
  }
}
