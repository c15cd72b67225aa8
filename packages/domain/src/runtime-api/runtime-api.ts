import { z } from 'zod';
import { PLATFORMS } from '../games/game';
import { hasBidiControl, hasForbiddenCharacters, hasVisibleCharacter } from '../shared/text';
import { NO_DAILY_REWARD_REASONS } from '../targeting/daily-reward-selection';

/**
 * The player runtime's contract (decision 034): what a game client sends to `/v1` and what it gets
 * back. The server validates with these schemas and generates its OpenAPI document from them; the SDK's types
 * are inferred from them. Ids given with `.meta({ id })` become named components of the OpenAPI document.
 */

export const RUNTIME_PLAYER_ID_MAX = 128;
/** The largest JSON body a `/v1` route reads. */
export const RUNTIME_BODY_MAX_BYTES = 16 * 1024;
export const IDEMPOTENCY_KEY_MAX = 128;
/** A player token's life, and a popup token's (both are renewed by signing in again). */
export const PLAYER_TOKEN_TTL_SECONDS = 3600;
export const POPUP_TOKEN_TTL_SECONDS = 1800;
/** How far ahead a signed player id may say it expires. */
export const PLAYER_SIGNATURE_MAX_TTL_SECONDS = 7 * 24 * 3600;
/** How far a server call's timestamp may be from the server's clock. */
export const SERVER_SIGNATURE_TOLERANCE_SECONDS = 300;
/** The most items one server grant or consume names. */
export const SERVER_WALLET_ITEMS_MAX = 50;
export const LEDGER_PAGE_MAX = 200;
/** The longest value (as JSON) of one attribute a session keeps; a longer one is ignored and reported. */
export const RUNTIME_ATTRIBUTE_VALUE_MAX_CHARS = 1024;
/** The most ignored attributes a session's answer lists. */
export const RUNTIME_IGNORED_ATTRIBUTES_MAX = 100;

export const RUNTIME_MESSAGES = {
  playerIdInvalid: `A player id is 1 to ${RUNTIME_PLAYER_ID_MAX} visible characters, without control characters.`,
  timeZoneInvalid: 'Unknown time zone: send an IANA time zone name such as "Europe/Berlin".',
  sdkKeyUnknown: 'This SDK key names no game. Copy the key from the game’s profile in the dashboard.',
  gameDisabled: 'This game is disabled in the dashboard.',
  signatureRequired:
    'This game accepts only player ids signed by its own backend: send playerSignature (see the integration guide).',
  signatureInvalid: 'The player id’s signature is not valid for this game, or it has expired.',
  tokenMissing: 'Send the session token as "Authorization: Bearer <token>". POST /v1/sessions gives one.',
  tokenInvalid: 'This token is not valid here: it is malformed, expired, for another game, or its SDK key was rotated.',
  tokenScope: 'This token may only claim the daily reward it was given for.',
  notFound: 'Not found.',
  configNotFound: 'This game has no published daily reward with that id.',
  alreadyClaimed: 'Today’s reward was already claimed. Come back when the next day starts.',
  idempotencyKeyRequired: 'Send an Idempotency-Key header (1 to 128 visible characters) with every claim.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another request. Use a new key for a new claim.',
  dayNotConfigured: 'Today’s day of this daily reward has no pack in the published release.',
  notTargeted:
    'This daily reward does not apply to this player now (its segment, schedule or priority): GET /v1/daily-rewards answers the one that does.',
  insufficientBalance: 'The player does not hold enough of an item for this consume: nothing was taken.',
  unknownItem: 'This game has no item with that id.',
  unknownItemKey: 'This game has no item with that key.',
  itemNamedTwice: 'Name each item once (by its id or its key).',
  itemIdOrKey: 'Name each item by itemId or by key, not both.',
  playerUnknown: 'This game has no player with that id yet: a player exists from their first session.',
  serverAuthMissing:
    'Server calls are signed with the game’s server secret: send X-LiveOps-Key, X-LiveOps-Timestamp and X-LiveOps-Signature.',
  serverAuthInvalid:
    'The server signature is not valid for this game, or its timestamp is too far from now. Sign "<timestamp>.<METHOD>.<path>.<Idempotency-Key>.<body>".',
  serverSignatureReplayed:
    'This signed request was received before: sign each attempt anew with the current timestamp (the same Idempotency-Key then answers the first attempt’s result).',
  tooManyRequests: 'Too many requests. Try again shortly.',
  bodyTooLarge: 'The request body is too large.',
  jsonRequired: 'Send a JSON body with Content-Type: application/json.',
  malformedJson: 'The body is not valid JSON.',
  attributeTooLong: `longer than ${RUNTIME_ATTRIBUTE_VALUE_MAX_CHARS} characters as JSON`,
  internal: 'Something went wrong on our side. Try again.',
  unavailable: 'The service is busy. Try again shortly.',
} as const;

