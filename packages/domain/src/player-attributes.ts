import { z } from 'zod';

/**
 * Custom player attributes a studio declares per game (issue 22): a name and a CEL type, so that segment
 * expressions over `player.<name>` are type-checked like the built-in fields. Games send them in a session's
 * `attributes`; a value of the wrong type is ignored for targeting and reported back, never an error.
 */
export const CUSTOM_ATTRIBUTE_TYPES = ['int', 'double', 'string', 'bool', 'list<string>'] as const;
export type CustomAttributeType = (typeof CUSTOM_ATTRIBUTE_TYPES)[number];

export const CustomAttributeSchema = z.object({
  name: z.string(),
  type: z.enum(CUSTOM_ATTRIBUTE_TYPES),
});
export type CustomAttribute = z.infer<typeof CustomAttributeSchema>;
