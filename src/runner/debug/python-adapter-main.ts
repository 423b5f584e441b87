import { pythonSupportDir } from '../../api/runtime/python-support';
import { PythonDebugAdapter } from './python-debug-adapter';
import { serveOnStdio } from './serve-on-stdio';
import { defaultPythonCommand } from '../../api/runtime/find-python';

// `node dist/python-debug-adapter.js [interpreter]`: the relay to debugpy on stdio.
serveOnStdio(
  new PythonDebugAdapter(
    process.argv[2] ?? process.env.MOTION_DEBUG_PYTHON ?? defaultPythonCommand(),
    pythonSupportDir(),
  ),
);
