import type { LineReader } from '../../src/runner/script-session';
import { waitFor } from './wait-for';

/**
 * The user at a terminal, for sessions whose code reads lines (input(), io.read): records each
 * question's prompt, and answers question n once the test sets answers[n].
 */
export class TypedAnswers {
  readonly asked: string[] = [];
  /** Answers by question, in the order asked; undefined: not typed yet; null: input ended. */
  readonly answers: (string | null | undefined)[] = [];
  /** How many answers went back to the session. */
  answered = 0;

  readonly readLine: LineReader = async (prompt) => {
    const question = this.asked.push(prompt) - 1;
    await waitFor(() => this.answers[question] !== undefined, `an answer to question ${question + 1}`);
    this.answered++;
    return this.answers[question]!;
  };
}
