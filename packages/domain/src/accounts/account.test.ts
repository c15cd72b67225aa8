import { describe, expect, it } from 'vitest';
import { confirmsDeletion, DeleteAccountInputSchema } from './account';

describe('deleting an account', () => {
  it('takes the typed email address as the confirmation, ignoring case and surrounding spaces only', () => {
    expect(confirmsDeletion('  Ada@Studio.TEST ', 'ada@studio.test')).toBe(true);
    expect(confirmsDeletion('ada@studio', 'ada@studio.test')).toBe(false);
    expect(confirmsDeletion('', 'ada@studio.test')).toBe(false);
    expect(confirmsDeletion('DELETE', 'ada@studio.test')).toBe(false);
  });

  it('accepts a password or a confirmation, and nothing else', () => {
    expect(DeleteAccountInputSchema.safeParse({ password: 'pw' }).success).toBe(true);
    expect(DeleteAccountInputSchema.safeParse({ confirmation: 'a@b.co' }).success).toBe(true);
    expect(DeleteAccountInputSchema.safeParse({ password: 'pw', userId: 'someone-else' }).success).toBe(false);
    expect(DeleteAccountInputSchema.safeParse({ password: 'x'.repeat(10_240) }).success).toBe(false);
    expect(DeleteAccountInputSchema.safeParse({ password: 5 }).success).toBe(false);
  });
});
