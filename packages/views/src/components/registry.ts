import type { LayoutNodeType } from '@liveops/domain/layout';
import type { ViewComponent } from '../types';
import { BackgroundCB } from './background-cb';
import { ButtonCB } from './button-cb';
import { GridCB } from './grid-cb';
import { ImageCB } from './image-cb';
import { Root } from './root';
import { TextCB } from './text-cb';

/** Every component by its layout type: the renderer draws with it, the editor's properties panel reads it. */
export const COMPONENTS: Readonly<Record<LayoutNodeType, ViewComponent>> = {
  Root,
  BackgroundCB,
  ImageCB,
  TextCB,
  ButtonCB,
  GridCB,
};
