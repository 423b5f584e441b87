/** The interface as data: every module and operation is written once, in the files beside this one. */

export interface ParameterSpec {
  name: string;
  /** A documentation type string (docs/design.md §4). A trailing nullable parameter may be omitted. */
  type: string;
  description: string;
  /** Set when the value names an object the application has now (find_skeleton's name). */
  names?: NamedObjects;
  /** The lowest and highest number the interface accepts, both included, where it states them. */
  range?: readonly [number, number];
}

/**
 * Where the names a parameter may take are listed, for completion from a connected application:
 * `ids` (an operation of the same module) lists the objects, given the call's other arguments of
 * the same parameter names; `name` gives one object's name (or null for one without, such as an
 * unidentified trajectory), given those of its arguments that the call has too, then the identifier.
 */
export interface NamedObjects {
  /** What is named, in the user's words: "skeleton", "segment", "trajectory". */
  kind: string;
  /** How a name is said of it: "named", or "labelled" for trajectories. */
  called: 'named' | 'labelled';
  ids: string;
  name: string;
}

interface ReturnSpec {
  type: string;
  description: string;
}

export interface OperationSpec {
  name: string;
  brief: string;
  details: string;
  parameters: ParameterSpec[];
  /** null when the operation returns nothing (the HTTP response is then `null`). */
  returns: ReturnSpec | null;
  /** `write` operations change the application's state; clients never retry them. */
  effect: 'read' | 'write';
}

export interface ModuleSpec {
  /** Dotted, with the package prefix: `motion.settings.processing.skeleton`. */
  path: string;
  brief: string;
  details: string;
  operations: OperationSpec[];
}

export function param(name: string, type: string, description: string, names?: NamedObjects): ParameterSpec {
  return names ? { name, type, description, names } : { name, type, description };
}

export function returns(type: string, description: string): ReturnSpec {
  return { type, description };
}

/** Every module's `help`: the documentation of one of its methods, or of the module itself. */
export function helpOperation(modulePath: string): OperationSpec {
  return {
    name: 'help',
    brief: 'Returns the documentation of a method of this module, or of the module.',
    details:
      `Returns readable documentation text. With a method name, the signature, parameters, return value and details ` +
      `of that method of ${modulePath}; with null (or no argument), the module's description and a list of its methods. ` +
      `An unknown method name is a not_found error.`,
    parameters: [param('method', 'string?', 'Name of a method of this module, or null for the whole module.')],
    returns: returns('string', 'The documentation text.'),
    effect: 'read',
  };
}
