import * as vscode from 'vscode';
import type { CommandTable } from './command-table';
import { prompts, type ScriptedAnswers } from '../prompts';
import type { RecordedLanguage } from '../recording/script-literals';

/** Start Recording asks for the language (or takes it); Stop Recording opens the script in a new editor. */
export const recordingCommands: CommandTable = {
  'motion.startRecording': (ctx) => async (given?: RecordedLanguage, answers?: ScriptedAnswers) => {
    const { recording } = ctx.parts;
    if (recording.recording) {
      void vscode.window.showInformationMessage('Motion: already recording; Stop Recording opens the script.');
      return { recording: true };
    }
    const language =
      given ??
      (await prompts(answers).pick<RecordedLanguage>('Record the changes you make from VS Code as a script in', [
        { label: 'Python', description: 'motion.* calls, one per line', value: 'python' },
        { label: 'Lua', description: 'motion.* calls, each action in a do … end block', value: 'lua' },
      ]));
    if (!language) return { recording: false };
    recording.start(language);
    vscode.window.setStatusBarMessage(
      'Motion: recording. Edit skeletons and segments, select markers; Stop Recording writes it all as a script.',
      5000,
    );
    return { recording: true, language };
  },
  'motion.stopRecording': (ctx) => async () => {
    const recorded = ctx.parts.recording.stop();
    if (!recorded) {
      void vscode.window.showInformationMessage(
        'Motion: nothing was changed from VS Code while recording, so there is no script to show.',
      );
      return { recorded: false };
    }
    const document = await vscode.workspace.openTextDocument({ language: recorded.language, content: recorded.text });
    await vscode.window.showTextDocument(document);
    return { recorded: true, ...recorded };
  },
};
