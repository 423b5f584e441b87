import * as z from 'zod';
import { MotionConnectionError, MotionError } from '../../api/client/motion-error';
import type { AssistantContext } from './assistant-context';
import { checkScript, checkScriptInput } from './check-script';
import { dryRunScript, dryRunScriptInput } from './dry-run-script';
import { readApplication, readApplicationInput } from './read-application';
import { runScriptTests, runScriptTestsInput } from './run-script-tests';
import { searchDocumentation } from './search-documentation';
import { releasesInput } from './releases-input';
import { takeSnapshotInput, takeSnapshotTool } from './take-snapshot';
import { ToolRefusal, type ToolAnswer } from './tool-answer';

/**
 * One tool an assistant may call: VS Code's language-model tools and `motion mcp` offer the same
 * ones, from this table (package.json's `languageModelTools` is generated from it).
 */
export interface AssistantTool {
  name: string;
  title: string;
  /** What it does and when to use it, in words a model acts on. */
  description: string;
  /** Its icon where editors show tools (a codicon). */
  icon: string;
  input: z.ZodObject;
  /** It changes the application: offered only where the host confirms it (or allows it), never by default. */
  changesApplication: boolean;
  /** It runs the user's code (a script, its tests): refused where the workspace is not trusted. */
  runsCode: boolean;
  run(ctx: AssistantContext, input: never, signal?: AbortSignal): Promise<ToolAnswer>;
}

const searchInput = z
  .object({
    query: z.string().min(1).describe('Words to look for: "skeleton scale", "select trajectories", "gap fill".'),
    limit: z.number().int().min(1).max(30).optional().describe('How many results at most (default 8).'),
    version: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Only what the application of this release has ('2025.1'), or of every release of a range ('2025.1..2026.2'): for a script that must run there. Each result says when it came or went.",
      ),
  })
  .strict();

const applyInput = z
  .object({
    dryRunId: z
      .string()
      .min(1)
      .describe('The id motion_dry_run_script gave: that run, and only it, is applied, if nothing changed since.'),
  })
  .strict();

const tool = <S extends z.ZodObject>(
  definition: Omit<AssistantTool, 'input' | 'run'> & {
    input: S;
    run(ctx: AssistantContext, input: z.infer<S>, signal?: AbortSignal): Promise<ToolAnswer>;
  },
): AssistantTool => definition;

