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
