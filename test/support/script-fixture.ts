import assert from 'node:assert/strict';
import type { Position, InlayHint } from 'vscode-languageserver-types';
import { messageText } from './lsp-client';
import { cursorAt } from './cursor-marker';
import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import {
  createMotionLanguageService,
  type MotionLanguageService,
} from '../../server/language/service/language-service';
import { loadScriptParsers } from '../../server/language/service/script-parsers';

/** A language service over the bundled documentation, and a document opened from text with `|` as the cursor. */
export async function scriptFixture(
  languageId: 'python' | 'lua',
  marked: string,
  options: { snippetCommand?: string } = {},
): Promise<{ service: MotionLanguageService; uri: string; position: Position; text: string }> {
  const service = createMotionLanguageService({
    parsers: await loadScriptParsers(),
    documentation: bundledDocumentation,
    ...options,
  });
  const { text, offset } = cursorAt(marked);
  const uri = `file:///test/script.${languageId === 'python' ? 'py' : 'lua'}`;
  const document = service.documents.open(uri, languageId, 1, text);
  return { service, uri, position: document.text.positionAt(offset), text };
}

/** What completion at the `|` must offer, and must not. */
export interface CompletionExpectation {
  includes?: string[];
  excludes?: string[];
}

/** Completion at the `|` offers every label of `includes` and none of `excludes` (partial expectations, as css-languageservice's tests write them). */
export async function completes(
  languageId: 'python' | 'lua',
  marked: string,
  { includes = [], excludes = [] }: CompletionExpectation,
): Promise<void> {
  const got = await labels(languageId, marked);
  const shown = JSON.stringify(got.slice(0, 50));
  for (const label of includes) assert.ok(got.includes(label), `${marked}: expected ${label} in ${shown}`);
  for (const label of excludes) assert.ok(!got.includes(label), `${marked}: did not expect ${label} in ${shown}`);
}

export async function labels(languageId: 'python' | 'lua', marked: string): Promise<string[]> {
  const { service, uri, position } = await scriptFixture(languageId, marked);
  return service.complete(uri, position).items.map((i) => i.label);
}

export async function diagnostics(
  languageId: 'python' | 'lua',
  text: string,
): Promise<{ message: string; text: string; code: unknown }[]> {
  const { service, uri } = await scriptFixture(languageId, text);
  const document = service.documents.get(uri)!;
  return service.diagnose(uri).map((d) => ({
    message: messageText(d.message),
    code: d.code,
    text: document.text.getText().slice(document.text.offsetAt(d.range.start), document.text.offsetAt(d.range.end)),
  }));
}

/** An inlay hint's label as the editor draws it (a string, or parts). */
export function hintText(label: InlayHint['label']): string {
  return typeof label === 'string' ? label : label.map((part) => part.value).join('');
}
