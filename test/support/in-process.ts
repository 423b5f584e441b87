import assert from 'node:assert/strict';
import { Fault } from '../../server/scripting/model/faults';
import { MotionModel } from '../../server/scripting/model/motion-model';
import { emptyState, type MotionState } from '../../server/scripting/model/records';
import { findEntry, invoke } from '../../server/scripting/operations/dispatch';
import { buildOperationTable } from '../../server/scripting/operations/operation-table';
import { encodeState } from '../../src/api/state/state-document';

const table = buildOperationTable();

/** The operation layer without HTTP: for fast tests of the model rules. */
export function inProcess(state: MotionState = emptyState()) {
  const model = new MotionModel(state);
  const call = (module: string, op: string, ...args: unknown[]): any => {
    const entry = findEntry(table, `${module}/${op}`);
    if (!entry) throw new Error(`no operation ${module}/${op}`);
    return invoke(model, entry, args).result;
  };
  const refuses = (code: string, module: string, op: string, ...args: unknown[]): Fault => {
    const before = encodeState(model.snapshot());
    let caught: unknown;
    try {
      call(module, op, ...args);
    } catch (error) {
      caught = error;
    }
    assert.ok(caught instanceof Fault, `${op}(${JSON.stringify(args).slice(1, -1)}) should be refused with ${code}`);
    assert.equal(caught.code, code, `${op}: ${caught.message}`);
    assert.equal(encodeState(model.snapshot()), before, `${op} was refused but changed the state`);
    return caught;
  };
  return { model, call, refuses };
}
