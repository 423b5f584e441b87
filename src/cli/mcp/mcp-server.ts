import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { DOCUMENTATION_SCHEME, documentationUri, documentedPath } from '../../api/docs/documentation-uri';
import { methodMarkdown, moduleMarkdown, packageMarkdown } from '../../api/docs/markdown';
import type { AssistantContext } from '../../runner/assistant/assistant-context';
import { ASSISTANT_TOOLS, inputJsonSchema, invokeTool } from '../../runner/assistant/assistant-tools';

const INSTRUCTIONS = `Tools for scripting a motion-capture application through its package "motion" (Python and Lua).
Search the documentation before writing a motion.* call, check what you wrote, and dry-run a script to see what it would change: a dry run never changes the application.`;

/**
 * The Model Context Protocol server of `motion mcp`: the assistant tools (the changing one only
 * when allowed) and the application's documentation as resources, one page per module.
 */
export function motionMcpServer(ctx: AssistantContext, version: string): Server {
  const tools = ASSISTANT_TOOLS.filter((t) => !t.changesApplication || ctx.apply !== undefined);
  const server = new Server(
    { name: 'motion', title: 'Motion Scripting', version },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: inputJsonSchema(t) as { type: 'object' },
      annotations: {
        title: t.title,
        readOnlyHint: !t.changesApplication,
        destructiveHint: t.changesApplication,
        openWorldHint: false,
      },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = tools.find((t) => t.name === request.params.name);
    if (!tool)
      return {
        content: [
          {
            type: 'text',
            text: `There is no tool "${request.params.name}" here. The tools: ${tools.map((t) => t.name).join(', ')}.`,
          },
        ],
        isError: true,
      };
    const answer = await invokeTool(tool, request.params.arguments, ctx, extra.signal);
    return {
      content: [{ type: 'text', text: answer.text }],
      ...(answer.data ? { structuredContent: answer.data } : {}),
      ...(answer.failed ? { isError: true } : {}),
    };
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const documentation = await ctx.documentation();
    return {
      resources: [
        {
          uri: documentationUri(documentation.packageName),
          name: documentation.packageName,
          title: `The "${documentation.packageName}" package: its modules`,
          mimeType: 'text/markdown',
        },
        ...documentation.modules().map((m) => ({
          uri: documentationUri(m.path),
          name: m.path,
          title: m.brief,
          description: `The module ${m.path}: every operation with its signature`,
          mimeType: 'text/markdown',
        })),
      ],
    };
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const documentation = await ctx.documentation();
    const uri = request.params.uri;
    const path = uri.startsWith(`${DOCUMENTATION_SCHEME}:`)
      ? documentedPath(uri.slice(DOCUMENTATION_SCHEME.length + 1))
      : '';
    const module = documentation.module(path);
    const pages = [
      // The package's page lists its modules, then has the operations of its root module.
      ...(path === documentation.packageName
        ? [packageMarkdown({ name: documentation.packageName, modules: [...documentation.modules()] })]
        : []),
      ...(module ? [moduleMarkdown(module), ...module.methods.map((m) => methodMarkdown(module.path, m))] : []),
    ];
    const text = pages.length > 0 ? pages.join('\n\n') : undefined;
    if (text === undefined)
      throw new Error(
        `No documentation page ${uri}: list the resources for the pages there are (${documentationUri(documentation.packageName)} lists the modules).`,
      );
    return { contents: [{ uri, mimeType: 'text/markdown', text }] };
  });
  return server;
}
