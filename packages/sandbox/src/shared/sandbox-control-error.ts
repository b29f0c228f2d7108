/** A control call the sandbox cannot carry out; the HTTP control answers `{error:{message}}` with `status`. */
export class SandboxControlError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'SandboxControlError';
    this.status = status;
  }
}
