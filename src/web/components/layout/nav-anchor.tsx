import { createContext, useContext, type ComponentProps, type ComponentType } from 'react';

export type NavAnchorProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

const PageLoadAnchor = ({ to, ...props }: NavAnchorProps) => <a href={to} {...props} />;

/**
 * How the header's links navigate: a plain page load by default (content pages are server HTML and
 * their islands know no router); the single-page app provides its router's link instead.
 */
export const NavAnchorContext = createContext<ComponentType<NavAnchorProps>>(PageLoadAnchor);

export function NavAnchor(props: NavAnchorProps) {
  const Anchor = useContext(NavAnchorContext);
  return <Anchor {...props} />;
}

/** Whether this is a page served as islands (its links are page loads), not the single-page app. */
export const useIsServedAsIslands = () => useContext(NavAnchorContext) === PageLoadAnchor;
