#!/usr/bin/env node
// The motion language server: `node dist/language-server.js --stdio` (or --node-ipc, --socket=N) for any LSP client,
// best with the Node flags of node-flags.ts before the script.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startLanguageServer } from './lsp/start-language-server';

const connection = createConnection(ProposedFeatures.all);
startLanguageServer(connection);
connection.listen();
