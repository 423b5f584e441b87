import assert from 'node:assert/strict';
import type { Position } from 'vscode-languageserver-types';
import {
  createMotionLanguageService,
  type MotionLanguageService,
} from '../../server/language/service/language-service';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import type { IndexedMethod } from '../../src/api/docs/documentation-index';
import { formatType } from '../../src/api/types/type-tree';
import { applicationIndex, scriptOfEveryCall, type CallStyle } from '../support/application-interface';
import { messageText } from '../support/lsp-client';

const index = applicationIndex();

/**
 * The editor's features against the application's whole interface (42 modules, 677 operations,
 * its shapes: modules that are also parents of modules, `_3d`, optional parameters before required
 * ones, callbacks, integer vectors, maps with integer keys, two values returned), in both languages.
 */
for (const language of ['python', 'lua'] as const) {
  describe(`the application's whole interface, in ${language === 'python' ? 'Python' : 'Lua'}`, function () {
    this.timeout(60_000);
    let service: MotionLanguageService;
    const { text, lines } = scriptOfEveryCall(index, language);
    const uri = `file:///every-call.${language === 'python' ? 'py' : 'lua'}`;
    const at = (line: number, column: number): Position => ({ line, character: column });
    const lineText = (line: number) => text.split('\n')[line];

    before(async () => {
      service = createMotionLanguageService({ parsers: await loadScriptParsers(), documentation: () => index });
      service.documents.open(uri, language, 1, text);
    });

    it('has the interface’s size', () => {
      assert.equal(index.modules().length, 42);
      assert.equal(lines.size, 677);
    });

    for (const style of ['literals', 'names', 'optional-left-out'] as CallStyle[])
      it(`a valid call of every operation gets no diagnostic (${style})`, () => {
        const script = scriptOfEveryCall(index, language, style);
        const styleUri = `file:///every-call-${style}.${language === 'python' ? 'py' : 'lua'}`;
        service.documents.open(styleUri, language, 1, script.text);
        const found = service.diagnose(styleUri).map((d) => {
          const line = d.range.start.line;
          return `${script.lines.get(line)?.path ?? `line ${line}`}: ${messageText(d.message)} — ${script.text.split('\n')[line]}`;
        });
        service.documents.close(styleUri);
        assert.deepEqual(found, []);
      });

    it('every operation hovers with its signature, and shows it while its arguments are typed', () => {
      const problems: string[] = [];
      for (const [line, method] of lines) {
        const call = lineText(line);
        const nameEnd = call.indexOf('(');
        const hover = service.hover(uri, at(line, nameEnd - 1));
        const shown = hover ? (hover.contents as { value: string }).value : '';
        if (!shown.includes(`${method.path}(`)) problems.push(`hover ${method.path}: ${shown.slice(0, 80)}`);
        const help = service.signatureHelp(uri, at(line, nameEnd + 1));
        const label = help?.signatures[help.activeSignature ?? 0]?.label ?? '';
        const expected = method.parameters.map((p) => `${p.doc.name}: ${p.type ? formatType(p.type) : p.doc.type}`);
        if (!label.startsWith(`${method.method.name}(`) || !expected.every((p) => label.includes(p)))
          problems.push(`signature ${method.path}: ${label}`);
      }
      assert.deepEqual(problems, []);
    });

    it('every module completes its operations and its sub-modules', () => {
      const problems: string[] = [];
      for (const module of index.modules()) {
        const probe = `${language === 'python' ? 'import motion\n' : ''}${module.path}.`;
        const probeUri = `file:///probe-${module.path}.${language === 'python' ? 'py' : 'lua'}`;
        const document = service.documents.open(probeUri, language, 1, probe);
        const offered = new Set(
          service.complete(probeUri, document.text.positionAt(probe.length)).items.map((i) => i.label),
        );
        service.documents.close(probeUri);
        const missing = index.methodsOf(module.path).filter((m: IndexedMethod) => !offered.has(m.method.name));
        const children = index
          .modules()
          .filter((m) => m.path.startsWith(`${module.path}.`) && !m.path.slice(module.path.length + 1).includes('.'))
          .map((m) => m.path.slice(module.path.length + 1))
          .filter((name) => !offered.has(name));
        if (missing.length + children.length > 0)
          problems.push(`${module.path}: ${[...missing.map((m) => m.method.name), ...children].join(', ')}`);
      }
      assert.deepEqual(problems, []);
    });
  });
}
