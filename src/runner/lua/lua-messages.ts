import type { RunError } from '../script-session';

export type ToLua = { id: number; code: string; filename: string; line: number };
export type FromLua =
  | { kind: 'ready' }
  | { kind: 'output'; stream: 'stdout' | 'stderr' | 'system'; text: string }
  | { kind: 'done'; id: number; ok: boolean; error?: RunError };
