import { parseTargets } from '../../api/catalogue/target-versions';
import { ToolRefusal } from './tool-answer';

/** The application releases a tool's input names (`targets`, `version`), or a refusal that says how to name them. */
export function releasesInput(field: string, text: string) {
  try {
    return parseTargets(text);
  } catch (error) {
    throw new ToolRefusal(`${field}: ${(error as Error).message}`);
  }
}
