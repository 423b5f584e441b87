import { isReadOperation } from './read-operations';
import {
  describeOperation,
  describeParameter,
  describeReturn,
  spokenName,
  type StatedFacts,
} from './describe-operation';
import facts from './interface-facts.json';
import { MODULE_BRIEFS } from './module-briefs';
import { helpOperation, type ModuleSpec, type OperationSpec, type ParameterSpec } from './operation-spec';

interface FactsOfParameter extends StatedFacts {
  name: string;
  type: string;
}

interface FactsOfOperation {
  name: string;
  parameters: FactsOfParameter[];
  returns: { type: string; unit?: string } | null;
}

interface InterfaceFacts {
  modules: { path: string; operations: FactsOfOperation[] }[];
}

/** The facts of the application's newest published interface (scripts/application-interface.ts writes them). */
const INTERFACE_FACTS = facts as InterfaceFacts;

function parameterSpec(p: FactsOfParameter): ParameterSpec {
  return {
    name: p.name,
    type: p.type,
    description: describeParameter(p.name, p),
    ...(p.range ? { range: p.range } : {}),
  };
}

/** An operation of the facts, described in our words. */
function operationFromFacts(modulePath: string, op: FactsOfOperation): OperationSpec {
  if (op.name === 'help') return helpOperation(modulePath);
  return {
    name: op.name,
    brief: describeOperation(op.name, op.returns?.unit),
    details: '',
    parameters: op.parameters.map(parameterSpec),
    returns: op.returns ? { type: op.returns.type, description: describeReturn(op.name, op.returns.unit) } : null,
    effect: isReadOperation(`${modulePath}.${op.name}`) ? 'read' : 'write',
  };
}

/**
 * The application's whole interface: every module and operation of the facts. Our catalogue's
 * modules come first, as it orders them, each with its own operations described by hand and then,
 * before its help, those of the facts it lacks; then the facts' other modules in their order, described
 * from the facts. So the indices the documentation module gives our own modules and operations stay
 * as they were.
 */
export function wholeInterface(
  catalogue: readonly ModuleSpec[],
  known: InterfaceFacts = INTERFACE_FACTS,
): ModuleSpec[] {
  const facts = new Map(known.modules.map((m) => [m.path, m]));
  const ours = catalogue.map((module): ModuleSpec => {
    const own = new Set(module.operations.map((op) => op.name));
    const more = (facts.get(module.path)?.operations ?? [])
      .filter((op) => !own.has(op.name))
      .map((op) => operationFromFacts(module.path, op));
    const help = module.operations.filter((op) => op.name === 'help');
    return { ...module, operations: [...module.operations.filter((op) => op.name !== 'help'), ...more, ...help] };
  });
  const described = new Set(catalogue.map((m) => m.path));
  const others = known.modules
    .filter((m) => !described.has(m.path))
    .map((module): ModuleSpec => ({
      path: module.path,
      brief: MODULE_BRIEFS[module.path] ?? `The ${spokenName(module.path)} module.`,
      details: '',
      operations: module.operations.map((op) => operationFromFacts(module.path, op)),
    }));
  return [...ours, ...others];
}
