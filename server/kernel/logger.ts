export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One JSON object per line on stdout, the shape log collectors (and Workers' logs) read best. */
export function jsonLogger(
  minLevel: LogLevel | 'silent',
  write: (line: string) => void = console.log,
): Logger {
  const at =
    (level: LogLevel) =>
    (message: string, fields: LogFields = {}) => {
      if (ORDER[level] < ORDER[minLevel]) return;
      write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
