import type { PackageDocumentation } from '../../../src/api/docs/documentation-shapes';
import { helpTopicText, methodHelpText, moduleHelpText, type HelpTopic } from '../../../src/api/docs/help-text';
import { methodSignature } from '../../../src/api/docs/signature';
import { elementAt, notFound } from '../model/faults';
import type { Handler, ModuleHandlers } from './handler';

/** `utilities/documentation`, answered from the package documentation generated from the catalogue. */
export function documentationHandlers(
  pkg: PackageDocumentation,
  version: string,
  changelog: readonly string[],
): ModuleHandlers {
  const module = (i: number) => elementAt(pkg.modules, i, 'module_index', 'modules');
  const method = (i: number, j: number) =>
    elementAt(module(i).methods, j, 'method_index', `methods in ${module(i).path}`);
  const parameter = (i: number, j: number, k: number) => {
    const m = method(i, j);
    return elementAt(m.parameters, k, 'parameter_index', `parameters of ${m.name}`);
  };
  const byModule =
    (f: (i: number) => unknown): Handler =>
    (_tx, [i]) =>
      f(i);
  const byMethod =
    (f: (i: number, j: number) => unknown): Handler =>
    (_tx, [i, j]) =>
      f(i, j);
  const byParameter =
    (f: (i: number, j: number, k: number) => unknown): Handler =>
    (_tx, [i, j, k]) =>
      f(i, j, k);

  return {
    get_package_name: () => pkg.name,
    get_package_documentation: () => pkg,
    get_module_count: () => pkg.modules.length,
    get_module_path: byModule((i) => module(i).path),
    get_module_brief: byModule((i) => module(i).brief),
    get_module_details: byModule((i) => module(i).details),
    get_module_documentation: byModule(module),
    get_method_count: byModule((i) => module(i).methods.length),
    get_method_name: byMethod((i, j) => method(i, j).name),
    get_method_brief: byMethod((i, j) => method(i, j).brief),
    get_method_details: byMethod((i, j) => method(i, j).details),
    get_method_signature: byMethod((i, j) => methodSignature(method(i, j))),
    get_method_documentation: byMethod(method),
    get_parameter_count: byMethod((i, j) => method(i, j).parameters.length),
    get_parameter_name: byParameter((i, j, k) => parameter(i, j, k).name),
    get_parameter_type: byParameter((i, j, k) => parameter(i, j, k).type),
    get_parameter_description: byParameter((i, j, k) => parameter(i, j, k).description),
    get_parameter_documentation: byParameter(parameter),
    get_return_value_type: byMethod((i, j) => method(i, j).return_value?.type ?? null),
    get_return_value_description: byMethod((i, j) => method(i, j).return_value?.description ?? null),
    get_return_value_documentation: byMethod((i, j) => method(i, j).return_value),
    get_help_text: (_tx, [topic]) => helpTopicText(pkg, topic as HelpTopic | null, version, changelog),
  };
}

/** Every module's `help(method?)`. */
export function helpHandler(pkg: PackageDocumentation, modulePath: string): Handler {
  const doc = pkg.modules.find((m) => m.path === modulePath)!;
  return (_tx, [name]) => {
    if (name === null) return moduleHelpText(doc);
    const method = doc.methods.find((m) => m.name === name);
    if (!method) throw notFound('method', `${modulePath} has no method named "${name}"`);
    return methodHelpText(modulePath, method);
  };
}
