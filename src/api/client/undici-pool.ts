import type * as Undici from 'undici';

// undici's index loads all of undici (fetch, WebSocket, its cache, mocks: a megabyte of code that
// every start of the CLI, the extension and the servers would load and run). The client needs its
// Pool and its connector only: taken from their own modules, they are all that is loaded.
/* eslint-disable @typescript-eslint/no-require-imports */
export const Pool = require('undici/lib/dispatcher/pool') as typeof Undici.Pool;
export const buildConnector = require('undici/lib/core/connect') as typeof Undici.buildConnector;
/* eslint-enable @typescript-eslint/no-require-imports */
