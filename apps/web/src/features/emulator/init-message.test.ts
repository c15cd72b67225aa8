import { describe, expect, it } from 'vitest';
import {
  decodeEmbedConfig,
  decodeEmbedConfigJson,
  EmbedConfigSchema,
  emulatorUrl,
  parseEmbedInitMessage,
} from '@liveops/domain/popup';
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

describe('what the emulator hands a WebView', () => {
  it('carries no owner id, even when the config it was given had one', () => {
    const withOwner = EmbedConfigSchema.parse({ ...config, ownerId: 'user_123' });
    const message = initMessage(withOwner, { streak: 1 });
    expect(JSON.stringify(message)).not.toContain('ownerId');
    expect(JSON.stringify(message)).not.toContain('user_123');
    const url = emulatorUrl('https://liveops.example', withOwner, { streak: 1 });
    expect(decodeEmbedConfig(new URL(url).searchParams.get('config'))).not.toHaveProperty('ownerId');
    expect(JSON.stringify(decodeEmbedConfigJson(new URL(url).searchParams.get('config')))).not.toContain('user_123');
  });
});
