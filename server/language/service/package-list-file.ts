import { bundledDocumentation } from '../../../src/api/docs/load-documentation';
import { packageCompletions } from './completion';

/**
 * src/extension/workspace/package-list.generated.json: the list after `motion.` from the documentation bundled with this
 * version, as the language server gives it. The extension's quiet part shows it before the language
 * server is there; it cannot load the documentation itself (the whole interface, for seven names).
 */
export function packageListFile(): string {
  return `${JSON.stringify(packageCompletions(bundledDocumentation()), null, 2)}\n`;
}
