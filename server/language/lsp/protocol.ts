import { NotificationType, RequestType, type Diagnostic, type Range } from 'vscode-languageserver-protocol';
import type { DocumentationSource } from '../../../src/api/docs/documentation-index';
import type { PackageDocumentation } from '../../../src/api/docs/documentation-shapes';

/**
 * The extension's command that inserts a snippet (placeholders to tab through): LSP code actions
 * edit plain text only, so a quick fix that adds arguments runs it.
 */
export const INSERT_SNIPPET_COMMAND = 'motion.insertSnippet';

/** The extension's side of the conversation, beyond LSP. */
interface ReloadDocumentationParams {
  /** Switch to another application first (the server URL changed). */
  serverUrl?: string;
}

export interface DocumentationState {
  source: 'live' | 'cache' | 'bundled';
  description: string;
  serverUrl: string;
  modules: number;
  /** The application's version, when the documentation is live or cached from it. */
  version?: string;
}

/** Reload the documentation (the application was upgraded, or the URL changed); documents are re-checked. */
export const ReloadDocumentationRequest = new RequestType<ReloadDocumentationParams, DocumentationState, void>(
  'motion/reloadDocumentation',
);

/** The documentation the language server uses, whole: the extension reads it here and loads none of its own. */
interface DocumentationInUse {
  documentation: PackageDocumentation;
  source: DocumentationSource;
}

/**
 * The documentation of the application at `serverUrl` (the extension's connection): the one in use,
 * once any load under way is done; loaded first when the URL is another one.
 */
export const DocumentationRequest = new RequestType<ReloadDocumentationParams, DocumentationInUse, void>(
  'motion/documentation',
);

interface CheckScriptParams {
  /** Where the text is from (diagnostics name no other place); an open document there is left as it is. */
  uri: string;
  languageId: string;
  text: string;
  /** The application releases the script must run on (`>=2025.1`); its own comment wins. */
  targets?: string;
}

/** The diagnostics of a text on its own, as an open script gets them (the assistants' check). */
export const CheckScriptRequest = new RequestType<CheckScriptParams, Diagnostic[], void>('motion/checkScript');

/** The lines of a document its editors show now (LSP has no word for it): a long script's first check gives those first. */
interface VisibleRangesParams {
  uri: string;
  ranges: Range[];
}

export const VisibleRangesNotification = new NotificationType<VisibleRangesParams>('motion/visibleRanges');

/** Sent whenever the documentation in use changed. */
export const DocumentationLoadedNotification = new NotificationType<DocumentationState>('motion/documentationLoaded');

export interface InitializationOptions {
  serverUrl?: string;
  /**
   * The client owns the application's URL: it gives `serverUrl` and later ones through
   * motion/reloadDocumentation, and the server never reads the `motion.server.url` setting itself
   * (the VS Code extension's connection may have moved to its embedded server; one owner, one
   * reload). Other editors leave it out, and the server follows the setting.
   */
  serverUrlFromClient?: boolean;
  /**
   * The client asks textDocument/completion itself, from a provider of its own registered before
   * the server started (the VS Code extension's): the server does not offer completion among its
   * capabilities, so the client registers no second provider. Other editors leave it out.
   */
  completionFromClient?: boolean;
  /** Where to cache each application's documentation (default: the user's cache folder). */
  cacheDir?: string;
  timeoutMs?: number;
}
