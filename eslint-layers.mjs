// The project's layers as lint rules: which folder may import which (docs/architecture.md draws
// them). A breach fails `npm run lint`; test/unit/layers.test.ts shows that it does.

/** An import path that reaches into one of these top-level rooms (relative imports only). */
const into = (...rooms) => `^\\.{1,2}/(.+/)?(${rooms.join('|')})/`;

const PLAIN_NODE = 'runs in plain Node, tested there: no vscode';

/** One area of the tree: what it may not import, and why (one rule object per file: flat config does not merge them). */
const area = (files, { vscode, rooms, why }) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: vscode ? [{ name: 'vscode', message: `${why}` }] : [],
        patterns: [{ regex: into(...rooms), message: why }],
      },
    ],
  },
});

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
  area(['src/extension/**/*.ts'], {
    vscode: false,
    rooms: ['webview', 'service', 'scripting'],
    why: "the extension talks to the language server through its protocol (server/language/lsp/protocol.ts) and runs the reference server as a process: it imports neither one's insides, nor the webview's",
  }),
];
