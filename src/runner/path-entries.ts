/** Whether `folder` is on a PATH value (Windows compares without case, and with or without a trailing separator). */
export function onPath(pathValue: string | undefined, folder: string, platform: NodeJS.Platform): boolean {
  const norm = (p: string) => {
    const trimmed = p.replace(/[\\/]+$/, '');
    return platform === 'win32' ? trimmed.toLowerCase() : trimmed;
  };
  const separator = platform === 'win32' ? ';' : ':';
  return (pathValue ?? '')
    .split(separator)
    .filter(Boolean)
    .some((p) => norm(p) === norm(folder));
}
