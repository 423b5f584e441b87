/**
 * The name a file is matched by when two programs name it (VS Code and launch.json, an assistant
 * and an open editor, the two sides of the Lua debugger, whose Lua half repeats this rule in
 * lua-debugger.lua.ts). On Windows a file has many names: `${workspaceFolder}/x.lua` becomes
 * `C:\proj/x.lua`, VS Code says `c:\proj\x.lua`, and the file system ignores letter case; so there
 * separators are made backslashes and letters lower case. Elsewhere a path is matched as it is.
 */
export function pathKey(path: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? path.replaceAll('/', '\\').toLowerCase() : path;
}
