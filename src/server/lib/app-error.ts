/** An error a service throws on purpose: its status and message reach the client as they are. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The JSON body every error answer has. */
  toBody(): { message: string; code: string } {
    return { message: this.message, code: this.code };
  }
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
