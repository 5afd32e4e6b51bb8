import type { AnchorProps, ButtonProps } from '@mantine/core';
import { Anchor, Button } from '@mantine/core';
import type { LinkComponent } from '@tanstack/react-router';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

type AnchorElementProps = AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>;
type ButtonElementProps = ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>;

function MantineAnchor(props: AnchorElementProps) {
  return <Anchor {...props} />;
}

function MantineButtonAnchor(props: ButtonElementProps) {
  return <Button component="a" {...props} />;
}

const CreatedAnchorLink = createLink(MantineAnchor);
const CreatedButtonLink = createLink(MantineButtonAnchor);

/** A Mantine Anchor that navigates with the router (typed `to`, `params`, `search`). */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);

/** A Mantine Button rendered as a router link. */
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);
