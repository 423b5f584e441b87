import type { MethodDocumentation, ModuleDocumentation, PackageDocumentation } from './documentation-shapes';
import { methodSignature } from './signature';
import { historyNote } from '../catalogue/interface-history';

/**
 * Markdown for the package, a module or a method: one renderer for the language server's hover,
 * the extension's documentation view and the CLI's `docs`.
 */
export function methodMarkdown(modulePath: string, method: MethodDocumentation): string {
  const parts = ['```', `${modulePath}.${methodSignature(method)}`, '```', '', method.brief];
  if (method.details) parts.push('', method.details);
  if (method.parameters.length > 0) {
    parts.push('', '**Parameters**', '');
    for (const p of method.parameters)
      parts.push(`- \`${p.name}\` \`${p.type}\`${p.description ? ` — ${p.description}` : ''}`);
  }
  parts.push(
    '',
    method.return_value
      ? `**Returns** \`${method.return_value.type}\`${method.return_value.description ? ` — ${method.return_value.description}` : ''}`
      : '**Returns** nothing.',
  );
  return parts.join('\n');
}

export function moduleMarkdown(module: ModuleDocumentation): string {
  const parts = [`### ${module.path}`, '', module.brief];
  if (module.details) parts.push('', module.details);
  if (module.methods.length > 0) {
    parts.push('', '| Method | |', '|---|---|');
    for (const m of module.methods) parts.push(`| \`${m.name}\` | ${escapeCell(m.brief)} |`);
  }
  return parts.join('\n');
}

export function packageMarkdown(pkg: PackageDocumentation): string {
  const parts = [`## Package \`${pkg.name}\``, '', '| Module | |', '|---|---|'];
  for (const m of pkg.modules) parts.push(`| \`${m.path}\` | ${escapeCell(m.brief)} |`);
  return parts.join('\n');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/**
 * Markdown of a module or an operation, and below it what the application's changelog says of it
 * (when it came, went or changed): what a script for other versions must know.
 */
export function withChangelogNote(markdown: string, path: string): string {
  const note = historyNote(path);
  return note ? `${markdown}\n\n---\n\n*${note}*` : markdown;
}
