import { describe, expect, it } from 'vitest';
import { EXAMPLE_PLAYER, SEGMENT_MESSAGES, segmentHint } from './segment';
import { type CustomAttribute, readSessionAttributes } from './player-attributes';
import {
  checkSegmentExpression,
  compileSegment,
  CreateSegmentInputSchema,
  evaluateSegment,
  segmentInputSchemaFor,
} from './segment-expression';
import { closestName, formatProblem } from './cel-check';
import { DECLARED_OF_EVERY_TYPE } from './custom-attributes.test-support';

const example = JSON.stringify(EXAMPLE_PLAYER);

describe('segmentHint', () => {
  it('asks for a logical operator until one of ==, > or < appears, exactly as the spec words it', () => {
    expect(segmentHint('player.level')).toBe('Expression should contain a logical operator (==, >, <)');
    expect(segmentHint('player.level >= 5')).toBe('Looks good!');
    expect(segmentHint('player.country == "DE"')).toBe('Looks good!');
    expect(segmentHint('player.level != 5')).toBe('Expression should contain a logical operator (==, >, <)');
  });
});

describe('checkSegmentExpression', () => {
  it('accepts valid expressions over the player schema', () => {
    expect(checkSegmentExpression('player.level > 5 && player.country == "DE"')).toBeNull();
    expect(checkSegmentExpression('player.totalSpend >= 4.99 || player.platform in ["iOS", "Android"]')).toBeNull();
  });
  it('reports a parse error with its position', () => {
    expect(checkSegmentExpression('player.level > ')).toMatchObject({
      message: 'Unexpected token: EOF',
      line: 1,
      column: 16,
    });
    expect(checkSegmentExpression('player.level > 1 &&\n  player.country ==')).toMatchObject({ line: 2 });
  });
  it('catches unknown fields, wrong types and unknown functions', () => {
    expect(checkSegmentExpression('player.levle > 5')?.message).toBe('No such key: levle');
    expect(checkSegmentExpression('player.country > 5')?.message).toContain('no such overload');
    expect(checkSegmentExpression('hack(player.level)')?.message).toContain('hack');
    expect(checkSegmentExpression('user.level > 5')).not.toBeNull();
  });
  it('requires a true/false result', () => {
    expect(checkSegmentExpression('player.level + 1')?.message).toContain('gives int');
  });
  it('bounds size, nesting and regular expressions', () => {
    expect(checkSegmentExpression('x'.repeat(100_000))?.message).toBe(SEGMENT_MESSAGES.expressionTooLong);
    expect(checkSegmentExpression(`${'('.repeat(200)}true${')'.repeat(200)}`)?.message).toContain('maxDepth');
    expect(checkSegmentExpression(Array(300).fill('player.level > 1').join(' && '))?.message).toBeTruthy();
    expect(checkSegmentExpression('player.country.matches("(a+)+$")')?.message).toBe(
      SEGMENT_MESSAGES.matchesUnsupported,
    );
  });
});

