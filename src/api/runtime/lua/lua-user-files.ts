import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { LuaEngine } from 'wasmoon';
import { LUA_FILES } from './lua-files.lua';
import { readUserTextSync } from '../../files/user-text';

/**
 * Gives a VM the user's files for dofile, loadfile and require (its own file system is empty): a
 * relative path is looked for in each of `folders()`, asked at each read (a session's folders
 * follow the script it runs), in order.
 */
export async function installUserFiles(lua: LuaEngine, folders: () => readonly string[]): Promise<void> {
  lua.global.set('__motion_find_file', (path: string) =>
    (isAbsolute(path) ? [path] : folders().map((folder) => resolve(folder, path))).find((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    }),
  );
  lua.global.set('__motion_read_file', (file: string) => {
    try {
      return readUserTextSync(file);
    } catch {
      return undefined; // gone since it was found
    }
  });
  await lua.doString(LUA_FILES);
}
