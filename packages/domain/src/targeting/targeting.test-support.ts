import type { TargetableConfig } from './daily-reward-selection';

export const at = (iso: string) => Date.parse(iso);
export const NOW = at('2026-11-27T12:00:00Z');

let made = 0;
/** A config created `made` seconds after a fixed instant, unless told otherwise. */
export function config(overrides: Partial<TargetableConfig> = {}): TargetableConfig {
  made++;
  return {
    id: `c${String(made).padStart(3, '0')}`,
    createdAt: at('2026-01-01T00:00:00Z') + made * 1000,
    segmentId: null,
    startsAt: null,
    endsAt: null,
    priority: 0,
    enabled: true,
    ...overrides,
  };
}
