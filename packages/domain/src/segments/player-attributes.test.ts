import { describe, expect, it } from 'vitest';
import {
  CUSTOM_ATTRIBUTE_MESSAGES,
  CUSTOM_ATTRIBUTES_MAX,
  CustomAttributesSchema,
  readSessionAttributes,
} from './player-attributes';
import { DECLARED_OF_EVERY_TYPE } from './custom-attributes.test-support';

const firstIssue = (input: unknown) => {
  const result = CustomAttributesSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0];
};

describe('CustomAttributesSchema', () => {
  it('accepts CEL identifiers of every declared type', () => {
    const declared = [
      { name: 'vip', type: 'bool' },
      { name: 'guild_rank', type: 'int' },
      { name: 'ltv30', type: 'double' },
      { name: '_cohort', type: 'string' },
      { name: 'tags', type: 'list<string>' },
    ];
    expect(CustomAttributesSchema.parse(declared)).toEqual(declared);
  });
  it('refuses names that are not identifiers, with the rule', () => {
    for (const name of ['2fast', 'guild-rank', 'guild rank', 'é', 'a'.repeat(65)]) {
      expect(firstIssue([{ name, type: 'int' }])?.message).toBe(CUSTOM_ATTRIBUTE_MESSAGES.nameInvalid);
    }
    expect(firstIssue([{ name: '', type: 'int' }])?.message).toBe(CUSTOM_ATTRIBUTE_MESSAGES.nameRequired);
  });
  it('refuses CEL reserved words and names every JavaScript object has', () => {
    expect(firstIssue([{ name: 'in', type: 'int' }])?.message).toBe(CUSTOM_ATTRIBUTE_MESSAGES.nameReserved('in'));
    expect(firstIssue([{ name: 'while', type: 'int' }])?.message).toContain('reserved');
    expect(firstIssue([{ name: 'constructor', type: 'int' }])?.message).toContain('reserved');
    expect(firstIssue([{ name: '__proto__', type: 'int' }])?.message).toContain('reserved');
  });
  it('refuses the built-in field names, whatever their case', () => {
    expect(firstIssue([{ name: 'level', type: 'int' }])?.message).toBe(
      CUSTOM_ATTRIBUTE_MESSAGES.nameBuiltIn('level', 'level'),
    );
    expect(firstIssue([{ name: 'TotalSpend', type: 'double' }])?.message).toBe(
      'TotalSpend is taken by the built-in field player.totalSpend; choose another name.',
    );
  });
  it('refuses a name declared twice, ignoring case, at the second one', () => {
    const issue = firstIssue([
      { name: 'vip', type: 'bool' },
      { name: 'VIP', type: 'string' },
    ]);
    expect(issue?.message).toBe(CUSTOM_ATTRIBUTE_MESSAGES.nameDuplicate('VIP'));
    expect(issue?.path).toEqual([1, 'name']);
  });
  it('refuses unknown types and more than the maximum', () => {
    expect(firstIssue([{ name: 'vip', type: 'boolean' }])?.message).toBe(CUSTOM_ATTRIBUTE_MESSAGES.typeUnknown);
    const many = Array.from({ length: CUSTOM_ATTRIBUTES_MAX + 1 }, (_, i) => ({ name: `a${i}`, type: 'int' }));
    expect(firstIssue(many)?.message).toBe(CUSTOM_ATTRIBUTE_MESSAGES.tooMany);
    expect(CustomAttributesSchema.safeParse(many.slice(1)).success).toBe(true);
  });
});

describe('readSessionAttributes', () => {
  const declared = DECLARED_OF_EVERY_TYPE;

  it('converts the built-in and declared attributes for CEL: ints as bigint', () => {
    const read = readSessionAttributes(
      {
        level: 12,
        country: 'DE',
        platform: 'iOS',
        totalSpend: 20,
        vip: true,
        guildRank: 3,
        ltv: 1.5,
        cohort: 'a',
        tags: ['x'],
      },
      declared,
      { daysSinceInstall: 30, sessionCount: 85 },
    );
    expect(read.values).toEqual({
      level: 12n,
      country: 'DE',
      platform: 'iOS',
      totalSpend: 20,
      vip: true,
      guildRank: 3n,
      ltv: 1.5,
      cohort: 'a',
      tags: ['x'],
      daysSinceInstall: 30n,
      sessionCount: 85n,
    });
    expect(read.accepted).toMatchObject({ level: 12, guildRank: 3, tags: ['x'] });
    expect(read.ignored).toEqual([]);
  });

  it('ignores and reports values of the wrong type, never throwing', () => {
    const read = readSessionAttributes(
      { level: 1.5, vip: 'yes', guildRank: 2 ** 60, ltv: 'a lot', cohort: 7, tags: ['x', 1], country: null },
      declared,
    );
    expect(read.values).toEqual({});
    expect(read.ignored).toEqual([
      { name: 'level', reason: 'expected int, got a double' },
      { name: 'vip', reason: 'expected bool, got a string' },
      { name: 'guildRank', reason: 'expected int, got a whole number beyond ±2^53, which JSON cannot carry exactly' },
      { name: 'ltv', reason: 'expected double, got a string' },
      { name: 'cohort', reason: 'expected string, got an int' },
      { name: 'tags', reason: 'expected list<string>, got a list of non-strings' },
      { name: 'country', reason: 'expected string, got null' },
    ]);
  });

  it('ignores undeclared names and the fields the server keeps, whatever the game sends', () => {
    const read = readSessionAttributes(
      JSON.parse(
        '{"__proto__": {"vip": true}, "constructor": 1, "sessionCount": 9999, "Vip": true, "level": 3}',
      ) as Record<string, unknown>,
      declared,
      { daysSinceInstall: 0, sessionCount: 1 },
    );
    expect(read.values).toEqual({ level: 3n, daysSinceInstall: 0n, sessionCount: 1n });
    expect(read.accepted).toEqual({ level: 3 });
    expect(read.ignored).toEqual([
      { name: '__proto__', reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredUndeclared },
      { name: 'constructor', reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredUndeclared },
      { name: 'sessionCount', reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredServerKept },
      { name: 'Vip', reason: CUSTOM_ATTRIBUTE_MESSAGES.ignoredUndeclared },
    ]);
    expect(Object.getPrototypeOf(read.values)).toBe(Object.prototype);
  });

  it('never lets a declaration shadow a built-in field', () => {
    const read = readSessionAttributes({ level: 'ten' }, [{ name: 'level', type: 'string' }]);
    expect(read.values).toEqual({});
    expect(read.ignored).toEqual([{ name: 'level', reason: 'expected int, got a string' }]);
  });
});
