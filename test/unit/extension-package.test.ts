import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { scratchFolder } from '../support/scratch-folder';

const ROOT = resolve(__dirname, '../..');

/** What packaging does not read: the dependencies (linked instead), the repository, the tests and what they build. */
const NOT_COPIED = new Set(['node_modules', '.git', '.vscode-test', '.stryker-tmp', 'dist', 'test']);

/** What the registries (the Marketplace, Open VSX) take: one .vsix, and what it holds. */
const BUDGET = { packed: 4.5 * 1024 * 1024, unpacked: 12 * 1024 * 1024 };

/** The files of a zip (a .vsix) with their unpacked sizes, read by `unzip -l`. */
function zipEntries(zip: string): { name: string; size: number }[] {
  const listing = execFileSync('unzip', ['-l', zip], { encoding: 'utf8' }).split('\n');
  return listing
    .map((line) => /^\s*(\d+)\s+\S+\s+\S+\s+(.+)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m && m[2] !== 'Name')
    .map((m) => ({ name: m[2].trim(), size: Number(m[1]) }));
}

// The package people install, as `npm run package` makes it (its prepublish builds the bundles for release).
describe('the extension’s package (.vsix), as the registries get it', function () {
  this.timeout(120_000);
  const scratch = scratchFolder('motion-vsix-', { per: 'suite' });
  let vsix: string;
  let entries: { name: string; size: number }[];
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;

  /** A copy of the project, packaged there: vsce's prepublish empties and rebuilds dist/, which the tests running beside this one use. */
  let project: string;

  before(() => {
    project = join(scratch.path, 'project');
    cpSync(ROOT, project, {
      recursive: true,
      filter: (path) => !NOT_COPIED.has(relative(ROOT, path).split(sep)[0]),
    });
    symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
    vsix = join(scratch.path, 'motion-scripting.vsix');
    const vsce = join(ROOT, 'node_modules/@vscode/vsce/vsce');
    const args = (manifest.scripts as Record<string, string>).package
      .replace(/^vsce /, '')
      .replace(/--out \S+/, '')
      .split(/\s+/)
      .filter(Boolean);
    execFileSync(process.execPath, [vsce, ...args, '--out', vsix], { cwd: project, stdio: 'pipe' });
    entries = zipEntries(vsix).map((e) => ({ ...e, name: e.name.replace(/^extension\//, '') }));
  });

  it('holds only what the extension runs or shows: bundles, the Python side, grammars, pictures and its papers (the snippets are in the language server’s bundle)', () => {
    const allowed = [
      /^extension\.vsixmanifest$/,
      /^\[Content_Types\]\.xml$/,
      /^(package\.json|readme\.md|changelog\.md|LICENSE\.txt)$/,
      /^dist\/([\w-]+\/)?[\w-]+\.(js|wasm)$/,
      /^dist\/python\/(motion\/)?[\w]+\.py$/,
      /^media\/[\w-]+\.(svg|png)$/,
      /^media\/screenshots\/[\w-]+\.png$/,
      /^syntaxes\/[\w.-]+\.json$/,
    ];
    const stray = entries.map((e) => e.name).filter((name) => !allowed.some((pattern) => pattern.test(name)));
    assert.deepEqual(stray, [], 'no tests, fixtures, sources, source maps or node_modules');
    // .vscodeignore lists what goes in: a bundle added to the build and not to that list would be left out.
    const built = readdirSync(join(project, 'dist'), { recursive: true, encoding: 'utf8' })
      .map((f) => `dist/${f.split('\\').join('/')}`)
      .filter((f) => /\.(js|wasm|py)$/.test(f));
    const packed = new Set(entries.map((e) => e.name));
    assert.deepEqual(
      built.filter((f) => !packed.has(f)).sort(),
      ['dist/lua-debug-adapter.js', 'dist/python-debug-adapter.js'],
      'every bundle the build makes is packaged, but for the debug adapters’ own entry points',
    );
  });

  it('holds nothing that nothing refers to: each bundle, picture and Python file is named by the manifest, the README or another file of the package', () => {
    const texts = entries
      .filter((e) => /\.(json|md|js|py)$/.test(e.name))
      .map((e) => ({
        name: e.name,
        text: readFileSync(
          join(ROOT, e.name === 'readme.md' ? 'README.md' : e.name === 'changelog.md' ? 'CHANGELOG.md' : e.name),
          'utf8',
        ),
      }));
    const unreferenced = entries
      .filter((e) => /^(dist|media|syntaxes)\//.test(e.name))
      .filter((e) => {
        const base = e.name.split('/').pop()!;
        const stem = base.replace(/\.py$/, '');
        return !texts.some(
          ({ name, text }) => name !== e.name && (text.includes(base) || (base.endsWith('.py') && text.includes(stem))),
        );
      })
      .map((e) => e.name);
    assert.deepEqual(unreferenced, []);
  });

  it(`keeps to its size budget: at most ${BUDGET.packed / 1024 / 1024} MB packed, ${BUDGET.unpacked / 1024 / 1024} MB unpacked`, () => {
    const packed = statSync(vsix).size;
    const unpacked = entries.reduce((sum, e) => sum + e.size, 0);
    console.log(
      `      .vsix: ${entries.length} files, ${(packed / 1024 / 1024).toFixed(2)} MB packed, ${(unpacked / 1024 / 1024).toFixed(2)} MB unpacked`,
    );
    assert.ok(packed <= BUDGET.packed, `${packed} bytes packed`);
    assert.ok(unpacked <= BUDGET.unpacked, `${unpacked} bytes unpacked`);
  });

  it('is one package for every platform, and needs no extension that Open VSX lacks', () => {
    assert.deepEqual(
      entries.filter((e) => /\.(node|exe|dll|so|dylib)$/.test(e.name)).map((e) => e.name),
      [],
      'no native parts',
    );
    const xml = execFileSync('unzip', ['-p', vsix, 'extension.vsixmanifest'], { encoding: 'utf8' });
    assert.doesNotMatch(xml, /TargetPlatform=/, 'no target platform');
    assert.equal(manifest.extensionDependencies, undefined);
    assert.equal(manifest.extensionPack, undefined);
  });

  it('carries what both registries show: name, description, icon, categories, keywords, license and changelog', () => {
    for (const field of ['name', 'displayName', 'description', 'publisher', 'version', 'license', 'icon'])
      assert.ok(typeof manifest[field] === 'string' && manifest[field] !== '', `${field}`);
    assert.ok(
      entries.some((e) => e.name === manifest.icon),
      'the icon is in the package',
    );
    assert.ok((manifest.categories as string[]).length > 0);
    assert.ok(
      (manifest.keywords as string[]).length > 0 && (manifest.keywords as string[]).length <= 30,
      'keywords (the Marketplace takes 30)',
    );
    assert.ok(entries.some((e) => e.name === 'changelog.md') && entries.some((e) => e.name === 'LICENSE.txt'));
    assert.deepEqual(manifest.extensionKind, ['workspace'], 'it runs beside the workspace: WSL, SSH, containers');
  });
});
