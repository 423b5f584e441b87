/**
 * The name a breakpoint's file is matched by, on both sides of the Lua debugger (here, and the same
 * rule in lua-debugger.lua.ts). On Windows a file has many names: `${workspaceFolder}/x.lua`
 * becomes `C:\proj/x.lua`, VS Code says `c:\proj\x.lua`, and the file system ignores letter case;
 * so there separators are made backslashes and letters lower case. Elsewhere a path is matched as it is.
 */
export function breakpointKey(path: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? path.replaceAll('/', '\\').toLowerCase() : path;
}
