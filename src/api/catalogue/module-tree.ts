/**
 * A package's modules as the tree their dotted paths describe: `motion.settings.processing.skeleton`
 * hangs under `settings` and `processing`, which are namespaces unless a module has that path too.
 * The one walk from dotted paths to a tree, used by the typed client, the generators and the
 * documentation index.
 */
export interface ModuleTree<M> {
  /** The segment's name (`skeleton`); the package's name at the root. */
  readonly name: string;
  /** The dotted path (`motion.settings.processing.skeleton`). */
  readonly path: string;
  /** The module with exactly this path, if there is one; else this is a namespace. */
  module?: M;
  /** Child namespaces and modules by segment name, in the order they were first seen. */
  readonly children: Map<string, ModuleTree<M>>;
}

/** Builds the tree of `modules` under `root` (every module path must start with `root`). */
export function moduleTree<M extends { readonly path: string }>(root: string, modules: Iterable<M>): ModuleTree<M> {
  const tree: ModuleTree<M> = { name: root, path: root, children: new Map() };
  for (const module of modules) {
    let node = tree;
    for (const segment of module.path.split('.').slice(1)) {
      let child = node.children.get(segment);
      if (!child)
        node.children.set(segment, (child = { name: segment, path: `${node.path}.${segment}`, children: new Map() }));
      node = child;
    }
    node.module = module;
  }
  return tree;
}
