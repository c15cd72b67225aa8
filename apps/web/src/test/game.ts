import type { Game } from '@liveops/domain/games';

/** A game as the server sends it: 'Star Miner' (id g1, owner u1), on the Web, portrait, active; overrides win. */
export function aGame(overrides: Partial<Game> = {}): Game {
  return {
    id: 'g1',
    ownerId: 'u1',
    name: 'Star Miner',
    description: 'Dig for stars',
    platforms: ['Web'],
    orientation: 'portrait',
    sdkKey: 'CSDK-AAAAAAAAAAAAAAAA',
    status: 'active',
    tier: 'free',
    owner: 'owner@studio.test',
    theme: { primaryColor: '#FFE16D', secondaryColor: '#021031' },
    enabled: true,
    stagingCopyOf: null,
    requireSignedPlayerIds: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
