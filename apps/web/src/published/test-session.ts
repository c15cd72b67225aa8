import type { ClaimResponse } from '@liveops/domain/runtime-api';
import type { PopupSession } from '@liveops/domain/published';

// For tests: a popup session as the runtime's popupUrl carries it, and a claim's 200 body for it.

export const SESSION: PopupSession = {
  v: 1,
  api: 'https://dash.example/v1',
  token: 'v1.payload.signature',
  configId: 'week',
  day: 3,
  streak: 2,
  claimable: true,
  nextClaimAt: null,
};

/** Day 3 claimed: the streak is 3, the next claim at midnight UTC of 2030-01-02. */
export const RESULT: ClaimResponse = {
  day: 3,
  packId: 'gold',
  packKey: 'gold',
  granted: [{ itemId: 'coin', key: 'coin', quantity: 100 }],
  balances: [{ itemId: 'coin', key: 'coin', amount: 350 }],
  dailyReward: {
    configId: 'week',
    name: 'Week',
    day: 3,
    streak: 3,
    claimable: false,
    nextClaimAt: '2030-01-02T00:00:00.000Z',
    resetsAt: '2030-01-02T00:00:00.000Z',
    dayStart: { kind: 'player_midnight' },
    missedDay: 'keep_progress',
    pack: null,
    targeting: null,
    popupUrl: null,
    variantId: null,
  },
};
