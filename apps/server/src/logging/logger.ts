import type { Config } from '../env';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

export type Logger = {
  debug: (...args: unknown[]) => void;
  info: (...args: unknown[]) => void;
  warn: (...args: unknown[]) => void;
  error: (...args: unknown[]) => void;
  /** Printed whatever the level, as it is: a mail (our own text) the operator must be able to read. */
  always: (text: string) => void;
};

/**
 * Control characters in logged text are written as escapes: a request path or a name with a line feed in it
 * must not forge a log line or colour the terminal.
 */
export function escapeControlCharacters(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    out += code < 32 || (code >= 127 && code <= 159) ? `\\x${code.toString(16).padStart(2, '0')}` : char;
  }
  return out;
}

const escaped = (arg: unknown) => (typeof arg === 'string' ? escapeControlCharacters(arg) : arg);

export function createLogger(level: Config['logLevel']): Logger {
  const min = LEVELS[level];
  const at =
    (name: keyof typeof LEVELS, write: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (LEVELS[name] >= min) write(`[${new Date().toISOString()}] ${name.toUpperCase()}`, ...args.map(escaped));
    };
  return {
    debug: at('debug', console.debug),
    info: at('info', console.log),
    warn: at('warn', console.warn),
    error: at('error', console.error),
    always: (text) => console.log(text),
  };
}
