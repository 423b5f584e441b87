import {
  helpOperation,
  param,
  returns,
  type ModuleSpec,
  type OperationSpec,
  type ParameterSpec,
} from './operation-spec';
import { HELP_TOPIC, METHOD_DOC, MODULE_DOC, PACKAGE_DOC, PARAMETER_DOC, RETURN_DOC } from './type-strings';

const PATH = 'motion.utilities.documentation';
const moduleIndex = param('module_index', 'integer', '0-based index of the module in the package documentation.');
const methodIndex = param('method_index', 'integer', '0-based index of the method in its module.');
const parameterIndex = param('parameter_index', 'integer', '0-based index of the parameter in its method.');

function getter(
  name: string,
  brief: string,
  parameters: ParameterSpec[],
  type: string,
  description: string,
  details = '',
): OperationSpec {
  return { name, brief, details, parameters, returns: returns(type, description), effect: 'read' };
}

const OUT_OF_RANGE = 'An index outside 0..count-1 is an out_of_range error.';

export const DOCUMENTATION: ModuleSpec = {
  path: PATH,
  brief: 'Read the documentation of the package, its modules, methods, parameters and return values.',
  details:
    'Everything the application can do is described here, so tools can discover it: get_package_documentation ' +
    'returns it all at once; the other getters address modules, methods and parameters by 0-based index. The module ' +
    'index of a module is the position of its path in the package documentation, the method index the position of ' +
    'its name in the module. Types are written as type strings: integer, float, string, bool, vec3f, mat4x4f, T? ' +
    '(nullable or optional), [T] (array), "a"|"b" (one of these strings), {"field": T, ...} (structure) and ' +
    '{K: V} (map).',
  operations: [
    getter('get_package_name', 'Returns the name of the package.', [], 'string', 'The package name, "motion".'),
    getter(
      'get_package_documentation',
      'Returns the documentation of the whole package.',
      [],
      PACKAGE_DOC,
      'The package documentation: its name and every module with every method.',
      'One call that gives everything the other getters give piece by piece.',
    ),
    getter('get_module_count', 'Returns the number of modules.', [], 'integer', 'Number of modules.'),
    getter(
      'get_module_path',
      'Returns the dotted path of a module.',
      [moduleIndex],
      'string',
      'The path, e.g. "motion.gui.selection".',
      OUT_OF_RANGE,
    ),
    getter(
      'get_module_brief',
      'Returns the one-line description of a module.',
      [moduleIndex],
      'string',
      'The brief.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_module_details',
      'Returns the detailed description of a module.',
      [moduleIndex],
      'string',
      'The details.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_module_documentation',
      'Returns the documentation of a module.',
      [moduleIndex],
      MODULE_DOC,
      'The module documentation with all its methods.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_method_count',
      'Returns the number of methods of a module.',
      [moduleIndex],
      'integer',
      'Number of methods.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_method_name',
      'Returns the name of a method.',
      [moduleIndex, methodIndex],
      'string',
      'The method name.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_method_brief',
      'Returns the one-line description of a method.',
      [moduleIndex, methodIndex],
      'string',
      'The brief.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_method_details',
      'Returns the detailed description of a method.',
      [moduleIndex, methodIndex],
      'string',
      'The details.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_method_signature',
      'Returns the signature of a method.',
      [moduleIndex, methodIndex],
      'string',
      'The signature, of the form name(param: type, ...) -> return type.',
      'Methods that return nothing have no " -> ..." part.',
    ),
    getter(
      'get_method_documentation',
      'Returns the documentation of a method.',
      [moduleIndex, methodIndex],
      METHOD_DOC,
      'The method documentation.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_parameter_count',
      'Returns the number of parameters of a method.',
      [moduleIndex, methodIndex],
      'integer',
      'Number of parameters.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_parameter_name',
      'Returns the name of a parameter.',
      [moduleIndex, methodIndex, parameterIndex],
      'string',
      'The parameter name.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_parameter_type',
      'Returns the type string of a parameter.',
      [moduleIndex, methodIndex, parameterIndex],
      'string',
      'The type string.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_parameter_description',
      'Returns the description of a parameter.',
      [moduleIndex, methodIndex, parameterIndex],
      'string',
      'The description.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_parameter_documentation',
      'Returns the documentation of a parameter.',
      [moduleIndex, methodIndex, parameterIndex],
      PARAMETER_DOC,
      'The parameter documentation.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_return_value_type',
      'Returns the type string of the return value of a method.',
      [moduleIndex, methodIndex],
      'string?',
      'The type string, or null if the method returns nothing.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_return_value_description',
      'Returns the description of the return value of a method.',
      [moduleIndex, methodIndex],
      'string?',
      'The description, or null if the method returns nothing.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_return_value_documentation',
      'Returns the documentation of the return value of a method.',
      [moduleIndex, methodIndex],
      `${RETURN_DOC}?`,
      'The return value documentation, or null if the method returns nothing.',
      OUT_OF_RANGE,
    ),
    getter(
      'get_help_text',
      'Returns a help text; used by the global help function.',
      [
        param(
          'topic',
          HELP_TOPIC,
          'One of "overview", "modules", "types", "signatures", "changelog", or null for the introduction.',
        ),
      ],
      'string',
      'The help text.',
      'overview: what the package is and how to call it; modules: every module with its brief; types: how to read ' +
        'type strings; signatures: every method signature; changelog: what changed in each version of the interface. ' +
        'null gives the introduction that the global help() prints, with the list of topics.',
    ),
    helpOperation(PATH),
  ],
};
