import { DebugSession } from '@vscode/debugadapter';
import { LuaDebugSession } from './lua-debug-session';

// `node dist/lua-debug-adapter.js`: the Lua debugger on stdio, for tests and other editors (scripts only).
DebugSession.run(
  class LuaScriptDebugSession extends LuaDebugSession {
    constructor() {
      super();
    }
  },
);
