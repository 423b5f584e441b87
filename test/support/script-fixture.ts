import type { Position } from 'vscode-languageserver-types';
import { messageText } from './lsp-client';
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
): Promise<{ service: MotionLanguageService; uri: string; position: Position; text: string }> {
  const service = createMotionLanguageService({
    parsers: await loadScriptParsers(),
    documentation: bundledDocumentation,
  });
  const offset = marked.indexOf('|');
  const text = offset < 0 ? marked : marked.slice(0, offset) + marked.slice(offset + 1);
  const uri = `file:///test/script.${languageId === 'python' ? 'py' : 'lua'}`;
  const document = service.documents.open(uri, languageId, 1, text);
  return { service, uri, position: document.text.positionAt(Math.max(0, offset)), text };
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
