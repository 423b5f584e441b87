/** A C3D file that cannot be read, or a measurement that cannot be written as one: the message says what was found. */
export class C3dError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'C3dError';
  }
}