describe('typo suggestions', () => {
  it('suggests the built-in field a misspelt one meant, after the position', () => {
    const problem = checkSegmentExpression('player.platfrom == "iOS"');
    expect(problem).toEqual({ message: 'No such key: platfrom', line: 1, column: 8, suggestion: 'platform' });
    expect(formatProblem(problem!)).toBe('No such key: platfrom (line 1, column 8). Did you mean `platform`?');
    expect(checkSegmentExpression('player.levle > 5')?.suggestion).toBe('level');
    expect(checkSegmentExpression('player.Level > 5')?.suggestion).toBe('level');
    expect(checkSegmentExpression('player.totalspend > 5.0')?.suggestion).toBe('totalSpend');
  });
  it("suggests the game's custom attributes too, and only those it declares", () => {
    const declared: CustomAttribute[] = [{ name: 'chapter', type: 'int' }];
    expect(checkSegmentExpression('player.chaptr >= 3', declared)?.suggestion).toBe('chapter');
    expect(checkSegmentExpression('player.chaptr >= 3')?.suggestion).toBeUndefined();
  });
  it('suggests player.<field> for a bare field name and player for a misspelt variable', () => {
    expect(checkSegmentExpression('platfrom == "iOS"')?.suggestion).toBe('player.platform');
    expect(checkSegmentExpression('level > 3')?.suggestion).toBe('player.level');
    expect(checkSegmentExpression('plyer.level > 3')?.suggestion).toBe('player');
  });
  it('suggests nothing when no known name is close', () => {
    expect(checkSegmentExpression('player.wallet > 5')).toEqual({
      message: 'No such key: wallet',
      line: 1,
      column: 8,
    });
    expect(checkSegmentExpression('user.level > 5')?.suggestion).toBeUndefined();
    expect(checkSegmentExpression('player.level > ')?.suggestion).toBeUndefined();
  });
  it('carries the suggestion into the form and route schema and the runtime matcher', () => {
    const parsed = segmentInputSchemaFor([]).safeParse({ name: 'iOS', expression: 'player.platfrom == "iOS"' });
    expect(parsed.error?.issues[0]?.message).toBe('No such key: platfrom (line 1, column 8). Did you mean `platform`?');
    expect(compileSegment('player.platfrom == "iOS"').problem?.suggestion).toBe('platform');
  });
  it('measures closeness ignoring case, within 1 edit for short names and 2 for longer ones', () => {
    expect(closestName('lvl', ['level'])).toBeUndefined();
    expect(closestName('lvel', ['level'])).toBe('level');
    expect(closestName('cuntry', ['country', 'count'])).toBe('country');
    expect(closestName('ab', ['abc', 'xy'])).toBe('abc');
    expect(closestName('PLATFORM', ['platform'])).toBe('platform');
  });
});

describe('integer literals', () => {
  it('refuses integer literals beyond int64, with their position', () => {
    expect(checkSegmentExpression('player.level > 9223372036854775808')).toEqual({
      message: SEGMENT_MESSAGES.integerOutOfRange,
      line: 1,
      column: 16,
    });
    expect(checkSegmentExpression('player.level > 99999999999999999999999')?.message).toBe(
      SEGMENT_MESSAGES.integerOutOfRange,
    );
    expect(checkSegmentExpression('player.level >\n 0x10000000000000000')).toMatchObject({ line: 2, column: 2 });
  });
  it('accepts the int64 bounds themselves, large doubles and digits inside strings', () => {
    expect(checkSegmentExpression('player.level > 9223372036854775807')).toBeNull();
    expect(checkSegmentExpression('player.level > -9223372036854775808')).toBeNull();
    expect(checkSegmentExpression('player.totalSpend > 99999999999999999999999.0')).toBeNull();
    expect(checkSegmentExpression('player.totalSpend > 1e300')).toBeNull();
    expect(checkSegmentExpression('size("99999999999999999999999") > 0')).toBeNull();
  });
});

describe('values no player has', () => {
  it('refuses a platform outside the list, suggesting the one a different case meant, at its position', () => {
    const problem = checkSegmentExpression('player.level > 3 &&\n  player.platform == "ios"');
    expect(problem).toEqual({
      message: SEGMENT_MESSAGES.platformNeverMatches('ios'),
      line: 2,
      column: 22,
      suggestion: '"iOS"',
    });
    expect(formatProblem(problem!)).toBe(
      'player.platform is one of Android, iOS, Web, Windows, macOS: "ios" never matches (line 2, column 22). Did you mean `"iOS"`?',
    );
  });
  it('finds it on either side of == and !=, and in a list after in', () => {
    expect(checkSegmentExpression('"android" != player.platform')?.suggestion).toBe('"Android"');
    expect(checkSegmentExpression('player.platform in ["iOS", "PlayStation"]')).toMatchObject({
      message: SEGMENT_MESSAGES.platformNeverMatches('PlayStation'),
      column: 28,
    });
    expect(checkSegmentExpression('player.platform in ["iOS", "PlayStation"]')?.suggestion).toBeUndefined();
  });
  it('refuses a country that is not two capitals, suggesting the capitals of a two-letter one', () => {
    expect(checkSegmentExpression('player.country == "de"')).toMatchObject({
      message: SEGMENT_MESSAGES.countryNeverMatches('de'),
      suggestion: '"DE"',
    });
    expect(checkSegmentExpression('player.country in ["DE", "Germany"]')?.suggestion).toBeUndefined();
  });
  it('accepts every value a player can have, and other fields and strings as they are', () => {
    expect(checkSegmentExpression('player.platform in ["Android", "iOS", "Web", "Windows", "macOS"]')).toBeNull();
    expect(checkSegmentExpression('player.country == "DE" || player.country != "FR"')).toBeNull();
    expect(checkSegmentExpression('"ios" == "ios" && player.level > 1')).toBeNull();
    expect(checkSegmentExpression('player.platform.startsWith("i")')).toBeNull();
  });
  it('is a rule of saving: a segment saved before it still runs as written', () => {
    const matcher = compileSegment('player.platform == "ios"');
    expect(matcher.problem).toBeNull();
    expect(matcher({ platform: 'iOS' })).toBe(false);
    expect(CreateSegmentInputSchema.safeParse({ name: 'iOS', expression: 'player.platform == "ios"' }).success).toBe(
      false,
    );
  });
});

