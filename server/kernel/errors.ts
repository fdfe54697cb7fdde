import { ERROR_MESSAGES, type ErrorCode } from '../../common/errors.ts';

/** A failure the user is meant to read: a catalogue code, its French message and optional details. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly extensions: Record<string, unknown>;

  constructor(code: ErrorCode, options: { message?: string; extensions?: Record<string, unknown> } = {}) {
    super(options.message ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.code = code;
    this.extensions = options.extensions ?? {};
  }
}

/** BAD_USER_INPUT with `fields` mapping each field path to its message. */
export function invalidInput(fields: Record<string, string>): AppError {
  return new AppError('BAD_USER_INPUT', { extensions: { fields } });
}
