import type { TextSize } from '@liveops/domain/layout';

/** The one size scale of texts and button labels (decision 012), in CSS pixels of the popup's frame. */
export const TEXT_SIZE_PX: Readonly<Record<TextSize, number>> = { xs: 12, sm: 14, md: 16, lg: 20, xl: 24 };
