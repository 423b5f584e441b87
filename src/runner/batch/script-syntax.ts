import { execFile } from 'node:child_process';
import { luaFactory } from '../../api/runtime/lua/lua-factory';

/** A script that does not compile: where and why, as its interpreter says it. */
interface SyntaxProblem {
  message: string;
  line?: number;
}

// Compiles without running: the interpreter's own parser, so that what it refuses is what it says.
const PYTHON_CHECK = `
import json, sys
path = sys.argv[1]
try:
    with open(path, encoding="utf-8-sig") as f:
        compile(f.read(), path, "exec")
except SyntaxError as e:
    print(json.dumps({"message": f"{type(e).__name__}: {e.msg}", "line": e.lineno}))
`;

/**
 * Whether a script compiles, checked before a batch opens any measurement: Python by the
 * interpreter that will run it, Lua by Lua 5.4's own `load`. Undefined when it does.
 */
export async function syntaxProblem(
  path: string,
  code: string,
  python = 'python3',
): Promise<SyntaxProblem | undefined> {
  if (/\.lua$/i.test(path)) {
    const lua = await luaFactory().createEngine();
    try {
      lua.global.set('__code', code.replace(/^#![^\n]*/, ''));
      lua.global.set('__chunk', `@${path}`);
      const problem = (await lua.doString('local _, problem = load(__code, __chunk); return problem')) as
        string | undefined;
      if (!problem) return undefined;
      const at = /:(\d+): (.*)$/s.exec(problem);
      return { message: at ? at[2] : problem, line: at ? Number(at[1]) : undefined };
    } finally {
      lua.global.close();
    }
  }
  const said = await new Promise<string>((resolve, reject) =>
    execFile(python, ['-c', PYTHON_CHECK, path], { timeout: 30_000 }, (error, stdout) =>
      error ? reject(new Error(`${python} could not check the script: ${error.message}`)) : resolve(stdout),
    ),
  );
  if (!said.trim()) return undefined;
  const problem = JSON.parse(said) as { message: string; line: number | null };
  return { message: problem.message, line: problem.line ?? undefined };
}
