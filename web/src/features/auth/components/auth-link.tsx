import { Anchor, type AnchorProps } from '@mantine/core';
import { createContext, type MouseEvent, type ReactNode, useContext } from 'react';

/**
 * How a link of the sign-in form is followed. The app provides its router's navigation; the light sign-in
 * page (app/sign-in-app.tsx), which has no router, starts the app at the link's address. Without a
 * provider the browser follows the link.
 */
const FollowLink = createContext<((to: string) => void) | null>(null);

export const AuthLinkProvider = FollowLink.Provider;

interface AuthLinkProps extends AnchorProps {
  readonly to: string;
  readonly children: ReactNode;
}

/** A link of the sign-in form: a real link (open in a new tab works), followed in the page when clicked. */
export function AuthLink({ to, children, ...props }: AuthLinkProps) {
  const follow = useContext(FollowLink);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (follow && !modified) {
      event.preventDefault();
      follow(to);
    }
  };
  return (
    <Anchor href={to} onClick={onClick} {...props}>
      {children}
    </Anchor>
  );
}
