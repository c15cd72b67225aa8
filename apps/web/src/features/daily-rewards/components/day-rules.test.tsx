import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAILY_REWARD_MESSAGES, type DailyReward } from '@liveops/domain';
import { renderWithProviders } from '../../../test/render';
import { dailyRewardConfig } from '../../../test/daily-reward';
import { useDayRulesDraft } from '../day-rules-draft';
import { DayRules } from './day-rules';

afterEach(() => vi.unstubAllGlobals());

const config = dailyRewardConfig({ rewardsVersion: 3 });

/** The editor's part: the draft lives beside the days' draft, the form below them. */
function Rules({ stored }: { stored: DailyReward }) {
  const rules = useDayRulesDraft(stored);
  return <DayRules gameId="g1" config={stored} rules={rules} />;
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
    expect(screen.getByRole('button', { name: 'Day rules saved' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves a fixed time as minutes after 00:00 UTC with the missed-day rule, apart from the days', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderWithProviders(<Rules stored={config} />);
    await user.click(screen.getByRole('radio', { name: 'At a fixed time (UTC)' }));
    const time = screen.getByLabelText('Time of day (UTC)');
    expect(time).toHaveValue('00:00');
    await user.clear(time);
    await user.type(time, '04:30');
    await user.click(screen.getByRole('radio', { name: /Start over at day 1/ }));
    await user.click(screen.getByRole('button', { name: 'Save Day Rules' }));
    expect(await screen.findByText(DAILY_REWARD_MESSAGES.rulesSaved)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/games/g1/daily-rewards/c1');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      dayStart: { kind: 'utc_time', minuteOfDay: 270 },
      missedDay: 'start_over',
    });
  });

  it('refuses to save a fixed time that is not a time, saying so', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    renderWithProviders(<Rules stored={config} />);
    await user.click(screen.getByRole('radio', { name: 'At a fixed time (UTC)' }));
    await user.clear(screen.getByLabelText('Time of day (UTC)'));
    expect(screen.getByText(DAILY_REWARD_MESSAGES.timeRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Time of day (UTC)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save Day Rules' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is clean again when a change is undone, and Discard puts back what is stored', async () => {
    server();
    const user = userEvent.setup();
    renderWithProviders(<Rules stored={{ ...config, dayStart: { kind: 'utc_time', minuteOfDay: 1439 } }} />);
    expect(screen.getByLabelText('Time of day (UTC)')).toHaveValue('23:59');
    await user.click(screen.getByRole('radio', { name: /At midnight/ }));
    expect(screen.getByRole('button', { name: 'Save Day Rules' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'At a fixed time (UTC)' }));
    expect(screen.getByRole('button', { name: 'Day rules saved' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Start over/ }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('radio', { name: /Keep progress/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
  });

  it('shows what the server refused and keeps the change', async () => {
    server({ status: 400, message: DAILY_REWARD_MESSAGES.minuteOfDayInvalid });
    const user = userEvent.setup();
    renderWithProviders(<Rules stored={config} />);
    await user.click(screen.getByRole('radio', { name: /Start over/ }));
    await user.click(screen.getByRole('button', { name: 'Save Day Rules' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DAILY_REWARD_MESSAGES.minuteOfDayInvalid);
    expect(screen.getByRole('radio', { name: /Start over/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save Day Rules' })).toBeEnabled();
  });
});
