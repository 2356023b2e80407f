import { CustodyError } from '@custody/sdk';
import { CommanderError } from 'commander';

/** A failure of the CLI itself (not an API problem), with a stable snake_case code. */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The lines `custody` prints on stderr for a failure: `error <code>: <detail>` first. */
export function describeError(error: unknown): string[] {
  if (error instanceof CustodyError) {
    const lines = [`error ${error.code}: ${error.message}`];
    for (const field of error.errors) lines.push(`  ${field.path || '(body)'}: ${field.message}`);
    if (error.requestId) lines.push(`  request id: ${error.requestId}`);
    return lines;
  }
  if (error instanceof CliError) return [`error ${error.code}: ${error.message}`];
  if (error instanceof CommanderError) {
    return [`error usage_error: ${error.message.replace(/^error: /, '')}`];
  }
  const message = error instanceof Error ? error.message : String(error);
  return [`error unexpected_error: ${message}`];
}
