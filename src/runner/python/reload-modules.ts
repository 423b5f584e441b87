/**
 * Python code that reloads, in a running session, the modules imported from the given folders
 * (the workspace): what users of the application write `importlib.reload` boilerplate for. The
 * modules are reloaded in `sys.modules` order, which is the order their imports finished (Python
 * moves a module to the end once it has run), so a module is reloaded after those it imports.
 * With `files`, only the modules of those files are reloaded (a file just saved). Prints what it
 * reloaded, or that nothing from there is imported.
 */
export function reloadModulesCode(folders: readonly string[], files?: readonly string[]): string {
  return [
    'def __motion_reload(folders, files):',
    '    import importlib, os, sys',
    '    folders = [os.path.join(os.path.realpath(f), "") for f in folders]',
    '    files = None if files is None else {os.path.realpath(f) for f in files}',
    '    def wanted(module):',
    '        path = getattr(module, "__file__", None)',
    '        if not path or getattr(module, "__name__", "__main__") == "__main__":',
    '            return False',
    '        path = os.path.realpath(path)',
    '        return path in files if files is not None else any(path.startswith(f) for f in folders)',
    '    names = [name for name, module in list(sys.modules.items()) if wanted(module)]',
    '    for name in names:',
    '        # A file saved within the second of its last compile, at the same size, would pass for',
    '        # unchanged: its cached bytecode goes first.',
    '        cached = getattr(sys.modules[name], "__cached__", None)',
    '        if cached and os.path.exists(cached):',
    '            os.remove(cached)',
    '        importlib.reload(sys.modules[name])',
    '    print("reloaded " + ", ".join(sorted(names)) if names else "no module of the workspace is imported in this session")',
    `__motion_reload(${JSON.stringify(folders)}, ${files ? JSON.stringify(files) : 'None'})`,
    'del __motion_reload',
    '',
  ].join('\n');
}