const visibleText = (max: number, message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(max, message)
    .refine((text) => hasVisibleCharacter(text) && text.trim() === text, message)
    .refine((text) => !hasForbiddenCharacters(text) && !hasBidiControl(text), message);

export const PlayerIdSchema = visibleText(RUNTIME_PLAYER_ID_MAX, RUNTIME_MESSAGES.playerIdInvalid).meta({
  description: 'The game’s own id for the player: 1–128 visible characters.',
  example: 'player-42',
});

export const IdempotencyKeySchema = visibleText(IDEMPOTENCY_KEY_MAX, RUNTIME_MESSAGES.idempotencyKeyRequired).meta({
  description: 'One key per claim or server call, reused when the same request is retried.',
  example: '6f1c2a5e-3c1b-4a8e-9a39-7f3b8d2c1e05',
});

/**
 * What a game may tell about a player, for segments (the player fields of the segment editor): the built-in fields,
 * checked here (a wrong one refuses the session), and the custom attributes the studio declares for the game, read
 * against the declarations at each session (decision 039): one undeclared or of the wrong type is ignored and
 * listed in the answer's `ignoredAttributes`, since declarations change in the dashboard while builds are shipped.
 * Fields the server keeps itself (daysSinceInstall, sessionCount) are not taken from the client.
 */
export const PlayerAttributesSchema = z
  .object({
    level: z.number().int().min(0).max(1_000_000_000).optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'country is an ISO 3166-1 alpha-2 code such as "DE".')
      .optional(),
    platform: z.enum(PLATFORMS).optional(),
    totalSpend: z.number().min(0).max(1e12).optional(),
  })
  .catchall(z.unknown())
  .meta({
    id: 'PlayerAttributes',
    description:
      'What the game knows of the player, used by segments. All optional. Other names are the game’s custom attributes (declared in the dashboard: int, double, string, bool or list of strings); one undeclared or of the wrong type is ignored and listed in `ignoredAttributes`.',
  });
export type PlayerAttributes = z.infer<typeof PlayerAttributesSchema>;

export const CreateSessionRequestSchema = z
  .strictObject({
    sdkKey: z.string().min(1).max(128).meta({ description: 'The game’s SDK key (public: it ships in the game).' }),
    playerId: PlayerIdSchema,
    timeZone: z
      .string()
      .max(64)
      .optional()
      .meta({ description: 'The player’s IANA time zone, e.g. "Europe/Berlin". Changes apply at most once per 24 h.' }),
    attributes: PlayerAttributesSchema.optional(),
    playerSignature: z.string().max(200).optional().meta({
      description:
        'Required when the game requires signed player ids: "<expiresAt unix seconds>.<hex HMAC-SHA256 of "<playerId>.<expiresAt>" with the server secret>".',
    }),
  })
  .meta({ id: 'CreateSessionRequest' });
export type CreateSessionRequest = z.infer<typeof CreateSessionRequestSchema>;

export const RuntimePlayerSchema = z
  .object({
    playerId: z.string(),
    timeZone: z.string().meta({ description: 'The time zone in effect for the player’s day.' }),
    attributes: PlayerAttributesSchema,
    createdAt: z.string().meta({ description: 'When the game first signed this player in (ISO 8601).' }),
    sessionCount: z
      .number()
      .int()
      .meta({ description: 'Sessions so far, this one included (segments’ sessionCount).' }),
    daysSinceInstall: z
      .number()
      .int()
      .meta({ description: 'Whole days (24 h) since the first session, on the server’s clock.' }),
  })
  .meta({ id: 'Player' });