describe('evaluateSegment', () => {
  it('says whether the example player matches', () => {
    expect(evaluateSegment('player.level > 10', example)).toEqual({ ok: true, matches: true });
    expect(evaluateSegment('player.country == "US"', example)).toEqual({ ok: true, matches: false });
    expect(evaluateSegment('player.totalSpend > 10.0 && player.platform == "iOS"', example)).toEqual({
      ok: true,
      matches: true,
    });
  });
  it('reports a bad player or expression instead of throwing', () => {
    expect(evaluateSegment('player.level > 1', '{nope')).toEqual({
      ok: false,
      message: SEGMENT_MESSAGES.playerInvalid,
    });
    expect(evaluateSegment('player.level > 1', JSON.stringify({ ...EXAMPLE_PLAYER, level: 1.5 }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('player.level'),
    });
    expect(evaluateSegment('player.level > 1', JSON.stringify({ ...EXAMPLE_PLAYER, extra: 1 }))).toMatchObject({
      ok: false,
    });
    expect(evaluateSegment('player.level >', example)).toMatchObject({
      ok: false,
      message: expect.stringContaining('column'),
    });
    expect(evaluateSegment('player.level / 0 > 1', example)).toMatchObject({ ok: false });
  });
});

describe('CreateSegmentInputSchema', () => {
  const first = (input: unknown) => {
    const r = CreateSegmentInputSchema.safeParse(input);
    return r.success ? undefined : r.error.issues[0]?.message;
  };
  it('requires a name and an expression; the description is optional', () => {
    expect(first({ name: '', expression: 'player.level > 1' })).toBe(SEGMENT_MESSAGES.nameRequired);
    expect(first({ name: 'Whales', expression: '' })).toBe(SEGMENT_MESSAGES.expressionRequired);
    expect(
      CreateSegmentInputSchema.parse({ name: 'Whales', expression: 'player.totalSpend > 100.0' }).description,
    ).toBe('');
  });
  it('refuses an expression that does not type-check, with the position', () => {
    expect(first({ name: 'x', expression: 'player.levle > 1' })).toBe(
      'No such key: levle (line 1, column 8). Did you mean `level`?',
    );
  });
  it('refuses 10 KB names and 100 KB expressions', () => {
    expect(first({ name: 'x'.repeat(10_240), expression: 'true' })).toBe(SEGMENT_MESSAGES.nameTooLong);
    expect(first({ name: 'x', expression: 'x'.repeat(100_000) })).toBe(SEGMENT_MESSAGES.expressionTooLong);
  });
});

describe('custom attributes', () => {
  const declared = DECLARED_OF_EVERY_TYPE;
  const expression = 'player.vip && player.guildRank >= 2 && player.ltv > 9.5 && "whale" in player.tags';

  it('type-checks expressions over the declared attributes, and only when declared', () => {
    expect(checkSegmentExpression(expression, declared)).toBeNull();
    expect(checkSegmentExpression(expression, [...declared].reverse())).toBeNull();
    expect(checkSegmentExpression(expression)?.message).toBe('No such key: vip');
    expect(checkSegmentExpression('player.cohort > 1', declared)?.message).toContain('no such overload');
    expect(checkSegmentExpression('player.tags == "whale"', declared)?.message).toContain('no such overload');
    expect(checkSegmentExpression('player.vip', declared)).toBeNull();
  });

  it('never lets a declaration replace a built-in field or use a name CEL cannot read', () => {
    const bad: CustomAttribute[] = [
      { name: 'level', type: 'string' },
      { name: 'constructor', type: 'int' },
    ];
    expect(checkSegmentExpression('player.level > 1', bad)).toBeNull();
    expect(checkSegmentExpression('player.level == "x"', bad)?.message).toContain('no such overload');
    expect(checkSegmentExpression('player.constructor > 1', bad)?.message).toBe('No such key: constructor');
  });

  it('checks saved segments against the game’s declaration in the input schema', () => {
    const schema = segmentInputSchemaFor(declared);
    expect(schema.safeParse({ name: 'Whales', expression }).success).toBe(true);
    expect(CreateSegmentInputSchema.safeParse({ name: 'Whales', expression }).success).toBe(false);
  });

  it('tests a sample player that carries custom attribute values', () => {
    const player = { ...EXAMPLE_PLAYER, vip: true, guildRank: 3, ltv: 10, tags: ['whale'] };
    expect(evaluateSegment(expression, JSON.stringify(player), declared)).toEqual({ ok: true, matches: true });
    expect(evaluateSegment(expression, JSON.stringify({ ...player, guildRank: 1 }), declared)).toEqual({
      ok: true,
      matches: false,
    });
    expect(evaluateSegment(expression, JSON.stringify({ ...player, vip: 'yes' }), declared)).toMatchObject({
      ok: false,
      message: expect.stringContaining('player.vip'),
    });
    expect(evaluateSegment(expression, JSON.stringify({ ...player, guildRank: 1.5 }), declared)).toMatchObject({
      ok: false,
      message: expect.stringContaining('player.guildRank'),
    });
    expect(evaluateSegment(expression, JSON.stringify({ ...player, other: 1 }), declared)).toMatchObject({
      ok: false,
      message: expect.stringContaining('other'),
    });
  });

  it('says that a sample player without an attribute the expression reads is not in the segment', () => {
    expect(evaluateSegment('player.vip', example, declared)).toEqual({
      ok: false,
      message: `No such key: vip (line 1, column 8). ${SEGMENT_MESSAGES.evaluationFailed}`,
    });
    expect(evaluateSegment('has(player.vip) && player.vip', example, declared)).toEqual({ ok: true, matches: false });
  });
});

describe('compileSegment', () => {
  const declared: CustomAttribute[] = [
    { name: 'vip', type: 'bool' },
    { name: 'guildRank', type: 'int' },
  ];
  const player = (sent: Record<string, unknown>) =>
    readSessionAttributes(sent, declared, { daysSinceInstall: 3, sessionCount: 10 }).values;

  it('answers for each player from one compilation', () => {
    const matches = compileSegment('player.vip && player.guildRank > 2 && player.sessionCount >= 10', declared);
    expect(matches.problem).toBeNull();
    expect(matches(player({ vip: true, guildRank: 3 }))).toBe(true);
    expect(matches(player({ vip: true, guildRank: 2 }))).toBe(false);
    expect(matches(player({ vip: false, guildRank: 9 }))).toBe(false);
  });

  it('answers false, and reports why, when the expression fails for a player', () => {
    const errors: string[] = [];
    const matches = compileSegment('!player.vip', declared, (message) => errors.push(message));
    expect(matches(player({}))).toBe(false);
    expect(matches(player({ vip: 'yes' }))).toBe(false);
    expect(matches(player({ vip: false }))).toBe(true);
    expect(errors).toEqual(['No such key: vip', 'No such key: vip']);
    const overflow = compileSegment('player.guildRank * 9223372036854775807 > 0', declared, (m) => errors.push(m));
    expect(overflow(player({ guildRank: 2 }))).toBe(false);
    expect(errors.at(-1)).toContain('overflow');
  });

  it('never throws on values that are not what the declaration says', () => {
    const matches = compileSegment('player.guildRank > 1', declared);
    expect(matches({ guildRank: 'three' })).toBe(false);
    expect(matches({ guildRank: 3 })).toBe(false);
    expect(matches({ guildRank: 3n })).toBe(true);
  });

  it('matches nobody, with the problem, when the expression does not check', () => {
    const matches = compileSegment('player.vip', []);
    expect(matches.problem?.message).toBe('No such key: vip');
    expect(matches({ vip: true })).toBe(false);
    expect(compileSegment('player.level +', declared).problem).toMatchObject({ line: 1 });
  });
});

describe('what the CEL library gets wrong (decision 037)', () => {
  it('refuses unsigned integers, bytes, dates and optionals when checked, at their position', () => {
    expect(checkSegmentExpression('dyn(3u) in [5, 4, 3, 2, 1]')).toEqual({
      message: SEGMENT_MESSAGES.unsignedUnsupported,
      line: 1,
      column: 5,
    });
    expect(checkSegmentExpression('player.level > 1 &&\n  uint(player.level) > 2u')).toMatchObject({
      message: SEGMENT_MESSAGES.unsignedUnsupported,
      line: 2,
      column: 3,
    });
    expect(checkSegmentExpression('string(b"\\xff") == player.country')?.message).toBe(
      SEGMENT_MESSAGES.bytesUnsupported,
    );
    expect(
      checkSegmentExpression('timestamp("2026-12-20T00:00:00Z") < timestamp("2026-12-31T00:00:00Z")')?.message,
    ).toBe(SEGMENT_MESSAGES.timeUnsupported);
    expect(checkSegmentExpression('duration("1h") > duration("1m")')?.message).toBe(SEGMENT_MESSAGES.timeUnsupported);
    expect(checkSegmentExpression('optional.of(player.level).hasValue()')?.message).toBe(
      SEGMENT_MESSAGES.optionalUnsupported,
    );
  });

  it('takes map keys only as distinct string literals', () => {
    expect(checkSegmentExpression('{"DE": 10, "FR": 20}[player.country] < player.level')).toBeNull();
    expect(checkSegmentExpression('{1: "a"}[dyn("1")] == player.country')).toMatchObject({
      message: SEGMENT_MESSAGES.mapKeyNotString,
      column: 2,
    });
    expect(checkSegmentExpression('{player.country: 1}["DE"] == 1')?.message).toBe(SEGMENT_MESSAGES.mapKeyNotString);
    expect(checkSegmentExpression('{"DE": 1, "FR": 2, "DE": 3}[player.country] == 3')).toMatchObject({
      message: SEGMENT_MESSAGES.mapKeyTwice('DE'),
      column: 20,
    });
  });

  it('compares ints with doubles as the spec does, and never past int64', () => {
    const check = (expression: string) => evaluateSegment(expression, example);
    expect(check('player.totalSpend > 19')).toEqual({ ok: true, matches: true });
    expect(check('player.level < 12.5 && player.level > 11.9')).toEqual({ ok: true, matches: true });
    expect(check('player.level * 768614336404564650 < 9223372036854775808.0')).toEqual({ ok: true, matches: false });
    expect(check('player.level in [12.0, 13.0]')).toMatchObject({
      ok: false,
      message: expect.stringContaining('no such overload'),
    });
    expect(check('dyn(player.level) == 12.0')).toEqual({ ok: true, matches: true });
    expect(check('-(player.level - player.level - 9223372036854775807 - 1) > 0')).toMatchObject({
      ok: false,
      message: expect.stringContaining('overflow'),
    });
    expect(check('int(player.totalSpend * 1e18) > 0')).toMatchObject({
      ok: false,
      message: expect.stringContaining('overflow'),
    });
    expect(check('[].all(e, e > 0)')).toEqual({ ok: true, matches: true });
  });

  it('treats an overflow at run time as "not in the segment", and says so', () => {
    const errors: string[] = [];
    const matches = compileSegment('(player.level - 9223372036854775807 - 13) / -1 > 0', [], (m) => errors.push(m));
    expect(matches.problem).toBeNull();
    expect(matches({ level: 12n })).toBe(false);
    expect(errors).toEqual([expect.stringContaining('overflow')]);
  });
});
