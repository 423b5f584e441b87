/**
 * Every code the language service's diagnostics carry, with what it means: the rules `motion
 * check` lists in its SARIF report, in the words a reviewer reads.
 */
export const DIAGNOSTIC_CODES = {
  'unknown-member': 'A module or operation the application does not document',
  'argument-count': 'A call with too few or too many arguments, or an argument name the operation does not have',
  type: "A literal argument whose value does not fit the parameter's type",
  range: "A number outside the parameter's documented range",
  'too-deep': 'A literal argument nested too deep to be checked',
  'unknown-name': 'A skeleton, segment or trajectory name the connected application does not have',
  'target-versions': "A call that one of the script's target versions lacks, or targets that cannot be read",
} as const;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