export const IgnoredAttributeSchema = z
  .object({
    name: z.string(),
    reason: z.string().meta({ example: 'not declared for this game' }),
  })
  .meta({ id: 'IgnoredAttribute' });

export const CreateSessionResponseSchema = z
  .object({
    token: z.string().meta({ description: 'Send as "Authorization: Bearer <token>" on every other call.' }),
    expiresAt: z.string().meta({ description: 'When the token stops working (ISO 8601): sign in again before.' }),
    player: RuntimePlayerSchema,
    ignoredAttributes: z.array(IgnoredAttributeSchema).meta({
      description: `The attributes sent that segments will not see, and why (undeclared, wrong type, kept by the server, too long); at most ${RUNTIME_IGNORED_ATTRIBUTES_MAX}. Empty when all were taken.`,
    }),
  })
  .meta({ id: 'Session' });
export type CreateSessionResponse = z.infer<typeof CreateSessionResponseSchema>;

/** An item's or pack's key as the studio chose it (decision 051); null when it was deleted since. */
const keyField = (what: 'item' | 'pack') =>
  z
    .string()
    .nullable()
    .meta({
      description: `The ${what}’s key, chosen by the studio in the dashboard (such as "${what === 'item' ? 'gold' : 'gem_pack_small'}"); fixed once it is in a release. null if the ${what} was deleted since.`,
    });

export const RuntimePackItemSchema = z
  .object({
    itemId: z.string(),
    key: keyField('item'),
    name: z.string().nullable().meta({ description: 'The item’s name; null if the item was deleted since.' }),
    type: z.string().nullable(),
    quantity: z.number().int(),
  })
  .meta({ id: 'PackItem' });

export const RuntimePackSchema = z
  .object({
    id: z.string(),
    key: keyField('pack'),
    name: z.string(),
    contents: z.array(RuntimePackItemSchema),
    iconId: z.string().nullable().meta({ description: 'A built-in icon’s id, when the pack shows one.' }),
    assetUrl: z.string().nullable().meta({ description: 'The image the pack shows, when it has one.' }),
  })
  .meta({ id: 'Pack' });

export const DayStartSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('player_midnight') }),
    z.object({ kind: z.literal('utc_time'), minuteOfDay: z.number().int().min(0).max(1439) }),
  ])
  .meta({ id: 'DayStart', description: 'When a player’s day starts.' });

export const MISSED_DAY_SETTINGS = ['keep_progress', 'start_over'] as const;

export const DailyRewardStateSchema = z
  .object({
    configId: z.string(),
    name: z.string(),
    day: z.number().int().min(1).max(7).meta({ description: 'Today’s day of the 7-day cycle.' }),
    streak: z.number().int().min(0).meta({ description: 'Days claimed in a row, up to the last claim.' }),
    claimable: z.boolean(),
    nextClaimAt: z
      .string()
      .nullable()
      .meta({ description: 'When the next claim becomes possible (ISO 8601); null while one is possible now.' }),
    resetsAt: z.string().meta({ description: 'When today ends for this player (ISO 8601).' }),
    dayStart: DayStartSchema,
    missedDay: z.enum(MISSED_DAY_SETTINGS),
    pack: RuntimePackSchema.nullable().meta({ description: 'What today’s claim grants.' }),
    targeting: z.object({ segmentId: z.string(), segmentName: z.string() }).nullable().meta({
      description:
        'The segment the player matched for this daily reward (at their last session); null when it is for every player.',
    }),
    popupUrl: z.string().nullable().meta({
      description:
        'The published popup for this player: open it in a web view; its Claim button claims by itself. Valid for 30 minutes.',
    }),
    variantId: z.string().nullable().meta({
      description:
        'The popup design the player sees when the daily reward runs an A/B test: the id of their variant, assigned once and for good (popupUrl opens its page). null when the live release runs no test for this daily reward.',
    }),
  })
  .meta({ id: 'DailyRewardState' });
export type DailyRewardState = z.infer<typeof DailyRewardStateSchema>;

