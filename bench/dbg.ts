import { startBrowser } from './start/workbench';
import * as flows from './start/in-vscode';
(async () => {
  const b = await startBrowser();
  const ext = process.env.EXT!;
  try {
    for (let i = 0; i < Number(process.env.N ?? 1); i++)
      for (const name of (process.env.FLOWS ?? 'motionStartCompletion').split(',')) {
        const f = await (flows as any)[name](b, ext);
        console.log(name, Object.entries(f).filter(([k]) => !k.includes('MiB')).map(([k, v]) => `${k.replace('· ', '')} ${Math.round(v as number)}`).join(', '));
      }
  } catch (e) { console.log(String(e)); }
  await b.close();
})();
