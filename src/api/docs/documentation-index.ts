import { moduleTree, type ModuleTree } from '../catalogue/module-tree';
import { PACKAGE_DOC } from '../catalogue/type-strings';
import { parseType, parseTypeOrAny } from '../types/parse-type';
import { requiredArgumentCount } from '../types/required-arguments';
import type { TypeNode } from '../types/type-tree';
import { validateValue } from '../types/validate';
import type {
  MethodDocumentation,
  ModuleDocumentation,
  PackageDocumentation,
  ParameterDocumentation,
} from './documentation-shapes';

/** Where the documentation in use came from, so tools can say so. */
export type DocumentationSource =
  | { kind: 'live'; url: string; version: string }
  | { kind: 'cache'; url: string; version: string; savedAt: string }
  | { kind: 'bundled' };

export interface IndexedParameter {
  doc: ParameterDocumentation;
  /** undefined when a newer application writes a type this version cannot parse. */
  type: TypeNode | undefined;
}

export interface IndexedMethod {
  /** `motion.gui.selection.select` */
  path: string;
  module: ModuleDocumentation;
  method: MethodDocumentation;
  parameters: IndexedParameter[];
  returnType: TypeNode | undefined;
  /** Leading parameters a call must give: trailing nullable ones may be left out. */
  requiredCount: number;
}

type ResolvedPath =
  | { kind: 'namespace'; path: string }
  | { kind: 'module'; module: ModuleDocumentation }
  | { kind: 'method'; method: IndexedMethod };

export interface PathChild {
  name: string;
  kind: 'namespace' | 'module' | 'method';
  path: string;
}

const PACKAGE_TYPE = parseType(PACKAGE_DOC);

export class DocumentationShapeError extends Error {}

/** The package documentation of an application, indexed for lookups by dotted path, module and parameter position. */
export class DocumentationIndex {
  private readonly modulesByPath = new Map<string, ModuleDocumentation>();
  private readonly methodsByPath = new Map<string, IndexedMethod>();
  private readonly childrenByPath = new Map<string, Map<string, PathChild>>();
  /** Documented module paths outside the package, left out (the caller logs them). */
  readonly skipped: string[] = [];
  private readonly own: ModuleDocumentation[] = [];

  private constructor(
    readonly documentation: PackageDocumentation,
    readonly source: DocumentationSource,
  ) {
    const root = documentation.name;
    for (const module of documentation.modules) {
      // Only the package's own modules: another path (a documented "os.path") is not ours to offer.
      if (module.path !== root && !module.path.startsWith(`${root}.`)) {
        this.skipped.push(module.path);
        continue;
      }
      this.modulesByPath.set(module.path, module);
      this.own.push(module);
    }
    const indexTree = (node: ModuleTree<ModuleDocumentation>) => {
      for (const child of node.children.values()) {
        this.children(node.path).set(child.name, {
          name: child.name,
          kind: child.module ? 'module' : 'namespace',
          path: child.path,
        });
        indexTree(child);
      }
    };
    indexTree(moduleTree(root, this.own));
    for (const module of this.own) {
      for (const method of module.methods) {
        const indexed = indexMethod(module, method);
        this.methodsByPath.set(indexed.path, indexed);
        this.children(module.path).set(method.name, { name: method.name, kind: 'method', path: indexed.path });
      }
    }
    if (!this.childrenByPath.has(root)) this.childrenByPath.set(root, new Map());
  }

  /** Checks the shape of a `get_package_documentation` answer and indexes it. */
  static fromPackage(value: unknown, source: DocumentationSource): DocumentationIndex {
    const problem = validateValue(value, PACKAGE_TYPE, 'documentation');
    if (problem)
      throw new DocumentationShapeError(
        `the package documentation is malformed at ${problem.path}: ${problem.message}`,
      );
    return new DocumentationIndex(value as PackageDocumentation, source);
  }

  get packageName(): string {
    return this.documentation.name;
  }

  modules(): readonly ModuleDocumentation[] {
    return this.own;
  }

  module(path: string): ModuleDocumentation | undefined {
    return this.modulesByPath.get(path);
  }

  /** A method by its dotted path: `motion.gui.selection.select`. */
  method(path: string): IndexedMethod | undefined {
    return this.methodsByPath.get(path);
  }

  methodsOf(modulePath: string): IndexedMethod[] {
    return (this.module(modulePath)?.methods ?? []).map((m) => this.methodsByPath.get(`${modulePath}.${m.name}`)!);
  }

  /** The parameter at a position of a method, with its parsed type. */
  parameter(methodPath: string, position: number): IndexedParameter | undefined {
    return this.method(methodPath)?.parameters[position];
  }

  /** What follows `path.`: namespaces, modules, and the methods when path is a module. */
  childrenOf(path: string): PathChild[] {
    return [...(this.childrenByPath.get(path)?.values() ?? [])];
  }

  /** A method, then a module, then a namespace (a prefix of module paths). */
  resolve(path: string): ResolvedPath | undefined {
    const method = this.method(path);
    if (method) return { kind: 'method', method };
    const module = this.module(path);
    if (module) return { kind: 'module', module };
    if (this.childrenByPath.has(path)) return { kind: 'namespace', path };
    return undefined;
  }

  describeSource(): string {
    const s = this.source;
    if (s.kind === 'live') return `live from ${s.url} (${s.version})`;
    if (s.kind === 'cache') return `cached from ${s.url} (${s.version}, saved ${s.savedAt})`;
    return 'bundled with this version (no server answered)';
  }

  private children(path: string): Map<string, PathChild> {
    let map = this.childrenByPath.get(path);
    if (!map) this.childrenByPath.set(path, (map = new Map<string, PathChild>()));
    return map;
  }
}

function indexMethod(module: ModuleDocumentation, method: MethodDocumentation): IndexedMethod {
  const parameters = method.parameters.map((doc) => ({ doc, type: parseTypeOrAny(doc.type) }));
  const requiredCount = requiredArgumentCount(parameters.map((p) => p.type));
  return {
    path: `${module.path}.${method.name}`,
    module,
    method,
    parameters,
    returnType: method.return_value ? parseTypeOrAny(method.return_value.type) : undefined,
    requiredCount,
  };
}
