import { describe, expect, it } from 'vitest';
import { EmbedConfigSchema, parseEmbedInitMessage } from '@liveops/domain';
import { initMessage } from './init-message';

const config = EmbedConfigSchema.parse({
  id: 'dr1',
  name: 'Week one',
  rewards: [{ day: 1, packId: 'p1' }],
  packs: [{ id: 'p1', name: 'Starter', value: 1 }],
});

describe('initMessage', () => {
  it('is a CB_INIT from CB_HOST, version 1, that the embed page accepts with its config and params', () => {
    const message = initMessage(config, { streak: 3, todayIndex: 2 });
    expect(message).toMatchObject({
      source: 'CB_HOST',
      type: 'CB_INIT',
      payload: { featureType: 'daily_rewards', v: 1 },
    });
    const parsed = parseEmbedInitMessage(JSON.parse(JSON.stringify(message)));
    expect(parsed?.payload.config).toEqual(config);
    expect(parsed?.payload.params).toEqual({ streak: 3, todayIndex: 2 });
  });

  it('leaves out a Today Index that is not given', () => {
    const message = initMessage(config, { streak: 0 });
    expect(JSON.parse(JSON.stringify(message)).payload.params).toEqual({ streak: 0 });
  });
});