export const DailyRewardListResponseSchema = z
  .object({
    dailyRewards: z.array(DailyRewardStateSchema),
    reason: z.enum(NO_DAILY_REWARD_REASONS).nullable().meta({
      description:
        'Why the list is empty, null when it is not: `none_published` (the live release has no daily reward: publish one), `not_scheduled` (daily rewards are published but none is in its schedule now; see nextStartsAt), `not_targeted` (daily rewards are live now, for segments this player is not in; the player’s segments are decided at each session). Segment rules are never answered.',
    }),
    nextStartsAt: z.string().nullable().meta({
      description:
        'With `not_scheduled`: when the next daily reward’s schedule starts (ISO 8601), for someone (whether it is this player’s is decided then); null when none is scheduled to start, and with any other reason.',
    }),
  })
  .meta({ id: 'DailyRewardList' });

export const GrantedItemSchema = z
  .object({ itemId: z.string(), key: keyField('item'), quantity: z.number().int() })
  .meta({ id: 'Granted' });
export const BalanceSchema = z
  .object({ itemId: z.string(), key: keyField('item'), amount: z.number().int() })
  .meta({ id: 'Balance' });

export const ClaimResponseSchema = z
  .object({
    day: z.number().int(),
    packId: z.string(),
    packKey: keyField('pack'),
    granted: z.array(GrantedItemSchema),
    balances: z.array(BalanceSchema).meta({ description: 'Every balance of the player after the claim.' }),
    dailyReward: DailyRewardStateSchema,
  })
  .meta({ id: 'ClaimResult' });
export type ClaimResponse = z.infer<typeof ClaimResponseSchema>;

export const InventoryResponseSchema = z
  .object({
    balances: z.array(
      z.object({
        itemId: z.string(),
        key: keyField('item'),
        name: z.string().nullable(),
        type: z.string().nullable(),
        amount: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Inventory' });

export const LEDGER_REASONS = [
  'base_amount',
  'daily_reward',
  'server_grant',
  'server_consume',
  'support_grant',
] as const;

export const LedgerEntrySchema = z
  .object({
    id: z.string(),
    itemId: z.string(),
    key: keyField('item'),
    amount: z.number().int().meta({ description: 'Signed: a grant is positive, a consume negative.' }),
    reason: z.enum(LEDGER_REASONS),
    configId: z.string().nullable(),
    day: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'LedgerEntry' });

export const LedgerQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).optional(),
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'before is an entry id from an earlier page.')
    .optional(),
});

export const LedgerResponseSchema = z
  .object({
    entries: z.array(LedgerEntrySchema),
    nextBefore: z.string().nullable().meta({ description: 'Pass as ?before= for the next (older) page.' }),
  })
  .meta({ id: 'Ledger' });

export const ServerWalletRequestSchema = z
  .strictObject({
    playerId: PlayerIdSchema,
    items: z
      .array(
        z
          .strictObject({
            itemId: z.string().min(1).max(64).optional().meta({ description: 'The item’s id; or send key.' }),
            key: z
              .string()
              .min(1)
              .max(64)
              .optional()
              .meta({ description: 'The item’s key (such as "gold"), chosen in the dashboard; or send itemId.' }),
            quantity: z.number().int().min(1).max(1_000_000_000),
          })
          .refine((entry) => (entry.itemId === undefined) !== (entry.key === undefined), RUNTIME_MESSAGES.itemIdOrKey),
      )
      .min(1)
      .max(SERVER_WALLET_ITEMS_MAX),
  })
  .meta({ id: 'ServerWalletRequest' });

export const ServerWalletResponseSchema = z
  .object({
    playerId: z.string(),
    changed: z.array(GrantedItemSchema).meta({ description: 'Signed quantities, as written to the ledger.' }),
    balances: z.array(BalanceSchema),
  })
  .meta({ id: 'ServerWalletResult' });

export const RuntimeErrorSchema = z
  .object({
    code: z.string().meta({ description: 'A stable, lower-case code such as "already_claimed".' }),
    message: z.string(),
    nextClaimAt: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
export type RuntimeError = z.infer<typeof RuntimeErrorSchema>;
