import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * What the sign-in pages need from whichever app shows them: the dashboard app's router, or the small app a first
 * visit of /login or /verified starts with (no router, no query cache; it hands over to the dashboard app when
 * leaving those pages).
 */
export type PageNavigation = {
  /** The query string of the page's address, e.g. `?token=…`. */
  search: string;
  /** Goes to a path of the app in this tab's history. */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Someone has just signed in: whatever remembers who is signed in must ask again. */
  signedIn: () => void;
};

export const PageNavigationContext = createContext<PageNavigation | null>(null);

export function usePageNavigation(): PageNavigation {
  const navigation = useContext(PageNavigationContext);
  if (!navigation) throw new Error('usePageNavigation needs a PageNavigationContext provider');
  return navigation;
}

/** A link within the app: followed in place, or in a new tab as any link when a modifier key is held. */
export function PageLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { navigate } = usePageNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={follow} {...rest} />;
}
