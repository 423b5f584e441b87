/** The documentation structures of spec §2.8, as `utilities/documentation` returns them. */
export interface ParameterDocumentation {
  name: string;
  type: string;
  description: string;
}

interface ReturnValueDocumentation {
  type: string;
  description: string;
}

export interface MethodDocumentation {
  name: string;
  brief: string;
  details: string;
  parameters: ParameterDocumentation[];
  return_value: ReturnValueDocumentation | null;
}

export interface ModuleDocumentation {
  path: string;
  brief: string;
  details: string;
  methods: MethodDocumentation[];
}

export interface PackageDocumentation {
  name: string;
  modules: ModuleDocumentation[];
}
