import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAILY_REWARD_MESSAGES, type DailyReward } from '@liveops/domain/daily-rewards';
import { renderWithProviders } from '../../../test/render';
import { dailyRewardConfig } from '../../../test/daily-reward';
import { useDayRulesDraft } from '../day-rules-draft';
import { DayRules } from './day-rules';

afterEach(() => vi.unstubAllGlobals());

const config = dailyRewardConfig({ rewardsVersion: 3 });

/** The editor's part: the draft lives beside the days' draft, the form below them. */
function Rules({ stored }: { stored: DailyReward }) {
  const rules = useDayRulesDraft(stored);
  return <DayRules config={stored} rules={rules} onSubmit={() => undefined} />;
}

/** A server that stores what the PATCH sends and answers the config with it, or answers `refusal`. */
function server(refusal?: { status: number; message: string }) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (refusal)
      return new Response(JSON.stringify({ code: 'VALIDATION_ERROR', ...refusal }), { status: refusal.status });
    const body = JSON.parse(String(init?.body)) as Partial<DailyReward>;
    return new Response(JSON.stringify({ ...config, ...body }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('DayRules', () => {
  it('shows the stored rules, says when they reach players, and saves nothing until something changes', () => {
    const fetchMock = server();
    renderWithProviders(<Rules stored={config} />);
    expect(screen.getByRole('radio', { name: /At midnight in the player’s time zone/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Keep progress/ })).toBeChecked();
    expect(screen.getByText(DAILY_REWARD_MESSAGES.rulesIntro)).toBeInTheDocument();
    expect(screen.queryByLabelText('Time of day (UTC)')).not.toBeInTheDocument();
    // The panel's one save sends them (decision 055): the section has no save of its own.
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when a fixed time is not a time', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderWithProviders(<Rules stored={config} />);
    await user.click(screen.getByRole('radio', { name: 'At a fixed time (UTC)' }));
    await user.clear(screen.getByLabelText('Time of day (UTC)'));
    expect(screen.getByText(DAILY_REWARD_MESSAGES.timeRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Time of day (UTC)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
