/** `add_skeleton` → `AddSkeleton`: type names made from interface names (generated API, stubs). */
export function pascalCase(name: string): string {
  return name.replace(/(^|_)([a-z0-9])/g, (_m, _u, c: string) => c.toUpperCase());
}
