// Loaded into every Node for Windows process of the Windows leg (NODE_OPTIONS=--require), children
// included. It mends gaps of Wine that Windows itself does not have, never the product:
// - Wine refuses TCP keep-alive on a socket that is still connecting (Windows allows it): Node's
//   http agents and undici ask for it at once, so it is deferred to the connection.
// - esbuild's Windows binary needs bcryptprimitives.dll, which this Wine lacks: tsx (which compiles
//   the tests) is given esbuild's WebAssembly build, the same compiler.
const net = require('node:net');
const Module = require('node:module');

const setKeepAlive = net.Socket.prototype.setKeepAlive;
net.Socket.prototype.setKeepAlive = function (...args) {
  if (this.connecting) {
    this.once('connect', () => setKeepAlive.apply(this, args));
    return this;
  }
  return setKeepAlive.apply(this, args);
};

const wasmEsbuild = process.env.MOTION_WINE_ESBUILD;
if (wasmEsbuild) {
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    return request === 'esbuild' ? wasmEsbuild : resolve.call(this, request, ...rest);
  };
}

// - Wine now and then refuses to start a process ("spawn UNKNOWN", thrown at once, nothing started),
//   when two test files start processes at the same moment; Windows does not. The start is tried
//   again, up to five times, a moment apart, and each retry is said on standard error.
const childProcess = require('node:child_process');
const pause = new Int32Array(new SharedArrayBuffer(4));
const retried = (name) => {
  const start = childProcess[name];
  const withRetries = function (...args) {
    for (let attempt = 1; ; attempt++) {
      try {
        return start.apply(this, args);
      } catch (error) {
        if (error?.code !== 'UNKNOWN' || error?.syscall !== 'spawn' || attempt === 5) throw error;
        process.stderr.write(`wine-preload: Wine refused to start ${args[0]} (spawn UNKNOWN); try ${attempt + 1}\n`);
        Atomics.wait(pause, 0, 0, 100 * attempt);
      }
    }
  };
  // execFile's own promisified form (util.promisify.custom: it resolves with stdout and stderr) is kept.
  Object.defineProperties(withRetries, Object.getOwnPropertyDescriptors(start));
  childProcess[name] = withRetries;
};
for (const name of ['spawn', 'fork', 'execFile']) retried(name);
Module.syncBuiltinESMExports();
