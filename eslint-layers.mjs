// The project's layers as lint rules: which folder may import which (docs/architecture.md draws
// them). A breach fails `npm run lint`; test/unit/layers.test.ts shows that it does.

/** An import path that reaches into one of these top-level rooms (relative imports only). */
const into = (...rooms) => `^\\.{1,2}/(.+/)?(${rooms.join('|')})/`;

const PLAIN_NODE = 'runs in plain Node, tested there: no vscode';

/**
 * One area of the tree: what it may not import, and why (one rule object per file: flat config does
 * not merge them, so an area inside another repeats the outer one's patterns in `also`).
 */
const area = (files, { vscode, rooms, why, also = [], ignores = [] }) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: vscode ? [{ name: 'vscode', message: `${why}` }] : [],
        patterns: [{ regex: into(...rooms), message: why }, ...also],
      },
    ],
  },
});

// Inside src/extension, three bands. At the top, what reaches every part through MotionContext: the
// entry points, the commands and reactions (commands/), and the features wired the same way. Then
// motion-context.ts, which holds the parts. Below it, the rooms of parts and their vscode-free logic,
// and the root's small helpers (config, prompts, failures…): they never import the context or the top.
const EXTENSION_TOP_ROOMS = ['commands', 'assistant', 'debug', 'notebooks', 'testing', 'typings'];
const EXTENSION_ENTRY_FILES = ['extension', 'start-motion'];
const EXTENSION_OUTER = {
  vscode: false,
  rooms: ['webview', 'service', 'scripting'],
  why: "the extension talks to the language server through its protocol (server/language/lsp/protocol.ts), starts it with its Node flags (server/language/node-flags.ts) and runs the reference server as a process: it imports neither one's insides, nor the webview's",
};
const BELOW_THE_CONTEXT =
  'a part (and the helpers of the extension root) never reaches up: the context, the commands and the features wired through it import the parts, not the other way (docs/architecture.md)';
const THE_CONTEXT =
  'motion-context.ts holds the parts: it imports none of the commands or features wired through it (docs/architecture.md)';
/** Imports of a top room or an entry file (and of the context, from below it) by a file `up` (`./`, `../`) from src/extension. */
const upward = (up, { context = true, message = BELOW_THE_CONTEXT } = {}) => [
  { regex: `^${up}(${EXTENSION_TOP_ROOMS.join('|')})/`, message },
  {
    regex: `^${up}(${[...EXTENSION_ENTRY_FILES, ...(context ? ['motion-context'] : [])].join('|')})$`,
    message,
  },
];

export const layers = [
  area(['src/api/**/*.ts'], {
    vscode: true,
    rooms: ['extension', 'webview', 'runner', 'cli', 'server'],
    why: `src/api is the bottom layer (the catalogue, types, client): it ${PLAIN_NODE}, and imports no other room`,
  }),
  area(['src/runner/**/*.ts'], {
    vscode: true,
    rooms: ['extension', 'webview', 'cli', 'server'],
    why: `src/runner ${PLAIN_NODE}; it builds on src/api only`,
  }),
  area(['src/cli/**/*.ts'], {
    vscode: true,
    rooms: ['extension', 'webview'],
    why: `src/cli ${PLAIN_NODE}; it builds on src/api, src/runner and server/`,
  }),
  area(['server/scripting/**/*.ts'], {
    vscode: true,
    rooms: ['extension', 'webview', 'runner', 'cli', 'language'],
    why: `the reference server ${PLAIN_NODE}; it builds on src/api only`,
  }),
  area(['server/language/lsp/**/*.ts', 'server/language/*.ts'], {
    vscode: true,
    rooms: ['extension', 'webview', 'runner', 'cli', 'scripting'],
    why: `the language server ${PLAIN_NODE} (any LSP client may run it); it builds on src/api only`,
  }),
  area(['server/language/service/**/*.ts'], {
    vscode: true,
    rooms: ['extension', 'webview', 'runner', 'cli', 'scripting', 'lsp'],
    why: `the language service ${PLAIN_NODE} and knows no protocol: the LSP layer (server/language/lsp) wires it to one, and motion check uses it as it is`,
  }),
  area(['src/webview/**/*.ts'], {
    vscode: true,
    rooms: ['extension', 'runner', 'cli', 'server'],
    why: 'the webview runs in the browser: it imports its protocol (src/protocol) and src/api maths, nothing of the extension host',
  }),
  area(['src/extension/**/*.ts'], EXTENSION_OUTER),
  area(['src/extension/*/**/*.ts'], {
    ...EXTENSION_OUTER,
    ignores: EXTENSION_TOP_ROOMS.map((room) => `src/extension/${room}/**`),
    also: upward('\\.\\./'),
  }),
  area(['src/extension/*.ts'], {
    ...EXTENSION_OUTER,
    ignores: [...EXTENSION_ENTRY_FILES, 'motion-context'].map((file) => `src/extension/${file}.ts`),
    also: upward('\\./'),
  }),
  area(['src/extension/motion-context.ts'], {
    ...EXTENSION_OUTER,
    also: upward('\\./', { context: false, message: THE_CONTEXT }),
  }),
];
