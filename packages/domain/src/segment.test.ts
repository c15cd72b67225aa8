import { describe, expect, it } from 'vitest';
import { EXAMPLE_PLAYER, SEGMENT_MESSAGES, segmentHint } from './segment';
import { checkSegmentExpression, CreateSegmentInputSchema, evaluateSegment } from './segment-expression';

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
    expect(checkSegmentExpression('player.country == "99999999999999999999999"')).toBeNull();
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
    expect(first({ name: 'x', expression: 'player.levle > 1' })).toBe('No such key: levle (line 1, column 8)');
  });
  it('refuses 10 KB names and 100 KB expressions', () => {
    expect(first({ name: 'x'.repeat(10_240), expression: 'true' })).toBe(SEGMENT_MESSAGES.nameTooLong);
    expect(first({ name: 'x', expression: 'x'.repeat(100_000) })).toBe(SEGMENT_MESSAGES.expressionTooLong);
  });
});
