import { TextDocument } from 'vscode-languageserver-textdocument';
import { scriptFixture } from './script-fixture';

/** The version guards offered for a script, each with the script's text once it is applied. */
export async function guarded(languageId: 'python' | 'lua', text: string): Promise<{ title: string; after: string }[]> {
  const { service, uri } = await scriptFixture(languageId, text);
  const diagnostics = service.diagnose(uri).filter((d) => d.code === 'target-versions');
  return service.codeActions(uri, diagnostics).map((action) => ({
    title: action.title,
    after: TextDocument.applyEdits(TextDocument.create(uri, languageId, 1, text), action.edit!.changes![uri]),
  }));
}