export const ASSISTANT_TOOLS: readonly AssistantTool[] = [
  tool({
    name: 'motion_search_documentation',
    icon: '$(search)',
    title: 'Search the motion documentation',
    description:
      "Searches the motion-capture application's own documentation of its scripting package `motion` (the version that is connected, else the last one seen): modules and operations whose names, descriptions, parameters or types hold the words, each with its signature (parameter types, return type) and details. Use it before writing any motion.* call: never guess an operation's name or arguments.",
    input: searchInput,
    changesApplication: false,
    runsCode: false,
    run: async (ctx, input) => {
      const documentation = await ctx.documentation();
      const releases = input.version === undefined ? undefined : releasesInput('version', input.version);
      const hits = searchDocumentation(documentation, input.query, input.limit ?? 8, releases);
      const source = `the documentation ${documentation.describeSource()}${releases ? `, as the application ${releases.described} has it` : ''}`;
      if (hits.length === 0)
        return {
          text: `Nothing in ${source} matches "${input.query}". Its modules: ${documentation
            .modules()
            .map((m) => m.path)
            .join(', ')}. Search with other words, or a module's name.`,
          data: { hits: [] },
        };
      return {
        text: [
          `${hits.length} result${hits.length === 1 ? '' : 's'} in ${source}, best first:`,
          ...hits.map((h) => h.text),
        ].join('\n\n'),
        data: { hits: hits.map(({ kind, path, brief }) => ({ kind, path, brief })) },
      };
    },
  }),
  tool({
    name: 'motion_read_application',
    icon: '$(type-hierarchy)',
    title: 'Read the motion application',
    description:
      'Reads the connected motion-capture application without changing it: its skeletons by source (project settings, measurement settings, current data) with their segments, solvers, markers and endpoints, and the current selection. A large stage is summarised one line per skeleton; ask for one skeleton by name to get its whole tree.',
    input: readApplicationInput,
    changesApplication: false,
    runsCode: false,
    run: (ctx, input) => readApplication(ctx.client(), input),
  }),
  tool({
    name: 'motion_check_script',
    icon: '$(check)',
    title: 'Check a motion script',
    description:
      "Checks a Python or Lua script's motion.* calls against the application's documentation, as the editor does: unknown modules and operations, argument counts, literal values of the wrong type or out of range. Returns each problem with its line and column. Check every script you write before running it.",
    input: checkScriptInput,
    changesApplication: false,
    runsCode: false,
    run: checkScript,
  }),
  tool({
    name: 'motion_dry_run_script',
    icon: '$(beaker)',
    title: 'Dry-run a motion script',
    description:
      "Runs a Python or Lua script against a private copy of the application's state (taken now, or from a snapshot file) and returns what it would change: every skeleton, segment, marker, label and selection change with before → after, the calls of operations the copy does not model (not sent), how the script ended and what it printed. The application itself gets only reads: nothing changes there. Use it to try any script; it returns a dryRunId.",
    input: dryRunScriptInput,
    changesApplication: false,
    runsCode: true,
    run: dryRunScript,
  }),
  tool({
    name: 'motion_run_script_tests',
    icon: '$(testing-run-icon)',
    title: 'Run the motion script tests',
    description:
      "Runs the user's tests of their scripts (pytest test_*.py files, Lua *_spec.lua files), each against a private application of its own started from a snapshot file or the demo data; never against the real application. Returns each test's outcome, and the first failure in full.",
    input: runScriptTestsInput,
    changesApplication: false,
    runsCode: true,
    run: runScriptTests,
  }),
  tool({
    name: 'motion_take_snapshot',
    icon: '$(device-camera)',
    title: 'Take a snapshot of the motion application',
    description:
      "Reads the application's whole state into a snapshot file (.motion.json) that dry runs and tests can start from without the application. With record, runs that script once as a dry run and keeps the answers its reads get, so it can be dry-run and tested offline. Only reads reach the application.",
    input: takeSnapshotInput,
    changesApplication: false,
    runsCode: true,
    run: takeSnapshotTool,
  }),
  tool({
    name: 'motion_apply_script',
    icon: '$(play)',
    title: 'Apply a dry-run motion script for real',
    description:
      "Runs a script for real against the application, CHANGING it: only a script you dry-ran with motion_dry_run_script (give its dryRunId), unchanged since, and only while the application is still in the state that dry run started from. Show the user the dry run's changes first.",
    input: applyInput,
    changesApplication: true,
    runsCode: true,
    run: async (ctx, input, signal) => {
      if (!ctx.apply)
        throw new ToolRefusal(
          'Applying scripts is off here: the user starts motion mcp with --allow-apply to allow it. Show the user the dry run instead; they can apply it themselves.',
        );
      return ctx.apply(input.dryRunId, signal);
    },
  }),
];

/** A tool's input as JSON Schema, for the protocols (MCP's tools/list, package.json). */
export function inputJsonSchema(tool: AssistantTool): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(tool.input) as Record<string, unknown>;
  return schema;
}

/** `limit: Too big: expected number to be <=30`: each problem of an input, named by its field. */
function inputProblems(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
    .join('; ');
}

/**
 * Calls a tool with what an assistant sent: checked against its schema first, and every failure
 * turned into an answer that says what was wrong and what to do (the assistant reads it and tries
 * again), never a protocol error.
 */
export async function invokeTool(
  tool: AssistantTool,
  input: unknown,
  ctx: AssistantContext,
  signal?: AbortSignal,
): Promise<ToolAnswer> {
  const parsed = tool.input.safeParse(input ?? {});
  if (!parsed.success)
    return {
      text: `${tool.name} was called with arguments it cannot take: ${inputProblems(parsed.error)}. Its arguments: ${JSON.stringify(inputJsonSchema(tool).properties ?? {})}.`,
      failed: true,
    };
  try {
    return await tool.run(ctx, parsed.data as never, signal);
  } catch (error) {
    if (error instanceof ToolRefusal) return { text: error.message, failed: true };
    if (error instanceof MotionConnectionError)
      return {
        text: `${error.message}. Is the application running there? The user can start it, or point Motion at it (the motion.serverUrl setting, or motion mcp --url).`,
        failed: true,
      };
    if (error instanceof MotionError)
      return { text: `The application refused ${error.operation}: ${error.message} (${error.code}).`, failed: true };
    // Anything else that stopped the tool (an interpreter that is not there, a file it could not
    // write) is said too: the assistant reads why, and the user can mend it. A cancel stays one.
    if (signal?.aborted || !(error instanceof Error)) throw error;
    return { text: `${tool.name} could not finish: ${error.message}.`, failed: true };
  }
}
