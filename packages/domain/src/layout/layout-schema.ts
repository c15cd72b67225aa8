import { z } from 'zod';
import { type LayoutNode } from './layout';
import { parseLayout } from './parse-layout';

/**
 * An untrusted layout (the spec's "UI layout node") checked against LAYOUT_LIMITS and the rules of layout.ts, parsed
 * to a clean copy: parseLayout as a zod schema, for the API's inputs and records. safeParse never throws, whatever
 * the value (even one with throwing getters or cycles).
 */
export const LayoutNodeSchema = z.custom<LayoutNode>().transform((value, ctx) => {
  const checked = parseLayout(value);
  if (checked.ok) return checked.layout;
  ctx.addIssue({ code: 'custom', message: checked.message, path: checked.path });
  return z.NEVER;
});
