import { DebugSession } from '@vscode/debugadapter';
import { LuaDebugSession } from './lua-debug-session';

// `node dist/lua-debug-adapter.js`: the Lua debugger on stdio, for tests and other editors.
DebugSession.run(LuaDebugSession);
