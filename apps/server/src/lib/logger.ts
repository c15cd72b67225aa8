import type { Config } from '../env';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

export type Logger = {
  debug: (...args: unknown[]) => void;
  info: (...args: unknown[]) => void;
  warn: (...args: unknown[]) => void;
  error: (...args: unknown[]) => void;
  /** Printed whatever the level: a mail the operator must be able to read. */
  always: (text: string) => void;
};

export function createLogger(level: Config['logLevel']): Logger {
  const min = LEVELS[level];
  const at =
    (name: keyof typeof LEVELS, write: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (LEVELS[name] >= min) write(`[${new Date().toISOString()}] ${name.toUpperCase()}`, ...args);
    };
  return {
    debug: at('debug', console.debug),
    info: at('info', console.log),
    warn: at('warn', console.warn),
    error: at('error', console.error),
    always: (text) => console.log(text),
  };
}
