import assert from 'node:assert/strict';
import type { MotionModel } from '../../server/scripting/model/motion-model';
import type { MotionState } from '../../server/scripting/model/records';
import { inProcess } from './in-process';
import { startTestServer, type TestServer } from './test-server';

/** The model rules are checked twice: on the operation layer in-process, and over HTTP against the real server. */
export interface RuleHarness {
  model: MotionModel;
  call(module: string, op: string, ...args: unknown[]): Promise<any>;
  /** The call must be refused with `code` and change nothing; returns the error. */
  refuses(
    code: string,
    module: string,
    op: string,
    ...args: unknown[]
  ): Promise<{ code: string; message: string; parameter?: string }>;
}

const open: TestServer[] = [];

export const RULE_HARNESSES: [string, (state?: MotionState) => Promise<RuleHarness>][] = [
  [
    'in-process',
    async (state) => {
      const m = inProcess(state);
      return { model: m.model, call: async (...a) => m.call(...a), refuses: async (...a) => m.refuses(...a) };
    },
  ],
  [
    'over HTTP',
    async (state) => {
      const t = await startTestServer(state ? { initialState: state } : { empty: true });
      open.push(t);
      return {
        model: t.server.model,
        call: (module, op, ...args) => t.ok(module, op, args),
        refuses: async (code, module, op, ...args) => {
          const e = await t.fails(module, op, args, code);
          assert.equal(e.code, code);
          return e;
        },
      };
    },
  ],
];

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((t) => t.close()));
}
